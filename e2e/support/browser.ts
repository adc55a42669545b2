import { existsSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { ShopVariant } from '../global-setup';

/**
 * Debian's Chromium headless shell where it is installed (.ci/run installs it): the same Blink, V8
 * and network stack as the browser, without the browser's own windowing and UI layers, and a
 * third less CPU a journey (decision 0088). Without it, the full browser in its headless mode.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/** Debian's Chromium (its headless shell where installed), started the way this machine's closed network needs (and with any flags a journey adds, such as a fake camera). */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: install Debian's chromium-headless-shell or chromium package or set CHROMIUM_PATH (.ci/run installs it).`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', ...extraArgs],
  });
}

/** One Chromium for the spec file that calls it (in its describe block), closed after the file's tests. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is not started yet: call it inside a test');
    return browser;
  };
}

/** What Playwright says of a route whose page or context closed while its answer was on its way. */
const CLOSED_MID_ANSWER = /has been disposed|has been closed|Target page, context or browser has been closed/;

/**
 * Rewrites the JSON answers of the calls that match `url` before the page reads them (a shop's
 * answer as another order would read it). Other answers pass unchanged. An answer still on its way
 * when the journey closes its page is dropped: Playwright disposes of it, and reading it would
 * otherwise reject outside any test.
 */
export async function rewriteJsonAnswers(page: Page, url: string, rewrite: (body: any) => unknown): Promise<void> {
  await page.route(url, async (route) => {
    try {
      const response = await route.fetch();
      if (!(response.headers()['content-type'] ?? '').includes('application/json')) return await route.fulfill({ response });
      await route.fulfill({ response, json: rewrite(await response.json()) });
    } catch (error) {
      if (page.isClosed() || CLOSED_MID_ANSWER.test(error instanceof Error ? error.message : String(error))) return;
      throw error;
    }
  });
}

export function baseUrl(variant: ShopVariant = 'default'): string {
  return inject('baseUrls')[variant];
}

/**
 * A page of its own (fresh storage) with a phone-sized or desktop viewport, on the demo shop
 * or on one of its variants (merchandise switched off, shop inactive).
 */
export async function openPage(browser: Browser, options: { phone?: boolean; shop?: ShopVariant; viewport?: { width: number; height: number } } = {}): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseUrl(options.shop),
    viewport: options.viewport ?? (options.phone ? { width: 360, height: 740 } : { width: 1280, height: 900 }),
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  (page as Page & { collectedErrors: string[] }).collectedErrors = errors;
  return page;
}

/** Errors the page printed or threw: a journey should end with none. */
export function pageErrors(page: Page): string[] {
  return (page as Page & { collectedErrors?: string[] }).collectedErrors ?? [];
}

/**
 * WCAG 2.1 A and AA: no violations allowed on any page a journey visits. Judged as the visitor
 * reads the page: after its entrance animations and transitions have run (a toast fading in was
 * measured at part opacity and failed contrast in CI); endless ones (a spinner) are not waited for.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Legacy mode runs axe in the page itself: the default opens a blank page of its own for each
  // check to merge the frames' results, three times the work, and the shops' pages have no frames.
  // Only the violations are asked for: the passes' details are never read.
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  const summary = results.violations.map(
    (violation) => `${violation.id} (${violation.impact}): ${violation.help}\n    ${violation.nodes.map((node) => node.target.join(' ')).join('\n    ')}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/**
 * A page of its own on a shop a spec serves itself (at `base`); console errors and thrown ones are
 * collected. `allowRefusals`: the browser's log of a 4xx answer is not an error (journeys that are
 * refused on purpose).
 */
export async function openPageOn(
  browser: Browser,
  base: string,
  options: { viewport?: { width: number; height: number }; allowRefusals?: boolean } = {},
): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: base, viewport: options.viewport ?? { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !(options.allowRefusals && /status of 4\d\d/.test(message.text()))) errors.push(`${message.text()} (${page.url()})`);
  });
  return { page, errors };
}
