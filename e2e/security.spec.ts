import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInOnPage, newAddress, readPassword, register, registerAndLogIn } from './support/accounts';
import { baseUrl, openPage, pageErrors, useBrowser } from './support/browser';
import {
  HOSTILE_BANNER,
  HOSTILE_DESCRIPTION,
  HOSTILE_ITEM_CODE,
  HOSTILE_ITEM_NAME,
  HOSTILE_NAME,
  hostileHtml,
  payload,
  PWNED_PATH,
  PWNED_TITLE,
} from './support/hostile-shop';

/**
 * The browser's side of the shop's defences, in Chromium against the real server: organiser HTML
 * and configuration text full of script run none of it (sanitised, escaped, and refused by the
 * Content-Security-Policy besides), the shop cannot be framed, it keeps no cookies, and a login
 * link's `from` leads only to a path of the shop. The hostile shop's texts are in
 * support/hostile-shop.ts; every payload there leaves traces these tests look for.
 */

interface Violation {
  directive: string;
  blocked: string;
  sample: string;
  page: string;
}

/** What the page reports to the test: CSP violations and requests a payload would make. */
interface Traces {
  violations: Violation[];
  pwnedRequests: string[];
}

/** Watches a page from its first script on: every CSP violation of every document, every marker request. */
async function watchPage(page: Page): Promise<Traces> {
  const traces: Traces = { violations: [], pwnedRequests: [] };
  // Bindings and init scripts come from the test, outside the page's CSP.
  await page.exposeFunction('reportViolation', (violation: Violation) => {
    traces.violations.push(violation);
  });
  await page.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const report = (window as unknown as { reportViolation: (violation: Violation) => void }).reportViolation;
        report({ directive: event.effectiveDirective, blocked: event.blockedURI, sample: event.sample, page: location.pathname });
      },
      true,
    );
  });
  page.context().on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith(PWNED_PATH)) traces.pwnedRequests.push(request.url());
  });
  return traces;
}

/** Lets every payload have its chance (images fail, details toggle), then looks for its traces. */
async function expectNothingRan(page: Page, traces: Traces) {
  await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 150)));
  expect(await page.evaluate(() => (window as unknown as { __pwned?: string[] }).__pwned ?? null), `script ran on ${page.url()}`).toBeNull();
  expect(await page.title()).not.toBe(PWNED_TITLE);
  expect(traces.pwnedRequests).toEqual([]);
}

/** Organiser HTML as shown: the readable part kept, nothing that can run left in it. */
async function expectSanitised(page: Page, place: string) {
  expect(await page.locator(`#${place}-readable`).textContent()).toBe(`The ${place} text stays readable.`);
  const leftovers = await page.locator('.rich-text').evaluateAll((elements) =>
    elements.flatMap((element) =>
      Array.from(element.querySelectorAll('*')).flatMap((node) => [
        ...(['SCRIPT', 'IMG', 'SVG', 'svg', 'MATH', 'math', 'STYLE', 'NOSCRIPT', 'IFRAME'].includes(node.tagName) ? [node.tagName] : []),
        ...node.getAttributeNames().filter((name) => name.startsWith('on') || name === 'style' || (name === 'href' && !/^(https?:|mailto:|tel:|\/(?!\/))/i.test(node.getAttribute(name) ?? ''))),
      ]),
    ),
  );
  expect(leftovers).toEqual([]);
}

