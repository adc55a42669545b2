import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffCatalogueMessages } from '../packages/contract/src/staff-catalogue';
import { staffCheckinListMessages } from '../packages/contract/src/staff-checkin-lists';
import { staffRateMessages } from '../packages/contract/src/staff-rates';
import { staffVoucherMessages } from '../packages/contract/src/staff-vouchers';
import { questionEditorTexts } from '../packages/contract/src/staff-questions';
import { english, englishOf } from '../packages/contract/src/i18n/english';
import { staffTexts as staffTextsInCatalogue } from '../apps/web/src/staff/texts';
import { itemFormTexts } from '../apps/web/src/staff/catalogue/item-form';
import { variantTexts as variantTextsInCatalogue } from '../apps/web/src/staff/catalogue/variant-form';
import { productTexts } from '../apps/web/src/features/shop/product.messages';
import { registerAndLogIn } from './support/accounts';
import { expectNoAxeViolations, openPageOn, useBrowser } from './support/browser';
import { checkOutToGateway, CARD_PAYS } from './support/checkout';
import { startOwnShop, stopOwnShop, type OwnShop } from './support/own-shop';
import { screenshot } from './support/screenshots';
import { prepareStaff, signInAs } from './support/staff-setup';

/** The back office's texts as the journeys read them: in English, the pages' language. */
const staffTexts = englishOf(staffTextsInCatalogue);
const itemTexts = englishOf(itemFormTexts);
const variantTexts = englishOf(variantTextsInCatalogue);
const nav = staffTexts.shell.nav;

const ZONE = 'Europe/Amsterdam';
const EVENT = { code: 'FSF28', name: 'Fresh Start Festival 2028' };
const PASS = { code: 'FSF28-PASS', name: 'Weekend pass' };
const SHUTTLE = { code: 'FSF28-SHUTTLE', name: 'Shuttle from Utrecht' };
const TEE = { code: 'FSF28-TEE', name: 'Festival T-shirt' };
const BANNER = `${EVENT.name} · 14-16 July · by the lake`;

/**
 * Issue 37's whole workshop in Chromium against the real server, from a shop with nothing in it
 * (no catalogue file): an organiser makes a tax rate and a shipping rate, an event with its time zone and start,
 * an entry ticket with an early-bird tier, a shuttle with two departures and their seats, a T-shirt
 * in sizes S, M and L, a voucher,
 * a guest list, a check-in list with the ticket and a scanner (its code shown once); then a
 * customer in a browser of their own finds the ticket at its early-bird price with what comes
 * next, buys it, a shuttle seat and a T-shirt in M, uses the voucher, pays by card and reads the order. Every
 * screen is checked with axe (1280 px, and 768 px where the layout changes) and photographed when
 * SCREENSHOT_DIR is set. A shop of its own: everything it makes is the shop's.
 */
interface Shop extends OwnShop {
  staff: Awaited<ReturnType<typeof prepareStaff>>;
}

/** The row of a table whose cell reads `text` exactly. */
const row = (scope: Page | Locator, text: string) => {
  const page = 'page' in scope && typeof scope.page === 'function' ? (scope as Locator).page() : (scope as Page);
  return scope.getByRole('row').filter({ has: page.getByText(text, { exact: true }) });
};

