import { api, english, messages, rateFieldMessages, staffAdminMessages, staffApi, staffRateMessages as texts } from '@festival/contract';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastAudit as lastAuditOf, openBackOfficeShop } from '../../../test/back-office-shop';
import { testEngines } from '../../../test/databases';
import { changedTables, createSnapshotter } from '../../../test/db-snapshot';
import { cartWith, checkoutPayload, createCustomer } from '../../../test/shop-flows';
import { staffCall } from '../../../test/staff-call';
import { type TestShop } from '../../../test/test-shop';
import { invoices, orders, shippingRates, shopItems, taxRates } from '../../db/schema';
import { translatorFor } from '../../lib/language';
import { catalogueYaml, readLiveCatalogue } from '../catalog/catalogue-export';
import { CatalogueError, importCatalogueWith, parseCatalogue } from '../catalog/catalogue-import';
import { contentOf, issueInvoice } from '../invoicing/invoicing.service';
import { timeLimit } from '../../../test/time-limits';

const SECRET = 'rates-admin-test-secret-of-32-chars!!!!!';

/**
 * The back office's tax rates and shipping rates over HTTP (issue 37 point 1, decision 0101):
 * admins only; created, changed and archived with the catalogue file's rules (the same schema and
 * the same rules across rates as the importer), refused by field in the member's language with
 * nothing changed; audited; in the shop at once; kept by an import until the file wins, and
 * written by the export.
 */