describe('the shop’s defences in Chromium', () => {
  const browser = useBrowser();

  it('shows hostile organiser HTML and configuration text as text, and runs none of it', async () => {
    const page = await openPage(browser(), { shop: 'hostile' });
    const traces = await watchPage(page);

    // Home: nothing ran, nor even tried to (sanitising and escaping stopped it before the CSP had
    // to); the configured name, description and banner are text, the intro is sanitised HTML.
    await page.goto('/');
    expect(traces.violations, 'the page as sent has no script that tries to run').toEqual([]);
    await page.locator('#intro-readable').waitFor();
    await expectNothingRan(page, traces);
    expect(traces.violations).toEqual([]);
    expect(await page.locator('.brand__name').textContent()).toBe(HOSTILE_NAME);
    expect(await page.locator('main h1').first().textContent()).toContain(HOSTILE_NAME);
    expect(await page.title()).toContain(HOSTILE_NAME);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(HOSTILE_DESCRIPTION);
    expect(await page.locator('#header-banner').textContent()).toBe(HOSTILE_BANNER);
    await expectSanitised(page, 'intro');

    // The product page (its answer is in the page as JSON too) and two configured content pages.
    for (const [path, place] of [[`/tickets/${HOSTILE_ITEM_CODE}`, 'description'], ['/terms-conditions', 'terms'], ['/privacy-policy', 'privacy']] as const) {
      await page.goto(path);
      await page.locator(`#${place}-readable`).waitFor();
      await expectNothingRan(page, traces);
      expect(traces.violations).toEqual([]);
      await expectSanitised(page, place);
      // Every organiser link is still there to click; none leads anywhere.
      await page.locator(`#${place}-link`).click();
      await page.locator(`#${place}-encoded-link`).click();
      expect(new URL(page.url()).pathname).toBe(path);
    }

    await page.goto(`/tickets/${HOSTILE_ITEM_CODE}`);
    expect(await page.locator('main h1').first().textContent()).toBe(HOSTILE_ITEM_NAME);

    // The shop still works: the header leads to the listing and on to the ticket.
    await page.getByRole('navigation', { name: /main/i }).getByRole('link', { name: 'Tickets' }).click();
    await page.waitForURL((url) => url.pathname === '/tickets');
    await page.getByRole('link', { name: HOSTILE_ITEM_NAME }).first().click();
    await page.waitForURL((url) => url.pathname === `/tickets/${HOSTILE_ITEM_CODE}`);
    await page.locator('#description-readable').waitFor();
    await expectNothingRan(page, traces);
    await page.context().close();
  });

  it('runs the same payloads where nothing defends against them (so the test above can fail)', async () => {
    const page = await browser().newPage();
    page.on('pageerror', () => {}); // the payloads' fetch has no origin to go to on about:blank
    await page.setContent(
      `${hostileHtml('armed')}<script type="application/json">${JSON.stringify({ name: HOSTILE_NAME })}</script>`,
    );
    await page.locator('#armed-link').click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __pwned?: string[] }).__pwned ?? []))
      .toEqual(expect.arrayContaining(['armed-script', 'armed-img', 'armed-toggle', 'armed-link', 'config-name']));
    expect(await page.title()).toBe(PWNED_TITLE);
    await page.context().close();
  });

  it('refuses script added to a loaded page and reports it, the Content-Security-Policy on its own', async () => {
    const page = await openPage(browser());
    const traces = await watchPage(page);
    await page.goto('/');
    await page.locator('main h1').first().waitFor();
    expect(traces.violations).toEqual([]);

    // As if an injection slipped past sanitising: an event handler, a script element, a javascript: link.
    await page.evaluate((code) => {
      document.querySelector('main')!.insertAdjacentHTML('beforeend', `<img id="late-img" src="x" onerror="${code}">`);
      const script = document.createElement('script');
      script.textContent = code;
      document.body.append(script);
      document.querySelector('main')!.insertAdjacentHTML('beforeend', `<a id="late-link" href="javascript:${code}">late link</a>`);
    }, payload('late'));
    await page.locator('#late-link').click();
    await expectNothingRan(page, traces);
    // Each refusal reported to the page: the handler, the script element and the link.
    await expect
      .poll(() => traces.violations.map((violation) => violation.directive).sort())
      .toEqual(['script-src-attr', 'script-src-elem', 'script-src-elem']);
    expect(traces.violations.every((violation) => violation.blocked === 'inline')).toBe(true);
    // The page goes on working.
    await page.getByRole('navigation', { name: /main/i }).getByRole('link', { name: 'Tickets' }).click();
    await page.waitForURL((url) => url.pathname === '/tickets');
    await page.context().close();
  });

  describe('on a page of another site', () => {
    let otherSite: Server;
    let otherOrigin: string;

    beforeAll(async () => {
      // Another site ("localhost" is another site than the shop's 127.0.0.1) that frames the shop.
      otherSite = createServer((request, response) => {
        response.setHeader('content-type', 'text/html; charset=utf-8');
        if (request.url === '/framed') {
          response.end('<!doctype html><title>A page that may be framed</title><h1 id="framed">Framed page</h1>');
          return;
        }
        const shop = new URL(request.url ?? '/', baseUrl()).href;
        response.end(`<!doctype html><title>Another site</title><iframe id="shop" src="${shop}"></iframe><iframe id="own" src="/framed"></iframe>`);
      });
      await new Promise<void>((resolve) => otherSite.listen(0, '127.0.0.1', resolve));
      otherOrigin = `http://localhost:${(otherSite.address() as AddressInfo).port}`;
    });

    afterAll(async () => {
      await new Promise((resolve) => otherSite.close(resolve));
    });

    it('does not show the shop in a frame', async () => {
      const page = await openPage(browser());
      const refusals: string[] = [];
      page.on('console', (message) => {
        if (/frame/i.test(message.text())) refusals.push(message.text());
      });
      for (const path of ['/', '/login']) {
        await page.goto(`${otherOrigin}${path}`);
        // The other site's own frame shows: frames work in this browser.
        const own = (await (await page.locator('#own').elementHandle())!.contentFrame())!;
        expect(await own.locator('#framed').textContent()).toBe('Framed page');
        // The shop's does not: Chromium puts its error page there instead.
        const shop = (await (await page.locator('#shop').elementHandle())!.contentFrame())!;
        expect(shop.url()).not.toContain(new URL(baseUrl()).host);
        expect(shop.url()).toMatch(/^chrome-error:/);
      }
      // Chromium names the CSP as the refusal (it reads frame-ancestors over X-Frame-Options).
      expect(refusals).toEqual(expect.arrayContaining([expect.stringContaining("frame-ancestors 'none'")]));
      await page.context().close();
    });
  });

  it('keeps no cookie through registration and login: the session is a token in the payload', async () => {
    const page = await openPage(browser(), { shop: 'hostile' });
    const headerChecks: Promise<string | null>[] = [];
    page.context().on('response', (response) => {
      headerChecks.push(response.headerValue('set-cookie').then((value) => (value === null ? null : `${response.url()}: ${value}`)));
    });
    await registerAndLogIn(page, 'Cookie Tester');
    // Logged in across a reload, and on a logged-in-only page, without any cookie.
    await page.goto('/portal');
    await page.waitForURL((url) => url.pathname === '/portal');
    await page.locator('main h1').first().waitFor();
    expect(await page.evaluate(() => document.cookie)).toBe('');
    const cookies = await page.context().cookies();
    // Were there one, it would have to be out of the page's reach and stay on this site…
    for (const cookie of cookies) {
      expect({ name: cookie.name, httpOnly: cookie.httpOnly, secure: cookie.secure }).toEqual({ name: cookie.name, httpOnly: true, secure: true });
      expect(['Strict', 'Lax']).toContain(cookie.sameSite);
    }
    // …but there is none, and no answer tried to set one.
    expect(cookies).toEqual([]);
    expect(headerChecks.length).toBeGreaterThan(10);
    expect((await Promise.all(headerChecks)).filter(Boolean)).toEqual([]);
    await page.context().close();
  });

  describe('after login, the login page’s from parameter', () => {
    const shopOrigin = () => new URL(baseUrl('hostile')).origin;
    let session: Promise<{ page: Page; email: string; password: string }> | undefined;
    /** Documents the page set out to load on another origin than the shop's, since the last login. */
    let foreignNavigations: string[] = [];

    /**
     * One customer and one page for all the logins below, made by the first (expect.poll needs a
     * test). Nine logins stay within the ten an account may make in the limits' window.
     */
    function loginSession() {
      session ??= (async () => {
        const page = await openPage(browser(), { shop: 'hostile' });
        page.on('request', (request) => {
          if (request.isNavigationRequest() && new URL(request.url()).origin !== shopOrigin()) foreignNavigations.push(request.url());
        });
        const email = newAddress('redirect');
        await register(page, 'Redirect Tester', email);
        return { page, email, password: await readPassword(page, email) };
      })();
      return session;
    }

    afterAll(async () => {
      await (await session)?.page.context().close();
    });

    /** Logs in on /login?from=… (written into the link as is) as a fresh visitor, and answers the page after it. */
    async function logInFrom(from: string): Promise<Page> {
      const { page, email, password } = await loginSession();
      // Logged out: the session token lives in the shop's storage (there is no cookie to clear).
      await page.goto('/robots.txt');
      await page.evaluate(() => localStorage.clear());
      await page.goto(`/login?from=${from}`);
      await page.locator('#login-email').waitFor();
      foreignNavigations = [];
      const errorsBefore = pageErrors(page).length;
      await logInOnPage(page, email, password);
      // The login page moves on: within the shop, towards another site (a hole), or it fails.
      const settled = () => foreignNavigations.length > 0 || !page.url().includes('/login?from=') || pageErrors(page).length > errorsBefore;
      await expect.poll(settled, { timeout: 10_000 }).toBe(true);
      expect(foreignNavigations).toEqual([]);
      expect(pageErrors(page).slice(errorsBefore)).toEqual([]);
      return page;
    }

    const pathAndSearch = (href: string) => `${new URL(href).pathname}${new URL(href).search}`;

    it.each([
      ['/portal?tab=refunds', '/portal?tab=refunds'],
      ['%2Fportal%3Ftab%3Drefunds', '/portal?tab=refunds'],
      ['//evil.example/x', '/'],
      ['https://evil.example/', '/'],
      ['javascript:alert(1)', '/'],
      ['/\\evil.example', '/'],
      ['%2F%2Fevil.example', '/'],
      ['/%09/evil.example', '/'],
      ['%252F%252Fevil.example', '/'],
    ])('from=%s ends on the shop at %s', async (from, landing) => {
      const page = await logInFrom(from);
      await expect.poll(() => new URL(page.url()).origin).toBe(shopOrigin());
      await expect.poll(() => pathAndSearch(page.url()), { timeout: 10_000 }).toBe(landing);
      await page.locator('#account-button:not([disabled])').waitFor();
    });
  });
});
