import { catalogueFieldMessages, english, staffAdminMessages, staffApi, staffVoucherMessages as texts, VOUCHER_GENERATE_MAX, voucherFieldMessages } from '@festival/contract';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastAudit as lastAuditOf, openBackOfficeShop } from '../../../test/back-office-shop';
import { testEngines } from '../../../test/databases';
import { changedTables, createSnapshotter } from '../../../test/db-snapshot';
import { cartWith, checkoutPayload, createCustomer } from '../../../test/shop-flows';
import { staffCall } from '../../../test/staff-call';
import { type TestShop } from '../../../test/test-shop';
import { vouchers } from '../../db/schema';
import { translatorFor } from '../../lib/language';
import { CatalogueError, importCatalogue, parseCatalogue } from '../catalog/catalogue-import';
import { readCsv } from './csv';
import { createVoucherAdmin, GENERATED_CSV_COLUMNS } from './vouchers.service';
import { timeLimit } from '../../../test/time-limits';

const SECRET = 'vouchers-admin-test-secret-of-32-chars!!!';

/**
 * The back office's vouchers over HTTP (issue 37 point 3, decision 0096): admins only; the list
 * with each voucher's use and orders; creating and changing vouchers of every kind with the
 * catalogue file's rules and the shop's (a used voucher keeps its code and kind, never fewer uses
 * than it had), refused by field in the staff member's language with nothing changed; every change
 * audited; codes generated in bulk, unique against the shop's codes, as CSV, and redeemable.
 */
