import { createHmac, randomBytes } from 'node:crypto';
import { api, type PaymentInstruction } from '@festival/contract';
import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/databases';
import { checkoutPayload, createCustomer, paidOrder } from '../../../test/shop-flows';
import { createTestShop, type TestShop } from '../../../test/test-shop';
import { emailOutbox, orders, payments, shopItems, travelTimes, vouchers } from '../../db/schema';
import { createPaymentsService, NOTIFY_PATH } from './payments.service';
import { createSandboxGateway, SANDBOX_SIGNATURE_HEADER, type SandboxGateway, type SandboxRequest } from './sandbox-gateway';

const SECRET = 'reinstate-test-secret-of-at-least-32-characters';

type Buyer = Awaited<ReturnType<typeof createCustomer>>;

/**
 * Issue 20, point 4: a card order abandoned for want of payment whose money arrives after all is
 * taken up again (paid, its tickets issued, its stock, seats and voucher use taken back) when all
 * of it is still there; otherwise the money goes back automatically and the customer is told,
 * and nothing is sold twice.
 */
describe.each(testEngines())('an abandoned order paid late on %s', (engine) => {
  let shop: TestShop;
  let base: string;
  let gateway: SandboxGateway;
  beforeAll(async () => {
    gateway = createSandboxGateway(SECRET);
    shop = await createTestShop(engine, { app: { appSecret: SECRET, sandboxGateway: gateway, catalogMaxAgeMs: 0 } });
    base = await shop.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await shop?.close();
  });

  const db = () => shop.database.db;
  const item = async (code: string) => (await db().select().from(shopItems).where(eq(shopItems.externalCode, code)))[0]!;
  const seat = async (id: number) => (await db().select().from(travelTimes).where(eq(travelTimes.id, id)))[0]!;
  const orderRow = async (code: string) => (await db().select().from(orders).where(eq(orders.code, code)))[0]!;
  const paymentOf = async (orderId: number) => (await db().select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id)))[0]!;
  const mailsTo = (to: string, subject: string) =>
    db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, to), like(emailOutbox.subject, `%${subject}%`)));
  const refundsAsked = (reference: string) => gateway.requests.filter((request): request is Extract<SandboxRequest, { kind: 'refund' }> => request.kind === 'refund' && request.reference === reference);
  const firstDeparture = async () => (await db().select().from(travelTimes).innerJoin(shopItems, eq(shopItems.id, travelTimes.shopItemId)).where(eq(shopItems.externalCode, 'NWF27-SHUTTLE')).orderBy(asc(travelTimes.departsAt)))[0]!.travel_times;

  /** A card order of these lines, placed and not paid: the payer never finished the provider's page. */
  async function unpaidOrder(buyer: Buyer, lines: { code: string; transport_time_id?: number }[], voucherCode: string | null = null) {
    let cart: string | undefined;
    for (const [index, line] of lines.entries()) {
      const answer = await shop.call('add-product-to-cart', { token: buyer.token, cart, external_code: line.code, full_name: `Late Holder ${index}`, email: `late${index}@example.org`, age: '25-34', transport_time_id: line.transport_time_id });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      cart = answer.body.cart.code;
    }
    const answer = await shop.call('checkout-cart', checkoutPayload(buyer.token, cart!, {}, { voucher_code: voucherCode }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const placed = api['checkout-cart'].answer.parse(answer.body);
    return { order: placed.order, reference: referenceOf(placed.payment) };
  }
  const referenceOf = (instruction: PaymentInstruction | null | undefined) => {
    if (instruction?.action !== 'submit') throw new Error(`expected a form, got ${JSON.stringify(instruction)}`);
    return instruction.params.reference!;
  };

  /** The sweeper, run when the order's time to pay is over. */
  async function abandonAfterPayBy(code: string) {
    const { payBy } = await orderRow(code);
    const sweeper = createPaymentsService({ db: db(), config: shop.config, gateway, appSecret: SECRET, now: () => new Date(payBy!.getTime() + 60_000) });
    expect(await sweeper.abandonOverdue()).toBeGreaterThanOrEqual(1);
    expect(await orderRow(code)).toMatchObject({ paymentStatus: 'abandoned' });
  }

  /** The provider's signed news that the attempt was paid after all, sent the way the sandbox sends it. */
  const paidLate = (reference: string, amount: number) => {
    const body = JSON.stringify({ id: `ntf_${randomBytes(6).toString('hex')}`, reference, outcome: 'paid', amount, currency: shop.config.currency });
    return fetch(base + NOTIFY_PATH('sandbox'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: createHmac('sha256', gateway.secret).update(body).digest('hex') },
      body,
    });
  };

  it('takes the order up again when everything it held is still there: paid, tickets issued, stock and seats as before, confirmed', async () => {
    const buyer = await createCustomer(shop);
    const departure = await firstDeparture();
    const { order, reference } = await unpaidOrder(buyer, [{ code: 'NWF27-SHUTTLE', transport_time_id: departure.id }, { code: 'NWF27-COACH-UTR' }]);
    const held = { shuttle: (await item('NWF27-SHUTTLE')).sold, coach: (await item('NWF27-COACH-UTR')).sold, seat: (await seat(departure.id)).sold };

    await abandonAfterPayBy(order.code);
    expect({ shuttle: (await item('NWF27-SHUTTLE')).sold, coach: (await item('NWF27-COACH-UTR')).sold, seat: (await seat(departure.id)).sold }).toEqual({ shuttle: held.shuttle - 1, coach: held.coach - 1, seat: held.seat - 1 });

    expect((await paidLate(reference, order.total_price)).status).toBe(200);
    expect(await orderRow(order.code)).toMatchObject({ paymentStatus: 'paid', totalPaid: order.total_price, returnedAmount: 0, payBy: null });
    expect(await paymentOf(order.id)).toMatchObject({ status: 'paid' });
    expect({ shuttle: (await item('NWF27-SHUTTLE')).sold, coach: (await item('NWF27-COACH-UTR')).sold, seat: (await seat(departure.id)).sold }).toEqual(held);
    const data = api['get-data'].answer.parse((await shop.call('get-data', { token: buyer.token })).body).data;
    const view = data.orders.find((candidate) => candidate.code === order.code)!;
    expect(view).toMatchObject({ payment_status: 'paid', total_paid: order.total_price });
    expect(view.tickets.map((ticket) => ticket.status)).toEqual(['active', 'active']);
    expect(await mailsTo(buyer.email, `Your order ${order.code} at`)).toHaveLength(1);
    expect(refundsAsked(reference)).toEqual([]);
  });

  it('refunds the money when the stock went to someone else meanwhile: nothing oversold, nothing of the order taken again, the customer told', async () => {
    const [shuttle, coach] = [await item('NWF27-SHUTTLE'), await item('NWF27-COACH-UTR')];
    // The shuttle is taken back first (lower id), so the coach's failure must undo it.
    expect(shuttle.id).toBeLessThan(coach.id);
    await db().update(shopItems).set({ stock: coach.held + coach.sold + 1 }).where(eq(shopItems.id, coach.id));
    try {
      const late = await createCustomer(shop);
      const departure = await firstDeparture();
      const { order, reference } = await unpaidOrder(late, [{ code: 'NWF27-SHUTTLE', transport_time_id: departure.id }, { code: 'NWF27-COACH-UTR' }]);
      await abandonAfterPayBy(order.code);
      // Someone else buys the last coach seat the abandoned order gave back.
      const other = await createCustomer(shop);
      const bought = await paidOrder(shop, base, other, [{ code: 'NWF27-COACH-UTR' }]);
      expect(bought.payment_status).toBe('paid');
      const before = { shuttle: (await item('NWF27-SHUTTLE')).sold, coach: await item('NWF27-COACH-UTR'), seat: (await seat(departure.id)).sold };
      expect(before.coach.held + before.coach.sold).toBe(before.coach.stock);

      expect((await paidLate(reference, order.total_price)).status).toBe(200);
      expect(await orderRow(order.code)).toMatchObject({ paymentStatus: 'abandoned', totalPaid: 0, returnedAmount: order.total_price });
      expect(await paymentOf(order.id)).toMatchObject({ status: 'refunded' });
      expect(refundsAsked(reference)).toEqual([expect.objectContaining({ amount: order.total_price, idempotencyKey: `refund:sandbox:${reference}`, repeated: false })]);
      expect(await mailsTo(late.email, `A payment for your order ${order.code}`)).toHaveLength(1);
      // Not confirmed: the order was never paid.
      expect(await mailsTo(late.email, `Your order ${order.code} at`)).toHaveLength(0);
      const after = { shuttle: (await item('NWF27-SHUTTLE')).sold, coach: await item('NWF27-COACH-UTR'), seat: (await seat(departure.id)).sold };
      expect(after).toEqual(before);
      const data = api['get-data'].answer.parse((await shop.call('get-data', { token: late.token })).body).data;
      expect(data.orders.find((candidate) => candidate.code === order.code)!.tickets.map((ticket) => ticket.status)).toEqual(['cancelled', 'cancelled']);
      const otherData = api['get-data'].answer.parse((await shop.call('get-data', { token: other.token })).body).data;
      expect(otherData.orders.find((candidate) => candidate.code === bought.code)!.tickets.map((ticket) => ticket.status)).toEqual(['active']);
    } finally {
      await db().update(shopItems).set({ stock: coach.stock }).where(eq(shopItems.id, coach.id));
    }
  });

  it('refunds the money when its voucher has no use left: the voucher is not used past its limit, the stock not taken', async () => {
    const [voucher] = await db().insert(vouchers).values({ code: 'LASTONE', name: 'One use only', discountAmount: 500, maxUses: 1 }).returning();
    const late = await createCustomer(shop);
    const { order, reference } = await unpaidOrder(late, [{ code: 'NWF27-LOCKER' }], 'LASTONE');
    expect(order.discount_amount).toBe(500);
    await abandonAfterPayBy(order.code);
    expect((await db().select().from(vouchers).where(eq(vouchers.id, voucher!.id)))[0]!.used).toBe(0);
    // Another buyer redeems its one use.
    const other = await createCustomer(shop);
    const taken = await unpaidOrder(other, [{ code: 'NWF27-LOCKER' }], 'LASTONE');
    expect(taken.order.discount_amount).toBe(500);
    const lockersBefore = (await item('NWF27-LOCKER')).sold;

    expect((await paidLate(reference, order.total_price)).status).toBe(200);
    expect(await orderRow(order.code)).toMatchObject({ paymentStatus: 'abandoned', returnedAmount: order.total_price });
    expect(await paymentOf(order.id)).toMatchObject({ status: 'refunded' });
    expect(refundsAsked(reference)).toHaveLength(1);
    expect(await mailsTo(late.email, `A payment for your order ${order.code}`)).toHaveLength(1);
    expect((await db().select().from(vouchers).where(eq(vouchers.id, voucher!.id)))[0]!.used).toBe(1);
    expect((await item('NWF27-LOCKER')).sold).toBe(lockersBefore);
  });
});
