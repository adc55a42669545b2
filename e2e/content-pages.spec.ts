import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, openPage, pageErrors, useBrowser } from './support/browser';

const config = JSON.parse(readFileSync(path.join(import.meta.dirname, '../config/demo-shop.json'), 'utf8')) as {
  texts: Record<string, string>;
  ambassadors: { path: string; title: string; text: string };
};

/** The first paragraph of configured rich text, as a visitor reads it. */
function firstParagraph(html: string): string {
  const paragraph = /<p>(.*?)<\/p>/s.exec(html)?.[1] ?? '';
  return paragraph
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 40);
}

const CONTENT_PAGES = [
  ['/faqs', 'faqs'],
  ['/terms-conditions', 'termsAndConditions'],
  ['/privacy-policy', 'privacyPolicy'],
  ['/security-statement', 'securityStatement'],
  ['/cookie-policy', 'cookiePolicy'],
] as const;

describe('content pages and empty listings in Chromium', () => {
  const browser = useBrowser();

  it('shows each content page, opened directly, with its configured text', async () => {
    const page = await openPage(browser(), { phone: true });
    for (const [route, text] of CONTENT_PAGES) {
      await page.goto(route);
      const heading = page.locator('main h1').first();
      await heading.waitFor();
      expect(await page.title()).toContain((await heading.textContent())!.trim());
      const expected = firstParagraph(config.texts[text]!);
      expect(expected.length, route).toBeGreaterThan(10);
      await expect.poll(() => page.locator('main').innerText(), { message: route }).toContain(expected);
      await expectNoAxeViolations(page);
    }
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('lists the ambassadors page in the navigation when its title and text are configured', async () => {
    const page = await openPage(browser());
    await page.goto('/');
    const link = page.getByRole('navigation', { name: /main/i }).getByRole('link', { name: config.ambassadors.title });
    await link.click();
    await page.waitForURL((url) => url.pathname === `/${config.ambassadors.path}`);
    await expect.poll(() => page.locator('main').innerText()).toContain(firstParagraph(config.ambassadors.text));
    await expectNoAxeViolations(page);
    await page.context().close();
  });

  it('leaves the ambassadors page out, and sends its path home, when it is not configured', async () => {
    const page = await openPage(browser(), { shop: 'emptyUnconfigured' });
    await page.goto('/');
    await page.locator('main h1').first().waitFor();
    const nav = page.getByRole('navigation', { name: /main/i });
    await expect.poll(() => nav.getByRole('link', { name: 'Tickets' }).count()).toBe(1);
    expect(await nav.getByRole('link', { name: config.ambassadors.title }).count()).toBe(0);
    await page.goto(`/${config.ambassadors.path}`);
    await page.waitForURL((url) => url.pathname === '/');
    await page.context().close();
  });

  it('says so in the configured words when nothing is on sale', async () => {
    const page = await openPage(browser(), { shop: 'empty' });
    await page.goto('/tickets');
    await expect.poll(() => page.locator('#listing-empty').textContent()).toBe(config.texts.outOfStock);
    // No listing filter (the header's language switcher, the demo speaking seven languages, is a select of its own).
    expect(await page.locator('main').getByRole('combobox').count()).toBe(0);
    await expectNoAxeViolations(page);
    await page.context().close();
  });

  it("falls back to the spec's words when no out-of-stock text is configured", async () => {
    const page = await openPage(browser(), { shop: 'emptyUnconfigured' });
    await page.goto('/merchandise');
    await expect.poll(() => page.locator('#listing-empty').textContent()).toBe('There are no items to show. Please check back again soon.');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});
