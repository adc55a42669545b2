import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffCatalogueMessages } from '../packages/contract/src/staff-catalogue';
import { priceTierMessages } from '../packages/contract/src/price-tiers';
import { english, englishOf } from '../packages/contract/src/i18n/english';
import { staffTexts as staffTextsInCatalogue } from '../apps/web/src/staff/texts';
import { formatInZone } from '../apps/web/src/staff/catalogue-page';
import { formatAmount } from '../apps/web/src/staff/money';
import { expectNoAxeViolations, openPageOn, useBrowser } from './support/browser';
import { startOwnShop, stopOwnShop, type OwnShop } from './support/own-shop';
import { screenshot } from './support/screenshots';
import { prepareStaff, signInAs } from './support/staff-setup';

/** The back office's texts as the journeys read them: in English, the pages' language. */
const staffTexts = englishOf(staffTextsInCatalogue);
const texts = staffTexts.catalogue;
const tiers = texts.tiers;
const CAMPING = 'Camping weekend pass';
const ZONE = 'Europe/Amsterdam';

/**
 * Price tiers (issue 37 point 2, decision 0099) in Chromium against the real server: an admin adds
 * an early-bird tier to a product in the catalogue page's tiers editor (a tier without its end is
 * refused at its field first, in the catalogue file's words), and the product's page and its card
 * in the listing show the early-bird price and what comes next: "… more from …", the date in the
 * event's time zone; the same in Arabic, right to left. Axe at 1280 px and 390 px; screenshots
 * (SCREENSHOT_DIR) at both widths and in Arabic.
 *
 * A tier changes a product's price for every shopper, so this file serves a demo shop of its own.
 */

interface Shop extends OwnShop {
  staff: Awaited<ReturnType<typeof prepareStaff>>;
}

const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('price tiers', () => {
  const browser = useBrowser();
  let shop: Shop | undefined;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    const own = await startOwnShop({ appSecret: 'price-tiers-journey-secret-of-at-least-32-characters', config: { languages: ['en', 'ar', 'de'] } });
    shop = { ...own, staff: await prepareStaff(own.database.db) };
    ({ page, errors } = await openPageOn(browser(), shop.base, { allowRefusals: true }));
    await signInAs(page, shop.staff.admin);
  }, 120_000);

  afterAll(async () => {
    await stopOwnShop(shop);
  });

  it('adds an early-bird tier in the catalogue page’s tiers editor, with the file’s rules at the field', async () => {
    await page.getByRole('navigation', { name: staffTexts.shell.nav }).getByRole('link', { name: 'Catalogue' }).click();
    await page.waitForURL((url) => url.pathname === '/staff/catalogue');
    const card = page.getByRole('article', { name: CAMPING });
    await card.getByRole('button', { name: texts.editLabel(CAMPING) }).click();
    const dialog = page.getByRole('dialog', { name: texts.editTitle(CAMPING) });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: tiers.add }).click();
    const tier = dialog.getByRole('listitem', { name: tiers.tier(1) });
    await tier.getByLabel(tiers.price(1, 'EUR')).fill('29.50');
    await dialog.getByRole('button', { name: texts.save }).click();
    // No end given: refused beside the tier's moment, in the catalogue file's words, before anything is sent.
    const until = tier.getByLabel(tiers.until(ZONE));
    expect(await until.getAttribute('aria-invalid')).toBe('true');
    await tier.getByText(english(priceTierMessages.oneEnd)).waitFor();
    await expectNoAxeViolations(page);

    // A price the file refuses: the sentence names the tier's field.
    await tier.getByLabel(tiers.price(1, 'EUR')).fill('-1.00');
    await until.fill('2099-03-01T00:00');
    await dialog.getByRole('button', { name: texts.save }).click();
    await tier.getByText(/^Price of tier 1 must be from 0\.00 to /).waitFor();
    await tier.getByLabel(tiers.price(1, 'EUR')).fill('29.50');
    await dialog.getByRole('button', { name: tiers.add }).click();
    const second = dialog.getByRole('listitem', { name: tiers.tier(2) });
    await second.getByLabel(tiers.price(2, 'EUR')).fill('34.50');
    await second.getByLabel(tiers.ends).selectOption('units');
    await second.getByLabel(tiers.units).fill('1000');
    await screenshot(page, 'price-tiers-editor-1280.png');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await fitsWidth(page)).toBe(true);
    await tier.scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page);
    await screenshot(page, 'price-tiers-editor-390.png');
    await page.setViewportSize({ width: 1280, height: 900 });
    await dialog.getByRole('button', { name: texts.save }).click();
    await card.getByRole('status').getByText(english(staffCatalogueMessages.saved)).waitFor();
    expect(await card.innerText()).toContain(texts.changedFields(texts.fieldNames.tiers!));
    // The card lists the tiers, then the price once they have ended.
    const facts = await card.innerText();
    expect(facts).toContain(tiers.legend);
    const locale = await page.evaluate(() => navigator.language || 'en-GB');
    const money = (minor: number) => formatAmount(minor, 'EUR', locale);
    const earlyBirdEnds = formatInZone('2099-02-28T23:00:00.000Z', ZONE, locale);
    expect(facts).toContain([tiers.factUntil(money(2950), earlyBirdEnds), tiers.factUnits(money(3450), 1000), tiers.factThen(money(3950))].join(' · '));
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'price-tiers-catalogue-1280.png');
  });

  it('shows the early-bird price on the product page and its card, and what comes next, in the event’s time zone', async () => {
    await page.goto(`${shop!.base}/tickets/NWF27-CAMPING`);
    const price = page.locator('#product-price');
    await price.waitFor();
    // 29.50 plus the booking fee of 1.50.
    expect(await price.innerText()).toContain('31.00');
    const next = page.locator('#product-next-price');
    expect(await next.innerText()).toMatch(/^€5\.00 more from 1 Mar 2099$/);
    await expectNoAxeViolations(page);
    await screenshot(page, 'price-tiers-product-1280.png');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await fitsWidth(page)).toBe(true);
    await expectNoAxeViolations(page);
    await screenshot(page, 'price-tiers-product-390.png', { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.goto(`${shop!.base}/tickets`);
    const card = page.locator('article[data-code="NWF27-CAMPING"]');
    await card.waitFor();
    expect(await card.locator('.product-card__next-price').innerText()).toBe('€5.00 more from 1 Mar 2099');

    await page.goto(`${shop!.base}/tickets/NWF27-CAMPING?lang=ar`);
    await page.locator('#product-next-price').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.locator('#product-next-price').innerText()).toContain('يزيد السعر');
    await expectNoAxeViolations(page);
    await screenshot(page, 'price-tiers-product-ar-1280.png');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'price-tiers-product-ar-390.png', { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(errors).toEqual([]);
  });

  it('shows the tiers editor right to left in Arabic', async () => {
    await page.goto(`${shop!.base}/staff/catalogue?lang=ar`);
    await page.locator('#staff-cat-edit-NWF27-CAMPING').click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const tier = dialog.locator('.staff-cat-tiers__tier').first();
    await tier.scrollIntoViewIfNeeded();
    expect(await tier.getByRole('textbox').first().inputValue()).toBe('29.50');
    await expectNoAxeViolations(page);
    await screenshot(page, 'price-tiers-editor-ar-1280.png');
  });
});
