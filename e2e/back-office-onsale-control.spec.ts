import type { Page } from 'playwright-core';
import { customers, sessions } from '../apps/server/src/db/schema';
import { hashToken } from '../apps/server/src/modules/accounts/session.service';
import { NL_ADDRESS } from '../apps/server/test/shop-flows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onsaleRuleMessages } from '../packages/contract/src/onsale-rules';
import { staffOnsaleMessages } from '../packages/contract/src/staff-onsales';
import { english, englishOf } from '../packages/contract/src/i18n/english';
import { staffTexts as staffTextsInCatalogue } from '../apps/web/src/staff/texts';
import { expectNoAxeViolations, openPageOn, useBrowser } from './support/browser';
import { startOwnShop, stopOwnShop, type OwnShop } from './support/own-shop';
import { prepareStaff, signInAs } from './support/staff-setup';
import { screenshot } from './support/screenshots';

/** The back office's texts as the journeys read them: in English, the pages' language. */
const staffTexts = englishOf(staffTextsInCatalogue);
const texts = staffTexts.onsales;

/**
 * An on-sale made and steered in the browser (issue 37 point 6, decision 0098), in Chromium against
 * the real server, at 1280 and 768 px: an admin makes a new on-sale in the dialog (refused beside
 * the products when a room already guards one of them, in the importer's words), sees it on its
 * card as made here, then opens it now, pauses and resumes its admissions and closes it, each after
 * a confirmation that says what it does; axe on every step. Screenshots at 390 and 1280 px and in
 * Arabic (SCREENSHOT_DIR).
 */

const card = (page: Page, code: string) => page.getByRole('article', { name: new RegExp(`^${code} · `) });
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
/** Tomorrow at 10:00 on the event's clock, as the datetime-local field takes it. */
const tomorrowAtTen = () => `${new Date(Date.now() + 24 * 3_600_000).toISOString().slice(0, 10)}T10:00`;

