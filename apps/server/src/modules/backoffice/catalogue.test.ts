import { english, catalogueFieldMessages, messages, staffApi, staffCatalogueMessages as texts } from '@festival/contract';
import { and, asc, desc, eq } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/databases';
import { changedTables, createSnapshotter } from '../../../test/db-snapshot';
import { cartWith, checkoutPayload, createCustomer } from '../../../test/shop-flows';
import { staffCall } from '../../../test/staff-call';
import { signedInStaff } from '../../../test/staff-sign-in';
import { createTestShop, DEMO_CATALOGUE, type TestShop } from '../../../test/test-shop';
import { shopItems, staffAudit, travelTimes } from '../../db/schema';
import { catalogueYaml, exportLiveCatalogue } from '../catalog/catalogue-export';
import { parseCatalogue } from '../catalog/catalogue-import';
import { timeLimit } from '../../../test/time-limits';

const SECRET = 'catalogue-admin-test-secret-of-32-chars!!';
const DEMO_TEXT = readFileSync(DEMO_CATALOGUE, 'utf8');
const lines = (text: string) => text.split(/\r?\n/);

/**
 * The back office's catalogue over HTTP (issue 22 point 6, decision 0047): what an admin sees, a
 * change of stock, price, sale window and rules with the file's own field rules and the shop's
 * (not below what is sold), its effect on what shoppers see and can buy, its audit entry; an
 * uploaded file's problems by field and line; and the file and the browser never fighting: an
 * import keeps what the back office set until the file wins or the item is handed back.
 */
