import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, openPage, pageErrors, useBrowser } from './support/browser';
import { seatsLeftNow } from './support/seats';

const config = JSON.parse(readFileSync(path.join(import.meta.dirname, '../config/demo-shop.json'), 'utf8')) as { name: string };

async function openProduct(page: Page, url: string, name: string) {
  await page.goto(url);
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

/** The image a thumbnail button shows, as the 100 px variant's hash. */
async function imageHash(url: string | null): Promise<string> {
  return /\/media\/([a-f0-9]{32})-/.exec(url ?? '')?.[1] ?? `no hash in ${url}`;
}

describe('the product pages in Chromium', () => {
  const browser = useBrowser();

  it('shows the weekend ticket with its price note, facts and a gallery worked by mouse and keyboard', async () => {
    const page = await openPage(browser());
    await openProduct(page, '/tickets/NWF27-WEEKEND', 'Weekend ticket');
    await expect.poll(() => page.title()).toBe(`Weekend ticket | ${config.name}`);
    expect(await page.locator('#product-price').textContent()).toBe('€193.00 includes taxes and booking fee');
    expect(await page.locator('#product-availability').textContent()).toMatch(/In stock.*left/);
    expect(await page.locator('#product-description').textContent()).toContain('Three days of music');
    const facts = (await page.locator('#product-facts').textContent()) ?? '';
    expect(facts).toContain('Entry ticket');
    expect(facts).toContain('Yes, refund requests from 1 Oct 2026 until 31 May 2027');
    expect(facts).toContain('Allowed until 11 Jun 2027, at most 2 changes');
    expect(await page.getByRole('button', { name: 'Add to cart' }).isEnabled()).toBe(true);

    const main = page.locator('#gallery-main-image');
    expect(await main.getAttribute('width')).toBe('500');
    expect(await main.getAttribute('fetchpriority')).toBe('high');
    expect(await main.getAttribute('srcset')).toMatch(/-350\.webp 350w, .*-1000\.webp 1000w$/);
    expect(await main.getAttribute('sizes')).toBe('(max-width: 51.99rem) 100vw, 500px');
    const thumbs = page.getByRole('group', { name: 'Images' }).getByRole('button');
    expect(await thumbs.count()).toBe(4);
    const hashes = await Promise.all([0, 1, 2, 3].map(async (index) => imageHash(await thumbs.nth(index).locator('img').getAttribute('src'))));
    expect(new Set(hashes).size).toBe(4);
    expect(await imageHash(await main.getAttribute('src'))).toBe(hashes[0]);
    expect(await thumbs.nth(0).getAttribute('aria-pressed')).toBe('true');
    await expectNoAxeViolations(page);

    // Mouse: the second thumbnail shows the second image.
    await page.getByRole('button', { name: 'Show image 2 of 4' }).click();
    await expect.poll(async () => imageHash(await main.getAttribute('src'))).toBe(hashes[1]);
    expect(await thumbs.nth(1).getAttribute('aria-pressed')).toBe('true');
    expect(await thumbs.nth(0).getAttribute('aria-pressed')).toBe('false');
    expect(await main.getAttribute('alt')).toBe('Weekend ticket, image 2 of 4');

    // Keyboard: one Tab stop for the thumbnails, arrows move between them, Enter and Space choose.
    await page.locator('#breadcrumb-listing').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Show image 2 of 4');
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Show image 3 of 4');
    await page.keyboard.press('Enter');
    await expect.poll(async () => imageHash(await main.getAttribute('src'))).toBe(hashes[2]);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Show image 1 of 4');
    await page.keyboard.press(' ');
    await expect.poll(async () => imageHash(await main.getAttribute('src'))).toBe(hashes[0]);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await expect.poll(async () => imageHash(await main.getAttribute('src'))).toBe(hashes[3]);
    expect(await thumbs.nth(3).getAttribute('aria-pressed')).toBe('true');
    // Tab leaves the thumbnails for the next control.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Add to cart');
    await expectNoAxeViolations(page);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('shows the instalments of a payment-plan ticket, the first one due today', async () => {
    const page = await openPage(browser(), { phone: true });
    await openProduct(page, '/tickets/NWF27-WEEKEND-PLAN', 'Weekend ticket (pay in 4)');
    const table = page.locator('.payment-plan table');
    await table.waitFor();
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBe(4);
    const cells = async (index: number) => (await rows.nth(index).locator('td').allTextContents()).map((text) => text.trim());
    const today = await page.evaluate(() => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date()));
    expect(await cells(0)).toEqual(['Initial payment', today, '€49.00']);
    for (const index of [1, 2, 3]) expect((await cells(index))[2]).toBe('€48.00');
    expect((await cells(1))[1]).not.toBe(today);
    expect(await table.locator('tfoot').textContent()).toContain('€193.00');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
    await page.context().close();
  });

  it("shows each shuttle departure in the event's time zone with 'Sold out' or the seats left", async () => {
    const page = await openPage(browser());
    await openProduct(page, '/tickets/NWF27-SHUTTLE', 'Shuttle bus from Amsterdam Centraal (return)');
    const times = page.locator('#travel-times li');
    await expect.poll(() => times.count()).toBe(5);
    const texts = (await times.allTextContents()).map((text) => text.trim());
    // Other journeys may have taken seats of the 10:00 bus: the page shows what the server counts.
    const [at10] = await seatsLeftNow('NWF27-SHUTTLE');
    expect(at10).toBeGreaterThan(0);
    expect(texts[0]).toBe(`Fri, 18 Jun 2027, 10:00${at10} seats left`);
    expect(texts[1]).toBe('Fri, 18 Jun 2027, 12:00Sold out');
    // Seats of the 16:00 departure are not counted: nothing is said about them.
    expect(texts[3]).toBe('Fri, 18 Jun 2027, 16:00');
    expect(texts.filter((text) => text.includes('Sold out'))).toHaveLength(1);
    await expectNoAxeViolations(page);

    await openProduct(page, '/tickets/NWF27-COACH-UTR', 'Coach from Utrecht Centraal (return)');
    expect(await page.locator('#travel-time').textContent()).toBe('Departure: Fri, 18 Jun 2027, 11:30');
    await expectNoAxeViolations(page);
    await page.context().close();
  });

  it('marks a sold-out item and disables its Add to cart button', async () => {
    const page = await openPage(browser());
    await openProduct(page, '/tickets/NWF27-GLAMPING', 'Bell tent for two (glamping)');
    expect(await page.locator('#product-availability').textContent()).toBe('Sold out');
    expect(await page.getByRole('button', { name: 'Add to cart' }).isDisabled()).toBe(true);
    // One image: no thumbnails to choose from.
    expect(await page.getByRole('group', { name: 'Images' }).count()).toBe(0);
    await expectNoAxeViolations(page);
    await page.context().close();
  });

  it('says clearly that an unknown item does not exist and links back to the listing', async () => {
    const page = await openPage(browser());
    await page.goto('/tickets/NO-SUCH');
    await page.getByRole('heading', { level: 1, name: 'Item not found' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/tickets/NO-SUCH');
    await expect.poll(() => page.title()).toBe(`Item not found | ${config.name}`);
    expect(await page.locator('#product-error').textContent()).toBe('This item does not exist or is no longer on sale.');
    await expectNoAxeViolations(page);
    await page.locator('#product-back-to-listing').click();
    await page.waitForURL((url) => url.pathname === '/tickets');
    await page.locator('#listing-items').waitFor();

    // A known item under the other shop's path is not unknown: it goes to its own page.
    await page.goto('/merchandise/NWF27-WEEKEND');
    await page.waitForURL((url) => url.pathname === '/tickets/NWF27-WEEKEND');
    await page.getByRole('heading', { level: 1, name: 'Weekend ticket' }).waitFor();
    await page.context().close();
  });
});
