import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { english, englishOf } from '../packages/contract/src/i18n/english';
import { staffTexts as staffTextsInCatalogue } from '../apps/web/src/staff/texts';
import { itemFormTexts } from '../apps/web/src/staff/catalogue/item-form';
import { expectNoAxeViolations, openPageOn, useBrowser } from './support/browser';
import { startOwnShop, stopOwnShop, type OwnShop } from './support/own-shop';
import { SCREENSHOT_DIR, screenshot } from './support/screenshots';
import { prepareStaff, signInAs } from './support/staff-setup';

const staffTexts = englishOf(staffTextsInCatalogue);
const itemTexts = englishOf(itemFormTexts);
const texts = staffTexts.catalogue;
const PHONE = { width: 390, height: 844 };
const DESK = { width: 1280, height: 900 };

interface Shop extends OwnShop {
  staff: Awaited<ReturnType<typeof prepareStaff>>;
}

/**
 * What in the open dialog sticks out of the screen sideways (its tag, class and first words): a
 * field, label or button wider than a phone, or drawn past either edge. Visually hidden texts
 * (one pixel wide) are not drawn.
 */
const outOfScreen = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll('[role="dialog"] *')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 1 && box.height > 1 && (box.right > width + 0.5 || box.left < -0.5);
      })
      .map((element) => `${element.tagName.toLowerCase()}.${element.className} ${(element.textContent ?? '').trim().slice(0, 40)}`);
  });

/** Nothing of the page or the dialog wider than the screen, and axe clean. */
async function expectFits(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(await outOfScreen(page)).toEqual([]);
  await expectNoAxeViolations(page);
}

/**
 * The item forms on a phone (issue 37 point 1): the new-item form with its price tiers and its
 * texts per language, the item's edit form and Add variant, at 390 px in English and in Arabic
 * (right to left), each axe clean with nothing wider than the screen; photographed at 390 and
 * 1280 px when SCREENSHOT_DIR is set. A demo shop of its own: it makes nothing, but opens every form.
 */
describe('the item and variant forms at 390 px, left to right and right to left', () => {
  const browser = useBrowser();
  let shop: Shop | undefined;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    const own = await startOwnShop({ appSecret: 'item-forms-narrow-journey-secret-of-32-chars' });
    shop = { ...own, staff: await prepareStaff(own.database.db) };
    ({ page, errors } = await openPageOn(browser(), shop.base, { viewport: PHONE, allowRefusals: true }));
    await signInAs(page, shop.staff.admin);
  }, 120_000);

  afterAll(async () => {
    await stopOwnShop(shop);
  });

  const dialog = () => page.getByRole('dialog');
  const open = async (opener: Locator) => {
    await opener.scrollIntoViewIfNeeded();
    await opener.click();
    await dialog().waitFor();
  };
  const close = async () => {
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
  };
  /** The dialog photographed screen by screen, scrolled from its top to its end (a dialog scrolls within itself). */
  const photograph = async (name: string) => {
    if (!SCREENSHOT_DIR) return;
    const modal = page.locator('.modal');
    const [height, screen] = await modal.evaluate((element) => [element.scrollHeight, element.clientHeight]);
    for (let part = 0; part * screen < height; part += 1) {
      await modal.evaluate((element, top) => element.scrollTo({ top, behavior: 'instant' }), part * screen);
      await screenshot(page, `${name}-${part + 1}.png`);
    }
    await modal.evaluate((element) => element.scrollTo({ top: 0, behavior: 'instant' }));
  };
  /** The dialog at 390 px (checked) and at 1280 px, photographed at both. */
  const lookAt = async (name: string) => {
    await expectFits(page);
    await photograph(`item-forms-${name}-390`);
    await page.setViewportSize(DESK);
    await photograph(`item-forms-${name}-1280`);
    await page.setViewportSize(PHONE);
  };

  for (const language of ['en', 'ar'] as const) {
    it(`shows the new-item form with tiers and texts per language, the edit form and Add variant in ${language === 'en' ? 'English' : 'Arabic'}`, async () => {
      await page.goto(`/staff/catalogue?lang=${language}`);
      await page.locator('#staff-cat-new-product').waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');

      await open(page.locator('#staff-cat-new-product'));
      if (language === 'en') {
        // Two tiers and a text in Arabic: the form as an organiser fills it.
        await dialog().getByRole('button', { name: texts.tiers.add }).click();
        await dialog().getByRole('button', { name: texts.tiers.add }).click();
        await dialog().getByRole('listitem', { name: texts.tiers.tier(2) }).getByLabel(texts.tiers.ends).selectOption('units');
        await dialog().getByLabel(texts.textsLanguage).selectOption('ar');
        await dialog().getByLabel(texts.textsName, { exact: true }).fill('تذكرة نهاية الأسبوع');
        expect(await dialog().getByLabel(texts.textsName, { exact: true }).getAttribute('dir')).toBe('rtl');
        // A tier out of order is refused at its field, in the form, before anything is sent.
        await dialog().getByLabel(texts.textsLanguage).selectOption('en');
        await dialog().getByLabel(itemTexts.codeField, { exact: true }).fill('NWF27-EARLY');
        await dialog().getByLabel(texts.textsName, { exact: true }).fill('Early bird');
        await dialog().getByLabel(itemTexts.priceField, { exact: true }).fill('80.00');
        const first = dialog().getByRole('listitem', { name: texts.tiers.tier(1) });
        await first.getByLabel(texts.tiers.price(1, 'EUR')).fill('60.00');
        await first.getByLabel(texts.tiers.until('Europe/Amsterdam')).fill('2099-03-01T00:00');
        const second = dialog().getByRole('listitem', { name: texts.tiers.tier(2) });
        await second.getByLabel(texts.tiers.price(2, 'EUR')).fill('70.00');
        await second.getByLabel(texts.tiers.units).fill('0');
        await dialog().getByRole('button', { name: itemTexts.save }).click();
        await second.getByText(english(staffTextsInCatalogue.catalogue.tiers.unitsOf({ number: 2 }))).waitFor();
      }
      await lookAt(`new-${language}`);
      await close();

      await open(page.locator('#staff-cat-edit-NWF27-WEEKEND'));
      await lookAt(`edit-${language}`);
      await close();

      await open(page.locator('#staff-cat-add-variant-NWF27-TEE-LINEUP'));
      // Each language's label is written in its own direction, whatever the page's.
      expect(await dialog().locator('input[lang="ar"]').getAttribute('dir')).toBe('rtl');
      expect(await dialog().locator('input[lang="de"]').getAttribute('dir')).toBe('ltr');
      await lookAt(`variant-${language}`);
      await close();
    }, 120_000);
  }

  it('logged no errors', () => {
    expect(errors).toEqual([]);
  });
});
