import path from 'node:path';
import { api, english, priceTierMessages, staffApi, type PriceTier } from '@festival/contract';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../env';
import { testEngines } from '../../../test/databases';
import { checkoutPayload, createCustomer } from '../../../test/shop-flows';
import { staffCall } from '../../../test/staff-call';
import { signedInStaff } from '../../../test/staff-sign-in';
import { createTestShop, TEST_HOLD_LIMITS, type TestShop } from '../../../test/test-shop';
import { buildApp } from '../../app';
import { openDatabase, type Database } from '../../db/client';
import { cartMerchandise, cartProducts, merchandisePurchases, orders, shopItems, staffAudit, tickets } from '../../db/schema';
import { timeLimit } from '../../../test/time-limits';

const BUYERS = 60;
const LOW = 15;
const HOUR = 3_600_000;

/**
 * Price tiers (issue 37 point 2, decision 0099) over HTTP: the shop shows the current tier's price
 * and what comes next, an add holds its unit at the tier its place falls in (the unit that crosses
 * a boundary at one price), a held unit keeps its price through the checkout when a date tier ends
 * meanwhile, and a race of buyers over a quantity boundary gets exactly the tier's units at its
 * price: on PostgreSQL over two server instances, as behind a load balancer. The back office's
 * tiers editor takes the importer's rules, by field, audited, seen by shoppers at once.
 */
