import { api } from '@festival/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/databases';
import { createTestShop, type TestShop } from '../../../test/test-shop';
import { customers, merchandisePurchases, orders, paymentPlanPayments, refundItems, refunds, sessions, shopItems, tickets } from '../../db/schema';
import { hashToken } from '../accounts/session.service';
import { ACCEPT_TERMS_LINK, INVOICE_LINK, orderLinkSignature } from '../checkout/order-links.signatures';

const SECRET = 'a-test-secret-of-at-least-32-characters';

describe.each(testEngines())("a customer's orders and refunds in get-data on %s", (engine) => {
  let shop: TestShop;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    shop = await createTestShop(engine, { app: { appSecret: SECRET } });
    const db = shop.database.db;
    for (const name of ['buyer', 'stranger']) {
      const [customer] = await db.insert(customers).values({ email: `${name}@example.org`, fullName: name, passwordHash: 'x' }).returning();
      tokens[name] = `token-${name}`;
      await db.insert(sessions).values({ customerId: customer!.id, tokenHash: hashToken(tokens[name]!), expiresAt: new Date(Date.now() + 3_600_000) });
    }
    const [buyer] = await db.select().from(customers).where(eq(customers.email, 'buyer@example.org'));
    const items = Object.fromEntries((await db.select().from(shopItems)).map((item) => [item.externalCode, item]));
    const [paid] = await db
      .insert(orders)
      .values({ code: 'NWF-1001', customerId: buyer!.id, totalPrice: 22295, totalPaid: 22295, paymentMethod: 'credit_card', paymentStatus: 'paid', acceptedTermsAt: new Date(), shippingAmount: 495, shippingCountry: 'NL' })
      .returning();
    const weekend = items['NWF27-WEEKEND']!;
    await db.insert(tickets).values([
      { code: 'T-ACTIVE', orderId: paid!.id, shopItemId: weekend.id, productName: weekend.name, productType: 'ticket', fullName: 'Bea Buyer', email: 'buyer@example.org', age: '25-34', status: 'active', price: weekend.price, fee: weekend.fee, refundFee: 1000 },
      { code: 'T-EDITED', orderId: paid!.id, shopItemId: weekend.id, productName: weekend.name, productType: 'ticket', fullName: 'Ed Edited', email: 'ed@example.org', status: 'active', price: weekend.price, fee: weekend.fee, nameChanges: 2, lastEditedAt: new Date() },
    ]);
    const shirt = items['NWF27-TEE-LINEUP']!;
    const [purchase] = await db.insert(merchandisePurchases).values({ code: 'M-1', orderId: paid!.id, shopItemId: shirt.id, name: shirt.name, status: 'active', price: shirt.price, fee: 0 }).returning();
    const [refund] = await db.insert(refunds).values({ orderId: paid!.id, customerId: buyer!.id, status: 'active', total: shirt.price }).returning();
    await db.insert(refundItems).values({ refundId: refund!.id, merchandisePurchaseId: purchase!.id, amount: shirt.price, status: 'refund' });

    const plan = items['NWF27-WEEKEND-PLAN']!;
    const [planOrder] = await db
      .insert(orders)
      .values({ code: 'NWF-1002', customerId: buyer!.id, totalPrice: 19300, totalPaid: 4900, paymentMethod: 'credit_card', paymentStatus: 'partial', paymentPlan: plan.paymentPlan })
      .returning();
    await db.insert(paymentPlanPayments).values([
      { orderId: planOrder!.id, reference: 'P-1', amount: 4900, paidAmount: 4900, dueAt: new Date(Date.now() - 40 * 86_400_000), paidAt: new Date(), status: 'paid', attempts: 1 },
      { orderId: planOrder!.id, reference: 'P-2', amount: 4800, dueAt: new Date(Date.now() - 10 * 86_400_000), status: 'pending', attempts: 3 },
      { orderId: planOrder!.id, reference: 'P-3', amount: 4800, dueAt: new Date(Date.now() - 3600_000), status: 'pending' },
      { orderId: planOrder!.id, reference: 'P-4', amount: 4800, dueAt: new Date(Date.now() + 30 * 86_400_000), status: 'pending' },
    ]);
  });
  afterAll(async () => {
    await shop?.close();
  });

  const dataOf = async (token: string) => {
    const answer = await shop.call('get-data', { token });
    expect(answer.status).toBe(200);
    return api['get-data'].answer.parse(answer.body).data;
  };

  it('answers the orders newest first with a checksum only the shop can make', async () => {
    const data = await dataOf(tokens.buyer!);
    expect(data.orders.map((order) => order.code)).toEqual(['NWF-1002', 'NWF-1001']);
    const order = data.orders[1]!;
    // Each link its own signature (decision 0027): the invoice's and the accept-terms link's.
    expect(order.checksum).toBe(orderLinkSignature(SECRET, 'NWF-1001', INVOICE_LINK));
    expect(order.terms_checksum).toBe(orderLinkSignature(SECRET, 'NWF-1001', ACCEPT_TERMS_LINK));
    expect(order.checksum).not.toBe(order.terms_checksum);
    expect(order.checksum).not.toBe(orderLinkSignature('another-secret-of-at-least-32-characters', 'NWF-1001', INVOICE_LINK));
    expect(order).toMatchObject({ payment_status: 'paid', total_paid: 22295, shipping_amount: 495, accepted_ts_and_cs: true, has_invoice: true, has_refunds: true, has_active_refunds: true, fully_refunded: false, has_payment_plan: false });
  });

  it("computes each ticket's permissions: downloads, name changes left, the edit lock, refunds", async () => {
    const order = (await dataOf(tokens.buyer!)).orders[1]!;
    const [active, edited] = order.tickets;
    expect(active).toMatchObject({ code: 'T-ACTIVE', full_name: 'Bea Buyer', type: 'ticket', allow_download: true, recently_edited: false, refund_fee: 1000, event_name: 'Northwind Festival 2027', timezone: 'Europe/Amsterdam' });
    expect(active!.refund_total).toBe(active!.price - 1000);
    // The demo weekend ticket allows two name changes.
    expect(active!.name_changes_left).toBe(2);
    expect(edited).toMatchObject({ code: 'T-EDITED', name_changes_left: 0, allow_name_changes: false, recently_edited: true });
    // The shirt is in an active refund: it cannot be asked for again.
    expect(order.merchandisePurchases).toEqual([expect.objectContaining({ code: 'M-1', merchandise: 'Line-up T-shirt', is_refundable: false })]);
  });

  it('answers the instalments of a payment plan as paid, overdue, due or pending', async () => {
    const order = (await dataOf(tokens.buyer!)).orders[0]!;
    expect(order.has_payment_plan).toBe(true);
    expect(order.payment_plan).toHaveLength(4);
    expect(order.payments.map((payment) => [payment.reference, payment.payment_status, payment.overdue, payment.due, payment.attempt])).toEqual([
      ['P-1', 'paid', false, false, 1],
      ['P-2', 'pending', true, true, 3],
      ['P-3', 'pending', false, true, 0],
      ['P-4', 'pending', false, false, 0],
    ]);
    // Not fully paid: no downloads, no invoice.
    expect(order.has_invoice).toBe(false);
  });

  it('answers the refunds with their items', async () => {
    const data = await dataOf(tokens.buyer!);
    expect(data.refunds).toEqual([
      expect.objectContaining({ status: 'active', order: { id: data.orders[1]!.id, code: 'NWF-1001' }, items: [{ code: 'M-1', name: 'Line-up T-shirt', kind: 'merchandise', status: 'refund', amount: 2995 }] }),
    ]);
  });

  it("shows another customer none of it", async () => {
    const data = await dataOf(tokens.stranger!);
    expect(data.orders).toEqual([]);
    expect(data.refunds).toEqual([]);
    expect(data.existing_tickets).toEqual([]);
  });

  it('answers the pay-by date of an unpaid or part-paid bank transfer and of an unpaid card order, and null where none is set (decisions 0032, 0060, 0066)', async () => {
    const db = shop.database.db;
    const [customer] = await db.insert(customers).values({ email: 'transfer@example.org', fullName: 'Tess Transfer', passwordHash: 'x' }).returning();
    await db.insert(sessions).values({ customerId: customer!.id, tokenHash: hashToken('token-transfer'), expiresAt: new Date(Date.now() + 3_600_000) });
    const payBy = new Date('2027-03-14T12:00:00.000Z');
    const base = { customerId: customer!.id, totalPrice: 10000, acceptedTermsAt: new Date(), payBy };
    await db.insert(orders).values([
      { ...base, code: 'NWF-2001', paymentMethod: 'bank_transfer', paymentStatus: 'pending', totalPaid: 0, paymentReference: 'NWFNWF-2001' },
      { ...base, code: 'NWF-2002', paymentMethod: 'bank_transfer', paymentStatus: 'partial', totalPaid: 4000, paymentReference: 'NWFNWF-2002' },
      { ...base, code: 'NWF-2003', paymentMethod: 'bank_transfer', paymentStatus: 'pending', totalPaid: 0, paymentReference: 'NWFNWF-2003', payBy: null },
      { ...base, code: 'NWF-2004', paymentMethod: 'credit_card', paymentStatus: 'pending', totalPaid: 0 },
    ]);
    const payByOf = Object.fromEntries((await dataOf('token-transfer')).orders.map((order) => [order.code, order.pay_by]));
    expect(payByOf).toEqual({ 'NWF-2001': payBy.toISOString(), 'NWF-2002': payBy.toISOString(), 'NWF-2003': null, 'NWF-2004': payBy.toISOString() });
    // The paid order of the other customer has none either.
    expect((await dataOf(tokens.buyer!)).orders.map((order) => order.pay_by)).toEqual([null, null]);
  });
});
