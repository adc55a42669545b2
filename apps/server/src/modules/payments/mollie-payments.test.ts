import { api } from '@festival/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/databases';
import { type DoubleRequest, type MollieDouble, startMollieDouble } from '../../../test/provider-doubles/mollie-double';
import {
  confirmationPage,
  openShopAddress,
  orderPage,
  payOrderAgain,
  placeCardOrder,
  pressOnPage,
  type ProviderShop,
  redirectUrl,
  shopRecords,
  startProviderShop,
} from '../../../test/provider-shop';
import { BANK_DETAILS } from '../../../test/shop-flows';
import { paymentRefunds, refunds } from '../../db/schema';
import { markRefundProcessed } from '../portal/refunds-command';
import { NOTIFY_PATH, RETURN_PATH } from './payments.service';

const MINUTE = 60_000;
/** When the sweeper runs past a card order's time to pay (the cart's hold, 15 minutes after checkout). */
const PAST_PAY_BY = 20 * MINUTE;

/** An amount in minor units as Mollie writes it (EUR: two decimals, as a string). */
const mollieAmount = (minor: number) => ({ currency: 'EUR', value: (minor / 100).toFixed(2) });

/**
 * Issue 20 point 6, Mollie: real money through the real app, Mollie's own SDK (the shop's adapter
 * built from the environment's credentials) and a local double of Mollie's v2 API, which records
 * every request the shop sends and posts Mollie's webhook. Mollie's webhook carries only a payment
 * id and no signature: the shop acts only on what it reads back from Mollie with its key, so a
 * webhook anyone posts is a nudge at most, and every fact read is applied once.
 */
