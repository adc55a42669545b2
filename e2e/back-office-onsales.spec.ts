import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onsales } from '../apps/server/src/db/schema';
import { staffOnsaleMessages } from '../packages/contract/src/staff-onsales';
import { formatInZone } from '../apps/web/src/staff/catalogue-page';
import { english, englishOf } from '../packages/contract/src/i18n/english';
import { staffTexts as staffTextsInCatalogue } from '../apps/web/src/staff/texts';
import { expectNoAxeViolations, openPageOn, useBrowser } from './support/browser';
import { joinQueue, signedInCustomer, startOwnShop, stopOwnShop, type OwnShop } from './support/own-shop';
import { prepareStaff, signInAs } from './support/staff-setup';
import { screenshot } from './support/screenshots';

/** The back office's texts as the journeys read them: in English, the pages' language. */
const staffTexts = englishOf(staffTextsInCatalogue);

/**
 * The back office's on-sales (issue 23 points 1 and 6) in Chromium against the real server: an
 * admin reads an on-sale's state, times and products and its queue's live figures (a queue built
 * here: customers join through `queue-join`, the server's admission steps let them in), which the
 * page refreshes by itself; changes the admission rate in the edit dialog and sees the next step
 * admit by it; is refused an invalid rate beside its field in the catalogue file's words, and the
 * shop's refusal to move an opening that has passed. A box office member reads the figures
 * without an Edit button. Screenshots at 390 and 1280 px (SCREENSHOT_DIR, or
 * festival-e2e-screenshots in the temporary directory).
 *
 * On-sales gate the stock calls of their products, so this file serves a demo shop of its own.
 */

const texts = staffTexts.onsales;
const ZONE = 'Europe/Amsterdam';

interface Shop extends OwnShop {
  staff: Awaited<ReturnType<typeof prepareStaff>>;
}

async function startShop(): Promise<Shop> {
  const shop = await startOwnShop({
    appSecret: 'back-office-onsales-journey-secret-of-32-characters',
    onsales: [
      `{ code: LIVE, event: NWF27, opens_at: "2020-01-01T10:00:00Z", products: [NWF27-WEEKEND, NWF27-TOTE], admission: { rate_per_minute: 2 } }`,
      `{ code: LATER, event: NWF27, opens_at: "2099-01-01T10:00:00Z", room_opens_minutes_before: 60, closes_at: "2099-01-02T10:00:00Z", products: [NWF27-DAY-SAT], admission: { max_active: 500 }, session_minutes: 30 }`,
    ],
    // The journey steps the room itself, so it knows how many are in.
    app: { admissionStepIntervalMs: 3_600_000, queueJoinLimits: { perAddress: 0, perNetwork: 0 } },
  });
  return { ...shop, staff: await prepareStaff(shop.database.db) };
}

const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const card = (page: Page, code: string) => page.getByRole('article', { name: new RegExp(`^${code} · `) });
/** A live figure's value, by its label. */
const figure = (page: Page, code: string, label: string) => card(page, code).locator('.staff-dash-figure', { has: page.locator('.staff-dash-figure__label', { hasText: new RegExp(`^${label}$`) }) }).locator('.staff-dash-figure__value');

