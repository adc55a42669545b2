import { english, priceTierMessages, productFieldMessages, rateFieldMessages, staffAdminMessages, staffCatalogueMessages as texts } from '@festival/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastAudit as lastAuditOf, openBackOfficeShop } from '../../../test/back-office-shop';
import { testEngines } from '../../../test/databases';
import { changedTables, createSnapshotter } from '../../../test/db-snapshot';
import { cartWith, checkoutPayload, createCustomer } from '../../../test/shop-flows';
import { staffCall } from '../../../test/staff-call';
import { type TestShop } from '../../../test/test-shop';
import { shopItems, taxRates, travelTimes } from '../../db/schema';
import { translatorFor } from '../../lib/language';
import { catalogueYaml, readLiveCatalogue } from '../catalog/catalogue-export';
import { importCatalogueWith, parseCatalogue } from '../catalog/catalogue-import';
import { timeLimit } from '../../../test/time-limits';

const SECRET = 'catalogue-items-test-secret-of-32-chars!';

/** An entry ticket as the file writes it, with the kind the back office sends. */
const ticket = (code: string, extra: Record<string, unknown> = {}) => ({ kind: 'product', code, event: 'NWF27', type: 'ticket', name: `Ticket ${code}`, price: 5000, fee: 250, tax: 'low', stock: 100, ...extra });

/**
 * Products and merchandise made, duplicated and archived in the back office, and a transport's
 * departures added and switched off (issue 37 point 1, decision 0103): admins only; the catalogue
 * file's schema and its rules across entries against the shop's live state, refused by field in the
 * member's language with nothing changed; audited; what is made sells at once; an archived item
 * leaves the shop and its carts while its orders stay.
 */
