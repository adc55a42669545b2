import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createTranslator, type Catalogue } from '@festival/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../apps/server/src/env';
import { messages } from '../packages/contract/src/messages';
import { staffTexts } from '../apps/web/src/staff/texts';
import { scanTexts } from '../apps/web/src/scan/scan.messages';
import { expectNoAxeViolations, openPageOn, useBrowser } from './support/browser';
import { signedInCustomer, startOwnShop, stopOwnShop, type OwnShop } from './support/own-shop';
import { prepareStaff, signInAs } from './support/staff-setup';

/**
 * Every buyer in their own language (issue 36): a shop that speaks Arabic draws its pages right to
 * left, on a phone with nothing pushed off the side; the back office and the scanner follow the
 * language chosen with the back office's switcher.
 */
const french = createTranslator('fr', JSON.parse(readFileSync(path.join(REPO_ROOT, 'packages/contract/lang/fr.json'), 'utf8')) as Catalogue);
const arabic = createTranslator('ar', JSON.parse(readFileSync(path.join(REPO_ROOT, 'packages/contract/lang/ar.json'), 'utf8')) as Catalogue);

describe('right to left, and the staff apps’ language', () => {
  const browser = useBrowser();
  let shop: OwnShop;
  let staff: Awaited<ReturnType<typeof prepareStaff>>;
  beforeAll(async () => {
    shop = await startOwnShop({ appSecret: 'right-to-left-journey-secret-of-32-characters', config: { languages: ['en', 'ar', 'de', 'fr'] } });
    staff = await prepareStaff(shop.database.db);
  });
  afterAll(async () => {
    await stopOwnShop(shop);
  });

  it('draws the portal in Arabic right to left on a phone, nothing wider than the screen, and accessible', async () => {
    const token = await signedInCustomer(shop, 'Rana');
    const { page, errors } = await openPageOn(browser(), shop.base, { viewport: { width: 390, height: 844 } });
    await page.addInitScript((kept) => localStorage.setItem('shop.token', kept), token);
    await page.goto('/portal?lang=ar');
    await page.locator('main h1').waitFor();
    // The switcher, in the page's language, names Arabic in Arabic.
    await page.getByRole('combobox', { name: arabic.format(messages.language.label) }).waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir, getComputedStyle(document.body).direction])).toEqual(['ar', 'rtl', 'rtl']);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });

  it('switches the back office to French with its switcher, keeps the choice, and the scanner follows it', async () => {
    // The back office asks who is signed in before anyone is: its 401 is not an error.
    const { page, errors } = await openPageOn(browser(), shop.base, { allowRefusals: true });
    await signInAs(page, staff.admin);
    const switcher = page.getByRole('combobox', { name: 'Language' });
    expect(await switcher.locator('option').evaluateAll((options) => options.map((option) => `${option.getAttribute('lang')} ${option.textContent}`))).toEqual(['en English', 'ar العربية', 'de Deutsch', 'fr Français']);
    // By keyboard: the switcher takes the focus, and End chooses its last language, French.
    await switcher.focus();
    await page.keyboard.press('End');
    const signOut = page.getByRole('button', { name: french.format(staffTexts.shell.signOut) });
    await signOut.waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['fr', 'ltr']);
    await expectNoAxeViolations(page);
    // The server sends the next page in the kept language, and the scanner too.
    await page.reload();
    await signOut.waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    await page.goto('/scan/');
    await page.getByRole('heading', { name: french.format(scanTexts.signIn.title) }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    expect(errors).toEqual([]);
  });
});
