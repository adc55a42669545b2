import { DASHBOARD_MINUTE_WINDOW, dashboardMessages, english, staffApi, type DashboardAnswer } from '@festival/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkinCounts, checkinLists, checkins, checkinStates, orders, refunds, shopItems, tickets, travelTimes } from '../../db/schema';
import type { Db } from '../../db/client';
import { testEngines } from '../../../test/databases';
import { cartWith, checkoutPayload, createCustomer, paidOrder } from '../../../test/shop-flows';
import { staffCall } from '../../../test/staff-call';
import { signedInStaff } from '../../../test/staff-sign-in';
import { createStatementRecorder } from '../../../test/statement-recorder';
import { createTestShop, type TestShop } from '../../../test/test-shop';
import { createDashboardService, DASHBOARD_CACHE_MAX_MS } from './dashboard.service';
import { timeLimit } from '../../../test/time-limits';

// The shop's time zone is Europe/Amsterdam (UTC+1 in January): 23:30 UTC on 15 January is
// 00:30 on the 16th there, so an order at 22:50 UTC is yesterday's and one at 23:10 UTC today's,
// though both fell on the 15th in UTC.
const AFTER_MIDNIGHT = new Date('2026-01-15T23:30:00Z');
const YESTERDAY_LOCAL = new Date('2026-01-15T22:50:00Z');
const TODAY_LOCAL = new Date('2026-01-15T23:10:00Z');
const ABANDONED_AT = new Date('2026-01-15T22:55:00Z');

/**
 * The back office's dashboard over HTTP (issue 22 point 2, decision 0043): the figures of a known
 * set of orders (paid, refunded, abandoned, held in a cart, a departure, check-ins), today against
 * the total across midnight in the shop's time zone, the chart per minute while a sale runs and
 * per day otherwise, and the cache that makes many dashboards cost one set of queries.
 */