describe.each(testEngines())('the back-office catalogue on %s', (engine) => {
  let shop: TestShop;
  const clock = new Date('2026-11-23T12:00:00Z');
  let admin: string;
  let customerService: string;
  beforeAll(async () => {
    shop = await createTestShop(engine, { app: { appSecret: SECRET, now: () => clock, catalogMaxAgeMs: 0 } });
    admin = (await signedInStaff(shop.app, shop.database.db, { email: 'catalogue.admin@example.org', role: 'admin' }, clock)).cookie;
    customerService = (await signedInStaff(shop.app, shop.database.db, { email: 'catalogue.cs@example.org', role: 'customer_service' }, clock)).cookie;
  }, timeLimit(120_000));
  afterAll(async () => {
    await shop?.close();
  });

  const db = () => shop.database.db;
  const snapshot = () => createSnapshotter(db())();
  type Path = 'catalogue-overview' | 'catalogue-change-item' | 'catalogue-change-event' | 'catalogue-change-seats' | 'catalogue-hand-back' | 'catalogue-upload' | 'catalogue-download';
  const call = (path: Path, payload: unknown, cookie = admin) => staffCall(shop.app, path, payload, cookie);
  const change = (code: string, changes: Record<string, unknown>) => call('catalogue-change-item', { code, changes });
  const row = async (code: string) => (await db().select().from(shopItems).where(eq(shopItems.externalCode, code)))[0]!;
  const departures = async (code: string) =>
    (await db().select({ time: travelTimes }).from(travelTimes).innerJoin(shopItems, eq(shopItems.id, travelTimes.shopItemId)).where(eq(shopItems.externalCode, code)).orderBy(asc(travelTimes.departsAt))).map((found) => found.time);
  const shopItem = async (code: string) => {
    const answer = await shop.call('get-shop-item', { external_code: code });
    return answer.status === 200 ? answer.body.item : null;
  };
  const upload = async (text: string, options: { check_only: boolean; file_wins?: boolean }) => {
    const answer = await call('catalogue-upload', { file_name: 'catalogue.yaml', lines: lines(text), ...options });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return staffApi['catalogue-upload'].answer.parse(answer.body);
  };
  const lastAudit = async (target: string) => (await db().select().from(staffAudit).where(eq(staffAudit.target, target)).orderBy(desc(staffAudit.id)).limit(1))[0];

  it('shows admins every event, item, stock count and departure; no other role', async () => {
    const answer = await call('catalogue-overview', {});
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const overview = staffApi['catalogue-overview'].answer.parse(answer.body);
    expect(overview.currency).toBe(shop.config.currency);
    expect(overview.timezone).toBe(shop.config.timezone);
    expect(overview.events.map((event) => event.code)).toContain('NWF27');
    const byCode = new Map(overview.items.map((item) => [item.code, item]));
    expect(byCode.get('NWF27-WEEKEND')).toMatchObject({ kind: 'product', event: 'NWF27', price: 18950, stock: 5000, sold: 0, held: 0, available: 5000, on_sale: true, selling_now: true, changed_here: [] });
    expect(byCode.get('NWF27-TEE-LINEUP')).toMatchObject({ kind: 'merchandise', event: null, price: 2995 });
    expect(byCode.get('NWF27-SHUTTLE')!.departures.map((departure) => departure.seats)).toEqual([60, 0, 60, null, 40]);
    expect(byCode.get('NWF27-WEEKEND-PLAN')!.payment_plan).not.toBeNull();
    expect((await call('catalogue-overview', {}, customerService)).status).toBe(403);
  });

  it('changes stock and price: shoppers see it at once, the fields are marked as the back office’s, and the audit says who changed what from what', async () => {
    const answer = await change('NWF27-LOCKER', { stock: 650, price: 1900 });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const changed = staffApi['catalogue-change-item'].answer.parse(answer.body);
    expect(changed.message).toBe(english(texts.saved));
    expect(changed.item).toMatchObject({ stock: 650, price: 1900, available: 650, changed_here: ['price', 'stock'] });
    expect(await shopItem('NWF27-LOCKER')).toMatchObject({ price: 1900, stock_level: 650 });
    const audit = await lastAudit('item:NWF27-LOCKER');
    expect(audit).toMatchObject({ actor: 'catalogue.admin@example.org', action: 'catalogue.change', before: { stock: '600', price: '1800' }, after: { stock: '650', price: '1900' } });
    // The same value again is no change.
    const again = await change('NWF27-LOCKER', { stock: 650 });
    expect([again.status, again.body.message]).toEqual([422, english(texts.nothingToChange)]);
  });

  it('refuses with the file’s field rules and the shop’s, by field, and changes nothing', async () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['NWF27-PARKING', { price: -1 }, 'changes.price', english(catalogueFieldMessages.moneyRange)],
      ['NWF27-PARKING', { price: 12.5 }, 'changes.price', english(catalogueFieldMessages.money)],
      ['NWF27-PARKING', { stock: 2 ** 31 }, 'changes.stock', english(catalogueFieldMessages.count)],
      ['NWF27-PARKING', { on_sale_from: '2027-01-02T00:00:00Z', on_sale_until: '2027-01-01T00:00:00Z' }, 'changes.on_sale_until', english(catalogueFieldMessages.laterThan('on_sale_from'))],
      ['NWF27-PARKING', { on_sale_from: 'tomorrow' }, 'changes.on_sale_from', english(catalogueFieldMessages.instant)],
      ['NWF27-PARKING', { refund: { refundable: true, fee: 0, from: '2027-02-01T00:00:00Z', until: '2027-01-01T00:00:00Z' } }, 'changes.refund.until', english(catalogueFieldMessages.laterThan('refund.from'))],
      ['NWF27-WEEKEND-PLAN', { price: 20000 }, 'changes.price', english(texts.planMismatch(19300, 20350))],
    ];
    for (const [code, changes, field, message] of cases) {
      const before = await snapshot();
      const answer = await change(code, changes);
      expect(answer.status, JSON.stringify(answer.body)).toBe(422);
      expect(answer.body.errors?.[field], `${field}: ${JSON.stringify(answer.body)}`).toEqual([message]);
      expect(changedTables(before, await snapshot())).toEqual([]);
    }
    // One end of the window set before, the other now: checked against the stored end.
    expect((await change('NWF27-PARKING', { on_sale_until: '2027-03-01T00:00:00Z' })).status).toBe(200);
    const reversed = await change('NWF27-PARKING', { on_sale_from: '2027-04-01T00:00:00Z' });
    expect(reversed.body.errors?.['changes.on_sale_from']).toEqual([english(catalogueFieldMessages.laterThan('on_sale_from'))]);
    expect((await change('NWF27-PARKING', { on_sale_until: null })).status).toBe(200);
    // Unknown keys, an unknown item.
    expect((await change('NWF27-PARKING', { colour: 'red' })).status).toBe(422);
    const missing = await change('NO-SUCH-ITEM', { price: 100 });
    expect([missing.status, missing.body.message]).toEqual([404, english(texts.noItem('NO-SUCH-ITEM'))]);
  });

  it('never sets stock below what is sold or held in carts', async () => {
    const { token } = await createCustomer(shop);
    await cartWith(shop, token, ['NWF27-CAMPING', 'NWF27-CAMPING']);
    const camping = await row('NWF27-CAMPING');
    const taken = camping.held + camping.sold;
    expect(taken).toBeGreaterThanOrEqual(2);
    const below = await change('NWF27-CAMPING', { stock: taken - 1 });
    expect([below.status, below.body.errors?.['changes.stock']]).toEqual([422, [english(texts.stockBelowTaken(taken))]]);
    const exact = await change('NWF27-CAMPING', { stock: taken });
    expect(exact.status).toBe(200);
    expect(await shopItem('NWF27-CAMPING')).toMatchObject({ in_stock: false, stock_level: 0 });
    expect((await change('NWF27-CAMPING', { stock: null })).body.item).toMatchObject({ stock: null, available: null });
  });

  it('lowers stock while buyers add it to carts at once without ever selling more than the stock', async () => {
    expect((await change('NWF27-HOODIE', { stock: 30 })).status).toBe(200);
    const buyers = await Promise.all(Array.from({ length: 24 }, () => createCustomer(shop)));
    const answers = await Promise.all([
      ...buyers.map((buyer) => shop.call('add-merchandise-to-cart', { token: buyer.token, external_code: 'NWF27-HOODIE' })),
      change('NWF27-HOODIE', { stock: 20 }),
      change('NWF27-HOODIE', { stock: 26 }),
    ]);
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
    const hoodie = await row('NWF27-HOODIE');
    const added = answers.slice(0, buyers.length).filter((answer) => answer.status === 200).length;
    expect(hoodie.held + hoodie.sold).toBe(added);
    expect(added).toBeLessThanOrEqual(hoodie.stock!);
    // A refused stock change says why: it would have been below what the carts already held.
    for (const answer of answers.slice(buyers.length)) if (answer.status !== 200) expect(answer.body.errors?.['changes.stock']?.[0]).toMatch(/^Stock cannot be lower than the \d+ already sold or held in carts\.$/);
  });

  it('saves an item, its event and its seats while buyers hold and check out that item at once: nobody waits on a lock cycle, nothing fails', async () => {
    // A checkout key-share locks the item's row (its lines reference it) and updates it at commit;
    // a hold updates it; an editor's lock that conflicted with the key-share lock closed a cycle
    // (PostgreSQL's "deadlock detected", a 500 for the editor or a buyer: the device bench found it).
    const buyers = await Promise.all(Array.from({ length: 24 }, () => createCustomer(shop)));
    const shuttle = await departures('NWF27-SHUTTLE');
    // Half of them buy a day ticket, half a seat on the shuttle's first departure.
    const buy = async (buyer: { token: string }, index: number) => {
      const what = index % 2 ? { external_code: 'NWF27-SHUTTLE', transport_time_id: shuttle[0]!.id } : { external_code: 'NWF27-DAY-SAT' };
      const added = await shop.call('add-product-to-cart', { token: buyer.token, ...what, full_name: `Racer ${index}`, email: `racer${index}@example.org`, age: '25-34' });
      if (added.status !== 200) return [added];
      return [added, await shop.call('checkout-cart', checkoutPayload(buyer.token, added.body.cart.code))];
    };
    const edits = Array.from({ length: 6 }, (_, round) => [
      change(round % 2 ? 'NWF27-SHUTTLE' : 'NWF27-DAY-SAT', { description: `<p>Edited during the sale, round ${round}.</p>` }),
      call('catalogue-change-event', { code: 'NWF27', changes: { name: `Northwind Festival 2027 (round ${round})` } }),
      call('catalogue-change-seats', { code: 'NWF27-SHUTTLE', departure_id: shuttle.at(-1)!.id, seats: 500 + round }),
    ]).flat();
    const answers = await Promise.all([...buyers.map((buyer, index) => buy(buyer, index)), ...edits.map(async (edit) => [await edit])]);
    const all = answers.flat();
    for (const answer of all) expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
    for (const answer of answers.slice(buyers.length).flat()) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(all.filter((answer) => answer.body?.order).length).toBeGreaterThan(0);
  }, timeLimit(120_000));

  it('keeps an item off sale outside its sale window: hidden, and not put in a cart, until the window opens', async () => {
    const opens = new Date(clock.getTime() + 3_600_000).toISOString();
    expect((await change('NWF27-POSTER', { on_sale_from: opens })).body.item).toMatchObject({ selling_now: false, on_sale_from: opens });
    expect(await shopItem('NWF27-POSTER')).toBeNull();
    const { token } = await createCustomer(shop);
    const refused = await shop.call('add-merchandise-to-cart', { token, external_code: 'NWF27-POSTER' });
    expect([refused.status, refused.body.message]).toEqual([404, english(messages.server.itemNotFound)]);
    const start = clock.getTime();
    try {
      clock.setTime(Date.parse(opens));
      expect(await shopItem('NWF27-POSTER')).toMatchObject({ in_stock: true });
      expect((await shop.call('add-merchandise-to-cart', { token, external_code: 'NWF27-POSTER' })).status).toBe(200);
    } finally {
      clock.setTime(start);
    }
    expect((await change('NWF27-POSTER', { on_sale_from: null })).status).toBe(200);
  });

  it('changes a departure’s seats, never below those taken, and marks them', async () => {
    const [ten, twelve] = await departures('NWF27-SHUTTLE');
    const answer = await call('catalogue-change-seats', { code: 'NWF27-SHUTTLE', departure_id: ten!.id, seats: 70 });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.item.departures[0]).toMatchObject({ seats: 70, changed_here: true });
    expect((await shopItem('NWF27-SHUTTLE')).travel_times[0]).toMatchObject({ remaining: 70 - ten!.held - ten!.sold });
    expect(await lastAudit('item:NWF27-SHUTTLE')).toMatchObject({ action: 'catalogue.seats', before: { seats: 60 }, after: { seats: 70 } });
    // The sold-out departure has 0 seats: give it five, then three are sold.
    const other = await call('catalogue-change-seats', { code: 'NWF27-SHUTTLE', departure_id: twelve!.id, seats: 5 });
    expect(other.status).toBe(200);
    await db().update(travelTimes).set({ sold: 3 }).where(eq(travelTimes.id, twelve!.id));
    const below = await call('catalogue-change-seats', { code: 'NWF27-SHUTTLE', departure_id: twelve!.id, seats: 2 });
    expect([below.status, below.body.errors?.seats]).toEqual([422, [english(texts.seatsBelowTaken(3))]]);
    await db().update(travelTimes).set({ sold: 0 }).where(eq(travelTimes.id, twelve!.id));
    const elsewhere = await call('catalogue-change-seats', { code: 'NWF27-COACH-UTR', departure_id: ten!.id, seats: 5 });
    expect([elsewhere.status, elsewhere.body.message]).toEqual([404, english(texts.notTransport)]);
    const wrong = await call('catalogue-change-seats', { code: 'NWF27-SHUTTLE', departure_id: 2_000_000_000, seats: 5 });
    expect([wrong.status, wrong.body.message]).toEqual([404, english(texts.noDeparture)]);
  });

  it('reads an uploaded file’s problems by field and line and changes nothing', async () => {
    const broken = DEMO_TEXT.replace('price: 18950', 'price: -5').replace(/(- code: NWF27-PARKING\n(?:.*\n)*?\s+event: )NWF27/, '$1NOPE');
    const before = await snapshot();
    const answer = await upload(broken, { check_only: false });
    expect(answer).toMatchObject({ valid: false, imported: false, counts: null });
    const priceLine = lines(broken).findIndex((line) => line.includes('price: -5')) + 1;
    const eventLine = lines(broken).findIndex((line) => line.includes('event: NOPE')) + 1;
    expect(answer.problems).toEqual(
      expect.arrayContaining([
        { line: priceLine, field: 'products[0].price', message: english(catalogueFieldMessages.moneyRange) },
      ]),
    );
    expect(answer.message).toBe(english(texts.problems(answer.problems.length)));
    const unknownEvent = await upload(DEMO_TEXT.replace(/(- code: NWF27-PARKING\n(?:.*\n)*?\s+event: )NWF27/, '$1NOPE'), { check_only: true });
    expect(unknownEvent.problems).toEqual(expect.arrayContaining([{ line: eventLine, field: expect.stringMatching(/^products\[\d+\]\.event$/), message: 'no event has the code "NOPE"' }]));
    const syntax = await upload('events:\n  - code: [unclosed\n', { check_only: true });
    expect(syntax.problems[0]).toMatchObject({ line: expect.any(Number), field: '' });
    const image = await upload(DEMO_TEXT.replace(/images: \[[^\]]*\]|images:\n(\s+- .*\n)+/, 'images: [new/picture.webp]\n'), { check_only: true });
    expect(image.problems).toEqual([expect.objectContaining({ field: expect.stringMatching(/\.images\[0\]$/), line: expect.any(Number), message: expect.stringContaining('new/picture.webp is not in the shop yet') })]);
    expect(changedTables(before, await snapshot())).toEqual([]);
  });

  it('reports every problem of a file in one pass: the field rules and the rules across entries together, never a second list after the first is fixed', async () => {
    const broken = DEMO_TEXT.replace('price: 18950', 'price: -5')
      .replace(/(- code: NWF27-PARKING\n(?:.*\n)*?\s+event: )NWF27/, '$1NOPE')
      .replace(/(- code: NWF27-HOODIE\n(?:.*\n)*?\s+tax: )high/, '$1none')
      .replace('- code: GIFTCARD150', '- code: welcome10');
    const lineOf = (pattern: RegExp) => lines(broken).findIndex((line) => pattern.test(line)) + 1;
    const answer = await upload(broken, { check_only: true });
    expect(answer).toMatchObject({ valid: false, imported: false });
    // The first product is not valid on its own, yet the lists naming it are not told it is missing.
    expect(answer.problems).toEqual([
      { line: lineOf(/price: -5/), field: 'products[0].price', message: english(catalogueFieldMessages.moneyRange) },
      { line: lineOf(/event: NOPE/), field: expect.stringMatching(/^products\[\d+\]\.event$/), message: 'no event has the code "NOPE"' },
      { line: lineOf(/tax: none/), field: expect.stringMatching(/^merchandise\[\d+\]\.tax$/), message: 'no tax rate has the code "none"' },
      { line: lineOf(/code: welcome10/), field: 'vouchers[1].code', message: '"welcome10" appears twice (codes ignore case)' },
    ]);
    expect(answer.message).toBe(english(texts.problems(4)));
  });

  it('keeps what the back office set when the file says otherwise, says so, and lets the file win when told or when handed back', async () => {
    // NWF27-LOCKER's stock (650) and price (1900) were set above; the file says 600 and 1800.
    const checked = await upload(DEMO_TEXT, { check_only: true });
    expect(checked).toMatchObject({ valid: true, imported: false, message: english(texts.valid) });
    expect(checked.kept).toEqual(expect.arrayContaining([{ code: 'NWF27-LOCKER', field: 'stock', shop_value: '650', file_value: '600' }, { code: 'NWF27-LOCKER', field: 'price', shop_value: '1900', file_value: '1800' }]));
    expect(checked.kept).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'NWF27-SHUTTLE', field: expect.stringMatching(/^seats@/), shop_value: '70', file_value: '60' })]));
    // A file that raises the weekend's stock changes it; the locker keeps its back-office values.
    const imported = await upload(DEMO_TEXT.replace('stock: 5000', 'stock: 5100'), { check_only: false });
    expect(imported).toMatchObject({ valid: true, imported: true, message: english(texts.imported) });
    expect(await row('NWF27-WEEKEND')).toMatchObject({ stock: 5100 });
    expect(await row('NWF27-LOCKER')).toMatchObject({ stock: 650, price: 1900, backOfficeFields: ['price', 'stock'] });
    expect((await departures('NWF27-SHUTTLE'))[0]).toMatchObject({ seats: 70, seatsSetHere: true });
    expect(await lastAudit('catalogue')).toMatchObject({ action: 'catalogue.import', after: expect.objectContaining({ file: 'catalogue.yaml', file_wins: false, kept_count: imported.kept.length }) });
    // The file catching up with a value gives the field back to the file.
    await upload(DEMO_TEXT.replace(/(- code: NWF27-LOCKER\n(?:.*\n)*?\s+price: )1800/, '$11900'), { check_only: false });
    expect((await row('NWF27-LOCKER')).backOfficeFields).toEqual(['stock']);
    // The file wins when told: its values, and no marks.
    const won = await upload(DEMO_TEXT, { check_only: false, file_wins: true });
    expect(won.problems).toEqual([]);
    expect(won.kept).toEqual(expect.arrayContaining([{ code: 'NWF27-LOCKER', field: 'stock', shop_value: '650', file_value: '600' }]));
    expect(await row('NWF27-LOCKER')).toMatchObject({ stock: 600, price: 1800, backOfficeFields: [] });
    expect((await departures('NWF27-SHUTTLE'))[0]).toMatchObject({ seats: 60, seatsSetHere: false });
    // Handing an item back: the next import decides it.
    await change('NWF27-TEE-LINEUP', { price: 3100 });
    const handed = await call('catalogue-hand-back', { code: 'NWF27-TEE-LINEUP' });
    expect([handed.status, handed.body.message, handed.body.item.changed_here]).toEqual([200, english(texts.handedBack), []]);
    expect(await lastAudit('item:NWF27-TEE-LINEUP')).toMatchObject({ action: 'catalogue.hand-back', before: { fields: ['price'] } });
    await upload(DEMO_TEXT, { check_only: false });
    expect(await row('NWF27-TEE-LINEUP')).toMatchObject({ price: 2995 });
  });

  it('downloads the live catalogue as a file that uploads back as no change; an upload shows what it would change before it is imported, and the import what it changed', async () => {
    await change('NWF27-POSTER', { price: 1450 });
    const answer = await call('catalogue-download', {});
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const download = staffApi['catalogue-download'].answer.parse(answer.body);
    expect(download).toMatchObject({ filename: 'catalogue-2026-11-23.yaml', media_type: 'application/yaml' });
    // The live catalogue, as the command exports it; its images named by the paths the shop knows them by.
    expect(download.content).toBe(catalogueYaml((await exportLiveCatalogue(db(), { timezone: shop.config.timezone })).catalogue));
    expect(download.images).toContain('images/weekend-ticket.webp');
    expect(parseCatalogue(download.content, 'download.yaml').merchandise.find((item) => item.code === 'NWF27-POSTER')?.price).toBe(1450);
    expect((await call('catalogue-download', {}, customerService)).status).toBe(403);
    expect((await call('catalogue-download', { everything: true })).status).toBe(422);

    const before = await snapshot();
    const same = await upload(download.content, { check_only: true });
    expect(same).toMatchObject({ valid: true, imported: false, kept: [] });
    expect(same.diff!.sections.every((section) => section.added_count + section.changed_count + section.switched_off_count === 0)).toBe(true);
    expect(same.diff!.handed_back).toContainEqual({ code: 'NWF27-POSTER', field: 'price' });
    expect(changedTables(before, await snapshot())).toEqual([]);

    const changed = download.content.replace(/(- code: NWF27-TOTE\n(?:.*\n)*?\s+price: )\d+/, '$11095');
    const preview = await upload(changed, { check_only: true });
    const merchandise = preview.diff!.sections.find((section) => section.section === 'merchandise');
    expect(merchandise).toMatchObject({ added: [], changed: [{ code: 'NWF27-TOTE', fields: [{ field: 'price', live: expect.any(String), file: '1095' }] }], changed_count: 1 });
    expect(changedTables(before, await snapshot())).toEqual([]);
    const imported = await upload(changed, { check_only: false });
    expect(imported).toMatchObject({ imported: true, diff: preview.diff });
    expect(await row('NWF27-TOTE')).toMatchObject({ price: 1095 });
    expect(await lastAudit('catalogue')).toMatchObject({ action: 'catalogue.import', after: expect.objectContaining({ changed: { merchandise: { added: 0, changed: 1, switched_off: 0 } } }) });
  });

  it('refuses an import whose kept price no longer fits the file’s payment plan, by field and line', async () => {
    // A plan item's price changes with its plan, in the file: a kept price meets the file's plan (price 18950 + fee 350).
    await db().update(shopItems).set({ price: 20000, backOfficeFields: ['price'] }).where(eq(shopItems.externalCode, 'NWF27-WEEKEND-PLAN'));
    const answer = await upload(DEMO_TEXT, { check_only: true });
    const planLine = lines(DEMO_TEXT).findIndex((line, index) => line.includes('payment_plan:') && index > lines(DEMO_TEXT).findIndex((text) => text.includes('NWF27-WEEKEND-PLAN'))) + 1;
    expect(answer.problems).toEqual([{ line: planLine, field: expect.stringMatching(/^products\[\d+\]\.payment_plan$/), message: expect.stringContaining('the price and fee changed in the back office make 20350') }]);
    await db().update(shopItems).set({ price: 18950, backOfficeFields: [] }).where(and(eq(shopItems.externalCode, 'NWF27-WEEKEND-PLAN')));
  });
});
