import path from 'node:path';
import { english, messages } from '@festival/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/databases';
import { cartWith, checkoutPayload, createCustomer } from '../../../test/shop-flows';
import { createTestShop, type TestShop } from '../../../test/test-shop';
import { buildApp } from '../../app';
import { openDatabase, type Database } from '../../db/client';
import { cartMerchandise, cartProducts, carts, holdCounts, orders, shopItems, travelTimes } from '../../db/schema';
import { REPO_ROOT } from '../../env';
import { createNetworkKeys } from '../../lib/network-keys';
import { createCatalogReader } from '../catalog/catalog-snapshot';
import { createCartService } from './cart.service';
import type { HoldLimits } from './hold-limits';
import { timeLimit } from '../../../test/time-limits';

/**
 * One visitor cannot hold the stock (issue 18 point 5, decision 0025): what one cart, one network
 * address and one network hold at once is capped, however many carts they make and however many
 * adds arrive at once (on PostgreSQL split over two server instances), while other visitors still
 * buy; holds given back (removed, expired, checked out) free the cap again; expired carts and the
 * holders' details on them are deleted some time after their hold ended.
 */

const LIMITS: HoldLimits = { perCart: 4, perAddress: 10, perNetwork: 25 };
const APP_SECRET = 'cart-holds-test-secret-0123456789abcdef';
const SEATS = 120;