describe.each(testEngines())('the back-office rates on %s', (engine) => {
  let shop: TestShop;
  let admin: string;
  let boxOffice: string;
  beforeAll(async () => {
    ({ shop, admin, other: boxOffice } = await openBackOfficeShop(engine, { secret: SECRET, name: 'rates', other: 'box_office' }));
  }, timeLimit(120_000));
  afterAll(async () => {
    await shop?.close();
  });

  const db = () => shop.database.db;
  const snapshot = () => createSnapshotter(db())();
  const list = async () => {
    const answer = await staffCall(shop.app, 'rate-list', {}, admin);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return staffApi['rate-list'].answer.parse(answer.body);
  };
  const saveTax = (code: string | null, taxRate: Record<string, unknown>, cookie = admin) => staffCall(shop.app, 'tax-rate-save', { code, tax_rate: taxRate }, cookie);
  const saveShipping = (country: string | null, shippingRate: Record<string, unknown>, cookie = admin) => staffCall(shop.app, 'shipping-rate-save', { country, shipping_rate: shippingRate }, cookie);
  const taxRow = async (code: string) => (await db().select().from(taxRates).where(eq(taxRates.externalCode, code)))[0];
  const shippingRow = async (country: string) => (await db().select().from(shippingRates).where(eq(shippingRates.country, country)))[0];
  const lastAudit = (target: string) => lastAuditOf(db(), target);
  const inGerman = async (path: string, payload: unknown) => {
    const answer = await staffCall(shop.app, path, payload, admin, 'de');
    return { ...answer, body: answer.body as { message: string; errors?: Record<string, string[]> } };
  };
  const de = (text: Parameters<typeof english>[0]) => translatorFor('de').format(text);
  const invoiceOfCart = async (token: string, cart: string, country = 'NL') => shop.call('calculate-invoice', { token, cart, country });

  it('is for admins only', async () => {
    for (const path of ['rate-list', 'tax-rate-save', 'shipping-rate-save'] as const) {
      const answer = await staffCall(shop.app, path, {}, boxOffice);
      expect([answer.status, answer.body.message]).toEqual([403, english(staffAdminMessages.notAllowed)]);
      expect((await staffCall(shop.app, path, {}, null)).status).toBe(401);
    }
  });

  it('lists the rates in the file’s order, with the items that take each tax rate', async () => {
    const rates = await list();
    expect(rates.tax_rates.map((rate) => [rate.code, rate.rate, rate.archived])).toEqual([
      ['high', 21, false],
      ['low', 9, false],
    ]);
    // The demo's products and merchandise: seven items on each rate.
    expect(rates.tax_rates.map((rate) => rate.items)).toEqual([7, 7]);
    expect(rates.shipping_rates.map((rate) => rate.country)).toEqual(['NL', 'BE', 'DE', 'LU', 'FR', 'AT']);
    expect(rates.shipping_rates[0]).toMatchObject({ name: 'PostNL parcel', type: 'standard', price: 495, archived: false, back_office_fields: [] });
  });

  it('refuses what the catalogue file refuses, by field in the member’s language, and changes nothing', async () => {
    const before = await snapshot();
    const cases: [string, unknown, string, Parameters<typeof english>[0]][] = [
      ['tax-rate-save', { code: null, tax_rate: { code: 'odd', name: 'Odd', rate: 21.555 } }, 'tax_rate.rate', rateFieldMessages.rate],
      ['tax-rate-save', { code: null, tax_rate: { code: 'big', name: 'Big', rate: 101 } }, 'tax_rate.rate', rateFieldMessages.rate],
      ['tax-rate-save', { code: null, tax_rate: { code: 'blank', name: '  ', rate: 5 } }, 'tax_rate.name', rateFieldMessages.taxName],
      // The importer's rule across rates: a code names one rate.
      ['tax-rate-save', { code: null, tax_rate: { code: 'high', name: 'Again', rate: 20 } }, 'tax_rate.code', rateFieldMessages.codeTwice('high')],
      ['tax-rate-save', { code: 'high', tax_rate: { code: 'higher', name: 'VAT 21%', rate: 21 } }, 'tax_rate.code', texts.codeKept('high')],
      // Items take it: archiving would leave them without a rate the file accepts.
      ['tax-rate-save', { code: 'high', tax_rate: { code: 'high', name: 'VAT 21%', rate: 21, archived: true } }, 'tax_rate.archived', rateFieldMessages.taxInUse(7)],
      ['shipping-rate-save', { country: null, shipping_rate: { country: 'nl', name: 'Post', price: 100 } }, 'shipping_rate.country', rateFieldMessages.country],
      ['shipping-rate-save', { country: null, shipping_rate: { country: 'NL', name: 'Second', price: 100 } }, 'shipping_rate.country', rateFieldMessages.countryTwice('NL')],
      ['shipping-rate-save', { country: 'BE', shipping_rate: { country: 'NL', name: 'bpost parcel', price: 795 } }, 'shipping_rate.country', texts.countryKept('BE')],
    ];
    for (const [path, payload, field, text] of cases) {
      const answer = await inGerman(path, payload);
      expect([answer.status, answer.body.errors?.[field]], `${path} ${JSON.stringify(payload)}: ${JSON.stringify(answer.body)}`).toEqual([422, [de(text)]]);
    }
    const price = await inGerman('shipping-rate-save', { country: null, shipping_rate: { country: 'IT', name: 'Poste', price: -1 } });
    expect([price.status, Object.keys(price.body.errors ?? {})]).toEqual([422, ['shipping_rate.price']]);
    expect((await saveTax('nope', { code: 'nope', name: 'None', rate: 1 })).status).toBe(404);
    expect((await saveTax('low', { code: 'low', name: 'VAT 9%', rate: 9 })).body.message).toBe(english(texts.nothingToChange));
    expect(changedTables(before, await snapshot())).toEqual([]);
  });

  it('creates, changes and archives rates, each audited, with the fields set here marked for the import', async () => {
    const created = await saveTax(null, { code: 'zero', name: 'VAT 0%', rate: 0 });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ message: english(texts.taxCreated('zero')), tax_rate: { code: 'zero', rate: 0, archived: false, items: 0, back_office_fields: [] } });
    expect(await lastAudit('tax-rate:zero')).toMatchObject({ actor: 'rates.admin@example.org', action: 'tax-rate.create', before: null, after: { code: 'zero', name: 'VAT 0%', rate: 0, archived: false } });
    const archived = await saveTax('zero', { code: 'zero', name: 'VAT 0%', rate: 0, archived: true });
    expect(archived.body).toMatchObject({ message: english(texts.taxArchived('zero')), tax_rate: { archived: true, back_office_fields: ['archived'] } });
    expect(await lastAudit('tax-rate:zero')).toMatchObject({ action: 'tax-rate.change', before: { archived: false }, after: { archived: true } });
    expect(await taxRow('zero')).toMatchObject({ archived: true, basisPoints: 0 });

    expect((await saveShipping(null, { country: 'IT', name: 'Poste Italiane', price: 1395 })).body).toMatchObject({ message: english(texts.shippingCreated('IT')), shipping_rate: { country: 'IT', type: 'standard', price: 1395 } });
    expect(await lastAudit('shipping-rate:IT')).toMatchObject({ action: 'shipping-rate.create', after: { country: 'IT', name: 'Poste Italiane', type: 'standard', price: 1395, archived: false } });
    const changed = await saveShipping('BE', { country: 'BE', name: 'bpost parcel', type: 'express', price: 995 });
    expect(changed.body).toMatchObject({ message: english(texts.shippingSaved('BE')), shipping_rate: { type: 'express', price: 995, back_office_fields: ['type', 'price'] } });
    expect(await lastAudit('shipping-rate:BE')).toMatchObject({ before: { type: 'standard', price: 795 }, after: { type: 'express', price: 995 } });
  });

  it('takes effect in the shop at once: a new shipping price, and an archived country the shop no longer ships to', async () => {
    const buyer = await createCustomer(shop);
    const cart = await cartWith(shop, buyer.token, [], ['NWF27-TEE-LINEUP']);
    await saveShipping('DE', { country: 'DE', name: 'DHL parcel', price: 1095 });
    const priced = api['calculate-invoice'].answer.parse((await invoiceOfCart(buyer.token, cart, 'DE')).body).invoice;
    expect(priced.shipping).toEqual({ name: 'DHL parcel', type: 'standard', price: 1095 });
    expect((await saveShipping('AT', { country: 'AT', name: 'Standard parcel', price: 1295, archived: true })).body.message).toBe(english(texts.shippingArchived('AT')));
    expect(await invoiceOfCart(buyer.token, cart, 'AT')).toMatchObject({ status: 409, body: { message: english(messages.checkout.shippingUnavailable) } });
    // Back again: unarchiving is a change like any other.
    expect((await saveShipping('AT', { country: 'AT', name: 'Standard parcel', price: 1295, archived: false })).body.message).toBe(english(texts.shippingRestored('AT')));
    expect((await invoiceOfCart(buyer.token, cart, 'AT')).status).toBe(200);
  });

  it('changes a rate in use for orders invoiced from then on: an issued invoice keeps the rate it charged', async () => {
    const order = async () => {
      const buyer = await createCustomer(shop);
      const cart = await cartWith(shop, buyer.token, ['NWF27-PARKING']);
      const placed = await shop.call('checkout-cart', checkoutPayload(buyer.token, cart));
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      return { buyer, id: api['checkout-cart'].answer.parse(placed.body).order.id };
    };
    const paidNow = async (id: number) => {
      await db().update(orders).set({ paymentStatus: 'paid', paidAt: new Date() }).where(eq(orders.id, id));
      return contentOf((await issueInvoice(db(), shop.config, id, new Date()))!);
    };
    const before = await order();
    const invoiced = await paidNow(before.id);
    expect(invoiced.rates.map((rate) => [rate.name, rate.basisPoints])).toEqual([['VAT 21%', 2100]]);
    const placedBeforeUnpaid = await order();

    expect((await saveTax('high', { code: 'high', name: 'VAT 19%', rate: 19 })).body.message).toBe(english(texts.taxSaved('high')));
    // The issued invoice is a document: its content is stored and stays.
    const [stored] = await db().select().from(invoices).where(eq(invoices.orderId, before.id));
    expect(contentOf(stored!).rates.map((rate) => [rate.name, rate.basisPoints])).toEqual([['VAT 21%', 2100]]);
    // A new cart is priced with the new rate (prices include VAT: the total stays, its VAT changes).
    const next = await createCustomer(shop);
    const calculated = api['calculate-invoice'].answer.parse((await invoiceOfCart(next.token, await cartWith(shop, next.token, ['NWF27-PARKING']))).body).invoice;
    expect(calculated.rates.map((rate) => [rate.name, rate.basisPoints])).toEqual([['VAT 19%', 1900]]);
    // An order placed before the change and paid after it is invoiced at payment, at the rate of then (decision 0101).
    expect((await paidNow(placedBeforeUnpaid.id)).rates.map((rate) => [rate.name, rate.basisPoints])).toEqual([['VAT 19%', 1900]]);
    await saveTax('high', { code: 'high', name: 'VAT 21%', rate: 21 });
  });

  // Last: the file below changes the demo's rates.
  it('archives a rate once every item that takes it is archived; such an item is restored only under a rate that is not; the export imports back', async () => {
    const before = await shop.database.db.select({ tax: taxRates.externalCode }).from(taxRates);
    expect((await saveTax(null, { code: 'culture', name: 'Culture VAT', rate: 9 })).status).toBe(200);
    const item = (code: string, changes: Record<string, unknown>) => staffCall(shop.app, 'catalogue-change-item', { code, changes }, admin);
    const archiveItem = (code: string, archived: boolean) => inGerman('catalogue-archive-item', { code, archived });
    const [poster] = (await readLiveCatalogue(db())).catalogue.merchandise.filter((entry) => entry.code === 'NWF27-POSTER');
    expect((await item('NWF27-POSTER', { tax: 'culture' })).status).toBe(200);
    const culture = { code: 'culture', name: 'Culture VAT', rate: 9 };
    const inUse = await inGerman('tax-rate-save', { code: 'culture', tax_rate: { ...culture, archived: true } });
    expect([inUse.status, inUse.body.errors?.['tax_rate.archived']]).toEqual([422, [de(rateFieldMessages.taxInUse(1))]]);
    expect((await archiveItem('NWF27-POSTER', true)).status).toBe(200);
    // Only archived items take it now: it is archived, and they keep it (their documents read it).
    expect((await saveTax('culture', { ...culture, archived: true })).status).toBe(200);
    expect((await taxRow('culture'))!.archived).toBe(true);
    const restored = await archiveItem('NWF27-POSTER', false);
    expect([restored.status, restored.body.errors?.archived]).toEqual([422, [de(rateFieldMessages.taxArchived('culture'))]]);
    // The live catalogue, an archived item on an archived rate included, imports back as it is.
    const live = (await readLiveCatalogue(db())).catalogue;
    expect(live.merchandise.find((entry) => entry.code === 'NWF27-POSTER')).toMatchObject({ tax: 'culture', archived: true });
    const back = await importCatalogueWith(db(), parseCatalogue(catalogueYaml(live), 'live.yaml'), { file: 'live.yaml', images: { known: true }, checkOnly: true }).catch((error: unknown) => error);
    expect(back instanceof CatalogueError ? back.problems : []).toEqual([]);
    // The rate restored, the item is too; it goes back to the rate it had.
    expect((await saveTax('culture', culture)).status).toBe(200);
    expect((await archiveItem('NWF27-POSTER', false)).status).toBe(200);
    expect((await item('NWF27-POSTER', { tax: poster!.tax })).status).toBe(200);
    expect(before.length + 1).toBe((await shop.database.db.select().from(taxRates)).length);
  });

  it('keeps the rates’ fields set here through an import until the file wins, refuses an item on a rate archived here, and exports them', async () => {
    const live = (await readLiveCatalogue(db())).catalogue;
    const yaml = catalogueYaml(live);
    expect(yaml).toContain('- { code: zero, name: VAT 0%, rate: 0, archived: true }');
    expect(yaml).toContain('- { country: BE, name: bpost parcel, type: express, price: 995 }');
    expect(live.tax_rates.find((rate) => rate.code === 'zero')).toEqual({ code: 'zero', name: 'VAT 0%', rate: 0, archived: true });
    expect(live.shipping_rates.find((rate) => rate.country === 'BE')).toEqual({ country: 'BE', name: 'bpost parcel', type: 'express', price: 995, archived: false });
    const file = (taxLines: string, extra = '') =>
      parseCatalogue(`tax_rates:\n${taxLines}shipping_rates:\n  - { country: BE, name: bpost parcel, price: 795 }\n  - { country: AT, name: Standard parcel, price: 1295 }\n${extra}`, 'rates.yaml');
    const rates = '  - { code: high, name: VAT 21%, rate: 21 }\n  - { code: low, name: VAT 9%, rate: 9 }\n  - { code: zero, name: VAT 0%, rate: 0 }\n';
    const imported = await importCatalogueWith(db(), file(rates), { file: 'rates.yaml', images: { folder: '.' } });
    expect(imported.kept).toEqual(
      expect.arrayContaining([
        { code: 'zero', field: 'tax_rate.archived', shop_value: 'true', file_value: 'false' },
        { code: 'BE', field: 'shipping_rate.price', shop_value: '995', file_value: '795' },
      ]),
    );
    expect(await taxRow('zero')).toMatchObject({ archived: true, backOfficeFields: ['archived'] });
    expect(await shippingRow('BE')).toMatchObject({ type: 'express', price: 995, backOfficeFields: ['type', 'price'] });
    // A merchandise item on the rate archived here: refused with the rule's words, nothing written.
    const onArchived = file(rates, 'merchandise:\n  - { code: ZERO-TOTE, name: Tote, type: bag, price: 500, tax: zero }\n');
    const refused = await importCatalogueWith(db(), onArchived, { file: 'rates.yaml', images: { folder: '.' } }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CatalogueError);
    expect((refused as CatalogueError).problems).toEqual([expect.stringContaining(`merchandise[0].tax: ${english(rateFieldMessages.taxArchived('zero'))}`)]);
    // The file wins: its values, and the marks go.
    await importCatalogueWith(db(), file(rates), { file: 'rates.yaml', images: { folder: '.' }, fileWins: true });
    expect(await taxRow('zero')).toMatchObject({ archived: false, backOfficeFields: [] });
    expect(await shippingRow('BE')).toMatchObject({ type: 'standard', price: 795, backOfficeFields: [] });
  });

  it.runIf(engine === 'postgres')('archives a rate while an admin makes an item on it: never an item that is not archived under an archived rate', async () => {
    expect((await saveTax(null, { code: 'racer', name: 'Racer', rate: 7 })).status).toBe(200);
    // Another session holds the rate while both calls start, so both are inside their transactions when it lets go: they truly race.
    const holder = new pg.Client({ connectionString: shop.database.url! });
    await holder.connect();
    const waiting = async (count: number) => {
      for (let tries = 0; tries < 200; tries++) {
        // The holder is inside its transaction, which keeps one snapshot of the statistics unless cleared.
        await holder.query('SELECT pg_stat_clear_snapshot()');
        const { rows } = await holder.query<{ count: string }>("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'");
        if (Number(rows[0]!.count) >= count) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`fewer than ${count} calls wait for the rate`);
    };
    try {
      await holder.query('BEGIN');
      await holder.query("SELECT id FROM tax_rates WHERE external_code = 'racer' FOR UPDATE");
      const made = staffCall(shop.app, 'catalogue-create-item', { item: { kind: 'merchandise', code: 'RACE-PIN', type: 'pin', name: 'Race pin', price: 500, tax: 'racer' }, from: null }, admin);
      await waiting(1);
      const archived = saveTax('racer', { code: 'racer', name: 'Racer', rate: 7, archived: true });
      await waiting(2);
      await holder.query('COMMIT');
      const answers = await Promise.all([made, archived]);
      for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
      const rate = (await taxRow('racer'))!;
      const taking = await db().select({ code: shopItems.externalCode }).from(shopItems).where(and(eq(shopItems.taxRateId, rate.id), eq(shopItems.archived, false)));
      expect([rate.archived, taking.length, answers.map((answer) => answer.status).sort()]).toEqual(rate.archived ? [true, 0, [200, 422]] : [false, 1, [200, 422]]);
    } finally {
      await holder.end();
    }
  });
});
