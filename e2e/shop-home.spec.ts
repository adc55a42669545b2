import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, openPage, pageErrors, useBrowser } from './support/browser';

const config = JSON.parse(readFileSync(path.join(import.meta.dirname, '../config/demo-shop.json'), 'utf8')) as {
  name: string;
  texts: { underConstructionTitle: string };
};

/** The links of the main navigation, by their text. */
async function navLinks(page: Page): Promise<string[]> {
  return (await page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents()).map((text) => text.trim());
}

describe('the home page in Chromium', () => {
  const browser = useBrowser();

  it('lists the featured items that are in stock, linking to their pages, next to the call-to-action cards', async () => {
    const page = await openPage(browser());
    await page.goto('/');
    const featured = page.locator('#featured-items');
    await featured.waitFor();
    // The demo's featured items: the weekend ticket and the line-up T-shirt, both in stock.
    await expect.poll(() => featured.getByRole('link').allTextContents()).toEqual(['Weekend ticket', 'Line-up T-shirt']);
    expect(await featured.getByRole('listitem').first().textContent()).toContain('€193.00');
    expect(await page.locator('#home-cta-tickets').count()).toBe(1);
    expect(await page.locator('#home-cta-merchandise').count()).toBe(1);
    expect(await page.locator('#home-cta-portal').count()).toBe(1);
    await expectNoAxeViolations(page);

    await featured.getByRole('link', { name: 'Line-up T-shirt' }).click();
    await page.waitForURL('**/merchandise/NWF27-TEE-LINEUP');
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Line-up T-shirt');
    await expect.poll(() => page.title()).toBe(`Line-up T-shirt | ${config.name}`);
    // Merchandise has no booking fee: the price note says taxes only.
    expect(await page.locator('#product-price').textContent()).toBe('€29.95 includes taxes');
    await expectNoAxeViolations(page);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('leaves merchandise out everywhere when it is switched off, and sends /merchandise home', async () => {
    const page = await openPage(browser(), { shop: 'noMerchandise' });
    await page.goto('/');
    await page.locator('#featured-items').waitFor();
    expect(await page.locator('#home-cta-merchandise').count()).toBe(0);
    expect(await page.locator('#home-cta-tickets').count()).toBe(1);
    expect(await navLinks(page)).not.toContain('Merchandise');
    expect(await navLinks(page)).toContain('Tickets');
    // Featured merchandise is not offered either: its page would send the visitor home.
    expect(await page.locator('#featured-items').getByRole('link').allTextContents()).toEqual(['Weekend ticket']);
    await expectNoAxeViolations(page);

    await page.goto('/merchandise');
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => page.locator('main h1').first().textContent()).toBe(config.name);
    await page.context().close();
  });

  it('shows the under-construction message while the shop is inactive, and sends /tickets home', async () => {
    const page = await openPage(browser(), { shop: 'shopInactive' });
    await page.goto('/');
    const closed = page.getByRole('heading', { name: config.texts.underConstructionTitle });
    await closed.waitFor();
    expect(await page.locator('.home__closed').textContent()).toContain('go on sale soon');
    expect(await page.locator('#home-cta-tickets').count()).toBe(0);
    expect(await page.locator('#home-cta-merchandise').count()).toBe(0);
    expect(await page.locator('#home-cta-portal').count()).toBe(1);
    expect(await navLinks(page)).not.toContain('Tickets');
    // Nothing to buy, so nothing is featured.
    await page.waitForLoadState('networkidle');
    expect(await page.locator('#featured-items').count()).toBe(0);
    await expectNoAxeViolations(page);

    await page.goto('/tickets');
    await page.waitForURL((url) => url.pathname === '/');
    await closed.waitFor();
    await page.goto('/tickets/NWF27-WEEKEND');
    await page.waitForURL((url) => url.pathname === '/');
    await closed.waitFor();
    await page.context().close();
  });
});
