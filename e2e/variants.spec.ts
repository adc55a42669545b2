import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { english, englishOf } from '../packages/contract/src/i18n/english';
import { staffVariantMessages } from '../packages/contract/src/staff-variants';
import { staffTexts as staffTextsInCatalogue } from '../apps/web/src/staff/texts';
import { variantTexts as variantTextsInCatalogue } from '../apps/web/src/staff/catalogue/variant-form';
import { expectNoAxeViolations, openPageOn, useBrowser } from './support/browser';
import { startOwnShop, stopOwnShop, type OwnShop } from './support/own-shop';
import { prepareStaff, signInAs } from './support/staff-setup';

const staffTexts = englishOf(staffTextsInCatalogue);
const variantTexts = englishOf(variantTextsInCatalogue);
const TEE = 'Line-up T-shirt';

interface Shop extends OwnShop {
  staff: Awaited<ReturnType<typeof prepareStaff>>;
}

/**
 * Merchandise variants (issue 37 point 1, decision 0104) in Chromium against the real server: an
 * admin adds sizes to a T-shirt on the catalogue page ("Add variant": code, label, stock), and a
 * buyer must choose a size on the product page (a sold-out one disabled; Add to cart without a
 * choice is refused at the choice, which takes the focus), and the cart holds "Line-up T-shirt – M".
 * A variant changes what the shop sells, so this file serves a demo shop of its own.
 */
describe('merchandise variants', () => {
  const browser = useBrowser();
  let shop: Shop | undefined;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    const own = await startOwnShop({ appSecret: 'variants-journey-secret-of-at-least-32-characters' });
    shop = { ...own, staff: await prepareStaff(own.database.db) };
    ({ page, errors } = await openPageOn(browser(), shop.base, { allowRefusals: true }));
    await signInAs(page, shop.staff.admin);
  }, 120_000);

  afterAll(async () => {
    await stopOwnShop(shop);
  });

  const addVariant = async (code: string, label: string, stock: string) => {
    const card = page.getByRole('article', { name: TEE, exact: true });
    await card.getByRole('button', { name: english(variantTextsInCatalogue.addLabel({ name: TEE })) }).click();
    const dialog = page.getByRole('dialog', { name: english(variantTextsInCatalogue.addLabel({ name: TEE })) });
    await dialog.waitFor();
    await dialog.getByLabel(variantTexts.code).fill(code);
    // The label in the shop's default language (the dialog has one for each other language too).
    await dialog.getByLabel(new RegExp(`^${variantTexts.label}(?! in )`)).fill(label);
    await dialog.getByLabel(english(variantTextsInCatalogue.labelIn({ language: 'Deutsch' }))).fill(`${label} (de)`);
    await dialog.getByLabel(variantTexts.stock).fill(stock);
    await dialog.getByRole('button', { name: variantTexts.save, exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('article', { name: `${TEE} – ${label}` }).waitFor();
  };

  it('adds sizes to a T-shirt on the catalogue page, each a card under it with its stock', async () => {
    await page.getByRole('navigation', { name: staffTexts.shell.nav }).getByRole('link', { name: 'Catalogue' }).click();
    await page.waitForURL((url) => url.pathname === '/staff/catalogue');
    await addVariant('NWF27-TEE-LINEUP-M', 'M', '3');
    await addVariant('NWF27-TEE-LINEUP-L', 'L', '');
    await addVariant('NWF27-TEE-LINEUP-XL', 'XL', '0');
    const medium = page.getByRole('article', { name: `${TEE} – M` });
    expect(await medium.textContent()).toContain(english(variantTextsInCatalogue.variantOf({ group: 'NWF27-TEE-LINEUP', label: 'M' })));
    // The T-shirt's own stock of 400 gave way to its sizes': the card and the editor say so, and offer no stock of its own.
    const group = page.getByRole('article', { name: TEE, exact: true });
    expect(await group.textContent()).toContain(staffTexts.catalogue.perVariant);
    await group.getByRole('button', { name: staffTexts.catalogue.editLabel(TEE) }).click();
    const editor = page.getByRole('dialog');
    await editor.getByText(english(staffVariantMessages.groupStock)).waitFor();
    expect(await editor.getByLabel(staffTexts.catalogue.stockField, { exact: true }).count()).toBe(0);
    await editor.getByRole('button', { name: staffTexts.catalogue.close, exact: true }).click();
    await editor.waitFor({ state: 'detached' });
    await expectNoAxeViolations(page);
  });

  it('asks the buyer for a size, a sold-out one disabled, and adds the chosen one', async () => {
    await page.goto('/merchandise/NWF27-TEE-LINEUP');
    await page.getByRole('heading', { level: 1, name: TEE }).waitFor();
    const choice = page.getByRole('group', { name: 'Size or variant' });
    expect(await choice.getByRole('radio', { name: /^XL/ }).isDisabled()).toBe(true);
    expect(await choice.getByRole('radio', { name: /^M/ }).isEnabled()).toBe(true);
    expect(await choice.getByText('(3 left)').count()).toBe(1);
    // Two sizes in stock: none is chosen for the buyer.
    expect(await choice.getByRole('radio', { checked: true }).count()).toBe(0);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.locator('#product-variants-error').getByText('Choose a size or variant first.').waitFor();
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBeTruthy();
    expect(await choice.getAttribute('aria-describedby')).toBe('product-variants-error');

    await choice.getByRole('radio', { name: /^M/ }).check();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => page.locator('#cart-count').textContent()).toBe('1');
    if (!(await page.locator('#cart-panel').isVisible())) await page.locator('#cart-button').click();
    await page.locator('#cart-panel').getByText(`${TEE} – M`).waitFor();
    expect(errors).toEqual([]);
  });
});
