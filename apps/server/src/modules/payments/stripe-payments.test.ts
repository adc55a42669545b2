import { api } from '@festival/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/databases';
import { type RecordedRequest } from '../../../test/provider-doubles/double-server';
import { type SignedEvent, type StripeDouble, startStripeDouble } from '../../../test/provider-doubles/stripe-double';
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
import { statementDescriptorSuffix } from './gateways/stripe';
import { instalmentLink, orderLinkSignature } from '../checkout/order-links.signatures';
import { NOTIFY_PATH, RETURN_PATH } from './payments.service';

const MINUTE = 60_000;
/** When the sweeper runs past a card order's time to pay (the cart's hold, 15 minutes after checkout). */
const PAST_PAY_BY = 20 * MINUTE;

/**
 * Issue 20 point 6, Stripe: real money through the real app, the real `stripe` SDK (the shop's
 * adapter built from the environment's credentials) and a local double of Stripe's API, which
 * records every request the shop sends and signs its webhook events as Stripe does. An order
 * becomes paid only by a verified event or by the shop asking Stripe itself; every event is
 * applied once, whatever order, how often or on how many instances it arrives.
 */
describe.each(testEngines())('card payments through Stripe on %s', (engine) => {
  let double: StripeDouble;
  let world: ProviderShop;
  let records: ReturnType<typeof shopRecords>;
  let base: string;

  beforeAll(async () => {
    // A key of the shape the shop accepts (sk_test_ and letters/digits only).
    double = await startStripeDouble({ secretKey: 'sk_test_stripeDouble4payments' });
    world = await startProviderShop(engine, 'stripe', { stripe: { secretKey: double.secretKey, webhookSecrets: [double.webhookSecret], apiUrl: double.url } });
    base = world.base;
    double.webhookUrl = base + NOTIFY_PATH('stripe');
    records = shopRecords(world.shop);
  });
  afterAll(async () => {
    await world?.close();
    await double?.close();
  });

  const db = () => world.shop.database.db;

  /** A placed card order with its first attempt: the Checkout Session the shop created for it. */
  async function placed(products?: string[]) {
    const placedOrder = await placeCardOrder(world.shop, products);
    const [payment] = await records.payments(placedOrder.order.id);
    const sessionId = payment!.providerPaymentId!;
    const reference = payment!.providerReference!;
    return { ...placedOrder, payment: payment!, sessionId, reference, page: redirectUrl(placedOrder.instruction), returnUrl: returnUrlOf(reference) };
  }
  const returnUrlOf = (reference: string) => `${base}${RETURN_PATH('stripe')}?reference=${reference}`;

  /** Posts a signed event to a shop instance's notify address as Stripe does; answers the HTTP status. */
  const post = async (signed: Pick<SignedEvent, 'payload' | 'header'>, to = base) => {
    const answer = await fetch(to + NOTIFY_PATH('stripe'), {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', ...(signed.header ? { 'stripe-signature': signed.header } : {}) },
      body: signed.payload,
    });
    return answer.status;
  };

  const sent = (method: string, path: string) => double.requests.filter((request) => request.method === method && request.path === path);
  const sessionReads = (sessionId: string) => sent('GET', `/v1/checkout/sessions/${sessionId}`).length;
  const refundsAsked = (paymentIntent: string): RecordedRequest[] => sent('POST', '/v1/refunds').filter((request) => (request.body as { payment_intent?: string }).payment_intent === paymentIntent);
  const paymentIntentOf = (sessionId: string) => double.sessions.get(sessionId)!.payment_intent as string;
  const eventsOf = (sessionId: string, type: string) => double.events.filter((sent) => sent.event.type === type && (sent.event.data.object as { id: string }).id === sessionId);

  /** The payer pays on Stripe's page and follows its redirect back to the shop: where the shop sends them. */
  async function payOnPage(page: string, action: 'pay' | 'pay_later' = 'pay'): Promise<string> {
    const answer = await pressOnPage(page, { action });
    expect(answer.status).toBe(303);
    return openShopAddress(answer.headers.get('location')!);
  }

  it('pays a card order: the Checkout Session as the shop asked for it, the signed event, the order paid and confirmed once', async () => {
    const soldBefore = (await records.item('NWF27-PARKING')).sold;
    const { buyer, order, amount, payment, sessionId, reference, page, returnUrl } = await placed();
    expect(page).toBe(`${double.url}/pay/${sessionId}`);
    expect(payment).toMatchObject({ provider: 'stripe', status: 'open', amount, attempt: 1 });

    // What the shop sent Stripe, as the SDK encoded it.
    const created = sent('POST', '/v1/checkout/sessions').filter((request) => (request.body as { client_reference_id?: string }).client_reference_id === reference);
    expect(created).toHaveLength(1);
    const metadata = { festival_reference: reference, order_code: order.code };
    expect(created[0]!.body).toMatchObject({
      mode: 'payment',
      // Minor units: a parking ticket is €25.00.
      line_items: [{ price_data: { currency: 'eur', unit_amount: String(amount), product_data: { name: `Order ${order.code}` } }, quantity: '1' }],
      client_reference_id: reference,
      customer_email: buyer.email,
      metadata,
      payment_intent_data: { metadata, statement_descriptor_suffix: statementDescriptorSuffix(order.code) },
      success_url: returnUrl,
      cancel_url: `${returnUrl}&outcome=cancelled`,
    });
    expect(statementDescriptorSuffix(order.code)).toBe(order.code);
    expect(created[0]!.headers['idempotency-key']).toBe(`payment:${order.code}:1:${reference}`);
    const session = double.sessions.get(sessionId)!;
    expect(session).toMatchObject({ amount_total: amount, currency: 'eur', status: 'open' });
    // Stripe's page takes money at least 30 minutes after it was made.
    expect(Number((created[0]!.body as { expires_at: string }).expires_at) - session.created).toBeGreaterThanOrEqual(30 * 60);
    // Both addresses are under the shop's public address.
    expect(returnUrl.startsWith(`${world.shop.config.publicBaseUrl}/`)).toBe(true);

    // The payer pays: Stripe posts the signed event (and the shop answers) before sending the payer back.
    expect(await payOnPage(page)).toBe(confirmationPage(order.code));
    expect(eventsOf(sessionId, 'checkout.session.completed').map((event) => event.status)).toEqual([200]);
    // The event was in first: the return did not need to ask Stripe.
    expect(sessionReads(sessionId)).toBe(0);

    expect(await records.order(order.code)).toMatchObject({ paymentStatus: 'paid', totalPaid: amount, payBy: null });
    expect((await records.payments(order.id)).map((row) => row.status)).toEqual(['paid']);
    expect(await records.ticketStatuses(order.id)).toEqual(['active']);
    expect(await records.confirmations(order.id)).toHaveLength(1);
    expect(await records.mailsTo(buyer.email, `Your order ${order.code}`)).toHaveLength(1);
    expect(await records.invoices(order.id)).toHaveLength(1);
    // Checkout sold the unit; paying does not sell it again.
    expect((await records.item('NWF27-PARKING')).sold).toBe(soldBefore + 1);
    const view = api['get-data'].answer.parse((await world.shop.call('get-data', { token: buyer.token })).body).data.orders.find((candidate) => candidate.code === order.code);
    expect(view).toMatchObject({ payment_status: 'paid', total_paid: amount });
  });

  it("pays a payment plan's instalments through Stripe: the initial payment at checkout, the next from its own page", async () => {
    const { buyer, order, payment, page } = await placed(['NWF27-WEEKEND-PLAN']);
    const plan = order.payments;
    expect(plan.length).toBeGreaterThan(1);
    // The checkout's attempt is the initial instalment's, for its amount.
    expect(payment).toMatchObject({ amount: plan[0]!.amount, planPaymentId: expect.any(Number) });
    expect(double.sessions.get(payment.providerPaymentId!)).toMatchObject({ amount_total: plan[0]!.amount });
    await payOnPage(page);
    expect(await records.order(order.code)).toMatchObject({ paymentStatus: 'partial', totalPaid: plan[0]!.amount });

    // The next instalment's page (pay-payment-plan-order-payment) opens a Stripe session of its own, for its amount.
    const next = plan[1]!;
    const link = { order: order.code, reference: next.reference, checksum: orderLinkSignature(world.appSecret, order.code, instalmentLink(next.reference)) };
    const answer = await world.shop.call('pay-payment-plan-order-payment', { token: buyer.token, ...link });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const instalmentPage = redirectUrl(api['pay-payment-plan-order-payment'].answer.parse(answer.body).data.payment);
    const attempt = (await records.payments(order.id)).at(-1)!;
    expect(instalmentPage).toBe(`${double.url}/pay/${attempt.providerPaymentId}`);
    expect(attempt).toMatchObject({ amount: next.amount, status: 'open' });
    const created = sent('POST', '/v1/checkout/sessions').filter((request) => (request.body as { client_reference_id?: string }).client_reference_id === attempt.providerReference);
    expect(created[0]!.body).toMatchObject({ line_items: [{ price_data: { unit_amount: String(next.amount) } }], metadata: { order_code: order.code } });
    // Paid from the instalment's page: the payer goes back to that page, which waits for the news.
    const back = await pressOnPage(instalmentPage, { action: 'pay' });
    expect(new URL(back.headers.get('location')!).pathname).toBe(RETURN_PATH('stripe'));
    expect((await records.order(order.code)).totalPaid).toBe(plan[0]!.amount + next.amount);
    expect((await records.payments(order.id)).map((row) => row.status)).toEqual(['paid', 'paid']);
  });

  it('takes a declined card, then a second attempt: the first session is expired at Stripe, the second pays', async () => {
    const { buyer, order, amount, sessionId, reference, page, returnUrl } = await placed();
    // Stripe's page keeps a declined session open for another card; the payer gives up and goes back.
    expect((await pressOnPage(page, { action: 'decline' })).status).toBe(402);
    const cancel = await pressOnPage(page, { action: 'cancel' });
    expect(cancel.headers.get('location')).toBe(`${returnUrl}&outcome=cancelled`);
    expect(await openShopAddress(cancel.headers.get('location')!)).toBe(orderPage(order.code, 'cancelled'));
    expect(await records.order(order.code)).toMatchObject({ paymentStatus: 'pending', totalPaid: 0 });

    const second = await payOrderAgain(world.shop, buyer, order);
    const [first, next] = await records.payments(order.id);
    expect([first!.status, next!.status, next!.attempt]).toEqual(['cancelled', 'open', 2]);
    // The first session is stopped at Stripe: its page takes no money any more.
    expect(sent('POST', `/v1/checkout/sessions/${sessionId}/expire`)).toHaveLength(1);
    expect(double.sessions.get(sessionId)!.status).toBe('expired');
    expect((await pressOnPage(page, { action: 'pay' })).status).toBe(409);
    const created = sent('POST', '/v1/checkout/sessions').find((request) => (request.body as { client_reference_id?: string }).client_reference_id === next!.providerReference);
    expect(created!.headers['idempotency-key']).toBe(`payment:${order.code}:2:${next!.providerReference}`);
    expect(next!.providerReference).not.toBe(reference);

    expect(await payOnPage(redirectUrl(second))).toBe(confirmationPage(order.code));
    expect(await records.order(order.code)).toMatchObject({ paymentStatus: 'paid', totalPaid: amount, returnedAmount: 0 });
    expect((await records.payments(order.id)).map((row) => row.status)).toEqual(['cancelled', 'paid']);
    expect(sent('POST', '/v1/refunds').filter((request) => (request.body as { metadata?: { festival_reference?: string } }).metadata?.festival_reference === reference)).toEqual([]);
    expect(await records.confirmations(order.id)).toHaveLength(1);
  });

  it('refunds automatically a first attempt paid at Stripe just before the shop could stop it, once however often its event comes', async () => {
    const { buyer, order, amount, sessionId, reference } = await placed();
    // The payer pays the first page in another tab; Stripe's event is late.
    const late = await double.completeSession(sessionId, { deliver: false });
    const second = await payOrderAgain(world.shop, buyer, order);
    // Too late to expire: the shop's own record decides, and the session stays paid at Stripe.
    expect(sent('POST', `/v1/checkout/sessions/${sessionId}/expire`)).toHaveLength(1);
    expect(double.sessions.get(sessionId)!.status).toBe('complete');
    expect(await payOnPage(redirectUrl(second))).toBe(confirmationPage(order.code));

    expect(await post(late)).toBe(200);
    const [first, paid] = await records.payments(order.id);
    expect([first!.status, paid!.status]).toEqual(['refunded', 'paid']);
    expect(await records.order(order.code)).toMatchObject({ paymentStatus: 'paid', totalPaid: amount, returnedAmount: amount });
    const asked = refundsAsked(paymentIntentOf(sessionId));
    expect(asked).toHaveLength(1);
    expect(asked[0]!.body).toEqual({ payment_intent: paymentIntentOf(sessionId), amount: String(amount), metadata: { festival_reference: reference, reason: 'attempt-closed' } });
    expect(asked[0]!.headers['idempotency-key']).toBe(`refund:stripe:${reference}`);
    expect(first!.refundReference).toBe([...double.refunds.values()].find((refund) => refund.payment_intent === paymentIntentOf(sessionId))!.id);
    expect(await records.mailsTo(buyer.email, 'was refunded')).toHaveLength(1);

    // Stripe delivers it again: nothing more is refunded, counted or mailed.
    expect(await post(late)).toBe(200);
    expect(refundsAsked(paymentIntentOf(sessionId))).toHaveLength(1);
    expect(await records.order(order.code)).toMatchObject({ totalPaid: amount, returnedAmount: amount });
    expect(await records.mailsTo(buyer.email, 'was refunded')).toHaveLength(1);
    expect(await records.confirmations(order.id)).toHaveLength(1);
  });

  it('never pays an order on the return alone: open at Stripe it waits; paid at Stripe before its event, the shop asks Stripe once; the late event changes nothing', async () => {
    const { buyer, order, amount, sessionId, returnUrl } = await placed();
    // Back at the shop without Stripe having the money (whatever the address claims).
    expect(await openShopAddress(returnUrl)).toBe(orderPage(order.code, 'returned'));
    expect(sessionReads(sessionId)).toBe(1);
    expect(await openShopAddress(`${returnUrl}&outcome=paid&session_id=${sessionId}`)).toBe(orderPage(order.code, 'returned'));
    expect(await records.order(order.code)).toMatchObject({ paymentStatus: 'pending', totalPaid: 0 });
    expect(await records.ticketStatuses(order.id)).toEqual(['pending']);

    // Paid at Stripe; its event is not delivered yet. The return asks Stripe, once.
    const late = await double.completeSession(sessionId, { deliver: false });
    const readsBefore = sessionReads(sessionId);
    expect(await openShopAddress(returnUrl)).toBe(confirmationPage(order.code));
    expect(sessionReads(sessionId)).toBe(readsBefore + 1);
    expect(await records.order(order.code)).toMatchObject({ paymentStatus: 'paid', totalPaid: amount });
    expect(await records.ticketStatuses(order.id)).toEqual(['active']);
    // Back once more: the shop knows, Stripe is not asked again.
    expect(await openShopAddress(returnUrl)).toBe(confirmationPage(order.code));
    expect(sessionReads(sessionId)).toBe(readsBefore + 1);

    // The event arrives late: acknowledged, and nothing more happens.
    expect(await post(late)).toBe(200);
    expect(await records.order(order.code)).toMatchObject({ paymentStatus: 'paid', totalPaid: amount, returnedAmount: 0 });
    expect((await records.payments(order.id)).map((row) => row.status)).toEqual(['paid']);
    expect(await records.confirmations(order.id)).toHaveLength(1);
    expect(await records.mailsTo(buyer.email, `Your order ${order.code}`)).toHaveLength(1);
    expect(await records.invoices(order.id)).toHaveLength(1);
    expect(refundsAsked(paymentIntentOf(sessionId))).toEqual([]);
  });

  it('refuses forged, tampered and old events (401, nothing changes) and applies a replayed event once', async () => {
    const { order, amount, payment, sessionId } = await placed();
    const genuine = await double.completeSession(sessionId, { deliver: false });
    const session = double.sessions.get(sessionId)!;
    const tampered = genuine.payload.replace(`"amount_total": ${amount}`, '"amount_total": 1');
    expect(tampered).not.toBe(genuine.payload);
    const refused = [
      double.signedEvent('checkout.session.completed', session, { secret: 'whsec_notTheShopsSecret' }),
      { payload: tampered, header: genuine.header },
      // Signed by Stripe, but more than 300 seconds ago: a captured event replayed.
      double.signedEvent('checkout.session.completed', session, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
      { payload: genuine.payload, header: '' },
    ];
    for (const [index, signed] of refused.entries()) expect(await post(signed), `refused ${index}`).toBe(401);
    expect(await records.order(order.code)).toMatchObject({ paymentStatus: 'pending', totalPaid: 0 });
    expect((await records.payments(order.id)).map((row) => row.status)).toEqual(['open']);
    expect(await records.notifications(payment.id)).toEqual([]);
    expect(world.logged.filter((line) => line.msg === 'refused a payment notification whose signature does not verify').length).toBeGreaterThanOrEqual(refused.length);

    // The genuine event, delivered twice (Stripe retries when it does not hear back): applied once.
    const results = world.notificationResults().length;
    expect(await post(genuine)).toBe(200);
    expect(await post(genuine)).toBe(200);
    expect(world.notificationResults().slice(results)).toEqual([['applied'], ['duplicate']]);
    expect((await records.notifications(payment.id)).map((row) => row.notificationId)).toEqual([`stripe:${genuine.event.id}`]);
    expect(await records.order(order.code)).toMatchObject({ paymentStatus: 'paid', totalPaid: amount });
    expect(await records.confirmations(order.id)).toHaveLength(1);
  });

  it('keeps the final state whatever order events arrive in: expired after completed, pending after paid, a dispute won before it was opened', async () => {
    // checkout.session.expired after completed.
    const one = await placed();
    expect(await payOnPage(one.page)).toBe(confirmationPage(one.order.code));
    expect(await post(double.signedEvent('checkout.session.expired', { ...double.sessions.get(one.sessionId)!, status: 'expired', url: null }))).toBe(200);
    expect(await records.order(one.order.code)).toMatchObject({ paymentStatus: 'paid', totalPaid: one.amount });
    expect((await records.payments(one.order.id)).map((row) => row.status)).toEqual(['paid']);

    // A bank payment: its settlement arrives before the news that it started.
    const two = await placed();
    const started = await double.completeSession(two.sessionId, { paymentStatus: 'unpaid', deliver: false });
    const settled = await double.asyncSucceed(two.sessionId, { deliver: false });
    expect(await post(settled)).toBe(200);
    expect(await post(started)).toBe(200);
    expect(await records.order(two.order.code)).toMatchObject({ paymentStatus: 'paid', totalPaid: two.amount });
    expect((await records.payments(two.order.id)).map((row) => row.status)).toEqual(['paid']);

    // A dispute decided for the organiser before the news it was opened.
    const opened = await double.dispute(one.sessionId, { deliver: false });
    const won = await double.dispute(one.sessionId, { status: 'won', deliver: false });
    expect(won.event.type).toBe('charge.dispute.closed');
    expect(await post(won)).toBe(200);
    expect(await post(opened)).toBe(200);
    expect((await records.payments(one.order.id))[0]!.disputeStatus).toBe('won');
    expect(await records.order(one.order.code)).toMatchObject({ paymentStatus: 'paid' });
    const organiser = world.shop.config.contact.email;
    expect(await records.mailsTo(organiser, `Order ${one.order.code} at ${world.shop.config.name}: payment chargeback won`)).toHaveLength(1);
    expect(await records.mailsTo(organiser, `Order ${one.order.code} at ${world.shop.config.name}: payment charged back`)).toEqual([]);
  });

  it('keeps a payment that settles later processing past its time to pay, then paid; one that fails owes again and is abandoned', async () => {
    const settles = await placed(['NWF27-CAMPING']);
    expect(await payOnPage(settles.page, 'pay_later')).toBe(orderPage(settles.order.code, 'returned'));
    expect(await records.order(settles.order.code)).toMatchObject({ paymentStatus: 'processing', totalPaid: 0 });
    expect((await records.payments(settles.order.id)).map((row) => row.status)).toEqual(['pending']);
    const soldWhileProcessing = (await records.item('NWF27-CAMPING')).sold;

    await world.abandonOverdue(PAST_PAY_BY);
    expect(await records.order(settles.order.code)).toMatchObject({ paymentStatus: 'processing' });
    expect(await records.ticketStatuses(settles.order.id)).toEqual(['pending']);
    expect((await records.item('NWF27-CAMPING')).sold).toBe(soldWhileProcessing);
    expect(sent('POST', `/v1/checkout/sessions/${settles.sessionId}/expire`)).toEqual([]);

    expect((await double.asyncSucceed(settles.sessionId)).status).toBe(200);
    expect(await records.order(settles.order.code)).toMatchObject({ paymentStatus: 'paid', totalPaid: settles.amount, payBy: null });
    expect(await records.ticketStatuses(settles.order.id)).toEqual(['active']);
    expect(await records.confirmations(settles.order.id)).toHaveLength(1);

    const fails = await placed(['NWF27-CAMPING']);
    expect(await payOnPage(fails.page, 'pay_later')).toBe(orderPage(fails.order.code, 'returned'));
    expect(await records.order(fails.order.code)).toMatchObject({ paymentStatus: 'processing' });
    expect((await double.asyncFail(fails.sessionId)).status).toBe(200);
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
    const { buyer, order, amount, sessionId } = await placed(['NWF27-LOCKER']);
    const late = await double.completeSession(sessionId, { deliver: false });
    const sold = (await records.item('NWF27-LOCKER')).sold;
    await world.abandonOverdue(PAST_PAY_BY);
    expect(await records.order(order.code)).toMatchObject({ paymentStatus: 'abandoned' });
    expect((await records.item('NWF27-LOCKER')).sold).toBe(sold - 1);
    // The shop tried to stop the session; Stripe had the money already.
    expect(sent('POST', `/v1/checkout/sessions/${sessionId}/expire`)).toHaveLength(1);

    expect(await post(late)).toBe(200);
    expect(await records.order(order.code)).toMatchObject({ paymentStatus: 'paid', totalPaid: amount, returnedAmount: 0 });
    expect((await records.payments(order.id)).map((row) => row.status)).toEqual(['paid']);
    expect(await records.ticketStatuses(order.id)).toEqual(['active']);
    expect((await records.item('NWF27-LOCKER')).sold).toBe(sold);
    expect(refundsAsked(paymentIntentOf(sessionId))).toEqual([]);
    expect(await records.confirmations(order.id)).toHaveLength(1);
    expect(await records.mailsTo(buyer.email, 'was refunded')).toEqual([]);
  });

  it('refunds through Stripe the payment of an order abandoned meanwhile whose last unit someone else bought, and tells the buyer', async () => {
    await records.leaveUnits('NWF27-LOCKER', 1);
    const { buyer, order, amount, sessionId, reference } = await placed(['NWF27-LOCKER']);
    const late = await double.completeSession(sessionId, { deliver: false });
    await world.abandonOverdue(PAST_PAY_BY);
    expect(await records.order(order.code)).toMatchObject({ paymentStatus: 'abandoned' });
    // The unit is back on sale, and another buyer takes it.
    const other = await placeCardOrder(world.shop, ['NWF27-LOCKER']);
    const locker = await records.item('NWF27-LOCKER');
    expect(locker.held + locker.sold).toBe(locker.stock);

    expect(await post(late)).toBe(200);
    expect(await records.order(order.code)).toMatchObject({ paymentStatus: 'abandoned', totalPaid: 0, returnedAmount: amount });
    expect((await records.payments(order.id)).map((row) => row.status)).toEqual(['refunded']);
    expect(await records.ticketStatuses(order.id)).toEqual(['cancelled']);
    const asked = refundsAsked(paymentIntentOf(sessionId));
    expect(asked).toHaveLength(1);
    expect(asked[0]!.body).toMatchObject({ amount: String(amount), metadata: { festival_reference: reference, reason: 'attempt-closed' } });
    expect(await records.mailsTo(buyer.email, 'was refunded')).toHaveLength(1);
    expect(await records.confirmations(order.id)).toEqual([]);
    // The other buyer keeps the unit.
    expect(await records.ticketStatuses(other.order.id)).toEqual(['pending']);
    expect(await records.item('NWF27-LOCKER')).toMatchObject({ sold: locker.sold, held: locker.held });
  });

  it('refunds part of a card order through Stripe for the organiser: one refund of exactly its amount, processing until Stripe confirms', async () => {
    const { buyer, order, amount, sessionId, page } = await placed(['NWF27-WEEKEND', 'NWF27-WEEKEND']);
    expect(await payOnPage(page)).toBe(confirmationPage(order.code));
    const view = api['get-data'].answer.parse((await world.shop.call('get-data', { token: buyer.token })).body).data.orders.find((candidate) => candidate.code === order.code)!;
    const requested = await world.shop.call('request-refund', { token: buyer.token, order_id: order.id, tickets: view.tickets[0]!.code, ...BANK_DETAILS });
    expect(requested.status, JSON.stringify(requested.body)).toBe(200);
    const refundId = requested.body.data.refund_id as number;
    const [refund] = await db().select().from(refunds).where(eq(refunds.id, refundId));
    expect(refund!.total).toBeGreaterThan(0);
    expect(refund!.total).toBeLessThan(amount);

    double.refundStatus = 'pending';
    try {
      const progress = await markRefundProcessed({ db: db(), config: world.shop.config, gateway: world.gateway, now: world.now }, refundId);
      expect(progress).toMatchObject({ status: 'processing', provider: 'stripe', byBank: 0, providerError: null, parts: [{ amount: refund!.total, status: 'pending' }] });
    } finally {
      double.refundStatus = 'succeeded';
    }
    const [payment] = await records.payments(order.id);
    const asked = refundsAsked(paymentIntentOf(sessionId));
    expect(asked).toHaveLength(1);
    expect(asked[0]!.body).toMatchObject({ amount: String(refund!.total) });
    expect(asked[0]!.headers['idempotency-key']).toBe(`refund:${refundId}:payment:${payment!.id}`);
    const [part] = await db().select().from(paymentRefunds).where(eq(paymentRefunds.refundId, refundId));
    expect(part).toMatchObject({ status: 'pending', amount: refund!.total });
    expect((await db().select().from(refunds).where(eq(refunds.id, refundId)))[0]!.status).toBe('processing');
    expect(await records.mailsTo(buyer.email, `Refund ${refundId} for order ${order.code} has been processed`)).toEqual([]);

    // Stripe confirms the refund: the shop finishes it.
    expect((await double.settleRefund(part!.providerRefundId!, 'succeeded')).status).toBe(200);
    expect((await db().select().from(refunds).where(eq(refunds.id, refundId)))[0]!.status).toBe('processed');
    expect(await records.ticketStatuses(order.id)).toEqual(['refunded', 'active']);
    expect(await records.order(order.code)).toMatchObject({ paymentStatus: 'paid', totalPaid: amount, totalRefunded: refund!.total });
    expect(await records.mailsTo(buyer.email, `Refund ${refundId} for order ${order.code} has been processed`)).toHaveLength(1);
    // Running the command again asks Stripe for nothing more.
    await expect(markRefundProcessed({ db: db(), config: world.shop.config, gateway: world.gateway, now: world.now }, refundId)).rejects.toThrow(/processed/);
    expect(refundsAsked(paymentIntentOf(sessionId))).toHaveLength(1);
  });

  it('flags a charged-back order as a problem and tells the organiser; a won dispute makes it paid again', async () => {
    const { order, amount, payment, page } = await placed();
    expect(await payOnPage(page)).toBe(confirmationPage(order.code));
    const organiser = world.shop.config.contact.email;
    const subject = (what: string) => `Order ${order.code} at ${world.shop.config.name}: payment ${what}`;

    expect((await double.dispute(payment.providerPaymentId!)).status).toBe(200);
    expect(await records.order(order.code)).toMatchObject({ paymentStatus: 'problem', totalPaid: amount });
    expect((await records.payments(order.id))[0]!.disputeStatus).toBe('opened');
    const notices = await records.mailsTo(organiser, subject('charged back'));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.textBody).toContain(payment.providerReference!);

    expect((await double.dispute(payment.providerPaymentId!, { status: 'won' })).status).toBe(200);
    expect(await records.order(order.code)).toMatchObject({ paymentStatus: 'paid', totalPaid: amount });
    expect((await records.payments(order.id))[0]!.disputeStatus).toBe('won');
    expect(await records.mailsTo(organiser, subject('chargeback won'))).toHaveLength(1);
    expect(await records.mailsTo(organiser, subject('charged back'))).toHaveLength(1);
  });

  it('applies an event that two instances on one database receive at once exactly once', async () => {
    const second = await world.secondInstance();
    const rounds = [];
    for (let round = 0; round < 4; round += 1) {
      const one = await placed();
      rounds.push({ ...one, event: await double.completeSession(one.sessionId, { deliver: false }) });
    }
    const sold = (await records.item('NWF27-PARKING')).sold;
    const [firstBefore, secondBefore] = [world.notificationResults().length, second.notificationResults().length];

    const answers = await Promise.all(rounds.flatMap(({ event }) => [post(event, base), post(event, second.base)]));
    expect(answers).toEqual(answers.map(() => 200));
    const results = [...world.notificationResults().slice(firstBefore), ...second.notificationResults().slice(secondBefore)].map((result) => result.join()).sort();
    expect(results).toEqual([...rounds.map(() => 'applied'), ...rounds.map(() => 'duplicate')].sort());
    for (const { order, amount, payment, event } of rounds) {
      expect(await records.order(order.code), order.code).toMatchObject({ paymentStatus: 'paid', totalPaid: amount, returnedAmount: 0 });
      expect((await records.notifications(payment.id)).map((row) => row.notificationId)).toEqual([`stripe:${event.event.id}`]);
      expect(await records.ticketStatuses(order.id)).toEqual(['active']);
      expect(await records.confirmations(order.id)).toHaveLength(1);
      expect(await records.invoices(order.id)).toHaveLength(1);
    }
    expect((await records.item('NWF27-PARKING')).sold).toBe(sold);
  });
});