describe.each(testEngines())('card payments through Mollie on %s', (engine) => {
  let double: MollieDouble;
  let world: ProviderShop;
  let records: ReturnType<typeof shopRecords>;
  let base: string;

  beforeAll(async () => {
    double = await startMollieDouble();
    world = await startProviderShop(engine, 'mollie', { mollie: { apiKey: double.apiKey, apiUrl: double.apiUrl } });
    base = world.base;
    records = shopRecords(world.shop);
  });
  afterAll(async () => {
    await world?.close();
    await double?.close();
  });

  const db = () => world.shop.database.db;

  /** A placed card order with its first attempt: the Mollie payment the shop created for it. */
  async function placed(products?: string[]) {
    const placedOrder = await placeCardOrder(world.shop, products);
    const [payment] = await records.payments(placedOrder.order.id);
    return { ...placedOrder, payment: payment!, molliePayment: payment!.providerPaymentId!, reference: payment!.providerReference!, page: redirectUrl(placedOrder.instruction), returnUrl: returnUrlOf(payment!.providerReference!) };
  }
  const returnUrlOf = (reference: string) => `${base}${RETURN_PATH('mollie')}?reference=${reference}`;

  /** Posts a webhook body to a shop instance as Mollie does (a form); answers the HTTP status. */
  const postWebhook = async (body: string, to = base, contentType = 'application/x-www-form-urlencoded') => {
    const answer = await fetch(to + NOTIFY_PATH('mollie'), { method: 'POST', headers: { 'content-type': contentType }, body });
    return answer.status;
  };

  const sent = (method: string, path: string) => double.requests.filter((request) => request.method === method && request.path === path);
  const paymentReads = (molliePayment: string) => sent('GET', `/v2/payments/${molliePayment}`).length;
  const refundsAsked = (molliePayment: string): DoubleRequest[] => sent('POST', `/v2/payments/${molliePayment}/refunds`);
  const deliveriesOf = (molliePayment: string) => double.deliveries.filter((delivery) => delivery.paymentId === molliePayment);

  /** The payer finishes on Mollie's checkout (its webhook is posted before the redirect) and follows it back: where the shop sends them. */
  async function finishOnCheckout(page: string, action: 'pay' | 'pay-later' | 'fail' | 'cancel' = 'pay'): Promise<string> {
    const answer = await pressOnPage(page, { action, method: 'creditcard' });
    expect(answer.status).toBe(303);
    return openShopAddress(answer.headers.get('location')!);
  }

  it('pays a card order: the Mollie payment as the shop asked for it, the webhook read back, the order paid and confirmed once', async () => {
    const soldBefore = (await records.item('NWF27-PARKING')).sold;
    const { buyer, order, amount, payment, molliePayment, reference, page, returnUrl } = await placed();
    expect(page).toBe(double.checkoutUrl(molliePayment));
    expect(payment).toMatchObject({ provider: 'mollie', status: 'open', amount, attempt: 1 });

    const created = sent('POST', '/v2/payments').filter((request) => (request.body as { metadata?: { festival_reference?: string } }).metadata?.festival_reference === reference);
    expect(created).toHaveLength(1);
    expect(created[0]!.body).toEqual({
      // Minor units in the shop, Mollie's decimals on the wire.
      amount: mollieAmount(amount),
      description: `Order ${order.code}`,
      redirectUrl: returnUrl,
      cancelUrl: `${returnUrl}&outcome=cancelled`,
      webhookUrl: `${world.shop.config.publicBaseUrl}${NOTIFY_PATH('mollie')}`,
      metadata: { festival_reference: reference, order_code: order.code },
    });
    expect(created[0]!.headers['idempotency-key']).toBe(`payment:${order.code}:1:${reference}`);
    expect(returnUrl.startsWith(`${world.shop.config.publicBaseUrl}/`)).toBe(true);
    expect(double.payments.get(molliePayment)!.amount).toEqual(mollieAmount(amount));

    // The payer pays; Mollie posts its webhook (the shop reads the payment back) before the redirect.
    expect(await finishOnCheckout(page)).toBe(confirmationPage(order.code));
    expect(deliveriesOf(molliePayment).map((delivery) => delivery.status)).toEqual([200]);
    // Read once, by the webhook: the return found the payment paid and did not ask again.
    expect(paymentReads(molliePayment)).toBe(1);

    expect(await records.order(order.code)).toMatchObject({ paymentStatus: 'paid', totalPaid: amount, payBy: null });
    expect((await records.payments(order.id)).map((row) => row.status)).toEqual(['paid']);
    expect(await records.ticketStatuses(order.id)).toEqual(['active']);
    expect(await records.confirmations(order.id)).toHaveLength(1);
    expect(await records.mailsTo(buyer.email, `Your order ${order.code}`)).toHaveLength(1);
    expect(await records.invoices(order.id)).toHaveLength(1);
    expect((await records.item('NWF27-PARKING')).sold).toBe(soldBefore + 1);
    const view = api['get-data'].answer.parse((await world.shop.call('get-data', { token: buyer.token })).body).data.orders.find((candidate) => candidate.code === order.code);
    expect(view).toMatchObject({ payment_status: 'paid', total_paid: amount });
  });

  it('takes a failed payment, then further attempts: an attempt left open is cancelled at Mollie, the last pays', async () => {
    const { buyer, order, amount, molliePayment: failed, page } = await placed();
    expect(await finishOnCheckout(page, 'fail')).toBe(orderPage(order.code, 'declined'));
    expect(await records.order(order.code)).toMatchObject({ paymentStatus: 'pending', totalPaid: 0 });
    expect((await records.payments(order.id)).map((row) => row.status)).toEqual(['failed']);

    // A second attempt, which the payer leaves without finishing; then a third.
    const second = await payOrderAgain(world.shop, buyer, order);
    const left = (await records.payments(order.id))[1]!.providerPaymentId!;
    expect(redirectUrl(second)).toBe(double.checkoutUrl(left));
    const third = await payOrderAgain(world.shop, buyer, order);
    // A failed payment takes no money: only the open one is cancelled at Mollie.
    expect(sent('DELETE', `/v2/payments/${failed}`)).toEqual([]);
    expect(sent('DELETE', `/v2/payments/${left}`)).toHaveLength(1);
    expect(double.payments.get(left)!.status).toBe('canceled');
    expect((await pressOnPage(redirectUrl(second), { action: 'pay', method: 'creditcard' })).status).toBe(409);
    const rows = await records.payments(order.id);
    expect(rows.map((row) => [row.status, row.attempt])).toEqual([
      ['failed', 1],
      ['cancelled', 2],
      ['open', 3],
    ]);
    const created = sent('POST', '/v2/payments').find((request) => (request.body as { metadata?: { festival_reference?: string } }).metadata?.festival_reference === rows[2]!.providerReference);
    expect(created!.headers['idempotency-key']).toBe(`payment:${order.code}:3:${rows[2]!.providerReference}`);

    expect(await finishOnCheckout(redirectUrl(third))).toBe(confirmationPage(order.code));
    expect(await records.order(order.code)).toMatchObject({ paymentStatus: 'paid', totalPaid: amount, returnedAmount: 0 });
    expect((await records.payments(order.id)).map((row) => row.status)).toEqual(['failed', 'cancelled', 'paid']);
    expect(refundsAsked(failed)).toEqual([]);
    expect(refundsAsked(left)).toEqual([]);
    expect(await records.confirmations(order.id)).toHaveLength(1);
  });

  it('refunds automatically an attempt Mollie could no longer cancel that is paid after all, once however often its webhook comes', async () => {
    const { buyer, order, amount, molliePayment, reference } = await placed();
    // A bank payment is under way at Mollie: it can no longer be cancelled.
    await double.setStatus(molliePayment, 'open', { cancelable: false, deliver: false });
    const second = await payOrderAgain(world.shop, buyer, order);
    expect(sent('DELETE', `/v2/payments/${molliePayment}`)).toEqual([]);
    expect(await finishOnCheckout(redirectUrl(second))).toBe(confirmationPage(order.code));

    // Its money arrives after all.
    expect(await double.setStatus(molliePayment, 'paid')).toBe(200);
    const [first, paid] = await records.payments(order.id);
    expect([first!.status, paid!.status]).toEqual(['refunded', 'paid']);
    expect(await records.order(order.code)).toMatchObject({ paymentStatus: 'paid', totalPaid: amount, returnedAmount: amount });
    const asked = refundsAsked(molliePayment);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.body).toMatchObject({ amount: mollieAmount(amount), metadata: { festival_reference: reference, reason: 'attempt-closed' } });
    expect(asked[0]!.headers['idempotency-key']).toBe(`refund:mollie:${reference}`);
    expect(first!.refundReference).toBe(double.payments.get(molliePayment)!.refundIds[0]);
    expect(await records.mailsTo(buyer.email, 'was refunded')).toHaveLength(1);

    // The webhook again (Mollie retries; the refund now shows on the payment): nothing more.
    expect(await double.callWebhook(molliePayment)).toBe(200);
    expect(refundsAsked(molliePayment)).toHaveLength(1);
    expect(await records.order(order.code)).toMatchObject({ totalPaid: amount, returnedAmount: amount });
    expect(await records.mailsTo(buyer.email, 'was refunded')).toHaveLength(1);
    expect(await records.confirmations(order.id)).toHaveLength(1);
  });

  it('never pays an order on the return alone: open at Mollie it waits; paid at Mollie before its webhook, the shop asks Mollie once; the late webhook changes nothing', async () => {
    const { buyer, order, amount, molliePayment, returnUrl } = await placed();
    expect(await openShopAddress(returnUrl)).toBe(orderPage(order.code, 'returned'));
    expect(paymentReads(molliePayment)).toBe(1);
    expect(await openShopAddress(`${returnUrl}&outcome=paid&id=${molliePayment}`)).toBe(orderPage(order.code, 'returned'));
    expect(await records.order(order.code)).toMatchObject({ paymentStatus: 'pending', totalPaid: 0 });
    expect(await records.ticketStatuses(order.id)).toEqual(['pending']);

    // Paid at Mollie; its webhook not posted yet. The return asks Mollie, once.
    await double.setStatus(molliePayment, 'paid', { deliver: false });
    const readsBefore = paymentReads(molliePayment);
    expect(await openShopAddress(returnUrl)).toBe(confirmationPage(order.code));
    expect(paymentReads(molliePayment)).toBe(readsBefore + 1);
    expect(await records.order(order.code)).toMatchObject({ paymentStatus: 'paid', totalPaid: amount });
    expect(await records.ticketStatuses(order.id)).toEqual(['active']);
    expect(await openShopAddress(returnUrl)).toBe(confirmationPage(order.code));
    expect(paymentReads(molliePayment)).toBe(readsBefore + 1);

    // The webhook arrives late: read back, the same fact, a duplicate.
    const results = world.notificationResults().length;
    expect(await double.callWebhook(molliePayment)).toBe(200);
    expect(world.notificationResults().slice(results)).toEqual([['duplicate']]);
    expect(await records.order(order.code)).toMatchObject({ paymentStatus: 'paid', totalPaid: amount, returnedAmount: 0 });
    expect(await records.confirmations(order.id)).toHaveLength(1);
    expect(await records.mailsTo(buyer.email, `Your order ${order.code}`)).toHaveLength(1);
    expect(await records.invoices(order.id)).toHaveLength(1);
  });

  it('applies the same webhook twice once, takes an unknown id as nothing (200), refuses a malformed body (401), and believes no webhook over what Mollie says', async () => {
    const { order, amount, payment, molliePayment } = await placed();
    // Anyone can post an id: an open payment's id changes nothing, as Mollie says it is open.
    expect(await postWebhook(`id=${molliePayment}`)).toBe(200);
    expect(await records.order(order.code)).toMatchObject({ paymentStatus: 'pending', totalPaid: 0 });

    // An id Mollie does not know: acknowledged, nothing changes.
    const unknownReads = sent('GET', '/v2/payments/tr_unknownPayment1').length;
    expect(await postWebhook('id=tr_unknownPayment1')).toBe(200);
    expect(sent('GET', '/v2/payments/tr_unknownPayment1')).toHaveLength(unknownReads + 1);

    // Bodies that name no payment are refused without asking Mollie.
    const before = double.requests.length;
    for (const body of ['', 'id=', 'id=re_abc123', `id=${molliePayment}&id=tr_other123`, 'payment=tr_abc123', 'id=tr_ab-c']) expect(await postWebhook(body), body).toBe(401);
    expect(await postWebhook(JSON.stringify({ id: molliePayment }), base, 'application/json')).toBe(401);
    expect(double.requests.length).toBe(before);
    expect(await records.order(order.code)).toMatchObject({ paymentStatus: 'pending', totalPaid: 0 });
    expect(await records.notifications(payment.id)).toEqual([]);

    // Paid: the same webhook twice (Mollie retries when it does not hear back) is applied once.
    await double.setStatus(molliePayment, 'paid', { deliver: false });
    const results = world.notificationResults().length;
    expect(await postWebhook(`id=${molliePayment}`)).toBe(200);
    expect(await postWebhook(`id=${molliePayment}`)).toBe(200);
    expect(world.notificationResults().slice(results)).toEqual([['applied'], ['duplicate']]);
    expect((await records.notifications(payment.id)).map((row) => row.notificationId)).toEqual([`mollie:${molliePayment}:paid`]);
    expect(await records.order(order.code)).toMatchObject({ paymentStatus: 'paid', totalPaid: amount });
    expect(await records.confirmations(order.id)).toHaveLength(1);
  });

  it('follows what Mollie says whatever order its webhooks arrive in: pending then paid; a late pending webhook after paid; a chargeback reversed before it was heard of', async () => {
    // Pending (a bank method), then paid.
    const one = await placed();
    expect(await double.setStatus(one.molliePayment, 'pending')).toBe(200);
    expect(await records.order(one.order.code)).toMatchObject({ paymentStatus: 'processing', totalPaid: 0 });
    expect(await double.setStatus(one.molliePayment, 'paid')).toBe(200);
    expect(await records.order(one.order.code)).toMatchObject({ paymentStatus: 'paid', totalPaid: one.amount });
    expect(await records.confirmations(one.order.id)).toHaveLength(1);

    // The webhook of the pending status is delivered only after the payment was paid: Mollie says paid.
    const two = await placed();
    await double.setStatus(two.molliePayment, 'pending', { deliver: false });
    await double.setStatus(two.molliePayment, 'paid', { deliver: false });
    expect(await double.callWebhook(two.molliePayment)).toBe(200);
    expect(await double.callWebhook(two.molliePayment)).toBe(200);
    expect(await records.order(two.order.code)).toMatchObject({ paymentStatus: 'paid', totalPaid: two.amount });
    expect((await records.payments(two.order.id)).map((row) => row.status)).toEqual(['paid']);

    // A chargeback already reversed when the shop first hears of it: opened and won, in that order; the order ends paid.
    await double.chargeback(two.molliePayment, { reversed: true, deliver: false });
    expect(await double.callWebhook(two.molliePayment)).toBe(200);
    expect((await records.payments(two.order.id))[0]!.disputeStatus).toBe('won');
    expect(await records.order(two.order.code)).toMatchObject({ paymentStatus: 'paid', totalPaid: two.amount });
    expect(await double.callWebhook(two.molliePayment)).toBe(200);
    expect(await records.order(two.order.code)).toMatchObject({ paymentStatus: 'paid' });
    expect((await records.payments(two.order.id))[0]!.disputeStatus).toBe('won');
  });

  it('keeps a payment that settles later processing past its time to pay, then paid; one that fails owes again and is abandoned', async () => {
    const settles = await placed(['NWF27-CAMPING']);
    expect(await finishOnCheckout(settles.page, 'pay-later')).toBe(orderPage(settles.order.code, 'returned'));
    expect(await records.order(settles.order.code)).toMatchObject({ paymentStatus: 'processing', totalPaid: 0 });
    expect((await records.payments(settles.order.id)).map((row) => row.status)).toEqual(['pending']);
    const soldWhileProcessing = (await records.item('NWF27-CAMPING')).sold;

    await world.abandonOverdue(PAST_PAY_BY);
    expect(await records.order(settles.order.code)).toMatchObject({ paymentStatus: 'processing' });
    expect(await records.ticketStatuses(settles.order.id)).toEqual(['pending']);
    expect((await records.item('NWF27-CAMPING')).sold).toBe(soldWhileProcessing);
    expect(sent('DELETE', `/v2/payments/${settles.molliePayment}`)).toEqual([]);

    expect(await double.setStatus(settles.molliePayment, 'paid')).toBe(200);
    expect(await records.order(settles.order.code)).toMatchObject({ paymentStatus: 'paid', totalPaid: settles.amount, payBy: null });
    expect(await records.ticketStatuses(settles.order.id)).toEqual(['active']);
    expect(await records.confirmations(settles.order.id)).toHaveLength(1);

    const fails = await placed(['NWF27-CAMPING']);
    expect(await finishOnCheckout(fails.page, 'pay-later')).toBe(orderPage(fails.order.code, 'returned'));
    expect(await records.order(fails.order.code)).toMatchObject({ paymentStatus: 'processing' });
    expect(await double.setStatus(fails.molliePayment, 'failed')).toBe(200);
    expect(await records.order(fails.order.code)).toMatchObject({ paymentStatus: 'pending', totalPaid: 0 });
    expect((await records.payments(fails.order.id)).map((row) => row.status)).toEqual(['failed']);
    const soldBefore = (await records.item('NWF27-CAMPING')).sold;
    await world.abandonOverdue(PAST_PAY_BY);
    expect(await records.order(fails.order.code)).toMatchObject({ paymentStatus: 'abandoned' });
    expect(await records.ticketStatuses(fails.order.id)).toEqual(['cancelled']);
    expect((await records.item('NWF27-CAMPING')).sold).toBe(soldBefore - 1);
    expect(await records.confirmations(fails.order.id)).toEqual([]);
  });

  it('takes up again an order abandoned while its payment was on the way, when its stock is still there', async () => {
    // Re-instating is reinstateAbandonedOrder's (reinstate.ts, decision 0037): were it to answer null, this money would be refunded and this test fail.
    const { buyer, order, amount, molliePayment } = await placed(['NWF27-LOCKER']);
    await double.setStatus(molliePayment, 'paid', { deliver: false });
    const sold = (await records.item('NWF27-LOCKER')).sold;
    await world.abandonOverdue(PAST_PAY_BY);
    expect(await records.order(order.code)).toMatchObject({ paymentStatus: 'abandoned' });
    expect((await records.item('NWF27-LOCKER')).sold).toBe(sold - 1);
    // The shop asked Mollie to stop the payment; it was paid already, so nothing was cancelled.
    expect(sent('DELETE', `/v2/payments/${molliePayment}`)).toEqual([]);
    expect(double.payments.get(molliePayment)!.status).toBe('paid');

    expect(await double.callWebhook(molliePayment)).toBe(200);
    expect(await records.order(order.code)).toMatchObject({ paymentStatus: 'paid', totalPaid: amount, returnedAmount: 0 });
    expect((await records.payments(order.id)).map((row) => row.status)).toEqual(['paid']);
    expect(await records.ticketStatuses(order.id)).toEqual(['active']);
    expect((await records.item('NWF27-LOCKER')).sold).toBe(sold);
    expect(refundsAsked(molliePayment)).toEqual([]);
    expect(await records.confirmations(order.id)).toHaveLength(1);
    expect(await records.mailsTo(buyer.email, 'was refunded')).toEqual([]);
  });

  it('refunds through Mollie the payment of an order abandoned meanwhile whose last unit someone else bought, and tells the buyer', async () => {
    await records.leaveUnits('NWF27-LOCKER', 1);
    const { buyer, order, amount, molliePayment, reference } = await placed(['NWF27-LOCKER']);
    await double.setStatus(molliePayment, 'paid', { deliver: false });
    await world.abandonOverdue(PAST_PAY_BY);
    expect(await records.order(order.code)).toMatchObject({ paymentStatus: 'abandoned' });
    const other = await placeCardOrder(world.shop, ['NWF27-LOCKER']);
    const locker = await records.item('NWF27-LOCKER');
    expect(locker.held + locker.sold).toBe(locker.stock);

    expect(await double.callWebhook(molliePayment)).toBe(200);
    expect(await records.order(order.code)).toMatchObject({ paymentStatus: 'abandoned', totalPaid: 0, returnedAmount: amount });
    expect((await records.payments(order.id)).map((row) => row.status)).toEqual(['refunded']);
    expect(await records.ticketStatuses(order.id)).toEqual(['cancelled']);
    const asked = refundsAsked(molliePayment);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.body).toMatchObject({ amount: mollieAmount(amount), metadata: { festival_reference: reference, reason: 'attempt-closed' } });
    expect(await records.mailsTo(buyer.email, 'was refunded')).toHaveLength(1);
    expect(await records.confirmations(order.id)).toEqual([]);
    expect(await records.ticketStatuses(other.order.id)).toEqual(['pending']);
    expect(await records.item('NWF27-LOCKER')).toMatchObject({ sold: locker.sold, held: locker.held });
  });

  it('refunds part of a card order through Mollie for the organiser: one refund of exactly its amount, processing until Mollie has refunded it', async () => {
    const { buyer, order, amount, molliePayment, page } = await placed(['NWF27-WEEKEND', 'NWF27-WEEKEND']);
    expect(await finishOnCheckout(page)).toBe(confirmationPage(order.code));
    const view = api['get-data'].answer.parse((await world.shop.call('get-data', { token: buyer.token })).body).data.orders.find((candidate) => candidate.code === order.code)!;
    const requested = await world.shop.call('request-refund', { token: buyer.token, order_id: order.id, tickets: view.tickets[0]!.code, ...BANK_DETAILS });
    expect(requested.status, JSON.stringify(requested.body)).toBe(200);
    const refundId = requested.body.data.refund_id as number;
    const [refund] = await db().select().from(refunds).where(eq(refunds.id, refundId));
    expect(refund!.total).toBeGreaterThan(0);
    expect(refund!.total).toBeLessThan(amount);

    // Mollie answers a new refund 'pending'.
    expect(double.settings.newRefundStatus).toBe('pending');
    const progress = await markRefundProcessed({ db: db(), config: world.shop.config, gateway: world.gateway, now: world.now }, refundId);
    expect(progress).toMatchObject({ status: 'processing', provider: 'mollie', byBank: 0, providerError: null, parts: [{ amount: refund!.total, status: 'pending' }] });
    const [payment] = await records.payments(order.id);
    const asked = refundsAsked(molliePayment);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.body).toMatchObject({ amount: mollieAmount(refund!.total) });
    expect(asked[0]!.headers['idempotency-key']).toBe(`refund:${refundId}:payment:${payment!.id}`);
    const [part] = await db().select().from(paymentRefunds).where(eq(paymentRefunds.refundId, refundId));
    expect(part).toMatchObject({ status: 'pending', amount: refund!.total });
    expect((await db().select().from(refunds).where(eq(refunds.id, refundId)))[0]!.status).toBe('processing');
    expect(await records.mailsTo(buyer.email, `Refund ${refundId} for order ${order.code} has been processed`)).toEqual([]);

    // Mollie refunds it and posts the payment's webhook: the shop reads the refund and finishes.
    expect(await double.settleRefund(part!.providerRefundId!, 'refunded')).toBe(200);
    expect((await db().select().from(refunds).where(eq(refunds.id, refundId)))[0]!.status).toBe('processed');
    expect(await records.ticketStatuses(order.id)).toEqual(['refunded', 'active']);
    expect(await records.order(order.code)).toMatchObject({ paymentStatus: 'paid', totalPaid: amount, totalRefunded: refund!.total });
    expect(await records.mailsTo(buyer.email, `Refund ${refundId} for order ${order.code} has been processed`)).toHaveLength(1);
    await expect(markRefundProcessed({ db: db(), config: world.shop.config, gateway: world.gateway, now: world.now }, refundId)).rejects.toThrow(/processed/);
    expect(refundsAsked(molliePayment)).toHaveLength(1);
  });

  it('flags a charged-back order as a problem and tells the organiser; a reversed chargeback makes it paid again', async () => {
    const { order, amount, payment, molliePayment, page } = await placed();
    expect(await finishOnCheckout(page)).toBe(confirmationPage(order.code));
    const organiser = world.shop.config.contact.email;
    const subject = (what: string) => `Order ${order.code} at ${world.shop.config.name}: payment ${what}`;

    const chargeback = await double.chargeback(molliePayment);
    expect(deliveriesOf(molliePayment).at(-1)!.status).toBe(200);
    expect(await records.order(order.code)).toMatchObject({ paymentStatus: 'problem', totalPaid: amount });
    expect((await records.payments(order.id))[0]!.disputeStatus).toBe('opened');
    const notices = await records.mailsTo(organiser, subject('charged back'));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.textBody).toContain(chargeback.id);
    expect(notices[0]!.textBody).toContain(payment.providerReference!);

    await double.reverseChargeback(chargeback.id);
    expect(deliveriesOf(molliePayment).at(-1)!.status).toBe(200);
    expect(await records.order(order.code)).toMatchObject({ paymentStatus: 'paid', totalPaid: amount });
    expect((await records.payments(order.id))[0]!.disputeStatus).toBe('won');
    expect(await records.mailsTo(organiser, subject('chargeback won'))).toHaveLength(1);
    expect(await records.mailsTo(organiser, subject('charged back'))).toHaveLength(1);
  });

  it('applies a webhook that two instances on one database receive at once exactly once', async () => {
    const second = await world.secondInstance();
    const rounds = [];
    for (let round = 0; round < 4; round += 1) {
      const one = await placed();
      await double.setStatus(one.molliePayment, 'paid', { deliver: false });
      rounds.push(one);
    }
    const sold = (await records.item('NWF27-PARKING')).sold;
    const [firstBefore, secondBefore] = [world.notificationResults().length, second.notificationResults().length];

    const answers = await Promise.all(rounds.flatMap(({ molliePayment }) => [postWebhook(`id=${molliePayment}`, base), postWebhook(`id=${molliePayment}`, second.base)]));
    expect(answers).toEqual(answers.map(() => 200));
    const results = [...world.notificationResults().slice(firstBefore), ...second.notificationResults().slice(secondBefore)].map((result) => result.join()).sort();
    expect(results).toEqual([...rounds.map(() => 'applied'), ...rounds.map(() => 'duplicate')].sort());
    for (const { order, amount, payment, molliePayment } of rounds) {
      expect(await records.order(order.code), order.code).toMatchObject({ paymentStatus: 'paid', totalPaid: amount, returnedAmount: 0 });
      expect((await records.notifications(payment.id)).map((row) => row.notificationId)).toEqual([`mollie:${molliePayment}:paid`]);
      expect(await records.ticketStatuses(order.id)).toEqual(['active']);
      expect(await records.confirmations(order.id)).toHaveLength(1);
      expect(await records.invoices(order.id)).toHaveLength(1);
    }
    expect((await records.item('NWF27-PARKING')).sold).toBe(sold);
  });
});