describe('the back office’s on-sales', () => {
  const browser = useBrowser();
  let shop: Shop | undefined;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    shop = await startShop();
    for (let index = 0; index < 6; index += 1) await joinQueue(shop, await signedInCustomer(shop, `Queue ${index}`), 'LIVE');
    // Two a minute, credited for at most a minute: the first step lets two in.
    await shop.app.waitingRoom.stepAll();
    ({ page, errors } = await openPageOn(browser(), shop.base, { allowRefusals: true }));
    await signInAs(page, shop.staff.admin);
  }, 120_000);

  afterAll(async () => {
    await stopOwnShop(shop);
  });

  it('shows each on-sale’s state, times, products and its queue’s live figures', async () => {
    await page.getByRole('navigation', { name: staffTexts.shell.nav }).getByRole('link', { name: 'On-sales' }).click();
    await page.waitForURL((url) => url.pathname === '/staff/onsales');
    await page.getByRole('heading', { level: 1, name: texts.title }).waitFor();
    await page.getByText(texts.fileNote).first().waitFor();
    const live = card(page, 'LIVE');
    await live.getByText(texts.states.admitting).waitFor();
    expect(await figure(page, 'LIVE', texts.places).innerText()).toBe('6');
    expect(await figure(page, 'LIVE', texts.waiting).innerText()).toBe('4');
    expect(await figure(page, 'LIVE', texts.admitted).innerText()).toBe('2');
    const facts = await live.innerText();
    for (const part of [texts.rate(2), texts.untilSoldOut, 'NWF27-WEEKEND', 'NWF27-TOTE', texts.productWords(null, 0, 0)]) expect(facts).toContain(part);
    const later = await card(page, 'LATER').innerText();
    const locale = await page.evaluate(() => navigator.language || 'en-GB');
    for (const part of [texts.states['not-yet-open'], texts.cap(500), formatInZone('2099-01-01T10:00:00Z', ZONE, locale), formatInZone('2099-01-01T09:00:00Z', ZONE, locale), texts.minutes(30)]) expect(later).toContain(part);
    await expectNoAxeViolations(page);
  });

  it('changes the admission rate in the dialog, refuses what the file and the shop refuse beside its field, and the figures follow the next step by themselves', async () => {
    const live = card(page, 'LIVE');
    await live.getByRole('button', { name: texts.editLabel('LIVE') }).click();
    const dialog = page.getByRole('dialog', { name: texts.editTitle('LIVE') });
    await dialog.waitFor();
    const limit = dialog.getByLabel(texts.limitRate, { exact: true });
    expect(await limit.inputValue()).toBe('2');
    await expectNoAxeViolations(page);

    // The catalogue file's rule, in its words, beside the field (checked in the browser first).
    await limit.fill('0');
    await dialog.getByRole('button', { name: texts.save }).click();
    await dialog.getByText(`${texts.limitRate} must be a whole number from 1 to 1000000.`).waitFor();
    expect(await limit.getAttribute('aria-invalid')).toBe('true');
    expect(await limit.evaluate((element) => element === document.activeElement)).toBe(true);
    await expectNoAxeViolations(page);

    // What only the shop knows: the opening has passed, so it no longer moves.
    await limit.fill('4');
    const opens = dialog.getByLabel(texts.opensField(ZONE));
    await opens.fill('2099-06-01T10:00');
    await dialog.getByRole('button', { name: texts.save }).click();
    await dialog.getByText(english(staffOnsaleMessages.openingPassed)).waitFor();
    expect(await opens.getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page);
    await screenshot(page, 'back-office-onsales-dialog-1280.png');

    await opens.fill('2020-01-01T11:00');
    await dialog.getByRole('button', { name: texts.save }).click();
    await dialog.waitFor({ state: 'detached' });
    await live.getByRole('status').getByText(english(staffOnsaleMessages.saved)).waitFor();
    expect(await live.innerText()).toContain(texts.rate(4));
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(texts.editLabel('LIVE'));

    // The next step is credited a minute at the new rate: the four waiting come in, and the page shows it by itself.
    await shop!.database.db.update(onsales).set({ lastStepAt: new Date(Date.now() - 60_000) }).where(eq(onsales.code, 'LIVE'));
    await shop!.app.waitingRoom.stepAll();
    await figure(page, 'LIVE', texts.admitted).getByText('6', { exact: true }).waitFor({ timeout: 15_000 });
    expect(await figure(page, 'LIVE', texts.waiting).innerText()).toBe('0');
    await expectNoAxeViolations(page);
  }, 60_000);

  it('switches the room to a self-steering rate, and shows the rate it admits at and why', async () => {
    const live = card(page, 'LIVE');
    await live.getByRole('button', { name: texts.editLabel('LIVE') }).click();
    const dialog = page.getByRole('dialog', { name: texts.editTitle('LIVE') });
    await dialog.waitFor();
    await dialog.getByLabel(texts.modeSteer).check();
    await dialog.getByLabel(texts.steerMinField).fill('50');
    await dialog.getByLabel(texts.steerMaxField).fill('10');
    await dialog.getByRole('button', { name: texts.save }).click();
    // The minimum over the maximum: refused beside the minimum, in the file's words.
    await dialog.getByText(`${texts.steerMinField} must not be more than max_per_minute.`).waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByLabel(texts.steerMinField).fill('1');
    await dialog.getByLabel(texts.steerTargetField).fill('200');
    await dialog.getByRole('button', { name: texts.save }).click();
    await dialog.waitFor({ state: 'detached' });
    await live.getByText(texts.steer(1, 10, 200)).waitFor();
    expect(await figure(page, 'LIVE', texts.steeringNow).innerText()).toBe(texts.steeringStarts);
    // The room's next step starts at the maximum, and the page says so by itself.
    await shop!.app.waitingRoom.stepAll();
    await figure(page, 'LIVE', texts.steeringNow).getByText('10', { exact: true }).waitFor({ timeout: 15_000 });
    await live.getByText('10 a minute: the starting rate').waitFor();
    await expectNoAxeViolations(page);
  }, 60_000);

  it('fits a phone and a wide screen (screenshots at 390 and 1280 px)', async () => {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(200);
      expect(await fitsWidth(page), `fits ${width} px`).toBe(true);
      await screenshot(page, `back-office-onsales-${width}.png`, { fullPage: true });
    }
    await page.setViewportSize({ width: 390, height: 900 });
    await card(page, 'LIVE').getByRole('button', { name: texts.editLabel('LIVE') }).click();
    const dialog = page.getByRole('dialog', { name: texts.editTitle('LIVE') });
    await dialog.waitFor();
    expect(await fitsWidth(page), 'the dialog fits 390 px').toBe(true);
    await screenshot(page, 'back-office-onsales-dialog-390.png');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows a box office member the figures without an Edit button', async () => {
    const { page: desk, errors: deskErrors } = await openPageOn(browser(), shop!.base, { viewport: { width: 1024, height: 768 }, allowRefusals: true });
    await signInAs(desk, shop!.staff.boxOffice);
    await desk.getByRole('navigation', { name: staffTexts.shell.nav }).getByRole('link', { name: 'On-sales' }).click();
    await card(desk, 'LIVE').waitFor();
    expect(await figure(desk, 'LIVE', texts.admitted).innerText()).toBe('6');
    expect(await desk.getByRole('button', { name: texts.editLabel('LIVE') }).count()).toBe(0);
    await expectNoAxeViolations(desk);
    expect(deskErrors).toEqual([]);
    await desk.context().close();
  });
});