/** axe at 1280 px and at 768 px, and a screenshot at each when they are asked for. */
async function lookAt(page: Page, name: string): Promise<void> {
  await expectNoAxeViolations(page);
  await screenshot(page, `festival-${name}-1280.png`, { fullPage: true });
  await page.setViewportSize({ width: 768, height: 1024 });
  await expectNoAxeViolations(page);
  await screenshot(page, `festival-${name}-768.png`, { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * The organiser's own configuration, as docs/own-shop.md has them make it: the demo's copied and
 * made theirs (its festival's name everywhere, its own banner), so nothing of the demo festival
 * shows in the shop they build.
 */
const ownConfiguration = <T,>(demo: T): T => {
  const theirs = JSON.parse(JSON.stringify(demo).replaceAll('Northwind Festival 2027', EVENT.name).replaceAll('Northwind', 'Fresh Start')) as T & {
    texts: { headerBanner?: string | null };
    translations?: Record<string, { texts?: { headerBanner?: string | null } }>;
  };
  theirs.texts.headerBanner = BANNER;
  for (const translation of Object.values(theirs.translations ?? {})) delete translation.texts?.headerBanner;
  return theirs;
};

describe('a festival set up in the browser from an empty shop, and bought', () => {
  const browser = useBrowser();
  let shop: Shop | undefined;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    const own = await startOwnShop({ appSecret: 'festival-from-scratch-journey-secret-of-32-characters', empty: true, configure: ownConfiguration });
    shop = { ...own, staff: await prepareStaff(own.database.db) };
    ({ page, errors } = await openPageOn(browser(), shop.base, { allowRefusals: true }));
    await signInAs(page, shop.staff.admin);
  }, 120_000);

  afterAll(async () => {
    await stopOwnShop(shop);
  });

  it('makes a tax rate and an event', async () => {
    const texts = staffTexts.rates;
    await page.getByRole('navigation', { name: nav }).getByRole('link', { name: texts.title }).click();
    await page.waitForURL((url) => url.pathname === '/staff/rates');
    await page.getByRole('heading', { level: 1, name: texts.title }).waitFor();
    await page.getByRole('button', { name: texts.newTax }).click();
    const dialog = page.getByRole('dialog', { name: texts.newTaxTitle });
    await dialog.waitFor();
    await dialog.getByLabel(texts.codeField, { exact: true }).fill('standard');
    await dialog.getByLabel(texts.taxNameField, { exact: true }).fill('VAT 21%');
    await dialog.getByLabel(texts.rateField, { exact: true }).fill('21');
    await expectNoAxeViolations(page);
    await screenshot(page, 'festival-rate-dialog-1280.png');
    await dialog.getByRole('button', { name: texts.save }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(english(staffRateMessages.taxCreated('standard'))).waitFor();
    await row(page.locator('#staff-rates-tax'), 'standard').waitFor();
    // The T-shirt is sent: a shipping rate to the buyer's country.
    await page.getByRole('button', { name: texts.newShipping }).click();
    const shipping = page.getByRole('dialog', { name: texts.newShippingTitle });
    await shipping.waitFor();
    await shipping.getByLabel(texts.countryField, { exact: true }).fill('NL');
    await shipping.getByLabel(texts.shippingNameField, { exact: true }).fill('PostNL');
    await shipping.getByLabel(texts.typeField, { exact: true }).fill('parcel');
    await shipping.getByLabel(texts.priceField('EUR'), { exact: true }).fill('4.95');
    await shipping.getByRole('button', { name: texts.save }).click();
    await shipping.waitFor({ state: 'detached' });
    await page.getByText(english(staffRateMessages.shippingCreated('NL'))).waitFor();
    await lookAt(page, 'rates');

    const events = staffTexts.catalogueEvents;
    await page.getByRole('navigation', { name: nav }).getByRole('link', { name: staffTexts.catalogue.title }).click();
    await page.waitForURL((url) => url.pathname === '/staff/catalogue');
    await page.getByRole('button', { name: events.create }).click();
    const eventDialog = page.getByRole('dialog', { name: events.newTitle });
    await eventDialog.waitFor();
    await eventDialog.getByLabel(events.codeField, { exact: true }).fill(EVENT.code);
    await eventDialog.getByLabel(events.nameField, { exact: true }).fill(EVENT.name);
    await eventDialog.getByLabel(events.timezoneField, { exact: true }).fill(ZONE);
    await eventDialog.getByLabel(events.startsField, { exact: true }).fill('2028-07-14T12:00');
    await expectNoAxeViolations(page);
    await screenshot(page, 'festival-event-dialog-1280.png');
    await eventDialog.getByRole('button', { name: events.save }).click();
    await eventDialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 2, name: EVENT.name }).waitFor();
    await page.getByText(english(staffCatalogueMessages.eventCreated)).first().waitFor();
    await lookAt(page, 'catalogue-event');
  }, 60_000);

  it('makes an entry ticket with an early-bird tier and a shuttle with two departures', async () => {
    const texts = staffTexts.catalogue;
    await page.getByRole('button', { name: itemTexts.newProduct }).click();
    let dialog = page.getByRole('dialog', { name: itemTexts.newProductTitle });
    await dialog.waitFor();
    await dialog.getByLabel(itemTexts.codeField, { exact: true }).fill(PASS.code);
    await dialog.getByLabel(itemTexts.nameField, { exact: true }).fill(PASS.name);
    expect(await dialog.getByLabel(itemTexts.eventField, { exact: true }).inputValue()).toBe(EVENT.code);
    await dialog.getByLabel(itemTexts.kinds.ticket, { exact: true }).check();
    await dialog.getByLabel(itemTexts.priceField, { exact: true }).fill('80.00');
    await dialog.getByLabel(itemTexts.feeField, { exact: true }).fill('0.00');
    await dialog.getByLabel(itemTexts.taxField, { exact: true }).selectOption('standard');
    await dialog.getByLabel(itemTexts.stockField, { exact: true }).fill('500');
    await expectNoAxeViolations(page);
    await screenshot(page, 'festival-ticket-dialog-1280.png');
    await dialog.getByRole('button', { name: itemTexts.save }).click();
    await dialog.waitFor({ state: 'detached' });
    const pass = page.getByRole('article', { name: PASS.name });
    await pass.waitFor();

    // The early bird: 65.00 until 1 March 2099 on the event's clocks, then the price.
    const tiers = texts.tiers;
    await pass.getByRole('button', { name: texts.editLabel(PASS.name) }).click();
    dialog = page.getByRole('dialog', { name: texts.editTitle(PASS.name) });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: tiers.add }).click();
    const tier = dialog.getByRole('listitem', { name: tiers.tier(1) });
    await tier.getByLabel(tiers.price(1, 'EUR')).fill('65.00');
    await tier.getByLabel(tiers.until(ZONE)).fill('2099-03-01T00:00');
    await expectNoAxeViolations(page);
    await screenshot(page, 'festival-ticket-tiers-1280.png');
    await dialog.getByRole('button', { name: texts.save }).click();
    await pass.getByRole('status').getByText(english(staffCatalogueMessages.saved)).waitFor();
    expect(await pass.innerText()).toContain(tiers.legend);
    // Made here, not by a catalogue file: no file to hand it back to, though it was changed here.
    expect(await pass.innerText()).toContain(texts.madeHere);
    expect(await pass.getByRole('button', { name: texts.handBackLabel(PASS.name) }).count()).toBe(0);

    // A required question to the pass's buyers (decision 0106): the shop's personalise step asks it.
    const questions = englishOf(questionEditorTexts);
    await pass.getByText(questions.summary, { exact: true }).click();
    await pass.getByRole('button', { name: questions.add }).click();
    dialog = page.getByRole('dialog', { name: questions.newTitle });
    await dialog.waitFor();
    await dialog.getByLabel(questions.code, { exact: true }).fill('diet');
    await dialog.getByLabel(questions.label, { exact: true }).fill('Dietary needs');
    await dialog.getByLabel(questions.required, { exact: true }).check();
    await expectNoAxeViolations(page);
    await screenshot(page, 'festival-question-dialog-1280.png');
    await dialog.getByRole('button', { name: questions.save }).click();
    await dialog.waitFor({ state: 'detached' });
    await pass.getByText('Dietary needs', { exact: true }).waitFor();

    await page.getByRole('button', { name: itemTexts.newProduct }).click();
    dialog = page.getByRole('dialog', { name: itemTexts.newProductTitle });
    await dialog.waitFor();
    await dialog.getByLabel(itemTexts.codeField, { exact: true }).fill(SHUTTLE.code);
    await dialog.getByLabel(itemTexts.nameField, { exact: true }).fill(SHUTTLE.name);
    await dialog.getByLabel(itemTexts.kinds.transport, { exact: true }).check();
    await dialog.getByLabel(itemTexts.priceField, { exact: true }).fill('12.00');
    await dialog.getByLabel(itemTexts.feeField, { exact: true }).fill('0.00');
    await dialog.getByLabel(itemTexts.taxField, { exact: true }).selectOption('standard');
    await dialog.getByLabel(itemTexts.selectableField, { exact: true }).check();
    await dialog.getByLabel(itemTexts.departureTimeField(1), { exact: true }).fill('2028-07-14T10:00');
    await dialog.getByLabel(itemTexts.seatsField(1), { exact: true }).fill('40');
    await dialog.getByRole('button', { name: itemTexts.addDeparture }).click();
    await dialog.getByLabel(itemTexts.departureTimeField(2), { exact: true }).fill('2028-07-14T16:00');
    await dialog.getByLabel(itemTexts.seatsField(2), { exact: true }).fill('40');
    await expectNoAxeViolations(page);
    await screenshot(page, 'festival-shuttle-dialog-1280.png', { fullPage: true });
    await dialog.getByRole('button', { name: itemTexts.save }).click();
    await dialog.waitFor({ state: 'detached' });
    const shuttle = page.getByRole('article', { name: SHUTTLE.name });
    await shuttle.waitFor();
    await expect.poll(() => shuttle.locator('.staff-cat-departures tbody tr').count()).toBe(2);

    // A T-shirt in three sizes (decision 0104): each size an item of its own under it.
    await page.getByRole('button', { name: itemTexts.newMerchandise }).click();
    dialog = page.getByRole('dialog', { name: itemTexts.newMerchandiseTitle });
    await dialog.waitFor();
    await dialog.getByLabel(itemTexts.codeField, { exact: true }).fill(TEE.code);
    await dialog.getByLabel(itemTexts.nameField, { exact: true }).fill(TEE.name);
    await dialog.getByLabel(itemTexts.typeField, { exact: true }).fill('shirt');
    await dialog.getByLabel(itemTexts.priceField, { exact: true }).fill('25.00');
    await dialog.getByLabel(itemTexts.feeField, { exact: true }).fill('0.00');
    await dialog.getByLabel(itemTexts.taxField, { exact: true }).selectOption('standard');
    await expectNoAxeViolations(page);
    await screenshot(page, 'festival-tee-dialog-1280.png');
    await dialog.getByRole('button', { name: itemTexts.save }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('article', { name: TEE.name, exact: true }).waitFor();
    for (const size of ['S', 'M', 'L']) {
      await page.getByRole('article', { name: TEE.name, exact: true }).getByRole('button', { name: english(variantTextsInCatalogue.addLabel({ name: TEE.name })) }).click();
      dialog = page.getByRole('dialog', { name: english(variantTextsInCatalogue.addLabel({ name: TEE.name })) });
      await dialog.waitFor();
      await dialog.getByLabel(variantTexts.code).fill(`${TEE.code}-${size}`);
      await dialog.getByLabel(new RegExp(`^${variantTexts.label}(?! in )`)).fill(size);
      await dialog.getByLabel(variantTexts.stock).fill('50');
      if (size === 'S') {
        await expectNoAxeViolations(page);
        await screenshot(page, 'festival-tee-variant-dialog-1280.png');
      }
      await dialog.getByRole('button', { name: variantTexts.save, exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('article', { name: `${TEE.name} – ${size}` }).waitFor();
    }
    await lookAt(page, 'catalogue-items');
  }, 90_000);

  it('makes a voucher, a guest list, a check-in list with the ticket and a scanner', async () => {
    const vouchers = staffTexts.vouchers;
    await page.getByRole('navigation', { name: nav }).getByRole('link', { name: vouchers.title }).click();
    await page.waitForURL((url) => url.pathname === '/staff/vouchers');
    await page.getByRole('button', { name: vouchers.create }).click();
    let dialog = page.getByRole('dialog', { name: vouchers.newTitle });
    await dialog.waitFor();
    await dialog.getByLabel(vouchers.codeField, { exact: true }).fill('fresh5');
    await dialog.getByLabel(vouchers.nameField, { exact: true }).fill('Five euros off');
    await dialog.getByLabel(vouchers.kinds.fixed).check();
    await dialog.getByLabel(vouchers.amountField('EUR'), { exact: true }).fill('5.00');
    await expectNoAxeViolations(page);
    await screenshot(page, 'festival-voucher-dialog-1280.png');
    await dialog.getByRole('button', { name: vouchers.save }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(english(staffVoucherMessages.created('FRESH5'))).waitFor();
    expect(await row(page, 'FRESH5').innerText()).toContain(vouchers.states.live);
    await lookAt(page, 'vouchers');

    const guests = staffTexts.guests;
    await page.getByRole('navigation', { name: nav }).getByRole('link', { name: guests.title }).click();
    await page.waitForURL((url) => url.pathname === '/staff/guests');
    await page.getByLabel(guests.listName, { exact: true }).fill('Crew');
    await page.getByRole('button', { name: guests.createList }).click();
    await page.getByRole('heading', { level: 2, name: 'Crew' }).waitFor();
    const form = page.locator('#staff-guests-issue');
    const ticket = form.getByLabel(guests.ticket, { exact: true });
    await ticket.selectOption((await ticket.locator('option', { hasText: PASS.name }).first().getAttribute('value'))!);
    await form.getByLabel(guests.quantity, { exact: true }).fill('1');
    await form.getByLabel(guests.guestName, { exact: true }).fill('Cora Crew');
    await form.getByLabel(guests.guestEmail, { exact: true }).fill('cora.crew@example.org');
    await form.getByLabel(guests.reason, { exact: true }).fill('Stage manager, all days');
    await form.getByRole('button', { name: guests.issue }).click();
    const crew = page.getByRole('region', { name: 'Crew' });
    await crew.getByText(guests.counts(1, 0)).waitFor();
    await lookAt(page, 'guests');

    const lists = staffTexts.checkinLists;
    await page.getByRole('navigation', { name: nav }).getByRole('link', { name: lists.title }).click();
    await page.waitForURL((url) => url.pathname === '/staff/checkin-lists');
    await page.getByRole('button', { name: lists.create, exact: true }).click();
    dialog = page.getByRole('dialog', { name: lists.newTitle });
    await dialog.waitFor();
    await dialog.getByLabel(lists.codeField, { exact: true }).fill('FSF28-ENTRANCE');
    await dialog.getByLabel(lists.nameField, { exact: true }).fill('Main entrance');
    await dialog.getByRole('checkbox', { name: new RegExp(`${PASS.code}$`) }).check();
    await dialog.getByLabel(lists.gatesField, { exact: true }).fill('Main gate');
    await expectNoAxeViolations(page);
    await screenshot(page, 'festival-checkin-list-dialog-1280.png');
    await dialog.getByRole('button', { name: lists.save }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(english(staffCheckinListMessages.created('FSF28-ENTRANCE'))).waitFor();
    const created = await page.getByRole('row').filter({ hasText: 'FSF28-ENTRANCE' }).first().innerText();
    expect(created).toContain(lists.productsCount(1));
    await lookAt(page, 'checkin-lists');

    const scanners = staffTexts.scanners;
    await page.getByRole('navigation', { name: nav }).getByRole('link', { name: scanners.title }).click();
    await page.waitForURL((url) => url.pathname === '/staff/scanners');
    await page.getByRole('region', { name: scanners.addTitle }).getByRole('textbox', { name: new RegExp(`^${scanners.name}`) }).fill('Main gate phone');
    await page.getByRole('button', { name: scanners.add }).click();
    const shown = page.getByRole('status').filter({ hasText: scanners.codeFor('Main gate phone') });
    await shown.waitFor();
    const code = (await shown.locator('code').innerText()).trim();
    expect(code).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
    await lookAt(page, 'scanners');
    await page.reload();
    await row(page, 'Main gate phone').waitFor();
    expect(await page.content()).not.toContain(code);
    expect(errors).toEqual([]);
  }, 90_000);

  it('sells the festival to a customer: the early-bird ticket, a shuttle seat and the voucher, paid by card', async () => {
    const { page: buyer, errors: buyerErrors } = await openPageOn(browser(), shop!.base, { allowRefusals: true });
    await registerAndLogIn(buyer, 'Fenna Festival');
    await buyer.goto('/tickets');
    const card = buyer.locator(`article[data-code="${PASS.code}"]`);
    await card.waitFor();
    // The organiser's shop, not the demo's: its own banner, and no word of the demo festival.
    await buyer.getByText(BANNER).first().waitFor();
    expect(await buyer.locator('body').innerText()).not.toContain('Northwind');
    expect(await card.locator('.product-card__next-price').innerText()).toBe('€15.00 more from 1 Mar 2099');
    await buyer.locator(`article[data-code="${SHUTTLE.code}"]`).waitFor();
    await lookAt(buyer, 'shop-tickets');

    await buyer.goto(`/tickets/${PASS.code}`);
    await buyer.locator('#product-price').waitFor();
    expect(await buyer.locator('#product-price').innerText()).toContain('65.00');
    expect(await buyer.locator('#product-next-price').innerText()).toBe('€15.00 more from 1 Mar 2099');
    await lookAt(buyer, 'shop-ticket');
    await buyer.locator('#add-to-cart').click();
    await buyer.locator('#personalise-modal').waitFor();
    await buyer.locator('#personalise-full-name').fill('Fenna Festival');
    await buyer.locator('#personalise-email').fill('fenna.festival@example.com');
    if (await buyer.locator('#personalise-age').count()) await buyer.locator('#personalise-age').selectOption('25-34');
    // The organiser's required question, refused at its field until answered.
    await buyer.locator('#personalise-confirm').click();
    await expect.poll(() => buyer.locator('#personalise-answer-diet').getAttribute('aria-invalid')).toBe('true');
    await buyer.locator('#personalise-answer-diet').fill('Vegetarian');
    await expectNoAxeViolations(buyer);
    await screenshot(buyer, 'festival-shop-personalise-1280.png');
    await buyer.locator('#personalise-confirm').click();
    await buyer.locator('#personalise-modal').waitFor({ state: 'detached' });

    await buyer.goto(`/tickets/${SHUTTLE.code}`);
    await expect.poll(() => buyer.locator('#travel-times li').count()).toBe(2);
    await lookAt(buyer, 'shop-shuttle');
    await buyer.locator('#add-to-cart').click();
    await buyer.locator('#personalise-modal').waitFor();
    await buyer.locator('#personalise-full-name').fill('Fenna Festival');
    await buyer.locator('#personalise-email').fill('fenna.festival@example.com');
    if (await buyer.locator('#personalise-age').count()) await buyer.locator('#personalise-age').selectOption('25-34');
    const times = buyer.locator('#personalise-travel-time');
    await times.selectOption((await times.locator('option').nth(1).getAttribute('value'))!);
    await buyer.locator('#personalise-confirm').click();
    await buyer.locator('#personalise-modal').waitFor({ state: 'detached' });

    await buyer.goto(`/merchandise/${TEE.code}`);
    await buyer.getByRole('heading', { level: 1, name: TEE.name }).waitFor();
    const sizes = buyer.getByRole('group', { name: english(productTexts.productPage.variant) });
    await sizes.getByRole('radio', { name: /^M/ }).check();
    await lookAt(buyer, 'shop-tee');
    await buyer.locator('#add-to-cart').click();
    await expect.poll(() => buyer.locator('#cart-count').textContent()).toBe('3');

    await buyer.goto('/checkout');
    await buyer.getByText(`${TEE.name} – M`).first().waitFor();
    await buyer.locator('#checkout-voucher').fill('fresh5');
    await buyer.locator('#checkout-voucher-apply').click();
    await expect.poll(() => buyer.locator('#checkout-discount').textContent()).toContain('5.00');
    await lookAt(buyer, 'shop-checkout');
    await checkOutToGateway(buyer);
    // 65.00 + 12.00 + 25.00 − 5.00 off, and 4.95 to send the T-shirt.
    expect(await buyer.locator('#sandbox-amount').textContent()).toContain('101.95');
    await buyer.locator('#sandbox-card').fill(CARD_PAYS);
    await buyer.locator('#sandbox-pay').click();
    await buyer.waitForURL((url) => url.pathname.endsWith('/confirmation'));
    await buyer.locator('#order-paid').waitFor({ timeout: 10_000 });
    const orderCode = /\/portal\/orders\/([A-Z0-9]+)\//.exec(new URL(buyer.url()).pathname)![1]!;
    await lookAt(buyer, 'shop-confirmation');

    await buyer.goto(`/portal/orders/${orderCode}`);
    await buyer.getByText(orderCode).first().waitFor();
    await buyer.getByText(PASS.name).first().waitFor();
    await buyer.getByText(SHUTTLE.name).first().waitFor();
    await buyer.getByText(`${TEE.name} – M`).first().waitFor();
    // The pass's answer, with its question, on the order.
    await buyer.getByText('Dietary needs').first().waitFor();
    await buyer.getByText('Vegetarian', { exact: true }).first().waitFor();
    await lookAt(buyer, 'shop-order');
    expect(buyerErrors).toEqual([]);
    await buyer.context().close();
  }, 90_000);
});
