import { createHmac, randomBytes } from 'node:crypto';
import { api, english, type PaymentInstruction, paymentMessages } from '@festival/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/databases';
import { cartWith, checkoutPayload, createCustomer, formPost, payOnSandbox } from '../../../test/shop-flows';
import { createTestShop, type TestShop } from '../../../test/test-shop';
import { emailOutbox, orders, paymentPlanPayments, payments } from '../../db/schema';
import { instalmentLink, orderLinkSignature } from '../checkout/order-links.signatures';
import { formatAmount } from '../orders/orders.mail';
import { NOTIFY_PATH } from './payments.service';
import { createSandboxGateway, SANDBOX_CARDS, SANDBOX_PATH, SANDBOX_SIGNATURE_HEADER, type SandboxGateway, type SandboxRequest } from './sandbox-gateway';

const SECRET = 'double-payment-test-secret-of-32-characters-at-least';

/**
 * Issue 18 point 6: an order is never paid twice. A new card attempt cancels the earlier ones at
 * the gateway and locally; money that still arrives for a cancelled attempt, for an order already
 * paid or ended, is refunded through the gateway, recorded and shown on the order, and the
 * customer is told by e-mail; two notifications of one order at once count exactly one payment.
 */
describe.each(testEngines())('one order, one payment, on %s', (engine) => {
  let shop: TestShop;
  let base: string;
  let gateway: SandboxGateway;
  beforeAll(async () => {
    gateway = createSandboxGateway(SECRET);
    shop = await createTestShop(engine, { config: { maxCreditCardAttempts: 5 }, app: { appSecret: SECRET, sandboxGateway: gateway, catalogMaxAgeMs: 0 } });
    base = await shop.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await shop?.close();
  });

  const db = () => shop.database.db;
  const referenceOf = (instruction: PaymentInstruction | null | undefined) => {
    if (instruction?.action !== 'submit') throw new Error(`expected a form, got ${JSON.stringify(instruction)}`);
    return instruction.params.reference!;
  };
  /** The provider's signed news for an attempt, sent the way the sandbox sends it. */
  const notify = (reference: string, amount: number, id = `ntf_${randomBytes(6).toString('hex')}`) => {
    const body = JSON.stringify({ id, reference, outcome: 'paid', amount, currency: shop.config.currency });
    return fetch(base + NOTIFY_PATH('sandbox'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: createHmac('sha256', gateway.secret).update(body).digest('hex') },
      body,
    });
  };
  const orderRow = async (code: string) => (await db().select().from(orders).where(eq(orders.code, code)))[0]!;
  const paymentRows = async (orderId: number) => db().select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.id);
  const refundsAsked = (references: string[]) =>
    gateway.requests.filter((request): request is Extract<SandboxRequest, { kind: 'refund' }> => request.kind === 'refund' && references.includes(request.reference));

  /** A card order of one parking ticket with two attempts: the checkout's and pay-order's. */
  async function orderWithTwoAttempts() {
    const buyer = await createCustomer(shop);
    const cart = await cartWith(shop, buyer.token, ['NWF27-PARKING']);
    const placed = api['checkout-cart'].answer.parse((await shop.call('checkout-cart', checkoutPayload(buyer.token, cart))).body);
    const second = await shop.call('pay-order', { token: buyer.token, order: placed.order.code });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const again = api['pay-order'].answer.parse(second.body);
    return { buyer, order: placed.order, first: placed.payment, second: again.payment, amount: placed.order.total_price };
  }

  it('cancels the earlier attempt when a new one opens, at the gateway and locally', async () => {
    const { order, first, second } = await orderWithTwoAttempts();
    const [one, two] = [referenceOf(first), referenceOf(second)];
    expect(gateway.requests).toContainEqual({ kind: 'cancel', reference: one, answer: 'cancelled' });
    const rows = await paymentRows(order.id);
    expect(rows.map((row) => [row.providerReference, row.status])).toEqual([
      [one, 'cancelled'],
      [two, 'open'],
    ]);
    // The gateway's page takes no card for the cancelled attempt.
    const page = await fetch(base + `${SANDBOX_PATH}/pay`, formPost((first as Extract<PaymentInstruction, { action: 'submit' }>).params));
    expect(page.status).toBe(409);
    expect(await page.text()).toContain(english(paymentMessages.attemptReplaced));
  });

  it('refunds money that still arrives for a cancelled attempt: counted once, shown on the order, the customer told', async () => {
    const { buyer, order, first, second, amount } = await orderWithTwoAttempts();
    const [one, two] = [referenceOf(first), referenceOf(second)];
    // The provider took the first payment before the cancellation reached it; then the payer pays the second.
    expect((await notify(one, amount, 'ntf_first')).status).toBe(200);
    expect(await payOnSandbox(base, second, SANDBOX_CARDS.succeeds)).toBe(`/portal/orders/${order.code}/confirmation`);

    expect(await orderRow(order.code)).toMatchObject({ paymentStatus: 'paid', totalPaid: amount, returnedAmount: amount });
    const rows = await paymentRows(order.id);
    expect(rows.map((row) => [row.providerReference, row.status])).toEqual([
      [one, 'refunded'],
      [two, 'paid'],
    ]);
    expect(rows[0]!.refundReference).toMatch(/^re_/);
    expect(refundsAsked([one, two])).toEqual([expect.objectContaining({ reference: one, amount, currency: shop.config.currency, idempotencyKey: `refund:sandbox:${one}`, repeated: false })]);

    // The customer's order shows it, and an e-mail says so.
    const data = api['get-data'].answer.parse((await shop.call('get-data', { token: buyer.token })).body).data;
    expect(data.orders.find((candidate) => candidate.code === order.code)).toMatchObject({ payment_status: 'paid', total_paid: amount, returned_amount: amount });
    const mails = await db().select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, buyer.email)));
    const told = mails.filter((mail) => mail.subject.includes('was refunded'));
    expect(told).toHaveLength(1);
    expect(told[0]!.textBody).toContain(english(paymentMessages.paymentReturned(formatAmount(shop.config, amount))));

    // The same news again, or again under another id: nothing more is refunded or counted.
    expect((await notify(one, amount, 'ntf_first')).status).toBe(200);
    expect((await notify(one, amount)).status).toBe(200);
    expect((await notify(two, amount)).status).toBe(200);
    expect(refundsAsked([one, two])).toHaveLength(1);
    expect(await orderRow(order.code)).toMatchObject({ paymentStatus: 'paid', totalPaid: amount, returnedAmount: amount });
  });

  it('asks for a refund that failed on the way again with the same key: the provider refunds once, the shop records once', async () => {
    const { buyer, order, first, second, amount } = await orderWithTwoAttempts();
    const one = referenceOf(first);
    expect(await payOnSandbox(base, second, SANDBOX_CARDS.succeeds)).toBe(`/portal/orders/${order.code}/confirmation`);
    // The provider takes the refund but its answer is lost: the notification's transaction rolls back and is refused.
    const refund = gateway.refund;
    gateway.refund = async (request) => {
      await refund(request);
      throw new Error('the refund answer timed out');
    };
    try {
      expect((await notify(one, amount, 'ntf_lost')).status).toBe(500);
    } finally {
      gateway.refund = refund;
    }
    expect(await orderRow(order.code)).toMatchObject({ totalPaid: amount, returnedAmount: 0 });
    // The provider delivers the notification again: the same refund is asked for, and recorded once.
    expect((await notify(one, amount, 'ntf_lost')).status).toBe(200);
    const asked = refundsAsked([one]);
    expect(asked.map((request) => [request.idempotencyKey, request.repeated])).toEqual([
      [`refund:sandbox:${one}`, false],
      [`refund:sandbox:${one}`, true],
    ]);
    expect(await orderRow(order.code)).toMatchObject({ paymentStatus: 'paid', totalPaid: amount, returnedAmount: amount });
    expect((await paymentRows(order.id))[0]).toMatchObject({ status: 'refunded', refundReference: asked[0]!.refundId });
    expect((await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, buyer.email))).filter((mail) => mail.subject.includes('was refunded'))).toHaveLength(1);
  });

  it('refunds money for an order that is already paid, even from an attempt left open before this rule', async () => {
    const { order, first, second, amount } = await orderWithTwoAttempts();
    const [one, two] = [referenceOf(first), referenceOf(second)];
    // Two open attempts, as an order could have them before a new attempt cancelled the earlier ones.
    await db().update(payments).set({ status: 'open' }).where(eq(payments.providerReference, one));
    expect((await notify(two, amount)).status).toBe(200);
    expect((await notify(one, amount)).status).toBe(200);
    expect(await orderRow(order.code)).toMatchObject({ paymentStatus: 'paid', totalPaid: amount, returnedAmount: amount });
    expect((await paymentRows(order.id)).map((row) => row.status)).toEqual(['refunded', 'paid']);
    expect(refundsAsked([one, two]).map((request) => request.reference)).toEqual([one]);
  });

  it("cancels an instalment's earlier attempts whichever call opens the next (its page, pay-order), and refunds money that still arrives for them", async () => {
    const buyer = await createCustomer(shop);
    const placed = api['checkout-cart'].answer.parse((await shop.call('checkout-cart', checkoutPayload(buyer.token, await cartWith(shop, buyer.token, ['NWF27-WEEKEND-PLAN'])))).body);
    expect(await payOnSandbox(base, placed.payment, SANDBOX_CARDS.succeeds)).toBe(`/portal/orders/${placed.order.code}/confirmation`);
    const second = placed.order.payments[1]!;
    const page = { token: buyer.token, order: placed.order.code, reference: second.reference, checksum: orderLinkSignature(SECRET, placed.order.code, instalmentLink(second.reference)) };
    const onPage = async () => {
      const answer = await shop.call('pay-payment-plan-order-payment', page);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return api['pay-payment-plan-order-payment'].answer.parse(answer.body).data.payment;
    };
    const one = referenceOf(await onPage());
    const two = referenceOf(await onPage());
    const three = api['pay-order'].answer.parse((await shop.call('pay-order', { token: buyer.token, order: placed.order.code })).body).payment;
    expect(gateway.requests.filter((request) => request.kind === 'cancel').map((request) => request.reference)).toEqual(expect.arrayContaining([one, two]));
    const order = await orderRow(placed.order.code);
    expect((await paymentRows(order.id)).map((row) => row.status)).toEqual(['paid', 'cancelled', 'cancelled', 'open']);

    expect((await notify(one, second.amount)).status).toBe(200);
    expect(await payOnSandbox(base, three, SANDBOX_CARDS.succeeds)).toBe(`/portal/orders/${placed.order.code}/confirmation`);
    expect((await notify(two, second.amount)).status).toBe(200);
    const paidSoFar = placed.order.payments[0]!.amount + second.amount;
    expect(await orderRow(placed.order.code)).toMatchObject({ paymentStatus: 'partial', totalPaid: paidSoFar, returnedAmount: 2 * second.amount });
    expect((await db().select().from(paymentPlanPayments).where(eq(paymentPlanPayments.orderId, order.id)).orderBy(paymentPlanPayments.dueAt)).map((row) => [row.status, row.paidAmount])).toEqual([
      ['paid', placed.order.payments[0]!.amount],
      ['paid', second.amount],
      ['pending', 0],
      ['pending', 0],
    ]);
    expect(refundsAsked([one, two, referenceOf(three)]).map((request) => request.reference)).toEqual([one, two]);
  });

  it('counts exactly one payment and refunds the other when both notifications of one order arrive at once', async () => {
    const ROUNDS = 6;
    const placed = [];
    for (let round = 0; round < ROUNDS; round += 1) placed.push(await orderWithTwoAttempts());
    // Half the orders have both attempts open (orders from before this rule): then only the order's lock decides.
    for (const [index, { first }] of placed.entries()) {
      if (index % 2 === 0) await db().update(payments).set({ status: 'open' }).where(eq(payments.providerReference, referenceOf(first)));
    }
    const answers = await Promise.all(placed.flatMap(({ first, second, amount }) => [notify(referenceOf(first), amount), notify(referenceOf(second), amount)]));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    for (const { order, first, second, amount } of placed) {
      const references = [referenceOf(first), referenceOf(second)];
      expect(await orderRow(order.code), order.code).toMatchObject({ paymentStatus: 'paid', totalPaid: amount, returnedAmount: amount });
      const statuses = (await db().select().from(payments).where(inArray(payments.providerReference, references))).map((row) => row.status).sort();
      expect(statuses, order.code).toEqual(['paid', 'refunded']);
      expect(refundsAsked(references), order.code).toHaveLength(1);
    }
  });
});