describe.each(testEngines())('the back-office vouchers on %s', (engine) => {
  let shop: TestShop;
  let admin: string;
  let customerService: string;
  beforeAll(async () => {
    ({ shop, admin, other: customerService } = await openBackOfficeShop(engine, { secret: SECRET, name: 'vouchers', other: 'customer_service' }));
  }, timeLimit(120_000));
  afterAll(async () => {
    await shop?.close();
  });

  const db = () => shop.database.db;
  const snapshot = () => createSnapshotter(db())();
  const list = async (query = '') => {
    const answer = await staffCall(shop.app, 'voucher-list', { query }, admin);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return staffApi['voucher-list'].answer.parse(answer.body);
  };
  const save = (code: string | null, voucher: Record<string, unknown>, cookie = admin) => staffCall(shop.app, 'voucher-save', { code, voucher }, cookie);
  const row = async (code: string) => (await db().select().from(vouchers).where(eq(vouchers.code, code)))[0];
  const lastAudit = (target: string) => lastAuditOf(db(), target);
  const inGerman = async (path: string, payload: unknown) => {
    const answer = await staffCall(shop.app, path, payload, admin, 'de');
    return { ...answer, body: answer.body as { message: string; errors?: Record<string, string[]> }, language: answer.headers['content-language'] };
  };
  const de = (text: Parameters<typeof english>[0]) => translatorFor('de').format(text);

  it('is for admins only', async () => {
    for (const path of ['voucher-list', 'voucher-save', 'voucher-generate'] as const) {
      const answer = await staffCall(shop.app, path, {}, customerService);
      expect([answer.status, answer.body.message]).toEqual([403, english(staffAdminMessages.notAllowed)]);
      expect((await staffCall(shop.app, path, {}, null)).status).toBe(401);
    }
  });

  it('lists the vouchers with their use and the orders that used them, newest first, and finds them by code or name', async () => {
    const buyer = await createCustomer(shop);
    const placed = await shop.call('checkout-cart', checkoutPayload(buyer.token, await cartWith(shop, buyer.token, ['NWF27-PARKING']), {}, { voucher_code: 'WELCOME10' }));
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const all = await list();
    expect(all.vouchers.map((voucher) => voucher.code)).toEqual(expect.arrayContaining(['WELCOME10', 'GIFTCARD150', 'NORTHWIND25']));
    const welcome = all.vouchers.find((voucher) => voucher.code === 'WELCOME10')!;
    expect(welcome).toMatchObject({ kind: 'fixed', discount_amount: 1000, max_uses: 100, used: 1, state: 'live', orders_total: 1 });
    expect(welcome.orders).toEqual([expect.objectContaining({ code: placed.body.order.code, discount_amount: 1000, payment_status: 'pending' })]);
    expect(all.products.map((product) => product.code)).toEqual(expect.arrayContaining(['NWF27-WEEKEND', 'NWF27-TEE-LINEUP']));
    expect((await list('welc')).vouchers.map((voucher) => voucher.code)).toEqual(['WELCOME10']);
    expect((await list('gift card')).vouchers.map((voucher) => voucher.code)).toEqual(['GIFTCARD150']);
    // LIKE's wildcards are the organiser's characters.
    expect((await list('%')).vouchers).toEqual([]);
  });

  it('creates vouchers of every kind, usable at checkout at once, each audited', async () => {
    const created = await save(null, { code: 'summer-15', name: 'Summer 15 %', kind: 'percentage', percent: 15, products: ['NWF27-PARKING'], max_uses: 50, max_uses_per_customer: 1, valid_from: '2020-01-01T00:00:00Z' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ message: english(texts.created('SUMMER-15')), voucher: { code: 'SUMMER-15', kind: 'percentage', percent: 15, products: ['NWF27-PARKING'], used: 0, state: 'live' } });
    expect(await lastAudit('voucher:SUMMER-15')).toMatchObject({ actor: 'vouchers.admin@example.org', action: 'voucher.create', before: null, after: expect.objectContaining({ code: 'SUMMER-15', kind: 'percentage', percent: 15 }) });
    expect((await save(null, { code: 'FREE-PARKING', name: 'Parking on us', kind: 'free_product', product: 'NWF27-PARKING' })).status).toBe(200);
    expect((await save(null, { code: 'FIVE-OFF', name: 'Five off', discount_amount: 500, active: false })).body.voucher).toMatchObject({ kind: 'fixed', state: 'switched-off' });

    const buyer = await createCustomer(shop);
    const cart = await cartWith(shop, buyer.token, ['NWF27-PARKING']);
    expect((await shop.call('validate-voucher', { token: buyer.token, cart, code: 'summer-15' })).body.voucher).toMatchObject({ code: 'SUMMER-15', discount_amount: 390 });
    expect((await shop.call('validate-voucher', { token: buyer.token, cart, code: 'FREE-PARKING' })).body.voucher).toMatchObject({ discount_amount: 2600 });
    expect((await shop.call('validate-voucher', { token: buyer.token, cart, code: 'FIVE-OFF' })).status).toBe(422);
  });

  it('changes a voucher sent whole, audits what changed from what, switches it off and on, and refuses a change of nothing', async () => {
    expect((await save(null, { code: 'AUTUMN', name: 'Autumn', discount_amount: 700, max_uses: 10 })).status).toBe(200);
    const changed = await save('autumn', { code: 'AUTUMN-7', name: 'Autumn sale', discount_amount: 700, max_uses: 20 });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ message: english(texts.saved('AUTUMN-7')), voucher: { code: 'AUTUMN-7', name: 'Autumn sale', max_uses: 20 } });
    expect(await row('AUTUMN')).toBeUndefined();
    expect(await lastAudit('voucher:AUTUMN')).toMatchObject({ action: 'voucher.change', before: { code: 'AUTUMN', name: 'Autumn', max_uses: 10 }, after: { code: 'AUTUMN-7', name: 'Autumn sale', max_uses: 20 } });
    const off = await save('AUTUMN-7', { code: 'AUTUMN-7', name: 'Autumn sale', discount_amount: 700, max_uses: 20, active: false });
    expect(off.body.voucher).toMatchObject({ active: false, state: 'switched-off' });
    expect(await lastAudit('voucher:AUTUMN-7')).toMatchObject({ action: 'voucher.change', before: { active: true }, after: { active: false } });
    const again = await save('AUTUMN-7', { code: 'AUTUMN-7', name: 'Autumn sale', discount_amount: 700, max_uses: 20, active: false });
    expect([again.status, again.body.message]).toEqual([422, english(texts.nothingToChange)]);
    const missing = await save('NO-SUCH-VOUCHER', { code: 'NO-SUCH-VOUCHER', name: 'x', discount_amount: 1 });
    expect([missing.status, missing.body.message]).toEqual([404, english(texts.noVoucher('NO-SUCH-VOUCHER'))]);
  });

  it('refuses by field with the file’s rules and the shop’s, in the staff member’s language, and changes nothing', async () => {
    // WELCOME10 has been used (the list test checked one out).
    expect((await row('WELCOME10'))!.used).toBeGreaterThan(0);
    const cases: [string | null, Record<string, unknown>, string, Parameters<typeof english>[0]][] = [
      [null, { code: 'NEW-ONE', name: 'New', kind: 'percentage', percent: 120 }, 'voucher.percent', voucherFieldMessages.percent],
      [null, { code: 'NEW-ONE', name: 'New', kind: 'percentage' }, 'voucher.percent', voucherFieldMessages.requiredFor('percentage')],
      [null, { code: 'NEW-ONE', name: 'New', discount_amount: 100, percent: 10 }, 'voucher.percent', voucherFieldMessages.onlyFor('percentage')],
      [null, { code: 'NEW-ONE', name: 'New', kind: 'free_product', product: 'NO-SUCH-ITEM' }, 'voucher.product', voucherFieldMessages.noProduct('NO-SUCH-ITEM')],
      [null, { code: 'NEW-ONE', name: 'New', discount_amount: 100, products: ['NWF27-PARKING', 'NOPE'] }, 'voucher.products.1', voucherFieldMessages.noProduct('NOPE')],
      [null, { code: 'NEW-ONE', name: 'New', discount_amount: 100, valid_from: '2027-02-01T00:00:00Z', valid_until: '2027-01-01T00:00:00Z' }, 'voucher.valid_until', catalogueFieldMessages.laterThan('valid_from')],
      [null, { code: 'welcome10', name: 'Twice', discount_amount: 100 }, 'voucher.code', texts.codeTaken],
      ['WELCOME10', { code: 'WELCOME10', name: 'Welcome', kind: 'percentage', percent: 10, max_uses: 100 }, 'voucher.kind', voucherFieldMessages.kindKept('fixed')],
      ['WELCOME10', { code: 'WELCOME-TEN', name: 'Welcome', discount_amount: 1000, max_uses: 100 }, 'voucher.code', voucherFieldMessages.codeKept('WELCOME10')],
      ['WELCOME10', { code: 'WELCOME10', name: 'Welcome', discount_amount: 1000, max_uses: 0 }, 'voucher.max_uses', voucherFieldMessages.uses],
    ];
    for (const [code, voucher, field, text] of cases) {
      const before = await snapshot();
      const answer = await inGerman('voucher-save', { code, voucher });
      const context = `${field}: ${JSON.stringify(answer.body)}`;
      expect([answer.status, answer.language], context).toEqual([422, 'de']);
      expect(answer.body.errors?.[field], context).toEqual([de(text)]);
      expect(changedTables(before, await snapshot()), context).toEqual([]);
    }
    // The German words, not the English.
    const german = await inGerman('voucher-save', { code: null, voucher: { code: 'NEW-ONE', name: 'New', kind: 'percentage', percent: 120 } });
    expect(german.body.errors?.['voucher.percent']).toEqual(['muss eine ganze Zahl von 1 bis 100 sein']);
  });

  it('keeps max_uses from going below the uses taken, also when checkouts take them meanwhile', async () => {
    expect((await save(null, { code: 'TWO-USES', name: 'Two uses', discount_amount: 100, max_uses: 5 })).status).toBe(200);
    for (let round = 0; round < 2; round += 1) {
      const buyer = await createCustomer(shop);
      expect((await shop.call('checkout-cart', checkoutPayload(buyer.token, await cartWith(shop, buyer.token, ['NWF27-PARKING']), {}, { voucher_code: 'TWO-USES' }))).status).toBe(200);
    }
    const below = await save('TWO-USES', { code: 'TWO-USES', name: 'Two uses', discount_amount: 100, max_uses: 1 });
    expect([below.status, below.body.errors?.['voucher.max_uses']]).toEqual([422, [english(voucherFieldMessages.maxBelowUsed(2))]]);
    expect((await save('TWO-USES', { code: 'TWO-USES', name: 'Two uses', discount_amount: 100, max_uses: 2 })).body.voucher).toMatchObject({ used: 2, max_uses: 2, state: 'used-up', orders_total: 2 });
  });

  it('generates thousands of unique codes from a template in one call, as CSV, audited, each redeemable', async () => {
    const before = (await db().select({ count: sql<number>`count(*)::int` }).from(vouchers))[0]!.count;
    const answer = await staffCall(shop.app, 'voucher-generate', { count: 2500, prefix: 'crew', template: { name: 'Crew drink', kind: 'free_product', product: 'NWF27-PARKING', max_uses: 1, valid_until: '2099-01-01T00:00:00Z' } }, admin);
    expect(answer.status, JSON.stringify(answer.body).slice(0, 500)).toBe(200);
    const generated = staffApi['voucher-generate'].answer.parse(answer.body);
    expect(generated).toMatchObject({ count: 2500, media_type: 'text/csv; charset=utf-8', message: english(texts.generated(2500)) });
    expect(generated.filename).toMatch(/^vouchers-crew-\d{8}T\d{6}Z\.csv$/);
    const [header, ...rows] = readCsv(generated.content);
    expect(header).toEqual([...GENERATED_CSV_COLUMNS]);
    expect(rows).toHaveLength(2500);
    expect(rows[0]).toEqual([expect.stringMatching(/^CREW-[A-HJKMNP-Z2-9]{12}$/), 'Crew drink', 'free_product', 'NWF27-PARKING', '1', '', '2099-01-01T00:00:00.000Z']);
    const codes = rows.map((cells) => cells[0]!);
    expect(new Set(codes).size).toBe(2500);
    for (const code of codes) expect(code).toMatch(/^CREW-[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{12}$/);
    expect((await db().select({ count: sql<number>`count(*)::int` }).from(vouchers))[0]!.count).toBe(before + 2500);
    expect((await db().select({ count: sql<number>`count(*)::int` }).from(vouchers).where(like(vouchers.code, 'CREW-%')))[0]!.count).toBe(2500);
    expect(await lastAudit('vouchers:CREW-')).toMatchObject({ action: 'voucher.generate', after: expect.objectContaining({ count: 2500, prefix: 'CREW-', first: codes[0], last: codes[2499] }) });
    // A code handed out works once.
    const buyer = await createCustomer(shop);
    const cart = await cartWith(shop, buyer.token, ['NWF27-PARKING']);
    expect((await shop.call('checkout-cart', checkoutPayload(buyer.token, cart, { payment_method: null }, { voucher_code: codes[7]!.toLowerCase() }))).body.order).toMatchObject({ total_price: 0, payment_method: 'voucher' });
    const next = await createCustomer(shop);
    expect((await shop.call('validate-voucher', { token: next.token, cart: await cartWith(shop, next.token, ['NWF27-PARKING']), code: codes[7] })).status).toBe(422);
  });

  it('refuses a generate call by field, with nothing made: a count out of range, an odd prefix, a template the file refuses', async () => {
    const template = { name: 'Crew', discount_amount: 100 };
    const cases: [Record<string, unknown>, string, Parameters<typeof english>[0]][] = [
      [{ count: VOUCHER_GENERATE_MAX + 1, template }, 'count', texts.count],
      [{ count: 0, template }, 'count', texts.count],
      [{ count: 5, prefix: 'no spaces', template }, 'prefix', texts.prefix],
      [{ count: 5, template: { name: 'Crew', kind: 'percentage', percent: 0 } }, 'template.percent', voucherFieldMessages.percent],
      [{ count: 5, template: { name: 'Crew', kind: 'free_product', product: 'NO-SUCH-ITEM' } }, 'template.product', voucherFieldMessages.noProduct('NO-SUCH-ITEM')],
    ];
    for (const [payload, field, text] of cases) {
      const before = await snapshot();
      const answer = await inGerman('voucher-generate', payload);
      expect([answer.status, answer.body.errors?.[field]], `${field}: ${JSON.stringify(answer.body)}`).toEqual([422, [de(text)]]);
      expect(changedTables(before, await snapshot())).toEqual([]);
    }
  });

  it('makes another code in place of one the shop has already, so exactly the count asked for is new', async () => {
    // A random source that first repeats codes of existing vouchers (and itself), then gives fresh ones.
    await save(null, { code: 'CLASH-AAAAAAAAAAAA', name: 'Existing', discount_amount: 100 });
    const queue = ['AAAAAAAAAAAA', 'AAAAAAAAAAAA', 'BBBBBBBBBBBB', 'AAAAAAAAAAAA', 'CCCCCCCCCCCC', 'DDDDDDDDDDDD'];
    const admin2 = createVoucherAdmin({ db: db(), config: { currency: 'EUR', timezone: 'Europe/Amsterdam' }, now: () => new Date(), randomCode: () => queue.shift() ?? 'EEEEEEEEEEEE' });
    const answer = await admin2.generate({ commandLine: true }, { count: 3, prefix: 'clash', template: { name: 'Clash', kind: 'fixed', discount_amount: 100, active: true } });
    const codes = readCsv(answer.content).slice(1).map((cells) => cells[0]);
    expect(codes).toEqual(['CLASH-BBBBBBBBBBBB', 'CLASH-CCCCCCCCCCCC', 'CLASH-DDDDDDDDDDDD']);
    expect((await row('CLASH-AAAAAAAAAAAA'))!.name).toBe('Existing');
  });

  // Last: a file of vouchers alone switches off the check-in lists and on-sales the demo file has.
  it('imports the file’s vouchers of every kind with the back office’s rules: a used voucher keeps its kind and never allows fewer uses', async () => {
    const file = (lines: string) => parseCatalogue(`vouchers:\n${lines}`, 'vouchers.yaml');
    const refused = await importCatalogue(db(), file('  - { code: welcome10, name: Welcome, kind: percentage, percent: 10, max_uses: 100 }\n  - { code: TWO-USES, name: Two uses, discount_amount: 100, max_uses: 1 }\n'), '.', 'vouchers.yaml').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CatalogueError);
    expect((refused as CatalogueError).problems).toEqual([
      `vouchers[0].kind: ${english(voucherFieldMessages.kindKept('fixed'))}`,
      `vouchers[1].max_uses: ${english(voucherFieldMessages.maxBelowUsed(2))}`,
    ]);
    expect((await row('WELCOME10'))!.kind).toBe('fixed');
    await importCatalogue(db(), file('  - { code: file-pct, name: From the file, kind: percentage, percent: 5, max_uses_per_customer: 2 }\n'), '.', 'vouchers.yaml');
    expect(await row('FILE-PCT')).toMatchObject({ kind: 'percentage', percent: 5, discountAmount: null, maxUsesPerCustomer: 2, products: null });
    expect((await list('file-pct')).vouchers).toEqual([expect.objectContaining({ code: 'FILE-PCT', kind: 'percentage', percent: 5, max_uses_per_customer: 2 })]);
  });
});
