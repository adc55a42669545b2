import { api, english, itemStatusDisplay, type Order, type Refund, refundStatusLabel } from '@festival/contract';
import { and, asc, eq, like } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/databases';
import { BANK_DETAILS, cartWith, checkoutPayload, createCustomer, paidOrder, payOnSandbox } from '../../../test/shop-flows';
import { createTestShop, type TestShop } from '../../../test/test-shop';
import { emailOutbox, invoices, orders, paymentRefunds, payments, refunds } from '../../db/schema';
import { instalmentLink, orderLinkSignature } from '../checkout/order-links.signatures';
import { runRefundsCommand } from '../portal/refunds-command';
import type { PaymentGateway, RefundAnswer } from './gateway';
import { createPaymentsService } from './payments.service';
import { createSandboxGateway, SANDBOX_CARDS, type SandboxGateway, type SandboxRequest } from './sandbox-gateway';

const SECRET = 'provider-refunds-test-secret-of-32-characters';

type Buyer = Awaited<ReturnType<typeof createCustomer>>;

/**
 * Issue 20, point 3: a refund the organiser processes sends the card money back through the
 * payment provider, for exactly the refund's money, spread over the order's card payments; once
 * per idempotency key however often the command runs or the provider fails on the way; finished
 * (credit note, e-mail, stock) when the provider confirms, a problem when it refuses; and what no
 * card payment can take is paid out by bank as before.
 */
