import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffCatalogueMessages } from '../packages/contract/src/staff-catalogue';
import { eventFieldMessages } from '../packages/contract/src/event-fields';
import { english, englishOf } from '../packages/contract/src/i18n/english';
import { staffTexts as staffTextsInCatalogue } from '../apps/web/src/staff/texts';
import { expectNoAxeViolations, openPageOn, useBrowser } from './support/browser';
import { startOwnShop, stopOwnShop, type OwnShop } from './support/own-shop';
import { screenshot } from './support/screenshots';
import { prepareStaff, signInAs } from './support/staff-setup';

const staffTexts = englishOf(staffTextsInCatalogue);
const texts = staffTexts.catalogueEvents;

/**
 * Events on the Catalogue page (issue 37 point 1) in Chromium against the real server: an admin
 * creates an event (a time zone the file refuses is refused beside its field first, in the file's
 * words), duplicates the demo's event without its products, archives it (its products leave the
 * shop, which a buyer's page shows) and restores it; axe at 1280 and 768 px, Arabic right to left,
 * screenshots (SCREENSHOT_DIR) at 1280 and 390 px. A demo shop of its own: archiving is the shop's.
 */
interface Shop extends OwnShop {
  staff: Awaited<ReturnType<typeof prepareStaff>>;
}

describe('the back office’s events', () => {
  const browser = useBrowser();
  let shop: Shop | undefined;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    const own = await startOwnShop({ appSecret: 'back-office-events-journey-secret-of-32-characters', config: { languages: ['en', 'ar', 'de'] } });
    shop = { ...own, staff: await prepareStaff(own.database.db) };
    ({ page, errors } = await openPageOn(browser(), shop.base, { allowRefusals: true }));
    await signInAs(page, shop.staff.admin);
  }, 120_000);

  afterAll(async () => {
    await stopOwnShop(shop);
  });

  it('creates an event with the file’s rules beside its fields, and duplicates one without its products', async () => {
    await page.goto('/staff/catalogue');
    await page.getByRole('heading', { level: 2, name: 'Northwind Festival 2027' }).waitFor();
    await page.getByRole('button', { name: texts.create }).click();
    const dialog = page.getByRole('dialog', { name: texts.newTitle });
    await dialog.waitFor();
    await dialog.getByLabel(texts.codeField, { exact: true }).fill('NWF28');
    await dialog.getByLabel(texts.nameField, { exact: true }).fill('Northwind Festival 2028');
    const zone = dialog.getByLabel(texts.timezoneField, { exact: true });
    await zone.fill('Europe/Atlantis');
    await dialog.getByRole('button', { name: texts.save }).click();
    await dialog.getByText(`${texts.timezoneField} ${english(eventFieldMessages.timezone)}.`).waitFor();
    expect(await zone.evaluate((element) => element === document.activeElement)).toBe(true);
    await expectNoAxeViolations(page);
    await screenshot(page, 'back-office-events-dialog-1280.png');
    await zone.fill('Europe/Amsterdam');
    await dialog.getByLabel(texts.startsField, { exact: true }).fill('2028-06-16T14:00');
    await dialog.getByRole('button', { name: texts.save }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 2, name: 'Northwind Festival 2028' }).waitFor();
    await page.getByText(english(staffCatalogueMessages.eventCreated)).first().waitFor();

    await page.getByRole('button', { name: texts.duplicateLabel('Northwind Festival 2027') }).click();
    const copy = page.getByRole('dialog', { name: texts.duplicateTitle('Northwind Festival 2027') });
    await copy.waitFor();
    expect(await copy.getByLabel(texts.codeField, { exact: true }).inputValue()).toBe('NWF27-COPY');
    await expectNoAxeViolations(page);
    await copy.getByRole('button', { name: texts.save }).click();
    await copy.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 2, name: texts.copyName('Northwind Festival 2027') }).waitFor();
    await expectNoAxeViolations(page);
  }, 60_000);

  it('archives an event: the shop shows none of its products until it is restored', async () => {
    await page.getByRole('button', { name: texts.archiveLabel('Northwind Festival 2027'), exact: true }).click();
    await page.getByText(english(staffCatalogueMessages.eventArchived)).first().waitFor();
    await page.getByText(texts.archived).first().waitFor();
    await page.setViewportSize({ width: 768, height: 1024 });
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    const { page: buyer } = await openPageOn(browser(), shop!.base, { allowRefusals: true });
    await buyer.goto('/tickets/NWF27-WEEKEND');
    await expect.poll(async () => (await buyer.locator('#add-to-cart').count()) === 0).toBe(true);
    await page.getByRole('button', { name: texts.restoreLabel('Northwind Festival 2027'), exact: true }).click();
    await page.getByText(english(staffCatalogueMessages.eventRestored)).first().waitFor();
    await buyer.goto('/tickets/NWF27-WEEKEND');
    await buyer.locator('#add-to-cart').waitFor();
    await buyer.context().close();
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'back-office-events-390.png');
    await page.setViewportSize({ width: 1280, height: 900 });
  }, 60_000);

  it('draws the events’ buttons right to left in Arabic', async () => {
    await page.goto('/staff/catalogue?lang=ar');
    await page.locator('h1').waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    await page.locator('#staff-cat-new-event').waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'back-office-events-ar-1280.png');
    expect(errors).toEqual([]);
  }, 60_000);
});