describe.each(testEngines())('the back office’s products and merchandise on %s', (engine) => {
  let shop: TestShop;
  let admin: string;
  let boxOffice: string;
  beforeAll(async () => {
    ({ shop, admin, other: boxOffice } = await openBackOfficeShop(engine, { secret: SECRET, name: 'items', other: 'box_office' }));
  }, timeLimit(120_000));
  afterAll(async () => {
    await shop?.close();
  });

  const db = () => shop.database.db;
  const snapshot = () => createSnapshotter(db())();
  const create = (item: Record<string, unknown>, from: string | null = null) => staffCall(shop.app, 'catalogue-create-item', { item, from }, admin);
  const archive = (code: string, archived: boolean) => staffCall(shop.app, 'catalogue-archive-item', { code, archived }, admin);
  const row = async (code: string) => (await db().select().from(shopItems).where(eq(shopItems.externalCode, code)))[0];
  const lastAudit = (target: string) => lastAuditOf(db(), target);
  const shopCodes = async () => ((await shop.call('get-data', {})).body.data.products as { external_code: string }[]).map((item) => item.external_code);
  const inGerman = async (path: string, payload: unknown) => {
    const answer = await staffCall(shop.app, path, payload, admin, 'de');
    return { ...answer, body: answer.body as { message: string; errors?: Record<string, string[]> } };
  };
  const de = (text: Parameters<typeof english>[0]) => translatorFor('de').format(text);

  it('is for admins only', async () => {
    for (const path of ['catalogue-create-item', 'catalogue-archive-item', 'catalogue-add-departure', 'catalogue-departure-active'] as const) {
      const answer = await staffCall(shop.app, path, {}, boxOffice);
      expect([answer.status, answer.body.message]).toEqual([403, english(staffAdminMessages.notAllowed)]);
      expect((await staffCall(shop.app, path, {}, null)).status).toBe(401);
    }
  });

  it('refuses what the catalogue file refuses, by field in the member’s language, and changes nothing', async () => {
    await db().update(taxRates).set({ archived: true }).where(eq(taxRates.externalCode, 'high'));
    try {
      const before = await snapshot();
      const cases: [Record<string, unknown>, string, Parameters<typeof english>[0]][] = [
        [ticket('NEW-1', { event: 'NO-SUCH-EVENT' }), 'item.event', productFieldMessages.noEvent('NO-SUCH-EVENT')],
        [ticket('NEW-1', { tax: 'none-such' }), 'item.tax', productFieldMessages.noTax('none-such')],
        [ticket('NEW-1', { tax: 'high' }), 'item.tax', rateFieldMessages.taxArchived('high')],
        // A code names one item across products and merchandise.
        [ticket('NWF27-WEEKEND'), 'item.code', productFieldMessages.codeTaken('NWF27-WEEKEND')],
        [{ kind: 'merchandise', code: 'NWF27-CAMPING', type: 'shirt', name: 'Clash', price: 100, tax: 'low' }, 'item.code', productFieldMessages.codeTaken('NWF27-CAMPING')],
        [ticket('NWF27-TEE-LINEUP'), 'item.code', productFieldMessages.codeTaken('NWF27-TEE-LINEUP')],
        [
          ticket('NEW-1', { payment_plan: [{ amount: 1000, units: 'days', count: 0 }, { amount: 1000, units: 'months', count: 1 }] }),
          'item.payment_plan',
          productFieldMessages.planSum(2000, 5250),
        ],
        [ticket('NEW-1', { type: 'transport' }), 'item.transport', productFieldMessages.transportRequired],
        [ticket('NEW-1', { type: 'transport', transport: { travel_time_type: 'selectable', travel_times: [] } }), 'item.transport.travel_times', productFieldMessages.travelTimesRequired],
        [ticket('NEW-1', { type: 'transport', transport: { travel_time_type: 'fixed' } }), 'item.transport.travel_time', productFieldMessages.travelTimeRequired],
        [ticket('NEW-1', { type: 'Camping Pass' }), 'item.type', productFieldMessages.productType],
        [ticket('NEW-1', { images: ['shirt.png'] }), 'item.images', productFieldMessages.imagesLater],
      ];
      for (const [item, field, text] of cases) {
        const answer = await inGerman('catalogue-create-item', { item, from: null });
        expect([answer.status, answer.body.errors?.[field]], `${JSON.stringify(item)}: ${JSON.stringify(answer.body)}`).toEqual([422, [de(text)]]);
      }
      expect((await create(ticket('NEW-1'), 'NO-SUCH-ITEM')).status).toBe(404);
      expect((await archive('NO-SUCH-ITEM', true)).status).toBe(404);
      expect(changedTables(before, await snapshot())).toEqual([]);
    } finally {
      await db().update(taxRates).set({ archived: false }).where(eq(taxRates.externalCode, 'high'));
    }
  });

  it('creates an entry ticket, an add-on, a product with a payment plan, transport of both kinds and merchandise, each of which sells at once, audited', async () => {
    const made: [Record<string, unknown>, 'product' | 'merchandise'][] = [
      [ticket('NWF27-VIP', { name_changes: { allowed: true, limit: 2 }, limit_per_order: 4, refund: { refundable: true, fee: 100 } }), 'product'],
      [ticket('NWF27-CANOE', { type: 'canoe', price: 2000, fee: 0 }), 'product'],
      [ticket('NWF27-VIP-PLAN', { price: 9000, fee: 0, payment_plan: [{ amount: 3000, units: 'days', count: 0 }, { amount: 6000, units: 'months', count: 1 }] }), 'product'],
      [ticket('NWF27-BUS-AMS', { type: 'transport', price: 1500, fee: 0, transport: { travel_time_type: 'fixed', travel_time: '2027-06-18T10:00:00+02:00' } }), 'product'],
      [
        ticket('NWF27-BOAT', {
          type: 'transport',
          price: 1500,
          fee: 0,
          transport: {
            travel_time_type: 'selectable',
            travel_times: [
              { time: '2027-06-18T09:00:00+02:00', seats: 40 },
              { time: '2027-06-18T11:00:00+02:00', seats: null },
            ],
          },
        }),
        'product',
      ],
      [{ kind: 'merchandise', code: 'NWF27-CAP', type: 'cap', name: 'Festival cap', price: 1800, tax: 'high', stock: 50, translations: { de: { name: 'Festivalmütze' } } }, 'merchandise'],
    ];
    for (const [item, kind] of made) {
      const answer = await create(item);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body).toMatchObject({ message: english(texts.itemCreated), item: { code: item.code, kind, archived: false, changed_here: [], sold: 0, held: 0 } });
      expect(await lastAudit(`item:${String(item.code)}`)).toMatchObject({ actor: 'items.admin@example.org', action: 'catalogue.create-item', before: null, after: expect.objectContaining({ code: item.code, duplicated_from: null }) });
    }
    const boat = await row('NWF27-BOAT');
    const times = await db().select().from(travelTimes).where(eq(travelTimes.shopItemId, boat!.id));
    expect(times.map((time) => [time.departsAt.toISOString(), time.seats, time.active])).toEqual(
      expect.arrayContaining([
        ['2027-06-18T07:00:00.000Z', 40, true],
        ['2027-06-18T09:00:00.000Z', null, true],
      ]),
    );
    expect(await shopCodes()).toEqual(expect.arrayContaining(made.filter(([, kind]) => kind === 'product').map(([item]) => item.code)));
    const buyer = await createCustomer(shop);
    const cart = await cartWith(shop, buyer.token, ['NWF27-VIP', 'NWF27-CANOE', 'NWF27-BUS-AMS'], ['NWF27-CAP']);
    const seat = times.find((time) => time.seats === 40)!;
    const boarded = await shop.call('add-product-to-cart', { token: buyer.token, cart, external_code: 'NWF27-BOAT', transport_time_id: seat.id, full_name: 'Boat Rider', email: 'boat@example.org', age: '25-34' });
    expect(boarded.status, JSON.stringify(boarded.body)).toBe(200);
    expect((await db().select().from(travelTimes).where(eq(travelTimes.id, seat.id)))[0]!.held).toBe(1);
    // What an import of the same entries makes is the same rows: the export writes them back as they were sent.
    const live = (await readLiveCatalogue(db())).catalogue;
    expect(live.products.find((product) => product.code === 'NWF27-VIP-PLAN')).toMatchObject({ price: 9000, payment_plan: [{ amount: 3000 }, { amount: 6000 }] });
    expect(live.merchandise.find((item) => item.code === 'NWF27-CAP')).toMatchObject({ type: 'cap', tax: 'high', translations: { de: { name: 'Festivalmütze' } } });
  });

  it('duplicates an item: the form filled from another, kept in the audit entry, with its departures and nothing sold', async () => {
    const copy = await create(
      ticket('NWF27-BOAT-COPY', {
        name: 'Ticket NWF27-BOAT (copy)',
        type: 'transport',
        price: 1500,
        fee: 0,
        transport: { travel_time_type: 'selectable', travel_times: [{ time: '2027-06-18T09:00:00+02:00', seats: 40 }, { time: '2027-06-18T11:00:00+02:00', seats: null }] },
      }),
      'NWF27-BOAT',
    );
    expect(copy.status, JSON.stringify(copy.body)).toBe(200);
    expect(copy.body.item).toMatchObject({ sold: 0, held: 0, departures: [{ seats: 40, sold: 0 }, { seats: null, sold: 0 }] });
    expect(await lastAudit('item:NWF27-BOAT-COPY')).toMatchObject({ after: expect.objectContaining({ duplicated_from: 'NWF27-BOAT' }) });
  });

  it('creates an item with its price tiers and its texts in every language, stored as an import stores them, and sold at the tier’s price', async () => {
    const tiers = [
      { price: 3000, units: 2 },
      { price: 4000, until: '2099-03-01T00:00:00+01:00' },
    ];
    const translations = { de: { name: 'Frühbucher', description: '<p>Drei Tage</p><script>alert(1)</script>' }, ar: { name: 'الحجز المبكر' } };
    const answer = await create(ticket('NWF27-EARLY', { name: 'Early bird', price: 5000, fee: 0, tiers, translations }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.item).toMatchObject({ tiers: [{ price: 3000, units: 2 }, { price: 4000, until: '2099-02-28T23:00:00.000Z' }], translations: { de: { name: 'Frühbucher', description: '<p>Drei Tage</p>' }, ar: { name: 'الحجز المبكر' } } });
    expect(await row('NWF27-EARLY')).toMatchObject({ priceTiers: [{ price: 3000, units: 2 }, { price: 4000, until: '2099-02-28T23:00:00.000Z' }], translations: { de: { name: 'Frühbucher', description: '<p>Drei Tage</p>' }, ar: { name: 'الحجز المبكر' } } });
    // The shop sells it at once at the first tier's price, in the reader's language.
    const item = await shop.app.inject({
      method: 'POST',
      url: '/api/get-shop-item',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', 'accept-language': 'de' },
      payload: JSON.stringify({ external_code: 'NWF27-EARLY' }),
    });
    expect(item.json()).toMatchObject({ item: { price: 3000, name: 'Frühbucher' } });
    // The export writes them as the file does, moments in the event's zone.
    const live = (await readLiveCatalogue(db())).catalogue;
    expect(live.products.find((product) => product.code === 'NWF27-EARLY')).toMatchObject({ tiers: [{ price: 3000, units: 2 }, { price: 4000, until: '2099-03-01T00:00:00+01:00' }], translations: { de: { name: 'Frühbucher' } } });

    // A duplicate is the form filled from it: its tiers and translations come with it.
    const copy = await create(ticket('NWF27-EARLY-COPY', { name: 'Early bird (copy)', price: 5000, fee: 0, tiers, translations }), 'NWF27-EARLY');
    expect(copy.status, JSON.stringify(copy.body)).toBe(200);
    const [original, copied] = [await row('NWF27-EARLY'), await row('NWF27-EARLY-COPY')];
    expect([copied!.priceTiers, copied!.translations]).toEqual([original!.priceTiers, original!.translations]);
  });

  it('refuses tiers out of order, tiers beside a payment plan and a text in the default language by field in the member’s language, and changes nothing', async () => {
    const before = await snapshot();
    const plan = [
      { amount: 1000, units: 'days', count: 0 },
      { amount: 4250, units: 'months', count: 1 },
    ];
    const cases: [Record<string, unknown>, string, Parameters<typeof english>[0]][] = [
      [ticket('NEW-TIERS', { tiers: [{ price: 1000, units: 10 }, { price: 2000, units: 5 }] }), 'item.tiers.1.units', priceTierMessages.fewer(1)],
      [ticket('NEW-TIERS', { tiers: [{ price: 1000, until: '2099-03-01T00:00:00+01:00' }, { price: 2000, until: '2099-02-01T00:00:00+01:00' }] }), 'item.tiers.1.until', priceTierMessages.earlier(1)],
      [ticket('NEW-TIERS', { tiers: [{ price: 1000, units: 10 }], payment_plan: plan }), 'item.tiers', priceTierMessages.noPlan],
      [ticket('NEW-TIERS', { translations: { en: { name: 'Own language' } } }), 'item.translations.en', texts.notALanguage],
    ];
    for (const [item, field, text] of cases) {
      const answer = await inGerman('catalogue-create-item', { item, from: null });
      expect([answer.status, answer.body.errors?.[field]], `${JSON.stringify(item)}: ${JSON.stringify(answer.body)}`).toEqual([422, [de(text)]]);
    }
    expect(changedTables(before, await snapshot())).toEqual([]);
  });

  it('knows an item made here from the file’s: it refuses to hand back what no file made, until an import names its code', async () => {
    expect((await row('NWF27-WEEKEND'))!.origin).toBe('file');
    const made = await create({ kind: 'merchandise', code: 'NWF27-MUG', type: 'mug', name: 'Festival mug', price: 1200, tax: 'high' });
    expect(made.body.item).toMatchObject({ origin: 'browser' });
    const changed = await staffCall(shop.app, 'catalogue-change-item', { code: 'NWF27-MUG', changes: { price: 1400 } }, admin);
    expect(changed.body.item).toMatchObject({ origin: 'browser', changed_here: ['price'] });
    // A size added here is the browser's too, also under a group the file made.
    const size = await staffCall(shop.app, 'catalogue-add-variant', { code: 'NWF27-MUG', variant: { code: 'NWF27-MUG-XL', label: 'XL', stock: 5, on_sale: true } }, admin);
    expect(size.status, JSON.stringify(size.body)).toBe(200);
    expect((await row('NWF27-MUG-XL'))!.origin).toBe('browser');

    const before = await snapshot();
    const refused = await inGerman('catalogue-hand-back', { code: 'NWF27-MUG' });
    expect([refused.status, refused.body.message]).toEqual([409, de(texts.madeHere('Festival mug'))]);
    expect((await staffCall(shop.app, 'catalogue-hand-back', { code: 'NWF27-MUG' }, admin)).body.message).toBe(english(texts.madeHere('Festival mug')));
    expect(changedTables(before, await snapshot())).toEqual([]);

    // A file that names its code makes it the file's: the change made here is kept (and reported) until handed back.
    const file = parseCatalogue('tax_rates:\n  - { code: high, name: VAT 21%, rate: 21 }\nmerchandise:\n  - { code: NWF27-MUG, type: mug, name: Festival mug, price: 1200, tax: high }\n', 'mug.yaml');
    const imported = await importCatalogueWith(db(), file, { file: 'mug.yaml', images: { folder: '.' } });
    expect(imported.kept).toContainEqual(expect.objectContaining({ code: 'NWF27-MUG', field: 'price' }));
    expect(await row('NWF27-MUG')).toMatchObject({ origin: 'file', price: 1400, backOfficeFields: ['price'] });
    const handed = await staffCall(shop.app, 'catalogue-hand-back', { code: 'NWF27-MUG' }, admin);
    expect([handed.status, handed.body.message, handed.body.item]).toEqual([200, english(texts.handedBack), expect.objectContaining({ origin: 'file', changed_here: [] })]);
  });

  it('archives an item: it leaves the shop and its carts at once, an order of it stays, and it comes back when restored', async () => {
    const buyer = await createCustomer(shop);
    const cart = await cartWith(shop, buyer.token, ['NWF27-CANOE']);
    const checkout = await shop.call('checkout-cart', checkoutPayload(buyer.token, cart));
    expect(checkout.status, JSON.stringify(checkout.body).slice(0, 300)).toBe(200);
    const soldBefore = (await row('NWF27-CANOE'))!.sold;
    const archived = await archive('NWF27-CANOE', true);
    expect(archived.body).toMatchObject({ message: english(texts.itemArchived), item: { archived: true, selling_now: false, on_sale: true, changed_here: ['archived'] } });
    expect(await lastAudit('item:NWF27-CANOE')).toMatchObject({ action: 'catalogue.archive-item', before: { archived: false }, after: { archived: true } });
    expect(await shopCodes()).not.toContain('NWF27-CANOE');
    const late = await createCustomer(shop);
    expect((await shop.call('get-shop-item', { token: late.token, external_code: 'NWF27-CANOE' })).status).toBeGreaterThanOrEqual(400);
    const added = await shop.call('add-product-to-cart', { token: late.token, external_code: 'NWF27-CANOE', full_name: 'Late Buyer', email: 'late@example.org', age: '25-34' });
    expect([added.status >= 400, added.status < 500]).toEqual([true, true]);
    // Nothing of what was sold is touched: the order and its count stay.
    expect((await row('NWF27-CANOE'))!.sold).toBe(soldBefore);
    expect((await archive('NWF27-CANOE', true)).body.message).toBe(english(texts.nothingToChange));
    expect((await archive('NWF27-CANOE', false)).body.message).toBe(english(texts.itemRestored));
    expect(await shopCodes()).toContain('NWF27-CANOE');
  });

  it('adds a departure and switches one off, refused while its seats are sold or held; an import keeps both until the file wins', async () => {
    const call = (path: 'catalogue-add-departure' | 'catalogue-departure-active', payload: Record<string, unknown>) => staffCall(shop.app, path, payload, admin);
    const added = await call('catalogue-add-departure', { code: 'NWF27-BOAT', time: '2027-06-18T13:00:00+02:00', seats: 20 });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.message).toBe(english(texts.departureAdded));
    const again = await inGerman('catalogue-add-departure', { code: 'NWF27-BOAT', time: '2027-06-18T13:00:00+02:00', seats: 20 });
    expect([again.status, again.body.errors?.time]).toEqual([422, [de(texts.departureExists)]]);
    expect((await call('catalogue-add-departure', { code: 'NWF27-VIP', time: '2027-06-18T13:00:00+02:00', seats: 20 })).status).toBe(404);
    const departures = added.body.item.departures as { id: number; departs_at: string; active: boolean; active_changed_here: boolean }[];
    expect(departures.find((time) => time.departs_at === '2027-06-18T11:00:00.000Z')).toMatchObject({ active: true, active_changed_here: true });
    // A seat held in a cart keeps its departure on.
    const boat = (await row('NWF27-BOAT'))!;
    const first = departures.find((time) => time.departs_at === '2027-06-18T07:00:00.000Z')!;
    await db().update(travelTimes).set({ held: 1 }).where(eq(travelTimes.id, first.id));
    const refused = await inGerman('catalogue-departure-active', { code: 'NWF27-BOAT', departure_id: first.id, active: false });
    expect([refused.status, refused.body.errors?.active]).toEqual([422, [de(texts.departureTaken(1))]]);
    await db().update(travelTimes).set({ held: 0 }).where(eq(travelTimes.id, first.id));
    const off = await call('catalogue-departure-active', { code: 'NWF27-BOAT', departure_id: first.id, active: false });
    expect(off.body.message).toBe(english(texts.departureOff));
    expect(await lastAudit('item:NWF27-BOAT')).toMatchObject({ action: 'catalogue.departure-active', after: { active: false } });
    // The file names the first departure only: the one switched off stays off, the one added stays on.
    const file = parseCatalogue(catalogueYaml((await readLiveCatalogue(db())).catalogue), 'live.yaml');
    const product = file.products.find((entry) => entry.code === 'NWF27-BOAT')!;
    product.transport!.travel_times = [{ time: '2027-06-18T09:00:00+02:00', seats: 40 }, { time: '2027-06-18T11:00:00+02:00', seats: null }];
    const imported = await importCatalogueWith(db(), file, { file: 'live.yaml', images: { known: true } });
    expect(imported.kept.filter((change) => change.code === 'NWF27-BOAT').map((change) => change.field)).toEqual(expect.arrayContaining(['active@2027-06-18T07:00:00.000Z', 'active@2027-06-18T11:00:00.000Z']));
    const state = async () =>
      Object.fromEntries((await db().select().from(travelTimes).where(eq(travelTimes.shopItemId, boat.id))).map((time) => [time.departsAt.toISOString(), time.active]));
    expect(await state()).toEqual({ '2027-06-18T07:00:00.000Z': false, '2027-06-18T09:00:00.000Z': true, '2027-06-18T11:00:00.000Z': true });
    await importCatalogueWith(db(), file, { file: 'live.yaml', images: { known: true }, fileWins: true });
    expect(await state()).toEqual({ '2027-06-18T07:00:00.000Z': true, '2027-06-18T09:00:00.000Z': true, '2027-06-18T11:00:00.000Z': false });
  });

  it('keeps an archive set here through an import until the file wins, and the export writes it', async () => {
    await archive('NWF27-CAP', true);
    const live = (await readLiveCatalogue(db())).catalogue;
    expect(live.merchandise.find((item) => item.code === 'NWF27-CAP')).toMatchObject({ archived: true });
    expect(catalogueYaml(live)).toMatch(/code: NWF27-CAP\n(?:.*\n)*?\s+archived: true/);
    const file = parseCatalogue('tax_rates:\n  - { code: high, name: VAT 21%, rate: 21 }\nmerchandise:\n  - { code: NWF27-CAP, type: cap, name: Festival cap, price: 1800, tax: high, stock: 50 }\n', 'cap.yaml');
    const imported = await importCatalogueWith(db(), file, { file: 'cap.yaml', images: { folder: '.' } });
    expect(imported.kept).toContainEqual({ code: 'NWF27-CAP', field: 'archived', shop_value: 'true', file_value: 'false' });
    expect(await row('NWF27-CAP')).toMatchObject({ archived: true, backOfficeFields: ['archived'] });
    await importCatalogueWith(db(), file, { file: 'cap.yaml', images: { folder: '.' }, fileWins: true });
    expect(await row('NWF27-CAP')).toMatchObject({ archived: false, backOfficeFields: [] });
  });

  if (engine === 'postgres') {
    it('makes exactly one item of parallel creates of the same code; the others are refused at the code', async () => {
      const answers = await Promise.all(Array.from({ length: 8 }, (_, index) => create(ticket('NWF27-RACE', { name: `Racer ${index}` }))));
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
      for (const answer of answers.filter((one) => one.status !== 200)) {
        expect([answer.status, answer.body.errors?.['item.code']]).toEqual([422, [english(productFieldMessages.codeTaken('NWF27-RACE'))]]);
      }
      expect(await db().select().from(shopItems).where(eq(shopItems.externalCode, 'NWF27-RACE'))).toHaveLength(1);
    });
  }
});