describe.each(testEngines())('price tiers on %s', (engine) => {
  let shop: TestShop;
  let second: { app: FastifyInstance; database: Database } | undefined;
  let admin: string;
  let desk: string;
  beforeAll(async () => {
    shop = await createTestShop(engine, { app: { catalogMaxAgeMs: 0 } });
    admin = (await signedInStaff(shop.app, shop.database.db, { email: 'tiers.admin@example.org', role: 'admin' })).cookie;
    desk = (await signedInStaff(shop.app, shop.database.db, { email: 'tiers.desk@example.org', role: 'box_office' })).cookie;
    if (shop.database.url) {
      const database = await openDatabase({ url: shop.database.url, poolSize: 30 });
      const app = await buildApp({ db: database.db, config: shop.config, webRoot: path.join(REPO_ROOT, 'apps/web/dist'), holdLimits: TEST_HOLD_LIMITS, catalogMaxAgeMs: 0 });
      await app.ready();
      second = { app, database };
    }
  }, timeLimit(120_000));
  afterAll(async () => {
    await second?.app.close();
    await second?.database.close();
    await shop?.close();
  });

  const db = () => shop.database.db;
  const row = async (code: string) => (await db().select().from(shopItems).where(eq(shopItems.externalCode, code)))[0]!;
  /** Tiers whose quantity ends count from the units already taken, so each test starts where the last left off. */
  const setTiers = async (code: string, tiers: PriceTier[] | null, values: Partial<typeof shopItems.$inferInsert> = {}) => {
    await db().update(shopItems).set({ priceTiers: tiers, ...values }).where(eq(shopItems.externalCode, code));
  };
  const taken = async (code: string) => {
    const item = await row(code);
    return item.held + item.sold;
  };
  const shopItem = async (code: string) => {
    const answer = await shop.call('get-shop-item', { external_code: code });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return api['get-shop-item'].answer.parse(answer.body).item;
  };
  const addTicket = (code: string, index: number, app?: FastifyInstance, extra: Record<string, unknown> = {}) =>
    (app ?? shop.app)
      .inject({
        method: 'POST',
        url: '/api/add-product-to-cart',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        payload: JSON.stringify({ external_code: code, full_name: `Buyer ${index}`, email: `buyer${index}@example.org`, ...extra }),
      })
      .then((response) => ({ status: response.statusCode, body: response.json() }));

  it('shows the current tier price and the units left at it, and holds each unit at the tier its place falls in', async () => {
    const before = await taken('NWF27-LOCKER');
    await setTiers('NWF27-LOCKER', [
      { price: 1000, units: before + 2 },
      { price: 1400, units: before + 3 },
    ]);
    const item = await shopItem('NWF27-LOCKER');
    expect(item.price).toBe(1000);
    expect(item.next_price).toEqual({ price: 1400, from: null, after_units: 2 });

    const prices: number[] = [];
    for (const index of [1, 2, 3, 4]) {
      const answer = await addTicket('NWF27-LOCKER', index);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const cart = api['add-product-to-cart'].answer.parse(answer.body).cart!;
      expect(cart.products).toHaveLength(1);
      prices.push(cart.products[0]!.price);
    }
    expect(prices).toEqual([1000, 1000, 1400, 1800]);
    const after = await shopItem('NWF27-LOCKER');
    expect(after.price).toBe(1800);
    expect(after.next_price).toBeNull();
    await setTiers('NWF27-LOCKER', null);
  });

  it('prices merchandise by its tiers too', async () => {
    const before = await taken('NWF27-TEE-LINEUP');
    await setTiers('NWF27-TEE-LINEUP', [{ price: 1995, units: before + 1 }]);
    const cheap = await shop.call('add-merchandise-to-cart', { external_code: 'NWF27-TEE-LINEUP' });
    const dear = await shop.call('add-merchandise-to-cart', { external_code: 'NWF27-TEE-LINEUP' });
    expect(cheap.status, JSON.stringify(cheap.body)).toBe(200);
    expect(dear.status, JSON.stringify(dear.body)).toBe(200);
    expect([cheap.body.cart.merchandise[0].price, dear.body.cart.merchandise[0].price]).toEqual([1995, 2995]);
    await setTiers('NWF27-TEE-LINEUP', null);
  });

  it('switches a date tier at its moment, says when, and keeps a held unit at its price through the checkout when the moment passes', async () => {
    const ends = new Date(Date.now() + HOUR);
    await setTiers('NWF27-LOCKER', [{ price: 1200, until: ends.toISOString() }]);
    const item = await shopItem('NWF27-LOCKER');
    expect(item.price).toBe(1200);
    expect(item.next_price).toEqual({ price: 1800, from: ends.toISOString(), after_units: null });

    const buyer = await createCustomer(shop);
    const added = await shop.call('add-product-to-cart', { token: buyer.token, external_code: 'NWF27-LOCKER', full_name: 'Early Bird', email: 'early@example.org' });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.cart.products[0].price).toBe(1200);

    // The early-bird tier ends while the cart is held: the held unit keeps the price it was put in the cart at.
    await setTiers('NWF27-LOCKER', [{ price: 1200, until: new Date(Date.now() - 1000).toISOString() }]);
    expect((await shopItem('NWF27-LOCKER')).price).toBe(1800);
    const later = await addTicket('NWF27-LOCKER', 90);
    expect(later.body.cart.products[0].price).toBe(1800);

    const checkout = await shop.call('checkout-cart', checkoutPayload(buyer.token, added.body.cart.code));
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    const sold = await db().select({ price: tickets.price, fee: tickets.fee }).from(tickets).where(eq(tickets.fullName, 'Early Bird'));
    expect(sold).toEqual([{ price: 1200, fee: 100 }]);
    await setTiers('NWF27-LOCKER', null);
  });

  it(`lets exactly ${LOW} of ${BUYERS} simultaneous buyers over a quantity boundary have the low price, each unit at one price`, async () => {
    const before = await taken('NWF27-LOCKER');
    await setTiers('NWF27-LOCKER', [{ price: 900, units: before + LOW }], { stock: null });
    const answers = await Promise.all(Array.from({ length: BUYERS }, (_, index) => addTicket('NWF27-LOCKER', 1000 + index, second && index % 2 === 1 ? second.app : undefined)));
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const paid = answers.map((answer) => answer.body.cart.products[0].price as number);
    expect(paid.filter((price) => price === 900)).toHaveLength(LOW);
    expect(paid.filter((price) => price === 1800)).toHaveLength(BUYERS - LOW);
    // What the carts hold is what the answers said: one line per unit, at one price each.
    const item = await row('NWF27-LOCKER');
    const lines = await db()
      .select({ price: cartProducts.price, n: sql<number>`count(*)::int` })
      .from(cartProducts)
      .where(sql`${cartProducts.shopItemId} = ${item.id} AND ${cartProducts.fullName} LIKE 'Buyer 10__'`)
      .groupBy(cartProducts.price);
    expect(new Map(lines.map((line) => [line.price, line.n]))).toEqual(new Map([[900, LOW], [1800, BUYERS - LOW]]));
    expect(item.held + item.sold).toBe(before + BUYERS);
    await setTiers('NWF27-LOCKER', null, { stock: 600 + BUYERS + 10 });
  });

  it('takes a tiers edit in the middle of a race of buyers: each unit at the tier of its place, old or new, none lost or doubled', async () => {
    const before = await taken('NWF27-LOCKER');
    await setTiers('NWF27-LOCKER', [{ price: 900, units: before + 20 }], { stock: null });
    const adds = Array.from({ length: 40 }, (_, index) => addTicket('NWF27-LOCKER', 2000 + index, second && index % 2 === 1 ? second.app : undefined));
    const edit = staffCall(shop.app, 'catalogue-change-item', { code: 'NWF27-LOCKER', changes: { tiers: [{ price: 700, units: before + 20 }] } }, admin);
    const [answers, edited] = await Promise.all([Promise.all(adds), edit]);
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const paid = answers.map((answer) => answer.body.cart.products[0].price as number);
    expect(paid.filter((price) => price === 900 || price === 700)).toHaveLength(20);
    expect(paid.filter((price) => price === 1800)).toHaveLength(20);
    expect(await taken('NWF27-LOCKER')).toBe(before + 40);
    expect((await shopItem('NWF27-LOCKER')).price).toBe(1800);
    await setTiers('NWF27-LOCKER', null, { stock: 600 + 200 });
  });

  it('gives a tier its place back when a held unit at its price is given back', async () => {
    const before = await taken('NWF27-TEE-LINEUP');
    await setTiers('NWF27-TEE-LINEUP', [{ price: 1500, units: before + 1 }]);
    const first = await shop.call('add-merchandise-to-cart', { external_code: 'NWF27-TEE-LINEUP' });
    expect(first.body.cart.merchandise[0].price).toBe(1500);
    const removed = await shop.call('remove-merchandise-from-cart', { cart: first.body.cart.code, cart_merchandise_id: first.body.cart.merchandise[0].id });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect((await shopItem('NWF27-TEE-LINEUP')).price).toBe(1500);
    const again = await shop.call('add-merchandise-to-cart', { external_code: 'NWF27-TEE-LINEUP' });
    expect(again.body.cart.merchandise[0].price).toBe(1500);
    const lines = await db().select({ price: cartMerchandise.price }).from(cartMerchandise).where(eq(cartMerchandise.cartId, sql`(SELECT id FROM carts WHERE code = ${again.body.cart.code})`));
    expect(lines).toEqual([{ price: 1500 }]);
    await setTiers('NWF27-TEE-LINEUP', null);
  });

  it('sells at the desk at the tier of each unit’s place, as the cart does', async () => {
    const before = await taken('NWF27-TEE-LINEUP');
    await setTiers('NWF27-TEE-LINEUP', [{ price: 1995, units: before + 1 }]);
    const answer = await staffCall(shop.app, 'box-office-sell', { buyer: { email: 'desk.tiers@example.org', full_name: 'Desk Tiers' }, lines: [{ code: 'NWF27-TEE-LINEUP', quantity: 2 }], payment: 'cash' }, desk);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const sale = staffApi['box-office-sell'].answer.parse(answer.body);
    expect(sale.total).toBe(1995 + 2995);
    const [order] = await db().select().from(orders).where(eq(orders.code, sale.order_code));
    const sold = await db().select({ price: merchandisePurchases.price }).from(merchandisePurchases).where(eq(merchandisePurchases.orderId, order!.id));
    expect(sold.map((line) => line.price).sort()).toEqual([1995, 2995]);
    expect(order!.totalPrice).toBe(1995 + 2995);
    await setTiers('NWF27-TEE-LINEUP', null);
  });

  it('imports tiers from the file (moments kept in UTC), and refuses bad ones by line, changing nothing', async () => {
    const exported = await staffCall(shop.app, 'catalogue-download', {}, admin);
    expect(exported.status, JSON.stringify(exported.body)).toBe(200);
    const text = staffApi['catalogue-download'].answer.parse(exported.body).content;
    const tiered = text.replace('  - code: NWF27-PARKING\n', '  - code: NWF27-PARKING\n    tiers:\n      - { price: 1000, until: 2099-03-01T00:00:00+01:00 }\n      - { price: 1500, units: 100000 }\n');
    expect(tiered).not.toBe(text);
    const upload = (lines: string, file_wins = false) => staffCall(shop.app, 'catalogue-upload', { file_name: 'catalogue.yaml', lines: lines.split('\n'), check_only: false, file_wins }, admin);
    const done = await upload(tiered);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect((await row('NWF27-PARKING')).priceTiers).toEqual([{ price: 1000, until: '2099-02-28T23:00:00.000Z' }, { price: 1500, units: 100_000 }]);
    expect((await shopItem('NWF27-PARKING')).price).toBe(1000);

    const stored = await row('NWF27-PARKING');
    const bad = tiered.replace('{ price: 1500, units: 100000 }', '{ price: 1500, until: 2099-01-01T00:00:00+01:00 }');
    const refused = await upload(bad);
    expect(refused.status, JSON.stringify(refused.body)).toBe(200);
    const answer = staffApi['catalogue-upload'].answer.parse(refused.body);
    expect(JSON.stringify(answer)).toContain('tiers[1].until');
    expect(JSON.stringify(answer)).toContain(english(priceTierMessages.earlier(1)));
    expect(await row('NWF27-PARKING')).toEqual(stored);
  });

  describe('the back office tiers editor', () => {
    const change = (code: string, changes: Record<string, unknown>) => staffCall(shop.app, 'catalogue-change-item', { code, changes }, admin);

    it('sets tiers with the importer rules, audited, and the shop shows the price at once', async () => {
      const ends = '2099-03-01T00:00:00+01:00';
      const answer = await change('NWF27-CAMPING', { tiers: [{ price: 2950, until: ends }, { price: 3450, units: 100_000 }] });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const item = staffApi['catalogue-change-item'].answer.parse(answer.body).item;
      expect(item.tiers).toEqual([{ price: 2950, until: '2099-02-28T23:00:00.000Z' }, { price: 3450, units: 100_000 }]);
      expect(item.changed_here).toContain('tiers');
      const shown = await shopItem('NWF27-CAMPING');
      expect(shown.price).toBe(2950);
      expect(shown.next_price).toEqual({ price: 3450, from: '2099-02-28T23:00:00.000Z', after_units: null });
      const [audit] = await db().select().from(staffAudit).where(eq(staffAudit.target, 'item:NWF27-CAMPING')).orderBy(desc(staffAudit.id)).limit(1);
      expect(audit).toMatchObject({ action: 'catalogue.change', before: { tiers: 'none' } });
      expect(JSON.stringify(audit!.after)).toContain('2950');

      const cleared = await change('NWF27-CAMPING', { tiers: null });
      expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
      expect((await shopItem('NWF27-CAMPING')).price).toBe((await row('NWF27-CAMPING')).price);
    });

    it('keeps tiers set here when a file without them is imported, until the file wins (decision 0047)', async () => {
      const before = staffApi['catalogue-download'].answer.parse((await staffCall(shop.app, 'catalogue-download', {}, admin)).body).content;
      const tiers = [{ price: 9000, units: 100_000 }];
      expect((await change('NWF27-GLAMPING', { tiers })).status).toBe(200);
      const upload = (file_wins: boolean) => staffCall(shop.app, 'catalogue-upload', { file_name: 'catalogue.yaml', lines: before.split('\n'), check_only: false, file_wins }, admin);
      const kept = staffApi['catalogue-upload'].answer.parse((await upload(false)).body);
      expect(kept.kept).toContainEqual({ code: 'NWF27-GLAMPING', field: 'tiers', shop_value: JSON.stringify(tiers), file_value: 'none' });
      expect((await row('NWF27-GLAMPING')).priceTiers).toEqual(tiers);
      await upload(true);
      expect((await row('NWF27-GLAMPING')).priceTiers).toBeNull();
    });

    it('refuses a file that gives a payment plan to a product whose tiers the back office set, unless the file wins', async () => {
      const text = staffApi['catalogue-download'].answer.parse((await staffCall(shop.app, 'catalogue-download', {}, admin)).body).content;
      expect((await change('NWF27-GLAMPING', { tiers: [{ price: 9000, units: 100_000 }] })).status).toBe(200);
      const item = await row('NWF27-GLAMPING');
      const half = (item.price + item.fee) / 2;
      const planned = text.replace('  - code: NWF27-GLAMPING\n', `  - code: NWF27-GLAMPING\n    payment_plan: [{ amount: ${half}, units: days, count: 0 }, { amount: ${half}, units: weeks, count: 4 }]\n`);
      expect(planned).not.toBe(text);
      const upload = (file_wins: boolean) => staffCall(shop.app, 'catalogue-upload', { file_name: 'catalogue.yaml', lines: planned.split('\n'), check_only: false, file_wins }, admin);
      const refused = staffApi['catalogue-upload'].answer.parse((await upload(false)).body);
      expect(refused.valid).toBe(false);
      expect(JSON.stringify(refused.problems)).toContain(english(priceTierMessages.noPlan));
      expect(await row('NWF27-GLAMPING')).toEqual(item);
      const won = staffApi['catalogue-upload'].answer.parse((await upload(true)).body);
      expect(won.valid, JSON.stringify(won)).toBe(true);
      expect(await row('NWF27-GLAMPING')).toMatchObject({ priceTiers: null, paymentPlan: [{ amount: half }, { amount: half }] });
    });

    it('refuses tiers out of order, without an end or with both, by field, changing nothing', async () => {
      const stored = await row('NWF27-CAMPING');
      const outOfOrder = await change('NWF27-CAMPING', {
        tiers: [
          { price: 2950, until: '2099-03-01T00:00:00+01:00' },
          { price: 3000, units: 50 },
          { price: 3100, until: '2099-02-01T00:00:00+01:00' },
          { price: 3200, units: 50 },
        ],
      });
      expect(outOfOrder.status, JSON.stringify(outOfOrder.body)).toBe(422);
      expect(outOfOrder.body.errors).toMatchObject({
        'changes.tiers.2.until': [english(priceTierMessages.earlier(1))],
        'changes.tiers.3.units': [english(priceTierMessages.fewer(2))],
      });
      const noEnd = await change('NWF27-CAMPING', { tiers: [{ price: 2950 }] });
      expect(noEnd.status, JSON.stringify(noEnd.body)).toBe(422);
      expect(noEnd.body.errors['changes.tiers.0.until']).toEqual([english(priceTierMessages.oneEnd)]);
      const negative = await change('NWF27-CAMPING', { tiers: [{ price: -1, units: 5 }] });
      expect(negative.status, JSON.stringify(negative.body)).toBe(422);
      expect(Object.keys(negative.body.errors)).toEqual(['changes.tiers.0.price']);
      expect(await row('NWF27-CAMPING')).toEqual(stored);
    });

    it('refuses tiers on a product with a payment plan', async () => {
      const answer = await change('NWF27-WEEKEND-PLAN', { tiers: [{ price: 100, units: 5 }] });
      expect(answer.status, JSON.stringify(answer.body)).toBe(422);
      expect(answer.body.errors).toEqual({ 'changes.tiers': [english(priceTierMessages.noPlan)] });
      expect((await row('NWF27-WEEKEND-PLAN')).priceTiers).toBeNull();
    });
  });
});