describe.each(testEngines())('refunds through the payment provider on %s', (engine) => {
  let shop: TestShop;
  let base: string;
  let gateway: SandboxGateway;
  const clock = new Date('2026-11-23T12:00:00Z');
  beforeAll(async () => {
    gateway = createSandboxGateway(SECRET);
    shop = await createTestShop(engine, { app: { appSecret: SECRET, sandboxGateway: gateway, now: () => clock, catalogMaxAgeMs: 0 } });
    base = await shop.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await shop?.close();
  });

  const db = () => shop.database.db;
  const dataOf = async (buyer: Buyer) => api['get-data'].answer.parse((await shop.call('get-data', { token: buyer.token })).body).data;
  const orderOf = async (buyer: Buyer, code: string): Promise<Order> => (await dataOf(buyer)).orders.find((order) => order.code === code)!;
  const refundOf = async (buyer: Buyer, id: number): Promise<Refund> => (await dataOf(buyer)).refunds.find((refund) => refund.id === id)!;
  const mailsTo = (to: string, subject: string) =>
    db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, to), like(emailOutbox.subject, `%${subject}%`)));
  const cardPayments = async (orderId: number) => db().select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id));
  const refundCalls = (references: (string | null)[]) =>
    gateway.requests.filter((request): request is Extract<SandboxRequest, { kind: 'refund' }> => request.kind === 'refund' && references.includes(request.reference));
  const partsOf = (refundId: number) => db().select().from(paymentRefunds).where(eq(paymentRefunds.refundId, refundId)).orderBy(asc(paymentRefunds.id));
  const creditNoteOf = async (refundId: number) => (await db().select().from(invoices).where(eq(invoices.refundId, refundId)))[0];

  async function requestRefund(buyer: Buyer, order: Order, tickets: string[], merchandise: string[] = []): Promise<number> {
    const answer = await shop.call('request-refund', { token: buyer.token, order_id: order.id, tickets: tickets.join(','), merchandise: merchandise.join(','), ...BANK_DETAILS });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data.refund_id as number;
  }

  /** `npm run refunds -- …` with the shop's gateway (or a test's wrapping of it). */
  async function refundsCommand(argv: string[], provider: PaymentGateway | null = gateway, logger?: FastifyBaseLogger) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runRefundsCommand(argv, { db: db(), config: shop.config, gateway: provider, logger, now: () => clock, print: (line) => out.push(line), printError: (line) => err.push(line) });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  /** The sandbox, answering its refunds as a test says (it still records and keys them as a provider does). */
  const answering = (answer: (real: RefundAnswer) => RefundAnswer): PaymentGateway => ({ ...gateway, refund: async (request) => answer(await gateway.refund(request)) });

  const money = (minor: number) => `€${(minor / 100).toFixed(2)}`;

  it('sends a partial refund back to the card as one refund of exactly its money (an item and its share of the shipping), once, and finishes it', async () => {
    const buyer = await createCustomer(shop);
    const order = await paidOrder(shop, base, buyer, [{ code: 'NWF27-WEEKEND' }], ['NWF27-TEE-LINEUP', 'NWF27-HOODIE']);
    expect(order.payment_status).toBe('paid');
    const [tee, hoodie] = order.merchandisePurchases;
    expect(tee!.shipping_refund).toBeGreaterThan(0);
    const refundId = await requestRefund(buyer, order, [], [tee!.code]);
    const owed = tee!.refund_total + tee!.shipping_refund;
    expect(await refundOf(buyer, refundId)).toMatchObject({ total: owed, shipping_refund: tee!.shipping_refund });
    const [payment] = await cardPayments(order.id);

    const run = await refundsCommand(['mark-processed', String(refundId)]);
    expect(run, run.err).toMatchObject({ code: 0, err: '' });
    expect(run.out).toContain(`Refund ${refundId} of order ${order.code} is processed (${money(owed)})`);
    expect(run.out).toContain(`${money(owed)} back to the card through sandbox: refunded`);
    expect(run.out).not.toContain('by bank');

    const calls = refundCalls([payment!.providerReference]);
    expect(calls).toEqual([expect.objectContaining({ amount: owed, currency: shop.config.currency, idempotencyKey: `refund:${refundId}:payment:${payment!.id}`, repeated: false })]);
    expect(await partsOf(refundId)).toEqual([expect.objectContaining({ paymentId: payment!.id, amount: owed, status: 'succeeded', providerRefundId: calls[0]!.refundId })]);

    const refund = await refundOf(buyer, refundId);
    expect(refund).toMatchObject({ status: 'processed', completed_at: clock.toISOString() });
    expect(refund.credit_note?.number).toBeTruthy();
    expect(refund.items.map((item) => item.status)).toEqual(['refunded']);
    const view = await orderOf(buyer, order.code);
    expect(view).toMatchObject({ total_refunded: owed, shipping_refunded: tee!.shipping_refund, payment_status: 'paid' });
    expect(view.merchandisePurchases.map((purchase) => [purchase.code, purchase.status])).toEqual([
      [tee!.code, 'refunded'],
      [hoodie!.code, 'active'],
    ]);
    expect(view.tickets.map((ticket) => ticket.status)).toEqual(['active']);
    const told = await mailsTo(buyer.email, `Refund ${refundId} for order ${order.code} has been processed`);
    expect(told).toHaveLength(1);
    // The money went back to the card: the customer is not told to look at their bank account.
    expect(told[0]!.textBody).toContain('is on its way back to the card or account you paid with');
    expect(told[0]!.textBody).not.toContain('to your bank account');
    expect((await mailsTo(buyer.email, `Refund request ${refundId}`))[0]!.textBody).toContain('will go back to the card or account you paid with');

    // Run again: the refund is done; the provider is not asked for anything more.
    const again = await refundsCommand(['mark-processed', String(refundId)]);
    expect(again.code).toBe(1);
    expect(again.err).toContain(`Refund ${refundId} is processed, not active.`);
    expect(refundCalls([payment!.providerReference])).toHaveLength(1);

    // The organiser's list says which way the money went.
    const listed = await refundsCommand(['list', '--status', 'processed']);
    const row = listed.out.split('\n').find((line) => line.startsWith(`${refundId}\t`))!;
    expect(row.split('\t')).toHaveLength(7);
    expect(row.split('\t')[5]).toBe(`${money(owed)}: ${money(owed)} to the card through sandbox (refunded)`);
  });

  it('asks again with the same key after the provider failed on the way: the provider refunds once, the shop finishes once', async () => {
    const buyer = await createCustomer(shop);
    const order = await paidOrder(shop, base, buyer, [{ code: 'NWF27-LOCKER' }]);
    const refundId = await requestRefund(buyer, order, [order.tickets[0]!.code]);
    const [payment] = await cardPayments(order.id);
    // The provider takes the refund, but its answer never arrives.
    const lost: PaymentGateway = {
      ...gateway,
      refund: async (request) => {
        await gateway.refund(request);
        throw new Error('the refund answer timed out');
      },
    };
    const failed = await refundsCommand(['mark-processed', String(refundId)], lost);
    expect(failed.code).toBe(1);
    expect(failed.err).toContain(`Refund ${refundId} of order ${order.code} is not finished: the payment provider did not take the refund (the refund answer timed out). It stays processing; run mark-processed ${refundId} again`);
    expect(await refundOf(buyer, refundId)).toMatchObject({ status: 'processing', credit_note: null });
    expect(await partsOf(refundId)).toEqual([expect.objectContaining({ status: 'requested', providerRefundId: null })]);
    expect((await orderOf(buyer, order.code)).tickets[0]!.status).toBe('refunding');

    const retried = await refundsCommand(['mark-processed', String(refundId)]);
    expect(retried, retried.err).toMatchObject({ code: 0 });
    expect(retried.out).toContain(`Refund ${refundId} of order ${order.code} is processed`);
    const calls = refundCalls([payment!.providerReference]);
    const key = `refund:${refundId}:payment:${payment!.id}`;
    expect(calls.map((call) => [call.idempotencyKey, call.amount, call.repeated])).toEqual([
      [key, order.tickets[0]!.refund_total, false],
      [key, order.tickets[0]!.refund_total, true],
    ]);
    expect(calls[1]!.refundId).toBe(calls[0]!.refundId);
    expect(await refundOf(buyer, refundId)).toMatchObject({ status: 'processed' });
    expect(await mailsTo(buyer.email, `Refund ${refundId} for order`)).toHaveLength(1);
    expect((await orderOf(buyer, order.code)).total_refunded).toBe(order.tickets[0]!.refund_total);
  });

  it('keeps a refund the provider has not confirmed processing, shown as Processing, until the provider’s news finishes it', async () => {
    const pending = answering((real) => ({ ...real, status: 'pending' }));
    const buyer = await createCustomer(shop);
    const order = await paidOrder(shop, base, buyer, [{ code: 'NWF27-WEEKEND' }, { code: 'NWF27-WEEKEND' }]);
    const [first] = order.tickets;
    const refundId = await requestRefund(buyer, order, [first!.code]);
    const [payment] = await cardPayments(order.id);

    const run = await refundsCommand(['mark-processed', String(refundId)], pending);
    expect(run, run.err).toMatchObject({ code: 0, err: '' });
    expect(run.out).toContain(`Refund ${refundId} of order ${order.code} is processing (${money(first!.refund_total)}): the payment provider has not confirmed the refund yet.`);
    expect(run.out).toContain('pending at the provider');
    const waiting = await refundOf(buyer, refundId);
    expect(waiting).toMatchObject({ status: 'processing', credit_note: null });
    expect(english(refundStatusLabel(waiting.status, {}))).toBe('Processing');
    expect(waiting.items.map((item) => english(itemStatusDisplay(item.status, {}).label))).toEqual(['Processing']);
    const view = await orderOf(buyer, order.code);
    expect(view.tickets.map((ticket) => english(itemStatusDisplay(ticket.status, {}).label))).toEqual(['Processing', 'Active']);
    expect(view.total_refunded).toBe(0);
    expect(await mailsTo(buyer.email, `Refund ${refundId} for order`)).toHaveLength(0);
    // Running the command again asks nothing new: the part is answered, and waits.
    expect((await refundsCommand(['mark-processed', String(refundId)], pending)).code).toBe(0);
    const [part] = await partsOf(refundId);
    expect(part).toMatchObject({ status: 'pending' });
    expect(refundCalls([payment!.providerReference])).toHaveLength(1);

    // The provider's news: succeeded. Applied through the payments service, as its webhook is.
    const service = createPaymentsService({ db: db(), config: shop.config, gateway: pending, appSecret: SECRET, now: () => clock });
    const fact = { kind: 'refund' as const, id: `evt_${refundId}_ok`, reference: payment!.providerReference!, providerRefundId: part!.providerRefundId!, status: 'succeeded' as const, amount: part!.amount, currency: shop.config.currency };
    expect(await service.applyFacts([fact])).toEqual(['applied']);
    expect(await refundOf(buyer, refundId)).toMatchObject({ status: 'processed', completed_at: clock.toISOString() });
    expect((await refundOf(buyer, refundId)).credit_note?.number).toBeTruthy();
    expect((await orderOf(buyer, order.code)).tickets.map((ticket) => ticket.status)).toEqual(['refunded', 'active']);
    expect((await orderOf(buyer, order.code)).total_refunded).toBe(first!.refund_total);
    expect(await mailsTo(buyer.email, `Refund ${refundId} for order ${order.code} has been processed`)).toHaveLength(1);

    // The same news again, and a late 'pending' under another id: nothing moves back or happens twice.
    expect(await service.applyFacts([fact])).toEqual(['duplicate']);
    expect(await service.applyFacts([{ ...fact, id: `evt_${refundId}_late`, status: 'pending' }])).toEqual(['applied']);
    expect(await partsOf(refundId)).toEqual([expect.objectContaining({ status: 'succeeded' })]);
    expect(await db().select().from(invoices).where(eq(invoices.refundId, refundId))).toHaveLength(1);
    expect((await orderOf(buyer, order.code)).total_refunded).toBe(first!.refund_total);
  });

  it('finishes a refund whose confirmation arrives while the command is still storing the provider’s answer', async () => {
    const buyer = await createCustomer(shop);
    const order = await paidOrder(shop, base, buyer, [{ code: 'NWF27-LOCKER' }]);
    const refundId = await requestRefund(buyer, order, [order.tickets[0]!.code]);
    let news: Promise<unknown> | undefined;
    // The provider answers 'pending' and, at once, sends its news that the refund succeeded.
    const racing: PaymentGateway = {
      ...gateway,
      refund: async (request) => {
        const real = await gateway.refund(request);
        news = service.applyFacts([{ kind: 'refund', id: `evt_race_${real.refundId}`, reference: request.reference, providerRefundId: real.refundId, status: 'succeeded', amount: request.amount, currency: request.currency }]);
        await new Promise((resolve) => setTimeout(resolve, 50));
        return { ...real, status: 'pending' };
      },
    };
    const service = createPaymentsService({ db: db(), config: shop.config, gateway: racing, appSecret: SECRET, now: () => clock });
    const run = await refundsCommand(['mark-processed', String(refundId)], racing);
    expect(run, run.err).toMatchObject({ code: 0, err: '' });
    expect(await news).toEqual(['applied']);
    expect(await partsOf(refundId)).toEqual([expect.objectContaining({ status: 'succeeded' })]);
    expect(await refundOf(buyer, refundId)).toMatchObject({ status: 'processed' });
    expect(await mailsTo(buyer.email, `Refund ${refundId} for order`)).toHaveLength(1);
  });

  it('knows the provider’s news of a refund whose answer was lost on the way, and finishes the refund by it', async () => {
    const buyer = await createCustomer(shop);
    const order = await paidOrder(shop, base, buyer, [{ code: 'NWF27-LOCKER' }]);
    const refundId = await requestRefund(buyer, order, [order.tickets[0]!.code]);
    let made: { refundId: string; reference: string; amount: number } | undefined;
    const lost: PaymentGateway = {
      ...gateway,
      refund: async (request) => {
        made = { refundId: (await gateway.refund(request)).refundId, reference: request.reference, amount: request.amount };
        throw new Error('connection reset');
      },
    };
    expect((await refundsCommand(['mark-processed', String(refundId)], lost)).code).toBe(1);
    expect(await partsOf(refundId)).toEqual([expect.objectContaining({ status: 'requested', providerRefundId: null })]);
    // The provider's news names a refund id the shop never stored: the part waiting for that payment and amount is it.
    const service = createPaymentsService({ db: db(), config: shop.config, gateway, appSecret: SECRET, now: () => clock });
    const fact = { kind: 'refund' as const, id: `evt_lost_${made!.refundId}`, reference: made!.reference, providerRefundId: made!.refundId, status: 'succeeded' as const, amount: made!.amount, currency: shop.config.currency };
    expect(await service.applyFacts([fact])).toEqual(['applied']);
    expect(await partsOf(refundId)).toEqual([expect.objectContaining({ status: 'succeeded', providerRefundId: made!.refundId })]);
    expect(await refundOf(buyer, refundId)).toMatchObject({ status: 'processed' });
    expect(await mailsTo(buyer.email, `Refund ${refundId} for order`)).toHaveLength(1);
  });

  it('makes a refund the provider refuses a problem for the organiser: told, logged, nothing counted as refunded', async () => {
    const refusing = answering((real) => ({ ...real, status: 'failed' }));
    const errors: string[] = [];
    const logger = { error: (_fields: unknown, message: string) => errors.push(message), warn: () => {}, info: () => {} } as unknown as FastifyBaseLogger;
    const buyer = await createCustomer(shop);
    const order = await paidOrder(shop, base, buyer, [{ code: 'NWF27-LOCKER' }]);
    const refundId = await requestRefund(buyer, order, [order.tickets[0]!.code]);

    const run = await refundsCommand(['mark-processed', String(refundId)], refusing, logger);
    expect(run.code).toBe(1);
    expect(run.err).toContain(`Refund ${refundId} of order ${order.code} has a problem: the payment provider refused to refund ${money(order.tickets[0]!.refund_total)}`);
    expect(run.err).toContain('REFUSED by the provider');
    expect(errors.some((message) => message.includes('the payment provider refused a refund'))).toBe(true);
    expect(await partsOf(refundId)).toEqual([expect.objectContaining({ status: 'failed' })]);
    const refund = await refundOf(buyer, refundId);
    expect(refund).toMatchObject({ status: 'problem', credit_note: null });
    expect(english(refundStatusLabel(refund.status, {}))).toBe('Processing');
    expect(refund.items.map((item) => item.status)).toEqual(['refund-problem']);
    const view = await orderOf(buyer, order.code);
    expect(view.tickets.map((ticket) => ticket.status)).toEqual(['refund-problem']);
    expect(view.total_refunded).toBe(0);
    expect(await creditNoteOf(refundId)).toBeUndefined();
    expect(await mailsTo(buyer.email, `Refund ${refundId} for order`)).toHaveLength(0);
    // The command does not pretend to settle it on a second run.
    const again = await refundsCommand(['mark-processed', String(refundId)]);
    expect(again.code).toBe(1);
    expect(again.err).toContain(`Refund ${refundId} has a problem`);
  });

  it("spreads a payment-plan order's refund over its paid instalments, the newest first", async () => {
    const buyer = await createCustomer(shop);
    const order = await paidOrder(shop, base, buyer, [{ code: 'NWF27-WEEKEND-PLAN' }]);
    const second = order.payments[1]!;
    const page = await shop.call('pay-payment-plan-order-payment', { token: buyer.token, order: order.code, reference: second.reference, checksum: orderLinkSignature(SECRET, order.code, instalmentLink(second.reference)) });
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    await payOnSandbox(base, api['pay-payment-plan-order-payment'].answer.parse(page.body).data.payment, SANDBOX_CARDS.succeeds);
    const paid = (await cardPayments(order.id)).filter((row) => row.status === 'paid');
    expect(paid.map((row) => row.amount)).toEqual([order.payments[0]!.amount, second.amount]);
    const refundId = await requestRefund(buyer, order, []);
    const owed = (await refundOf(buyer, refundId)).total;
    expect(owed).toBe(order.payments[0]!.amount + second.amount - 350 - 1000);

    const run = await refundsCommand(['mark-processed', String(refundId)]);
    expect(run, run.err).toMatchObject({ code: 0 });
    const calls = refundCalls(paid.map((row) => row.providerReference));
    expect(calls.map((call) => [call.reference, call.amount, call.idempotencyKey])).toEqual([
      [paid[1]!.providerReference, second.amount, `refund:${refundId}:payment:${paid[1]!.id}`],
      [paid[0]!.providerReference, owed - second.amount, `refund:${refundId}:payment:${paid[0]!.id}`],
    ]);
    expect(run.out).toContain(`${money(second.amount)} back to the card through sandbox: refunded`);
    expect(run.out).toContain(`${money(owed - second.amount)} back to the card through sandbox: refunded`);
    const view = await orderOf(buyer, order.code);
    expect(view.total_refunded).toBe(owed);
    // Nothing more is asked of the plan.
    expect(view.payments.filter((instalment) => instalment.payment_status !== 'paid').map((instalment) => instalment.payment_status)).toEqual(['cancelled', 'cancelled']);
  });

  it('pays out by bank what the card payment cannot take (a voucher’s share, money an earlier refund took), and says so', async () => {
    const buyer = await createCustomer(shop);
    const cart = await cartWith(shop, buyer.token, ['NWF27-LOCKER', 'NWF27-LOCKER']);
    const placed = api['checkout-cart'].answer.parse((await shop.call('checkout-cart', checkoutPayload(buyer.token, cart, {}, { voucher_code: 'WELCOME10' }))).body);
    await payOnSandbox(base, placed.payment, SANDBOX_CARDS.succeeds);
    const order = await orderOf(buyer, placed.order.code);
    expect(order).toMatchObject({ payment_status: 'paid', total_paid: order.total_price });
    const [payment] = await cardPayments(order.id);
    const [one, two] = order.tickets;
    // The voucher made the order cheaper than its two refunds together.
    expect(one!.refund_total + two!.refund_total).toBeGreaterThan(order.total_paid);

    const firstId = await requestRefund(buyer, order, [one!.code]);
    expect((await refundsCommand(['mark-processed', String(firstId)])).code).toBe(0);
    const secondId = await requestRefund(buyer, order, [two!.code]);
    const left = order.total_paid - one!.refund_total;
    const byBank = two!.refund_total - left;

    const listed = await refundsCommand(['list']);
    const cells = (id: number) => listed.out.split('\n').find((line) => line.startsWith(`${id}\t`))!.split('\t');
    expect(cells(firstId)[5]).toBe(`${money(one!.refund_total)}: ${money(one!.refund_total)} to the card through sandbox (refunded)`);
    expect(cells(secondId)[5]).toBe(`${money(two!.refund_total)}: ${money(left)} to the card through sandbox, ${money(byBank)} by bank`);

    const run = await refundsCommand(['mark-processed', String(secondId)]);
    expect(run, run.err).toMatchObject({ code: 0 });
    expect(run.out).toContain(`${money(left)} back to the card through sandbox: refunded`);
    expect(run.out).toContain(`${money(byBank)} paid out by bank to the customer's bank details`);
    expect(refundCalls([payment!.providerReference]).map((call) => call.amount)).toEqual([one!.refund_total, left]);
    expect(await orderOf(buyer, order.code)).toMatchObject({ total_refunded: one!.refund_total + two!.refund_total });
  });

  it('keeps the immediate bank payout for an order paid by bank transfer: no provider is asked', async () => {
    const buyer = await createCustomer(shop);
    const cart = await cartWith(shop, buyer.token, ['NWF27-LOCKER']);
    const placed = api['checkout-cart'].answer.parse((await shop.call('checkout-cart', checkoutPayload(buyer.token, cart, { payment_method: 'bank_transfer' }))).body);
    const service = createPaymentsService({ db: db(), config: shop.config, gateway, appSecret: SECRET, now: () => clock });
    await service.recordTransfer(placed.order.code, placed.order.total_price);
    const order = await orderOf(buyer, placed.order.code);
    expect(order.payment_status).toBe('paid');
    const refundId = await requestRefund(buyer, order, [order.tickets[0]!.code]);
    const requestsBefore = gateway.requests.length;

    const run = await refundsCommand(['mark-processed', String(refundId)]);
    expect(run, run.err).toMatchObject({ code: 0 });
    expect(run.out).toContain(`Refund ${refundId} of order ${order.code} is processed (${money(order.tickets[0]!.refund_total)})`);
    expect(run.out).toContain(`${money(order.tickets[0]!.refund_total)} paid out by bank`);
    expect(gateway.requests.slice(requestsBefore).filter((request) => request.kind === 'refund')).toEqual([]);
    expect(await partsOf(refundId)).toEqual([]);
    expect(await refundOf(buyer, refundId)).toMatchObject({ status: 'processed' });
    expect(await creditNoteOf(refundId)).toBeDefined();
    const [row] = await db().select().from(refunds).where(eq(refunds.id, refundId));
    expect(row!.completedAt).toEqual(clock);
    expect((await db().select().from(orders).where(eq(orders.id, order.id)))[0]!.totalRefunded).toBe(order.tickets[0]!.refund_total);
  });

  it('changes nothing for a refund the shop did not ask for: a dashboard refund is logged, a failed automatic refund logged as an error', async () => {
    const said: { level: string; message: string }[] = [];
    const logger = {
      error: (_fields: unknown, message: string) => said.push({ level: 'error', message }),
      warn: (_fields: unknown, message: string) => said.push({ level: 'warn', message }),
      info: () => {},
    } as unknown as FastifyBaseLogger;
    const buyer = await createCustomer(shop);
    const order = await paidOrder(shop, base, buyer, [{ code: 'NWF27-LOCKER' }]);
    const [payment] = await cardPayments(order.id);
    const service = createPaymentsService({ db: db(), config: shop.config, gateway, appSecret: SECRET, now: () => clock, logger });
    const fact = { kind: 'refund' as const, id: `evt_dashboard_${order.code}`, reference: payment!.providerReference!, providerRefundId: `re_dashboard_${order.code}`, status: 'succeeded' as const, amount: 500, currency: shop.config.currency };
    expect(await service.applyFacts([fact])).toEqual(['applied']);
    expect(said).toEqual([{ level: 'warn', message: expect.stringContaining('a refund the shop did not ask for') }]);

    // The automatic refund of money the order did not need (decision 0026) carries its id on the payment.
    await db().update(payments).set({ refundReference: `re_auto_${order.code}` }).where(eq(payments.id, payment!.id));
    expect(await service.applyFacts([{ ...fact, id: `evt_auto_${order.code}`, providerRefundId: `re_auto_${order.code}`, status: 'failed' }])).toEqual(['applied']);
    expect(said[1]).toEqual({ level: 'error', message: expect.stringContaining('the money did not go back') });
    expect(await orderOf(buyer, order.code)).toMatchObject({ payment_status: 'paid', total_refunded: 0, tickets: [expect.objectContaining({ status: 'active' })] });
    expect(await db().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment!.id))).toEqual([]);
  });
});
