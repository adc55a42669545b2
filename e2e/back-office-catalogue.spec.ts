import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../apps/server/src/env';
import { PAYLOAD_TEXT_MAX } from '../packages/contract/src/bounds';
import { LOCALE_NAMES, LOCALES } from '../packages/contract/src/i18n/locales';
import { staffCatalogueMessages } from '../packages/contract/src/staff-catalogue';
import { staffAdminMessages } from '../packages/contract/src/staff-accounts';
import { formatInZone } from '../apps/web/src/staff/catalogue-page';
import { itemFormTexts } from '../apps/web/src/staff/catalogue/item-form';
import { formatAmount } from '../apps/web/src/staff/money';
import { english, englishOf } from '../packages/contract/src/i18n/english';
import { staffTexts as staffTextsInCatalogue } from '../apps/web/src/staff/texts';
import { expectNoAxeViolations, openPageOn, useBrowser } from './support/browser';
import { startOwnShop, stopOwnShop, type OwnShop } from './support/own-shop';
import { prepareStaff, signInAs } from './support/staff-setup';

/** The back office's texts as the journeys read them: in English, the pages' language. */
const staffTexts = englishOf(staffTextsInCatalogue);

/**
 * The back office's catalogue (issue 22 point 6) in Chromium against the real server: an admin
 * reads the demo catalogue's items with their stock, edits a product's price and stock (marked as
 * changed here), is refused an invalid value beside its field in the catalogue file's words (and
 * the shop's own refusal of a payment-plan price), changes a departure's seats, uploads a catalogue
 * file with problems and reads them by line, checks and imports a valid one and reads which changes
 * made here it keeps, and hands the items back to the file; edits an event's name per language of
 * the shop (English and German here), which the shop answers in German at once. A box office
 * member has no Catalogue.
 *
 * An import changes the shop for every shopper, so this file serves a demo shop of its own (as the
 * orders journey does): nothing another journey counts on is touched.
 */

const texts = staffTexts.catalogue;
const uploadTexts = texts.upload;
const DEMO_FILE = path.join(REPO_ROOT, 'catalog/demo/catalogue.yaml');
const CAMPING = 'Camping weekend pass';
const SHUTTLE = 'Shuttle bus from Amsterdam Centraal (return)';
const PLAN = 'Weekend ticket (pay in 4)';
const ZONE = 'Europe/Amsterdam';
const EVENT = 'Northwind Festival 2027';

interface Shop extends OwnShop {
  staff: Awaited<ReturnType<typeof prepareStaff>>;
}

async function startShop(): Promise<Shop> {
  // English and German: the texts' dialogs show a language to choose.
  const shop = await startOwnShop({ appSecret: 'back-office-catalogue-journey-secret-of-32-characters', configure: (config) => ({ ...config, languages: [...LOCALES] }) });
  return { ...shop, staff: await prepareStaff(shop.database.db) };
}


const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const item = (page: Page, name: string) => page.getByRole('article', { name });

async function openCatalogue(page: Page) {
  await page.getByRole('navigation', { name: staffTexts.shell.nav }).getByRole('link', { name: 'Catalogue' }).click();
  await page.waitForURL((url) => url.pathname === '/staff/catalogue');
  await page.getByRole('heading', { level: 1, name: texts.title }).waitFor();
  await page.getByRole('heading', { level: 2, name: 'Northwind Festival 2027' }).waitFor();
}

/** Opens an item's edit form; answers the dialog. */
async function openEdit(page: Page, name: string) {
  await item(page, name).getByRole('button', { name: texts.editLabel(name) }).click();
  const dialog = page.getByRole('dialog', { name: texts.editTitle(name) });
  await dialog.waitFor();
  return dialog;
}