describe.each([1280, 768])('an on-sale made and steered in the back office at %i px', (width) => {
  const browser = useBrowser();
  let shop: (OwnShop & { staff: Awaited<ReturnType<typeof prepareStaff>> }) | undefined;
  let page: Page;
  let errors: string[];
  const code = `WEB-${width}`;

  beforeAll(async () => {
    const own = await startOwnShop({
      appSecret: 'back-office-onsale-control-journey-secret-of-32-chars',
      // A room over the tote already: a new on-sale may not guard it at the same time.
      onsales: [`{ code: TOTE-ROOM, event: NWF27, opens_at: "2099-01-01T10:00:00Z", room_opens_minutes_before: 1440, products: [NWF27-TOTE], admission: { rate_per_minute: 60 } }`],
      app: { admissionStepIntervalMs: 3_600_000 },
    });
    shop = { ...own, staff: await prepareStaff(own.database.db) };
    ({ page, errors } = await openPageOn(browser(), shop.base, { viewport: { width, height: 900 }, allowRefusals: true }));
    await signInAs(page, shop.staff.admin);
    await page.getByRole('navigation', { name: staffTexts.shell.nav }).getByRole('link', { name: 'On-sales' }).click();
    await page.getByRole('heading', { level: 1, name: texts.title }).waitFor();
  }, 120_000);

  afterAll(async () => {
    await stopOwnShop(shop);
  });

  it('makes an on-sale in the dialog with the importer’s rules, refused beside its field first', async () => {
    await page.getByRole('button', { name: texts.newOnsale }).click();
    const dialog = page.getByRole('dialog', { name: texts.createTitle });
    await dialog.waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByLabel(texts.codeField, { exact: true }).fill(code);
    await dialog.getByRole('checkbox', { name: /NWF27-POSTER/ }).check();
    await dialog.getByRole('checkbox', { name: /NWF27-TOTE/ }).check();
    await dialog.getByLabel(texts.opensField('Europe/Amsterdam')).fill(tomorrowAtTen());
    await dialog.getByLabel(texts.limitRate, { exact: true }).fill('300');
    await screenshot(page, `back-office-onsale-new-${width}.png`);
    await dialog.getByRole('button', { name: texts.save }).click();
    // The shop's rule across on-sales, in the importer's words, beside the products.
    await dialog.getByText(english(onsaleRuleMessages.roomClash('NWF27-TOTE', 'TOTE-ROOM'))).waitFor();
    expect(await dialog.getByRole('checkbox', { name: /NWF27-TOTE/ }).getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page);

    await dialog.getByRole('checkbox', { name: /NWF27-TOTE/ }).uncheck();
    await dialog.getByRole('button', { name: texts.save }).click();
    await dialog.waitFor({ state: 'detached' });
    const made = card(page, code);
    await made.getByRole('status').getByText(english(staffOnsaleMessages.created)).waitFor();
    const words = await made.innerText();
    for (const part of [texts.states['not-yet-open'], texts.madeHere, texts.rate(300), 'NWF27-POSTER']) expect(words).toContain(part);
    expect(words).not.toContain('NWF27-TOTE');
    await expectNoAxeViolations(page);
  }, 60_000);

  it('gives a preview link before the opening, which the admin’s own shop account follows through the waiting room to the sale’s product', async () => {
    const made = card(page, code);
    await made.getByRole('button', { name: texts.previewLabel(code) }).click();
    const dialog = page.getByRole('dialog', { name: texts.previewTitle(code) });
    await dialog.waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, `back-office-onsale-preview-${width}.png`);
    const href = await dialog.getByRole('link', { name: texts.previewOpen }).getAttribute('href');
    expect(href).toMatch(new RegExp(`^/waiting-room/${code}\\?preview=`));
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // The admin's own shop account (the staff member's e-mail address) opens it.
    const [customer] = await shop!.database.db.insert(customers).values({ email: shop!.staff.admin.email, fullName: 'Anna de Vries', passwordHash: 'x', country: 'NL', address: NL_ADDRESS }).onConflictDoNothing().returning();
    const token = `preview-journey-${width}`;
    if (customer) await shop!.database.db.insert(sessions).values({ customerId: customer.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
    const { page: buyer, errors: buyerErrors } = await openPageOn(browser(), shop!.base, { viewport: { width, height: 900 } });
    await buyer.addInitScript((kept) => localStorage.setItem('shop.token', kept), token);
    await buyer.goto(href!);
    await buyer.waitForURL((url) => url.pathname === '/merchandise/NWF27-POSTER');
    await expectNoAxeViolations(buyer);
    expect(buyerErrors).toEqual([]);
    await buyer.context().close();
  }, 60_000);

  it('opens it now, pauses and resumes its admissions and closes it, each after asking', async () => {
    const made = card(page, code);
    const act = async (action: 'open-now' | 'pause' | 'resume' | 'close', done: string, state: string) => {
      await made.getByRole('button', { name: texts.actionLabel(texts.actions[action], code) }).click();
      const confirm = page.getByRole('dialog', { name: texts.actionLabel(texts.actions[action], code) });
      await confirm.getByText(texts.questions[action](code)).waitFor();
      await expectNoAxeViolations(page);
      if (action === 'close') await screenshot(page, `back-office-onsale-close-question-${width}.png`);
      await confirm.getByRole('button', { name: texts.actions[action] }).click();
      await confirm.waitFor({ state: 'detached' });
      await made.getByRole('status').getByText(done).waitFor();
      await made.getByText(state, { exact: true }).waitFor();
      await expectNoAxeViolations(page);
    };
    // Cancel asks nothing of the shop.
    await made.getByRole('button', { name: texts.actionLabel(texts.actions.pause, code) }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await made.getByText(texts.states['not-yet-open'], { exact: true }).waitFor();

    await act('open-now', english(staffOnsaleMessages.opened), texts.states.admitting);
    expect(await made.getByRole('button', { name: texts.actionLabel(texts.actions['open-now'], code) }).count()).toBe(0);
    await act('pause', english(staffOnsaleMessages.paused), texts.states.paused);
    await made.locator('.alert--warning').waitFor();
    await screenshot(page, `back-office-onsale-paused-${width}.png`, { fullPage: true });
    await act('resume', english(staffOnsaleMessages.resumed), texts.states.admitting);
    await act('close', english(staffOnsaleMessages.closed), texts.states.closed);
    // Closed: nothing more to do with it.
    for (const action of ['open-now', 'pause', 'resume', 'close'] as const) {
      expect(await made.getByRole('button', { name: texts.actionLabel(texts.actions[action], code) }).count()).toBe(0);
    }
    expect(await fitsWidth(page)).toBe(true);
  }, 60_000);

  it('fits a phone, and reads right to left in Arabic (screenshots)', async () => {
    if (width === 1280) {
      await screenshot(page, 'back-office-onsale-control-1280.png', { fullPage: true });
      await page.getByRole('combobox', { name: 'Language' }).selectOption('ar');
      await page.waitForFunction(() => document.documentElement.dir === 'rtl');
      await card(page, 'TOTE-ROOM').waitFor();
      expect(await fitsWidth(page)).toBe(true);
      await expectNoAxeViolations(page);
      await screenshot(page, 'back-office-onsale-control-ar-1280.png', { fullPage: true });
      await page.getByRole('combobox').first().selectOption('en');
      await page.waitForFunction(() => document.documentElement.dir === 'ltr');
    } else {
      await page.setViewportSize({ width: 390, height: 900 });
      await page.waitForTimeout(200);
      expect(await fitsWidth(page), 'fits 390 px').toBe(true);
      await screenshot(page, 'back-office-onsale-control-390.png', { fullPage: true });
      await page.getByRole('button', { name: texts.newOnsale }).click();
      const dialog = page.getByRole('dialog', { name: texts.createTitle });
      await dialog.waitFor();
      expect(await fitsWidth(page), 'the dialog fits 390 px').toBe(true);
      await screenshot(page, 'back-office-onsale-new-390.png');
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);
});