describe.each(testEngines())('hold caps on %s', (engine) => {
  let shop: TestShop;
  let second: { app: FastifyInstance; database: Database } | undefined;
  // The app's own cleanup keeps expired carts 5 hours, so the test's direct calls (an hour) and the app's rounds take different carts.
  const appOptions = { holdLimits: LIMITS, appSecret: APP_SECRET, cartCleanupIntervalMs: 100, endedCartKeepMs: 5 * 60 * 60_000 };
  beforeAll(async () => {
    shop = await createTestShop(engine, { app: appOptions });
    if (shop.database.url) {
      // A second instance behind the same balancer: same database, same secret, its own pool.
      const database = await openDatabase({ url: shop.database.url, poolSize: 30 });
      const app = await buildApp({ db: database.db, config: shop.config, webRoot: path.join(REPO_ROOT, 'apps/web/dist'), ...appOptions });
      await app.ready();
      second = { app, database };
    }
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.database.close();
    await shop?.close();
  });
  const db = () => shop.database.db;
  const keysOf = createNetworkKeys(APP_SECRET);

  let networks = 0;
  /** A network (an IPv4 /24) no other test uses: `at(host)` is one address in it. */
  const freshNetwork = () => {
    networks += 1;
    return { at: (host: number) => `198.18.${networks}.${host}` };
  };

  async function add(ip: string, payload: object, index = 0, path_: 'add-product-to-cart' | 'add-merchandise-to-cart' = 'add-product-to-cart') {
    const app = second && index % 2 === 1 ? second.app : shop.app;
    const response = await app.inject({
      method: 'POST',
      url: `/api/${path_}`,
      remoteAddress: ip,
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      payload: JSON.stringify(payload),
    });
    return { status: response.statusCode, body: response.json() as { message?: string; cart?: { code: string; products: { id: number }[] } } };
  }
  const capReached = { status: 409, body: { message: english(messages.cart.networkHoldLimit) } };

  /** A departure of the coach with SEATS seats free. */
  async function coach() {
    const [shuttle] = await db().select().from(shopItems).where(eq(shopItems.externalCode, 'NWF27-SHUTTLE'));
    const [time] = await db()
      .update(travelTimes)
      .set({ seats: sql`${travelTimes.held} + ${travelTimes.sold} + ${SEATS}` })
      .where(sql`${travelTimes.shopItemId} = ${shuttle!.id} AND ${travelTimes.seats} > 0`)
      .returning();
    return { time: time!, seat: (index: number) => ({ external_code: 'NWF27-SHUTTLE', full_name: `Rider ${index}`, email: `rider${index}@example.org`, transport_time_id: time!.id }) };
  }
  const unitsOf = async (key: string) => (await db().select().from(holdCounts).where(eq(holdCounts.key, key)))[0]?.units ?? 0;

  it(`holds no more than the address's cap for 130 simultaneous anonymous adds from one address, while other addresses still get seats`, async () => {
    const { time, seat } = await coach();
    const attacker = freshNetwork().at(7);
    const neighbours = Array.from({ length: 12 }, () => freshNetwork().at(1));
    const [flood, others] = await Promise.all([
      Promise.all(Array.from({ length: 130 }, (_, index) => add(attacker, seat(index), index))),
      Promise.all(neighbours.map((ip, index) => add(ip, seat(1000 + index), index))),
    ]);
    expect(flood.filter((answer) => answer.status === 200)).toHaveLength(LIMITS.perAddress);
    for (const answer of flood.filter((candidate) => candidate.status !== 200)) expect(answer).toEqual(capReached);
    expect(others.map((answer) => answer.status)).toEqual(neighbours.map(() => 200));
    const [after] = await db().select().from(travelTimes).where(eq(travelTimes.id, time.id));
    expect(after!.seats! - after!.held - after!.sold).toBe(SEATS - LIMITS.perAddress - neighbours.length);
    expect(await unitsOf(keysOf(attacker).address)).toBe(LIMITS.perAddress);
    // Still refused afterwards, with a cart of its own too.
    expect(await add(attacker, seat(500))).toEqual(capReached);
  });

  it('counts the addresses of one IPv6 /64 as one address', async () => {
    const { seat } = await coach();
    networks += 1;
    const subscriber = `2001:db8:${networks.toString(16)}:1`;
    const answers = await Promise.all(Array.from({ length: 30 }, (_, index) => add(`${subscriber}::${(index + 1).toString(16)}`, seat(index), index)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(LIMITS.perAddress);
    expect((await add(`2001:db8:${networks.toString(16)}:2::1`, seat(99))).status).toBe(200);
  });

  it('caps a network (an IPv4 /24) across its addresses, and not another network', async () => {
    const { seat } = await coach();
    const network = freshNetwork();
    const answers = await Promise.all(Array.from({ length: 60 }, (_, index) => add(network.at(1 + (index % 6)), seat(index), index)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(LIMITS.perNetwork);
    for (const answer of answers.filter((candidate) => candidate.status !== 200)) expect(answer).toEqual(capReached);
    expect((await add(freshNetwork().at(1), seat(99))).status).toBe(200);
  });

  it('caps one cart, also when adds to it arrive at once', async () => {
    const { seat } = await coach();
    const ip = freshNetwork().at(3);
    const first = await add(ip, seat(0));
    expect(first.status).toBe(200);
    const cart = first.body.cart!.code;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => add(ip, { ...seat(index + 1), cart }, index)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(LIMITS.perCart - 1);
    for (const answer of answers.filter((candidate) => candidate.status !== 200)) expect(answer).toEqual({ status: 409, body: { message: english(messages.cart.cartHoldLimit(LIMITS.perCart)) } });
    const [row] = await db().select().from(carts).where(eq(carts.code, cart));
    expect(await db().select().from(cartProducts).where(eq(cartProducts.cartId, row!.id))).toHaveLength(LIMITS.perCart);
  });

  it('frees the cap as holds are given back: a removed line, expired carts, a checkout', async () => {
    const { seat } = await coach();
    const ip = freshNetwork().at(9);
    const key = keysOf(ip).address;
    const codes: string[] = [];
    for (let index = 0; index < LIMITS.perAddress; index += 1) {
      const answer = await add(ip, seat(index));
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      codes.push(answer.body.cart!.code);
    }
    expect(await add(ip, seat(50))).toEqual(capReached);
    // A removed line gives its unit back.
    const [line] = await db().select().from(cartProducts).innerJoin(carts, eq(carts.id, cartProducts.cartId)).where(eq(carts.code, codes[0]!));
    const removed = await shop.app.inject({
      method: 'POST',
      url: '/api/remove-product-from-cart',
      remoteAddress: ip,
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      payload: JSON.stringify({ cart: codes[0], cart_product_id: line!.cart_products.id }),
    });
    expect(removed.statusCode).toBe(200);
    expect(await unitsOf(key)).toBe(LIMITS.perAddress - 1);
    expect((await add(ip, seat(51))).status).toBe(200);
    // Carts whose time is up give theirs back when the sweeper ends them.
    await db().update(carts).set({ expiresAt: new Date(Date.now() - 1000) }).where(inArray(carts.code, codes));
    await expect.poll(() => unitsOf(key), { timeout: timeLimit(10_000), interval: 100 }).toBe(1);
    expect((await add(ip, seat(52))).status).toBe(200);

    // A checked-out cart's units are sold, no longer held, once its transaction commits.
    const buyer = await createCustomer(shop);
    const before = await unitsOf(keysOf('127.0.0.1').address);
    const cart = await cartWith(shop, buyer.token, ['NWF27-WEEKEND']);
    expect(await unitsOf(keysOf('127.0.0.1').address)).toBe(before + 1);
    const checkout = await shop.call('checkout-cart', checkoutPayload(buyer.token, cart));
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    expect(await unitsOf(keysOf('127.0.0.1').address)).toBe(before);
  });

  it('stores no network address, only keyed hashes of it', async () => {
    const { seat } = await coach();
    const ip = freshNetwork().at(77);
    const answer = await add(ip, seat(0));
    const [row] = await db().select().from(carts).where(eq(carts.code, answer.body.cart!.code));
    expect(row!.addressKey).toBe(keysOf(ip).address);
    expect(row!.networkKey).toBe(keysOf(ip).network);
    for (const key of [row!.addressKey!, row!.networkKey!]) expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const prefix = ip.split('.').slice(0, 3).join('.');
    const holding = await db().select().from(holdCounts).where(sql`strpos(${holdCounts.key}, ${prefix}) > 0`);
    expect(holding).toEqual([]);
  });

  describe('deleting expired carts', () => {
    const HOUR = 60 * 60_000;
    /**
     * Carts made straight in the database: `n` of a status, expired `agoMs` ago, each with a ticket
     * line and a merchandise line, and with an order of `orderedBy` when given (in the same
     * transaction, or the app's cleanup could take a cart before its order is there).
     */
    async function cartsOf(n: number, status: 'open' | 'expired' | 'checked_out', agoMs: number, tag: string, orderedBy?: number): Promise<number[]> {
      const [ticket] = await db().select().from(shopItems).where(eq(shopItems.externalCode, 'NWF27-LOCKER'));
      const [tee] = await db().select().from(shopItems).where(eq(shopItems.externalCode, 'NWF27-TOTE'));
      const expiresAt = new Date(Date.now() - agoMs);
      return db().transaction(async (tx) => {
        const rows = await tx
          .insert(carts)
          .values(Array.from({ length: n }, (_, index) => ({ code: `${tag}-${index}`, status, expiresAt, endedAt: status === 'open' ? null : expiresAt })))
          .returning({ id: carts.id });
        const ids = rows.map((row) => row.id);
        await tx.insert(cartProducts).values(ids.map((cartId) => ({ cartId, shopItemId: ticket!.id, fullName: `Holder ${tag}`, email: `${tag}@example.org`, price: 100, fee: 0 })));
        await tx.insert(cartMerchandise).values(ids.map((cartId) => ({ cartId, shopItemId: tee!.id, price: 100, fee: 0 })));
        if (orderedBy !== undefined) {
          await tx.insert(orders).values(ids.map((cartId) => ({ code: `ORD-${tag}-${cartId}`, customerId: orderedBy, cartId, totalPrice: 200, paymentMethod: 'credit_card', paymentStatus: 'paid' as const })));
        }
        return ids;
      });
    }
    const remaining = async (ids: number[]) => (await db().select({ id: carts.id }).from(carts).where(inArray(carts.id, ids))).length;

    it('deletes carts some time after their hold ended, in bounded batches, with their lines and holders’ details, never an order’s cart, an open one or a recent one', async () => {
      const old = await cartsOf(1250, 'expired', 2 * HOUR, 'old-expired');
      const recent = await cartsOf(3, 'expired', HOUR / 2, 'recent-expired');
      const buyer = await createCustomer(shop);
      const ordered = await cartsOf(2, 'checked_out', 7 * HOUR, 'ordered', buyer.id);
      const orderedExpired = await cartsOf(1, 'expired', 7 * HOUR, 'ordered-expired', buyer.id);
      const open = await cartsOf(2, 'open', -HOUR, 'still-open');
      const kept = async () => ({ recent: await remaining(recent), ordered: await remaining([...ordered, ...orderedExpired]), open: await remaining(open) });
      const allKept = { recent: 3, ordered: 3, open: 2 };

      // One call takes at most batches × batch carts, each batch one statement; the next takes the rest.
      const cleaner = createCartService({ db: db(), config: shop.config, catalog: createCatalogReader(db(), 0), holdMs: 60_000, networkKeys: keysOf });
      expect(await cleaner.deleteEnded(HOUR, 100, 3)).toBe(300);
      expect(await remaining(old)).toBe(950);
      expect(await cleaner.deleteEnded(HOUR)).toBe(950);
      expect(await kept()).toEqual(allKept);
      // The holders' names and addresses went with them.
      expect(await db().select().from(cartProducts).where(eq(cartProducts.fullName, 'Holder old-expired'))).toEqual([]);
      expect(await db().select().from(cartMerchandise).where(inArray(cartMerchandise.cartId, old))).toEqual([]);

      // The app's periodic task deletes those past its keeping time (5 hours here) on its own.
      const ancient = await cartsOf(40, 'expired', 6 * HOUR, 'ancient-expired');
      await expect.poll(() => remaining(ancient), { timeout: timeLimit(20_000), interval: 200 }).toBe(0);
      expect(await kept()).toEqual(allKept);
      expect(await db().select().from(orders).where(and(eq(orders.customerId, buyer.id)))).toHaveLength(3);
    });
  });
});
