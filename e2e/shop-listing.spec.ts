import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, openPage, pageErrors, useBrowser } from './support/browser';

/** The names on the product cards of the listing, in order. */
function cardNames(page: Page): Promise<string[]> {
  return page.locator('#listing-items .product-card__link').allTextContents();
}

describe('the shop listings in Chromium', () => {
  const browser = useBrowser();

  it('keeps the chosen merchandise type in the URL, so a reload shows the same items', async () => {
    const page = await openPage(browser());
    await page.goto('/merchandise');
    await page.locator('#listing-items').waitFor();
    await expect.poll(() => cardNames(page)).toEqual(['Line-up T-shirt', 'Sunrise T-shirt', 'Northwind hoodie', 'Festival poster (50 x 70 cm)', 'Canvas tote bag']);
    const type = page.getByLabel('Category');
    expect(await type.locator('option').allTextContents()).toEqual(['All categories', 'T-shirt', 'Hoodie', 'Poster', 'Bag']);
    await expectNoAxeViolations(page);

    await type.selectOption({ label: 'T-shirt' });
    await page.waitForURL((url) => url.searchParams.get('type') === 'shirt');
    await expect.poll(() => cardNames(page)).toEqual(['Line-up T-shirt', 'Sunrise T-shirt']);
    expect(await page.locator('#listing-count').textContent()).toBe('2 items');

    await page.reload();
    await page.locator('#listing-items').waitFor();
    expect(new URL(page.url()).searchParams.get('type')).toBe('shirt');
    await expect.poll(() => cardNames(page)).toEqual(['Line-up T-shirt', 'Sunrise T-shirt']);
    expect(await page.getByLabel('Category').inputValue()).toBe('shirt');
    await expectNoAxeViolations(page);

    // "All" removes the parameter again.
    await page.getByLabel('Category').selectOption({ label: 'All categories' });
    await page.waitForURL((url) => !url.searchParams.has('type'));
    await expect.poll(async () => (await cardNames(page)).length).toBe(5);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('hides sold-out tickets by default and shows them, marked sold out, when asked', async () => {
    const page = await openPage(browser(), { phone: true });
    await page.goto('/tickets');
    await page.locator('#listing-items').waitFor();
    const names = await cardNames(page);
    expect(names).toContain('Weekend ticket');
    expect(names).not.toContain('Bell tent for two (glamping)');
    const stock = page.getByLabel('Show sold-out items');
    expect(await stock.isChecked()).toBe(false);

    await stock.check();
    await page.waitForURL((url) => url.searchParams.get('stock') === 'all');
    await expect.poll(() => cardNames(page)).toContain('Bell tent for two (glamping)');
    const glamping = page.locator('.product-card', { has: page.getByRole('link', { name: 'Bell tent for two (glamping)' }) });
    expect(await glamping.locator('.badge').textContent()).toBe('Sold out');
    await expectNoAxeViolations(page);

    // A shared link keeps the choice; the filter still works with a type on top of it.
    await page.reload();
    await page.locator('#listing-items').waitFor();
    expect(await page.getByLabel('Show sold-out items').isChecked()).toBe(true);
    await page.getByLabel('Category').selectOption({ label: 'Camping' });
    await expect.poll(() => cardNames(page)).toEqual(['Camping weekend pass', 'Bell tent for two (glamping)']);
    await page.getByLabel('Show sold-out items').uncheck();
    await expect.poll(() => cardNames(page)).toEqual(['Camping weekend pass']);
    expect(new URL(page.url()).search).toBe('?type=camping');

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('takes each filter change as a step Back undoes, in-stock choice included, without leaving the listing', async () => {
    const page = await openPage(browser());
    await page.goto('/');
    await page.goto('/tickets');
    await page.locator('#listing-items').waitFor();
    const all = await cardNames(page);
    await page.getByLabel('Category').selectOption({ label: 'Camping' });
    await page.waitForURL((url) => url.searchParams.get('type') === 'camping');
    await expect.poll(() => cardNames(page)).toEqual(['Camping weekend pass']);
    await page.getByLabel('Show sold-out items').check();
    await page.waitForURL((url) => url.searchParams.get('stock') === 'all');
    await expect.poll(() => cardNames(page)).toEqual(['Camping weekend pass', 'Bell tent for two (glamping)']);

    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/tickets' && !url.searchParams.has('stock'));
    await expect.poll(() => page.getByLabel('Show sold-out items').isChecked()).toBe(false);
    expect(await page.getByLabel('Category').inputValue()).toBe('camping');
    await expect.poll(() => cardNames(page)).toEqual(['Camping weekend pass']);

    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/tickets' && url.search === '');
    await expect.poll(() => page.getByLabel('Category').inputValue()).toBe('');
    await expect.poll(() => cardNames(page)).toEqual(all);

    // Forward redoes the change; one more Back only then leaves the listing.
    await page.goForward();
    await page.waitForURL((url) => url.searchParams.get('type') === 'camping');
    await page.goBack();
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('gives the first row of cards their images at once and the others when scrolled near', async () => {
    const page = await openPage(browser());
    await page.goto('/tickets?stock=all');
    await page.locator('#listing-items').waitFor();
    const images = page.locator('#listing-items img');
    const loading = await images.evaluateAll((list) => list.map((image) => image.getAttribute('loading')));
    expect(loading.slice(0, 4)).toEqual(['eager', 'eager', 'eager', 'eager']);
    expect(new Set(loading.slice(4))).toEqual(new Set(['lazy']));
    const first = images.first();
    expect(await first.getAttribute('width')).toBe('350');
    expect(await first.getAttribute('height')).toBe('350');
    expect(await first.getAttribute('srcset')).toMatch(/-200\.webp 200w, .*-350\.webp 350w, .*-500\.webp 500w, .*-700\.webp 700w$/);
    expect(await first.getAttribute('sizes')).toBe('(max-width: 35.99rem) 50vw, 20rem');
    await page.context().close();
  });
});