describe.each(testEngines())('the back office’s dashboard on %s', (engine) => {
  let shop: TestShop;
  let clock = new Date();
  let staffCount = 0;
  let first: { code: string; total: number };
  let second: { code: string; total: number };
  let heldCart: string;
  const db = () => shop.database.db;

  /** A member of the role signed in at the clock's time (moving the clock ends earlier sessions). */
  const member = async (role: 'admin' | 'box_office' | 'customer_service' = 'admin') =>
    (await signedInStaff(shop.app, db(), { email: `dash.${(staffCount += 1)}@example.org`, role }, clock)).cookie;
  const dashboard = async (payload: unknown, cookie?: string) => {
    const answer = await staffCall(shop.app, 'dashboard', payload, cookie ?? (await member()));
    expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
    return staffApi.dashboard.answer.parse(answer.body) as DashboardAnswer;
  };
  const placedAt = async (code: string, at: Date) => {
    await db().update(orders).set({ createdAt: at }).where(eq(orders.code, code));
  };

  beforeAll(async () => {
    shop = await createTestShop(engine, { app: { appSecret: 'dashboard-test-secret-of-32-characters!!', now: () => clock } });
    const base = await shop.app.listen({ port: 0, host: '127.0.0.1' });
    const [ten] = await db()
      .select({ id: travelTimes.id })
      .from(travelTimes)
      .innerJoin(shopItems, eq(shopItems.id, travelTimes.shopItemId))
      .where(sql`${shopItems.externalCode} = 'NWF27-SHUTTLE' AND ${travelTimes.departsAt} = '2027-06-18T08:00:00Z'`);
    // A: two weekend tickets, paid, part refunded later. B: a day ticket and a shuttle seat (and a T-shirt, no event's), paid.
    const a = await paidOrder(shop, base, await createCustomer(shop), [{ code: 'NWF27-WEEKEND' }, { code: 'NWF27-WEEKEND' }]);
    const b = await paidOrder(shop, base, await createCustomer(shop), [{ code: 'NWF27-DAY-SAT' }, { code: 'NWF27-SHUTTLE', transport_time_id: ten!.id }], ['NWF27-TEE-LINEUP']);
    // C: a parking ticket never paid (abandoned). D: a weekend ticket held in an open cart.
    const buyer = await createCustomer(shop);
    const placed = await shop.call('checkout-cart', checkoutPayload(buyer.token, await cartWith(shop, buyer.token, ['NWF27-PARKING'])));
    expect(placed.status).toBe(200);
    heldCart = await cartWith(shop, (await createCustomer(shop)).token, ['NWF27-WEEKEND']);
    await db().update(orders).set({ paymentStatus: 'abandoned' }).where(eq(orders.code, placed.body.order.code));
    const [rowA] = await db().select().from(orders).where(eq(orders.code, a.code));
    const [rowB] = await db().select().from(orders).where(eq(orders.code, b.code));
    first = { code: a.code, total: rowA!.totalPaid };
    second = { code: b.code, total: rowB!.totalPaid };
    expect(first.total).toBeGreaterThan(0);
    await db().update(orders).set({ totalRefunded: 500 }).where(eq(orders.code, a.code));
    await placedAt(a.code, YESTERDAY_LOCAL);
    await placedAt(b.code, TODAY_LOCAL);
    await placedAt(placed.body.order.code, ABANDONED_AT);
    // One open refund request (B), one the customer withdrew (not counted).
    await db().insert(refunds).values([
      { orderId: rowB!.id, customerId: rowB!.customerId, status: 'active', total: 1234 },
      { orderId: rowA!.id, customerId: rowA!.customerId, status: 'cancelled', total: 999 },
    ]);
    // Check-ins at the entrance: A's first ticket in at North, out, in again at South; the second in at North.
    const [list] = await db().select().from(checkinLists).where(eq(checkinLists.code, 'NWF27-ENTRANCE'));
    const ticketIds = (await db().select({ id: tickets.id }).from(tickets).where(eq(tickets.orderId, rowA!.id)).orderBy(tickets.id)).map((row) => row.id);
    const scan = (ticketId: number, gate: string, kind: 'in' | 'out', minute: number) => ({ ticketId, listId: list!.id, gate, kind, scannedAt: new Date(Date.UTC(2027, 5, 18, 10, minute)), nonce: `dash-${ticketId}-${minute}` });
    await db().insert(checkins).values([scan(ticketIds[0]!, 'North', 'in', 1), scan(ticketIds[0]!, 'North', 'out', 2), scan(ticketIds[0]!, 'South', 'in', 3), scan(ticketIds[1]!, 'North', 'in', 4)]);
    const state = (ticketId: number, gate: string) => ({ ticketId, listId: list!.id, inside: true, entries: 1, firstInAt: new Date(), lastAt: new Date(), lastGate: gate });
    await db().insert(checkinStates).values([state(ticketIds[0]!, 'South'), state(ticketIds[1]!, 'North')]);
    await db().insert(checkinCounts).values([{ listId: list!.id, shard: 0, admitted: 2, inside: 2 }]);
    clock = AFTER_MIDNIGHT;
  }, timeLimit(180_000));
  afterAll(async () => {
    await shop?.close();
  });

  it('shows per product and departure what is sold, held in carts and available, with merchandise apart', async () => {
    const answer = await dashboard({ event: 'NWF27' });
    expect(answer.event).toMatchObject({ code: 'NWF27' });
    const product = (code: string) => answer.products.find((row) => row.code === code);
    expect(product('NWF27-WEEKEND')).toMatchObject({ stock: 5000, sold: 2, held: 1, available: 4997 });
    expect(product('NWF27-DAY-SAT')).toMatchObject({ stock: 1500, sold: 1, held: 0, available: 1499 });
    expect(product('NWF27-GLAMPING')).toMatchObject({ stock: 0, sold: 0, held: 0, available: 0 });
    expect(answer.products.map((row) => row.code)).not.toContain('NWF27-TEE-LINEUP');
    expect(answer.merchandise.find((row) => row.code === 'NWF27-TEE-LINEUP')).toMatchObject({ sold: 1, held: 0, available: 399 });
    const departures = answer.departures.filter((row) => row.product === 'NWF27-SHUTTLE');
    expect(departures.map((row) => [row.departs_at, row.stock, row.sold, row.available])).toEqual([
      ['2027-06-18T08:00:00Z', 60, 1, 59],
      ['2027-06-18T10:00:00Z', 0, 0, 0],
      ['2027-06-18T12:00:00Z', 60, 0, 60],
      ['2027-06-18T14:00:00Z', null, 0, null],
      ['2027-06-19T08:00:00Z', 40, 0, 40],
    ]);
    expect(heldCart).toBeTruthy();
  });

  it('counts orders and money today (in the shop’s time zone) and in total, payment statuses and open refund requests', async () => {
    const answer = await dashboard({});
    expect(answer.event.code).toBe('NWF27');
    expect(answer.orders.total).toEqual({ orders: 2, gross: first.total + second.total, refunded: 500, net: first.total + second.total - 500 });
    // Only B was placed after midnight in Amsterdam: A and the abandoned C were yesterday's there.
    expect(answer.orders.today).toEqual({ orders: 1, gross: second.total, refunded: 0, net: second.total });
    expect(answer.payment_statuses).toEqual({ pending: 0, partial: 0, processing: 0, problem: 0, paid: 2, cancelled: 0, abandoned: 1 });
    expect(answer.refund_requests).toEqual({ open: 1, amount: 1234 });
    expect(answer.currency).toBe(shop.config.currency);
  });

  it('shows check-ins per list and gate, with who is inside now', async () => {
    const answer = await dashboard({ event: 'NWF27' });
    expect(answer.checkins.find((list) => list.code === 'NWF27-ENTRANCE')).toEqual({
      code: 'NWF27-ENTRANCE',
      name: 'Festival entrance',
      active: true,
      admitted: 2,
      inside: 2,
      gates: [
        { gate: 'North', admitted: 2, inside: 1 },
        { gate: 'South', admitted: 1, inside: 1 },
      ],
    });
    expect(answer.checkins.find((list) => list.code === 'NWF27-PARKING')).toMatchObject({ admitted: 0, inside: 0, gates: [{ gate: 'Car park gate', admitted: 0, inside: 0 }] });
  });

  it('charts sales per minute while a sale runs and refreshes often; per day, refreshing slowly, once the last hour had none', async () => {
    const live = await dashboard({ event: 'NWF27' });
    expect(live.sales).toMatchObject({ per: 'minute', live: true });
    expect(live.refresh_seconds).toBe(5);
    expect(live.sales.buckets).toHaveLength(DASHBOARD_MINUTE_WINDOW + 1);
    expect(live.sales.buckets.at(-1)!.at).toBe('2026-01-15T23:30:00.000Z');
    const withSales = live.sales.buckets.filter((bucket) => bucket.orders > 0 || bucket.revenue > 0);
    expect(withSales).toEqual([
      { at: '2026-01-15T22:50:00.000Z', orders: 1, units: 2, revenue: first.total },
      { at: '2026-01-15T23:10:00.000Z', orders: 1, units: 2, revenue: second.total },
    ]);
    // The cart's hold ends: no units held, no order in the last hour.
    await db().update(shopItems).set({ held: sql`${shopItems.held} - 1` }).where(eq(shopItems.externalCode, 'NWF27-WEEKEND'));
    clock = new Date(AFTER_MIDNIGHT.getTime() + 2 * 3_600_000);
    const quiet = await dashboard({ event: 'NWF27' });
    expect(quiet.sales).toEqual({
      per: 'day',
      live: false,
      buckets: [
        { at: '2026-01-15', orders: 1, units: 2, revenue: first.total },
        { at: '2026-01-16', orders: 1, units: 2, revenue: second.total },
      ],
    });
    expect(quiet.refresh_seconds).toBe(60);
    expect(quiet.generated_at).toBe(clock.toISOString());
    clock = AFTER_MIDNIGHT;
  });

  it('computes once per interval for every dashboard: calls in between get the same answer, then the next interval sees changes', async () => {
    clock = new Date(AFTER_MIDNIGHT.getTime() + 60_000);
    const [admin, desk, service] = [await member('admin'), await member('box_office'), await member('customer_service')];
    const recorder = engine === 'postgres' ? createStatementRecorder() : undefined;
    try {
      const once = await dashboard({ event: 'NWF27' }, admin);
      const both = () => Promise.all([dashboard({}, desk), dashboard({ event: 'NWF27' }, service)]);
      const [again, third] = recorder ? await recorder.during(both) : await both();
      expect(again).toEqual(once);
      expect(third).toEqual(once);
      // Only the staff sessions were looked up: no figure was read again.
      expect(recorder?.take().filter((statement) => /orders|shop_items|checkin/i.test(statement.text)) ?? []).toEqual([]);
      const [rowB] = await db().select().from(orders).where(eq(orders.code, second.code));
      const [made] = await db().insert(refunds).values({ orderId: rowB!.id, customerId: rowB!.customerId, status: 'active', total: 100 }).returning();
      expect((await dashboard({}, admin)).refund_requests).toEqual(once.refund_requests);
      clock = new Date(clock.getTime() + DASHBOARD_CACHE_MAX_MS);
      // The first request after the interval may get the answer before (when the new one takes over 50 ms); the new one follows.
      let later = await dashboard({}, admin);
      for (let tries = 0; tries < 40 && later.generated_at !== clock.toISOString(); tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        later = await dashboard({}, admin);
      }
      expect(later.refund_requests).toEqual({ open: once.refund_requests.open + 1, amount: once.refund_requests.amount + 100 });
      await db().delete(refunds).where(eq(refunds.id, made!.id));
      expect(later.generated_at).toBe(clock.toISOString());
    } finally {
      recorder?.restore();
      clock = AFTER_MIDNIGHT;
    }
  });

  it('makes one set of queries for dashboards asking at once, answers the one before while a new one is slow, and asks again after a failure', async () => {
    let transactions = 0;
    let fail = false;
    let slowMs = 0;
    const counted = new Proxy(db(), {
      get(target, key, receiver) {
        if (key === 'transaction')
          return async (...args: Parameters<Db['transaction']>) => {
            transactions += 1;
            if (fail) throw new Error('database away');
            if (slowMs) await new Promise((resolve) => setTimeout(resolve, slowMs));
            return target.transaction(...args);
          };
        return Reflect.get(target, key, receiver) as unknown;
      },
    }) as Db;
    let now = new Date(AFTER_MIDNIGHT);
    const service = createDashboardService({ db: counted, timezone: 'Europe/Amsterdam', currency: 'EUR', now: () => now });
    const answers = await Promise.all(Array.from({ length: 5 }, () => service.dashboard('NWF27')));
    expect(transactions).toBe(1);
    expect(service.computations).toBe(1);
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    const generated = (result: Awaited<ReturnType<typeof service.dashboard>>) => (result.found ? result.answer.generated_at : null);
    now = new Date(now.getTime() + 1_000);
    expect(generated(await service.dashboard(undefined))).toBe(AFTER_MIDNIGHT.toISOString());
    expect(transactions).toBe(1);
    // Out of date, and the new figures are slow to come: the answer before, at once; the new one once computed.
    now = new Date(now.getTime() + DASHBOARD_CACHE_MAX_MS);
    slowMs = 400;
    const started = performance.now();
    const [first, second] = await Promise.all([service.dashboard('NWF27'), service.dashboard('NWF27')]);
    expect(performance.now() - started).toBeLessThan(300);
    expect([generated(first), generated(second)]).toEqual([AFTER_MIDNIGHT.toISOString(), AFTER_MIDNIGHT.toISOString()]);
    expect(transactions).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(generated(await service.dashboard('NWF27'))).toBe(now.toISOString());
    expect(transactions).toBe(2);
    // Nothing to show yet and the database fails: the error; the next request tries again.
    const other = createDashboardService({ db: counted, timezone: 'Europe/Amsterdam', currency: 'EUR', now: () => now });
    slowMs = 0;
    fail = true;
    await expect(other.dashboard('NWF27')).rejects.toThrow('database away');
    fail = false;
    expect((await other.dashboard('NWF27')).found).toBe(true);
    expect(transactions).toBe(4);
  });

  it('answers 404 with the shop’s text for an event it does not know, and refuses bad input', async () => {
    const cookie = await member();
    const unknown = await staffCall(shop.app, 'dashboard', { event: 'NWF99' }, cookie);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(english(dashboardMessages.noSuchEvent));
    for (const payload of [{ event: '' }, { event: 12 }, { event: 'x'.repeat(65) }]) {
      expect((await staffCall(shop.app, 'dashboard', payload, cookie)).status).toBe(422);
    }
    expect(await db().select({ id: orders.id }).from(orders).where(inArray(orders.code, [first.code, second.code]))).toHaveLength(2);
  });
});