describe('the back office’s catalogue', () => {
  const browser = useBrowser();
  let shop: Shop | undefined;
  let page: Page;
  let errors: string[];
  let files: string;
  /** Amounts and times as the page writes them (in the browser's language). */
  let money: (minor: number) => string;
  let at: (iso: string) => string;

  beforeAll(async () => {
    shop = await startShop();
    files = mkdtempSync(path.join(os.tmpdir(), 'festival-e2e-catalogue-'));
    ({ page, errors } = await openPageOn(browser(), shop.base, { allowRefusals: true }));
    await signInAs(page, shop.staff.admin);
    const locale = await page.evaluate(() => navigator.language || 'en-GB');
    money = (minor) => formatAmount(minor, 'EUR', locale);
    at = (iso) => formatInZone(iso, ZONE, locale);
  }, 120_000);

  afterAll(async () => {
    await stopOwnShop(shop);
    if (files) rmSync(files, { recursive: true, force: true });
  });

  it('shows the events’ products and the merchandise with their stock, and saves a product’s new price and stock, marked as changed here', async () => {
    await openCatalogue(page);
    const camping = item(page, CAMPING);
    const facts = await camping.innerText();
    for (const part of ['NWF27-CAMPING', 'camping', `${money(3950)} + ${money(150)} fee`, '2500', texts.sale.selling]) expect(facts).toContain(part);
    expect(await camping.getByText(texts.changedHere, { exact: false }).count()).toBe(0);
    // Merchandise under its own heading; the tote bag has no stock limit.
    await page.getByRole('heading', { level: 2, name: texts.merchandiseTitle }).waitFor();
    expect(await item(page, 'Canvas tote bag').innerText()).toContain(texts.unlimited);
    // The sold-out glamping tent: nothing left.
    expect(await item(page, 'Bell tent for two (glamping)').locator('dd').allInnerTexts()).toEqual(expect.arrayContaining(['0']));
    // The shuttle's departures, on the event's clocks, the 16:00 one without counted seats.
    const departures = item(page, SHUTTLE).getByRole('region', { name: texts.departuresCaption(SHUTTLE) });
    expect(await departures.getByRole('row').count()).toBe(6);
    expect(await departures.getByRole('row', { name: new RegExp(at('2027-06-18T14:00:00Z').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).innerText()).toContain(texts.notCounted);
    await expectNoAxeViolations(page);

    const dialog = await openEdit(page, CAMPING);
    expect(await dialog.getByLabel(texts.moneyField(texts.price, 'EUR')).inputValue()).toBe('39.50');
    expect(await dialog.getByLabel(texts.stockField, { exact: true }).inputValue()).toBe('2500');
    await dialog.getByLabel(texts.saleFrom(ZONE)).waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByLabel(texts.moneyField(texts.price, 'EUR')).fill('42,00');
    await dialog.getByLabel(texts.stockField, { exact: true }).fill('2400');
    await dialog.getByRole('button', { name: texts.save }).click();
    await dialog.waitFor({ state: 'detached' });

    await camping.getByRole('status').getByText(english(staffCatalogueMessages.saved)).waitFor();
    const after = await camping.innerText();
    expect(after).toContain(`${money(4200)} + ${money(150)} fee`);
    expect(after).toContain('2400');
    expect(after).toContain(texts.changedFields('price, stock'));
    // The focus is back on the button that opened the form.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(texts.editLabel(CAMPING));
    await expectNoAxeViolations(page);
  });

  it('refuses an invalid value beside its field, in the catalogue file’s words, and says the shop’s refusal of a payment-plan price', async () => {
    let dialog = await openEdit(page, CAMPING);
    const price = dialog.getByLabel(texts.moneyField(texts.price, 'EUR'));
    await price.fill('-1.00');
    await dialog.getByRole('button', { name: texts.save }).click();
    await dialog.getByText('Price must be from 0.00 to 21474836.47.').waitFor();
    expect(await price.getAttribute('aria-invalid')).toBe('true');
    expect(await price.evaluate((element) => element === document.activeElement)).toBe(true);
    await expectNoAxeViolations(page);

    // A sale that ends before it starts: said under its end, with both fields' names.
    await price.fill('42.00');
    await dialog.getByLabel(texts.saleFrom(ZONE)).fill('2027-06-01T10:00');
    await dialog.getByLabel(texts.saleUntil(ZONE)).fill('2027-05-01T10:00');
    await dialog.getByRole('button', { name: texts.save }).click();
    await dialog.getByText('Sale ends must be later than “Sale starts”.').waitFor();
    expect(await dialog.getByLabel(texts.saleUntil(ZONE)).getAttribute('aria-invalid')).toBe('true');
    expect(await price.getAttribute('aria-invalid')).toBeNull();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: texts.close }).click();
    await dialog.waitFor({ state: 'detached' });

    // The shop refuses a price its payment plan no longer adds up to: said in the form.
    dialog = await openEdit(page, PLAN);
    expect(await dialog.getByText(texts.planNote).count()).toBe(1);
    await dialog.getByLabel(texts.moneyField(texts.price, 'EUR')).fill('200.00');
    await dialog.getByRole('button', { name: texts.save }).click();
    await dialog.getByRole('alert').filter({ hasText: english(staffCatalogueMessages.planMismatch(19300, 20350)) }).waitFor();
    expect(await dialog.getByLabel(texts.moneyField(texts.price, 'EUR')).getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: texts.close }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await item(page, PLAN).innerText()).toContain(`${money(18950)} + ${money(350)} fee`);

    // A payment plan that no longer adds up to price plus fee: refused at the plan, with the rule of the file.
    dialog = await openEdit(page, PLAN);
    expect(await dialog.getByText(english(staffCatalogueMessages.planNewOrders)).count()).toBe(1);
    await dialog.getByLabel(itemFormTexts.amountField(1), { exact: true }).fill('50.00');
    await dialog.getByRole('button', { name: texts.save }).click();
    // At the plan itself (and in the form's alert).
    await dialog.getByRole('group', { name: 'Payment plan' }).getByText('the amounts add up to 19400, but price plus fee is 19300', { exact: false }).waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: texts.close }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('changes a departure’s seats in its row, and stops counting them when emptied', async () => {
    const shuttle = item(page, SHUTTLE);
    const time = at('2027-06-18T14:00:00Z');
    const seats = shuttle.getByLabel(texts.seatsLabel(time));
    expect(await seats.inputValue()).toBe('');
    await seats.fill('-2');
    await shuttle.getByRole('button', { name: texts.changeSeatsLabel(time) }).click();
    await shuttle.getByText(`${texts.seats} must be a whole number from 0 to 2147483647.`).waitFor();
    await seats.fill('80');
    await shuttle.getByRole('button', { name: texts.changeSeatsLabel(time) }).click();
    await shuttle.getByRole('status').getByText(english(staffCatalogueMessages.saved)).waitFor();
    const row = shuttle.getByRole('row', { name: new RegExp(time.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
    expect(await row.innerText()).toContain('80');
    expect(await row.innerText()).toContain(texts.changedHere);
    expect(await shuttle.innerText()).toContain(texts.changedFields(texts.departureSeatsChanged));
    // Emptied: the seats are not counted again; then 70, which the import further on keeps.
    await shuttle.getByLabel(texts.seatsLabel(time)).fill('');
    await shuttle.getByRole('button', { name: texts.changeSeatsLabel(time) }).click();
    await row.getByText(texts.notCounted).waitFor();
    await shuttle.getByLabel(texts.seatsLabel(time)).fill('70');
    await shuttle.getByRole('button', { name: texts.changeSeatsLabel(time) }).click();
    await shuttle.getByRole('status').getByText(english(staffCatalogueMessages.saved)).waitFor();
    await expect.poll(() => row.getByRole('cell').nth(1).innerText()).toBe('70');
    // The focus stays on the button that saved.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(texts.changeSeatsLabel(time));
  });

  it('uploads a file with problems and shows them by line; checks a valid file and reads the changes made here it keeps, then imports it', async () => {
    const upload = page.getByRole('region', { name: uploadTexts.title });
    const choose = (file: string) => page.getByLabel(uploadTexts.file).setInputFiles(file);

    // Nothing chosen: said at the field, nothing sent.
    await page.getByRole('button', { name: uploadTexts.check, exact: true }).click();
    await upload.getByText(uploadTexts.chooseFile).waitFor();

    // A line longer than any payload's text: refused in the browser, naming the line.
    const long = path.join(files, 'long-line.yaml');
    writeFileSync(long, `events:\n  - code: NWF27\n    name: ${'x'.repeat(PAYLOAD_TEXT_MAX)}\n`);
    await choose(long);
    await page.getByRole('button', { name: uploadTexts.check, exact: true }).click();
    await upload.getByText(uploadTexts.lineTooLong(3, PAYLOAD_TEXT_MAX + 10, PAYLOAD_TEXT_MAX)).waitFor();

    // A file with mistakes: each problem with its line and field.
    const broken = path.join(files, 'broken-catalogue.yaml');
    writeFileSync(
      broken,
      [
        'events:',
        '  - code: NWF27',
        '    name: Northwind Festival 2027',
        '    timezone: Europe/Amsterdam',
        'products:',
        '  - code: NWF27-BROKEN',
        '    event: NWF27',
        '    type: ticket',
        '    name: Broken ticket',
        '    price: 12.50',
        '    limit_per_ordr: 2',
        '',
      ].join('\n'),
    );
    await choose(broken);
    await page.getByRole('button', { name: uploadTexts.check, exact: true }).click();
    const heading = upload.getByRole('heading', { level: 3, name: /problems? in the file$/ });
    await heading.waitFor();
    const problems = upload.getByRole('region', { name: uploadTexts.problemsCaption });
    const rows = problems.getByRole('row');
    expect(await rows.count()).toBeGreaterThan(2);
    expect(await heading.innerText()).toBe(uploadTexts.problemsTitle((await rows.count()) - 1));
    const priceRow = rows.filter({ hasText: 'products[0].price' });
    expect((await priceRow.getByRole('cell').first().innerText()).trim()).toBe('10');
    // A misspelt key is the entry's problem, at the entry's line.
    const keyRow = rows.filter({ hasText: 'limit_per_ordr' });
    expect((await keyRow.getByRole('cell').first().innerText()).trim()).toBe('6');
    expect(await keyRow.innerText()).toContain('products[0]');
    await expectNoAxeViolations(page);

    // The demo catalogue with the locker's price raised: valid; the check tells what its import would
    // change (the locker's price), and it differs from the changes made here, which an import keeps.
    const valid = path.join(files, 'catalogue.yaml');
    const demo = readFileSync(DEMO_FILE, 'utf8');
    const raised = demo.replace(/(- code: NWF27-LOCKER\n(?:.*\n)*?\s+price: )1800/, '$11850');
    expect(raised).not.toBe(demo);
    writeFileSync(valid, raised);
    await choose(valid);
    await page.getByRole('button', { name: uploadTexts.check, exact: true }).click();
    await upload.getByRole('status').getByText(english(staffCatalogueMessages.valid)).waitFor();
    await upload.getByRole('heading', { level: 3, name: uploadTexts.diffTitle }).waitFor();
    const sections = upload.getByRole('region', { name: uploadTexts.sectionsCaption });
    expect(await sections.getByRole('row').filter({ hasText: uploadTexts.sections.products }).innerText()).toMatch(/\b0\s+1\s+0\s+8\b/);
    const changes = upload.getByRole('region', { name: uploadTexts.changesCaption });
    expect(await changes.getByRole('row').count()).toBe(2);
    const lockerPrice = changes.getByRole('row').filter({ hasText: 'NWF27-LOCKER' });
    for (const part of ['price', money(1800), money(1850)]) expect(await lockerPrice.innerText()).toContain(part);
    await upload.getByRole('heading', { level: 3, name: uploadTexts.keptTitle }).waitFor();
    const kept = upload.getByRole('region', { name: uploadTexts.keptCaption });
    const keptPrice = kept.getByRole('row').filter({ hasText: 'NWF27-CAMPING' }).filter({ hasText: texts.fieldNames.price! });
    expect(await keptPrice.innerText()).toContain(money(4200));
    expect(await keptPrice.innerText()).toContain(money(3950));
    expect(await kept.getByRole('row').filter({ hasText: 'NWF27-CAMPING' }).filter({ hasText: texts.fieldNames.stock! }).count()).toBe(1);
    const keptSeats = kept.getByRole('row').filter({ hasText: 'NWF27-SHUTTLE' });
    expect(await keptSeats.innerText()).toContain(texts.seatsOf(at('2027-06-18T14:00:00Z')));
    expect(await keptSeats.innerText()).toContain(texts.notCounted);
    await expectNoAxeViolations(page);

    // Were the file to win, the same changes would be replaced: the camping pass's price would change too.
    await page.getByLabel(uploadTexts.fileWins).check();
    expect(await upload.getByRole('button', { name: uploadTexts.import, exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: uploadTexts.check, exact: true }).click();
    await upload.getByRole('heading', { level: 3, name: uploadTexts.replacedTitle }).waitFor();
    const replacedPrice = changes.getByRole('row').filter({ hasText: 'NWF27-CAMPING' }).filter({ hasText: 'price' });
    for (const part of [money(4200), money(3950)]) expect(await replacedPrice.innerText()).toContain(part);
    // A check with the other choice is not what the import would do: it is checked again first.
    await page.getByLabel(uploadTexts.fileWins).uncheck();
    expect(await upload.getByRole('button', { name: uploadTexts.import, exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: uploadTexts.check, exact: true }).click();
    await upload.getByRole('heading', { level: 3, name: uploadTexts.keptTitle }).waitFor();

    // Importing asks first; the changes made here stay, and the answer tells what it changed.
    await page.getByRole('button', { name: uploadTexts.import, exact: true }).click();
    const confirm = page.getByRole('dialog', { name: uploadTexts.importTitle });
    await confirm.getByText(uploadTexts.importQuestion('catalogue.yaml')).waitFor();
    await confirm.getByText(uploadTexts.importKeeps).waitFor();
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: uploadTexts.importConfirm }).click();
    await confirm.waitFor({ state: 'detached' });
    await upload.getByRole('status').getByText(english(staffCatalogueMessages.imported)).waitFor();
    await upload.getByRole('heading', { level: 3, name: uploadTexts.diffDoneTitle }).waitFor();
    expect(await changes.getByRole('row').filter({ hasText: 'NWF27-LOCKER' }).innerText()).toContain(money(1850));
    await expectNoAxeViolations(page);
    const camping = item(page, CAMPING);
    expect(await camping.innerText()).toContain(`${money(4200)} + ${money(150)} fee`);
    expect(await camping.innerText()).toContain(texts.changedFields('price, stock'));
    expect(await item(page, SHUTTLE).innerText()).toContain(texts.changedFields(texts.departureSeatsChanged));
  });

  it('downloads the live catalogue as a file that checks as no change, the changes made here in it', async () => {
    const section = page.getByRole('region', { name: texts.download.title });
    await section.getByText(texts.download.lead).waitFor();
    const download = page.waitForEvent('download');
    await section.getByRole('button', { name: texts.download.button }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^catalogue-\d{4}-\d{2}-\d{2}\.yaml$/);
    const saved = path.join(files, file.suggestedFilename());
    await file.saveAs(saved);
    const text = readFileSync(saved, 'utf8');
    // The locker's new price and the camping pass's price set here, as the shop sells them now.
    expect(text).toMatch(/- code: NWF27-LOCKER\n(?:.*\n)*?\s+price: 1850\n/);
    expect(text).toMatch(/- code: NWF27-CAMPING\n(?:.*\n)*?\s+price: 4200\n/);
    await page.getByRole('region', { name: 'Notifications' }).getByText(texts.download.done(file.suggestedFilename())).waitFor();

    // Uploaded again, it changes nothing: its images are found by the names it gives them.
    const upload = page.getByRole('region', { name: uploadTexts.title });
    await page.getByLabel(uploadTexts.file).setInputFiles(saved);
    await page.getByRole('button', { name: uploadTexts.check, exact: true }).click();
    await upload.getByRole('status').getByText(english(staffCatalogueMessages.valid)).waitFor();
    await upload.getByText(uploadTexts.noChanges).waitFor();
    await upload.getByText(uploadTexts.noKept).waitFor();
    await expectNoAxeViolations(page);
  });

  it('hands items back to the catalogue file after asking', async () => {
    const camping = item(page, CAMPING);
    const dialog = await openEdit(page, CAMPING);
    // A fresh form: the payment-plan refusal of another item's form earlier is not this one's.
    expect(await dialog.locator('[aria-invalid="true"]').count()).toBe(0);
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await dialog.getByLabel(texts.moneyField(texts.price, 'EUR')).fill('39.50');
    await dialog.getByLabel(texts.stockField, { exact: true }).fill('2500');
    await dialog.getByRole('button', { name: texts.save }).click();
    await dialog.waitFor({ state: 'detached' });
    await camping.getByRole('status').getByText(english(staffCatalogueMessages.saved)).waitFor();

    await camping.getByRole('button', { name: texts.handBackLabel(CAMPING) }).click();
    const confirm = page.getByRole('dialog', { name: texts.handBackTitle(CAMPING) });
    await confirm.getByText(texts.handBackQuestion).waitFor();
    await expectNoAxeViolations(page);
    // Kept: nothing changes.
    await confirm.getByRole('button', { name: texts.keep }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await camping.innerText()).toContain(texts.changedHere);
    await camping.getByRole('button', { name: texts.handBackLabel(CAMPING) }).click();
    await page.getByRole('dialog', { name: texts.handBackTitle(CAMPING) }).getByRole('button', { name: texts.handBackConfirm }).click();
    await camping.getByRole('status').getByText(english(staffCatalogueMessages.handedBack)).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(texts.editLabel(CAMPING));
    expect(await camping.getByText(texts.changedHere, { exact: false }).count()).toBe(0);
    expect(await camping.getByRole('button', { name: texts.handBackLabel(CAMPING) }).count()).toBe(0);

    const shuttle = item(page, SHUTTLE);
    await shuttle.getByRole('button', { name: texts.handBackLabel(SHUTTLE) }).click();
    await page.getByRole('dialog', { name: texts.handBackTitle(SHUTTLE) }).getByRole('button', { name: texts.handBackConfirm }).click();
    await shuttle.getByRole('status').getByText(english(staffCatalogueMessages.handedBack)).waitFor();
    expect(await shuttle.getByText(texts.changedHere, { exact: false }).count()).toBe(0);
  });

  it('edits an event’s name per language in its own dialog, refuses a blank default name beside the field, and the shop answers in German at once', async () => {
    /** The event as the shop's own calls name it in a language. */
    const shopEvent = async (language: string) => {
      const response = await fetch(`${shop!.base}/api/get-shop-item?lang=${language}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        body: JSON.stringify({ external_code: 'NWF27-CAMPING' }),
      });
      return ((await response.json()) as { item: { event: string } }).item.event;
    };
    expect(await shopEvent('de')).toBe(EVENT);
    const section = page.getByRole('region', { name: EVENT });
    const open = section.getByRole('button', { name: texts.editTextsLabel(EVENT) });
    await open.click();
    const dialog = page.getByRole('dialog', { name: texts.eventTextsTitle(EVENT) });
    await dialog.waitFor();
    // One language's name at a time, each language named in its own; an event has no description.
    const language = dialog.getByLabel(texts.textsLanguage);
    expect(await language.locator('option').allInnerTexts()).toEqual(LOCALES.map((code) => LOCALE_NAMES[code]));
    const name = dialog.getByLabel(texts.textsName, { exact: true });
    expect(await name.inputValue()).toBe(EVENT);
    expect(await dialog.getByLabel(texts.textsDescription).count()).toBe(0);
    await expectNoAxeViolations(page);

    // The default language's name may not be blank: said beside the field, which takes the focus.
    await name.fill('  ');
    await dialog.getByRole('button', { name: texts.save }).click();
    await dialog.getByText(english(staffCatalogueMessages.nameRequired)).waitFor();
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await name.evaluate((element) => element === document.activeElement)).toBe(true);
    await name.fill(EVENT);

    // German: as the catalogue file gave it (the demo's German name is the same words); emptied, the
    // shop would show the English one, as the dialog says; then a German name of its own is saved.
    await language.selectOption('de');
    expect(await name.inputValue()).toBe(EVENT);
    await name.fill('');
    await dialog.getByText(texts.textsFallback('English')).waitFor();
    await name.fill('Nordwind-Festival 2027');
    await dialog.getByRole('button', { name: texts.save }).click();
    await dialog.waitFor({ state: 'detached' });
    await section.getByRole('status').getByText(english(staffCatalogueMessages.saved)).waitFor();
    expect(await section.innerText()).toContain(texts.changedFields(texts.fieldNames.translations!));
    expect(await page.getByRole('heading', { level: 2, name: EVENT }).count()).toBe(1);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(texts.editTextsLabel(EVENT));
    expect(await shopEvent('de')).toBe('Nordwind-Festival 2027');
    expect(await shopEvent('en')).toBe(EVENT);

    // Opened again: the German name as saved.
    await open.click();
    await dialog.waitFor();
    await language.selectOption('de');
    expect(await name.inputValue()).toBe('Nordwind-Festival 2027');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: texts.close }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('fits a phone and a tablet without scrolling sideways', async () => {
    for (const width of [390, 768]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(200);
      expect(await fitsWidth(page), `fits ${width} px`).toBe(true);
    }
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('is not among a box office member’s sections, and its address says why not', async () => {
    const { page: desk, errors: deskErrors } = await openPageOn(browser(), shop!.base, { viewport: { width: 1024, height: 768 }, allowRefusals: true });
    const asked: string[] = [];
    desk.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await signInAs(desk, shop!.staff.boxOffice);
    const nav = desk.getByRole('navigation', { name: staffTexts.shell.nav });
    await nav.getByRole('link', { name: 'Box office' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Catalogue' }).count()).toBe(0);
    await desk.goto('/staff/catalogue');
    await desk.getByRole('heading', { name: staffTexts.notAllowedTitle }).waitFor();
    await desk.getByText(english(staffAdminMessages.notAllowed)).waitFor();
    expect(asked.filter((pathname) => pathname.startsWith('/api/staff/catalogue'))).toEqual([]);
    expect(deskErrors).toEqual([]);
    await desk.context().close();
  });
});
