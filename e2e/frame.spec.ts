import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, openPage, pageErrors, useBrowser } from './support/browser';

const config = JSON.parse(readFileSync(path.join(import.meta.dirname, '../config/demo-shop.json'), 'utf8')) as {
  name: string;
  description: string;
  ambassadors: { path: string; title: string };
};

describe('the shop frame in Chromium', () => {
  const browser = useBrowser();

  async function visit(page: Page, url: string) {
    await page.goto(url);
    await page.locator('main h1').first().waitFor();
  }

  it('shows the demo shop name from the injected configuration on the home page', async () => {
    const page = await openPage(browser());
    await visit(page, '/');
    await expect.poll(() => page.locator('main h1').first().textContent()).toContain(config.name);
    expect(await page.title()).toContain(config.name);
    const nav = page.getByRole('navigation', { name: /main/i });
    await expect.poll(() => nav.getByRole('link', { name: 'Tickets' }).count()).toBe(1);
    await expect.poll(() => nav.getByRole('link', { name: 'Merchandise' }).count()).toBe(1);
    await expectNoAxeViolations(page);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('tells search engines what the shop is and which pages to leave alone', async () => {
    const page = await openPage(browser());
    await visit(page, '/');
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(config.description);
    const robots = await page.request.get('/robots.txt');
    expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
    const rules = await robots.text();
    expect(rules).toMatch(/^User-agent: \*$/m);
    for (const path of ['/api/', '/checkout', '/portal', '/account']) expect(rules).toContain(`Disallow: ${path}`);
    await page.context().close();
  });

  it('sends a logged-out visitor of /portal to the login page with where they came from', async () => {
    const page = await openPage(browser());
    await page.goto('/portal');
    await page.waitForURL('**/login?from=%2Fportal');
    expect(new URL(page.url()).search).toBe('?from=%2Fportal');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.title()).toMatch(/log ?in/i);
    await expectNoAxeViolations(page);
    await page.context().close();
  });

  it('sends an unknown path home', async () => {
    const page = await openPage(browser());
    await page.goto('/this/page/does-not-exist');
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => page.locator('main h1').first().textContent()).toContain(config.name);
    await page.context().close();
  });

  it('sets the page title on every navigation and keeps each page accessible', async () => {
    const page = await openPage(browser());
    await visit(page, '/');
    const titles = new Set<string>();
    for (const route of ['/tickets', '/merchandise', '/faqs', '/terms-conditions', '/privacy-policy', '/security-statement', '/cookie-policy', `/${config.ambassadors.path}`, '/register', '/forgot-password', '/resend-tickets']) {
      // Client-side navigation, as a visitor clicking through the shop would do.
      await page.evaluate((target) => {
        window.history.pushState({}, '', target);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, route);
      await page.waitForURL((url) => url.pathname === route);
      await page.locator('main h1').first().waitFor();
      await expect.poll(() => page.title()).not.toBe([...titles].at(-1));
      titles.add(await page.title());
      await expectNoAxeViolations(page);
    }
    expect(titles.size).toBe(11);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('starts a new page at its top and returns to the same place with Back (the shop keeps scroll positions itself)', async () => {
    const page = await openPage(browser(), { phone: true });
    await visit(page, '/tickets');
    const product = page.locator('main a[href^="/tickets/"]').last();
    await product.scrollIntoViewIfNeeded();
    const listingScroll = await page.evaluate(() => window.scrollY);
    expect(listingScroll).toBeGreaterThan(200);
    const listingHeading = await page.locator('main h1').first().textContent();
    await product.click();
    await page.waitForURL((url) => url.pathname.startsWith('/tickets/'));
    // The listing stays until the product page is ready (a navigation is a transition).
    await expect.poll(() => page.locator('main h1').first().textContent(), { timeout: 15_000 }).not.toBe(listingHeading);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/tickets');
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 15_000 }).toBe(listingScroll);
    // A reload of the listing keeps the position too, as a browser does for a whole page.
    await page.reload();
    await page.locator('main a[href^="/tickets/"]').last().waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 15_000 }).toBe(listingScroll);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('fits a 360 px phone without sideways scrolling', async () => {
    const page = await openPage(browser(), { phone: true });
    await visit(page, '/');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
    await page.context().close();
  });
});
