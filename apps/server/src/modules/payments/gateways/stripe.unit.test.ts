import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeDouble, startStripeDouble } from '../../../../test/provider-doubles/stripe-double';
import type { PaymentFact, PaymentGateway, PaymentRequest } from '../gateway';
import { STRIPE_PROVIDER, createStripeGateway, statementDescriptorSuffix } from './stripe';

// The adapter against the local double of Stripe's API, through the real SDK: what it sends is
// read from what the double received, and what it reads is what the double answers.

let double: StripeDouble;
let gateway: PaymentGateway;

beforeAll(async () => {
  double = await startStripeDouble({ deliver: 'manual' });
  gateway = createStripeGateway({ secretKey: double.secretKey, webhookSecrets: [double.webhookSecret], apiUrl: double.url });
});
afterAll(async () => {
  await double.close();
});

const newReference = () => `pay_${randomBytes(16).toString('hex')}`;

function paymentRequest(overrides: Partial<PaymentRequest> = {}): PaymentRequest {
  const reference = overrides.reference ?? newReference();
  return {
    reference,
    orderCode: 'NWF-ABC123',
    amount: 4250,
    currency: 'EUR',
    description: 'Order NWF-ABC123',
    customerEmail: 'ada@example.org',
    returnPath: `/api/payments/stripe/return?reference=${reference}`,
    notifyPath: '/api/payments/stripe/notify',
    returnUrl: `https://shop.example/api/payments/stripe/return?reference=${reference}`,
    cancelUrl: `https://shop.example/api/payments/stripe/return?reference=${reference}&outcome=cancelled`,
    notifyUrl: 'https://shop.example/api/payments/stripe/notify',
    expiresAt: new Date(Date.now() + 45 * 60_000),
    idempotencyKey: `payment:NWF-ABC123:1:${reference}`,
    ...overrides,
  };
}

/** A created session, and its handle. */
async function created(overrides: Partial<PaymentRequest> = {}) {
  const request = paymentRequest(overrides);
  const answer = await gateway.createPayment(request);
  const handle = { reference: request.reference, providerPaymentId: answer.providerPaymentId };
  return { request, answer, handle, sessionId: answer.providerPaymentId! };
}

/** A paid session and its payment intent. */
async function paid() {
  const made = await created();
  await double.completeSession(made.sessionId);
  return { ...made, paymentIntent: double.sessions.get(made.sessionId)!.payment_intent as string };
}

const notify = (signed: { payload: string; header: string }, target: PaymentGateway = gateway) => target.verifyNotification(signed.payload, { 'stripe-signature': signed.header });
const lastRequest = (method: string, path: string) => double.requests.filter((request) => request.method === method && request.path === path).at(-1)!;

describe('createPayment', () => {
  it('creates a Checkout Session with the amount, the reference and the order in metadata, and redirects to it', async () => {
    const { request, answer, sessionId } = await created();
    const sent = lastRequest('POST', '/v1/checkout/sessions');
    expect(sent.body).toEqual({
      mode: 'payment',
      line_items: [{ price_data: { currency: 'eur', unit_amount: '4250', product_data: { name: 'Order NWF-ABC123' } }, quantity: '1' }],
      client_reference_id: request.reference,
      customer_email: 'ada@example.org',
      metadata: { festival_reference: request.reference, order_code: 'NWF-ABC123' },
      payment_intent_data: { metadata: { festival_reference: request.reference, order_code: 'NWF-ABC123' }, statement_descriptor_suffix: 'NWF-ABC123' },
      success_url: request.returnUrl,
      cancel_url: request.cancelUrl,
      expires_at: String(Math.floor(request.expiresAt.getTime() / 1000)),
    });
    expect(sent.headers['idempotency-key']).toBe(request.idempotencyKey);
    expect(sent.headers.authorization).toBe(`Bearer ${double.secretKey}`);
    expect(sent.headers['stripe-version']).toMatch(/^\d{4}-\d{2}-\d{2}/);
    expect(sessionId).toMatch(/^cs_test_/);
    expect(answer).toEqual({ instruction: { action: 'redirect', url: `${double.url}/pay/${sessionId}` }, providerPaymentId: sessionId });
  });

  it('creates one session for the same request sent twice, and answers the same instruction', async () => {
    const request = paymentRequest();
    const before = double.sessions.size;
    const first = await gateway.createPayment(request);
    const second = await gateway.createPayment(request);
    expect(second).toEqual(first);
    expect(double.sessions.size).toBe(before + 1);
    expect(double.requests.filter((sent) => sent.headers['idempotency-key'] === request.idempotencyKey)).toHaveLength(2);
  });

  it('fails when the same key comes with other parameters (Stripe refuses it), and when Stripe refuses the expiry', async () => {
    const request = paymentRequest();
    await gateway.createPayment(request);
    await expect(gateway.createPayment({ ...request, amount: request.amount + 1 })).rejects.toThrow(/same parameters/);
    await expect(gateway.createPayment(paymentRequest({ expiresAt: new Date(Date.now() + 10 * 60_000) }))).rejects.toThrow(/30 minutes/);
  });

  it('sends an order code that is not a valid statement descriptor made valid', async () => {
    await created({ orderCode: 'FÊTE#2025/Ü' });
    const sent = lastRequest('POST', '/v1/checkout/sessions').body as any;
    expect(sent.payment_intent_data.statement_descriptor_suffix).toBe('FETE2025U');
    expect(sent.metadata.order_code).toBe('FÊTE#2025/Ü');
  });

  it('is refused with a wrong secret key', async () => {
    const wrong = createStripeGateway({ secretKey: 'sk_test_wrong', webhookSecrets: [double.webhookSecret], apiUrl: double.url });
    await expect(wrong.createPayment(paymentRequest())).rejects.toThrow(/Invalid API Key/);
  });

  it('makes the order code a valid statement descriptor suffix', () => {
    expect(statementDescriptorSuffix('NWF-ABC123')).toBe('NWF-ABC123');
    expect(statementDescriptorSuffix('Fête/2025 #ÅB*<x>')).toBe('Fete2025 ABx');
    expect(statementDescriptorSuffix('12345')).toBe('ORDER 12345');
    expect(statementDescriptorSuffix('NWF-ABCDEFGHIJKLMNOPQRSTUVWXYZ')).toBe('NWF-ABCDEFGHIJKLMNOPQR');
    expect(statementDescriptorSuffix('★★★')).toBe('ORDER');
  });
});

describe('verifyNotification', () => {
  const paymentFact = (id: string, reference: string, outcome: string) => ({ kind: 'payment', id, reference, outcome, amount: 4250, currency: 'EUR' });

  it('reads checkout.session.completed: paid, or pending for a method that settles later', async () => {
    const card = await created();
    const completed = await double.completeSession(card.sessionId);
    expect(await notify(completed)).toEqual([paymentFact(completed.event.id, card.request.reference, 'paid')]);

    const bank = await created();
    const waiting = await double.completeSession(bank.sessionId, { paymentStatus: 'unpaid' });
    expect(await notify(waiting)).toEqual([paymentFact(waiting.event.id, bank.request.reference, 'pending')]);

    const free = double.signedEvent('checkout.session.completed', { ...double.sessions.get(card.sessionId)!, payment_status: 'no_payment_required' });
    expect(await notify(free)).toEqual([paymentFact(free.event.id, card.request.reference, 'paid')]);
  });

  it('reads the later settlement (paid or declined) and the expiry of a session', async () => {
    const settles = await created();
    await double.completeSession(settles.sessionId, { paymentStatus: 'unpaid' });
    const succeeded = await double.asyncSucceed(settles.sessionId);
    expect(await notify(succeeded)).toEqual([paymentFact(succeeded.event.id, settles.request.reference, 'paid')]);

    const fails = await created();
    await double.completeSession(fails.sessionId, { paymentStatus: 'unpaid' });
    const failed = await double.asyncFail(fails.sessionId);
    expect(await notify(failed)).toEqual([paymentFact(failed.event.id, fails.request.reference, 'declined')]);

    const runsOut = await created();
    const expired = await double.expireSession(runsOut.sessionId);
    expect(await notify(expired)).toEqual([paymentFact(expired.event.id, runsOut.request.reference, 'expired')]);
  });

  it('reads refunds by their metadata, or by their payment intent when they have none (a refund made in the dashboard)', async () => {
    const { handle, paymentIntent } = await paid();
    const ours = await gateway.refund({ ...handle, amount: 1000, currency: 'EUR', idempotencyKey: `refund:${handle.reference}`, reason: 'order cancelled' });
    const refund = double.refunds.get(ours.refundId)!;
    const fact = (id: string, status: string, providerRefundId = refund.id, amount = 1000) => ({ kind: 'refund', id, reference: handle.reference, providerRefundId, status, amount, currency: 'EUR' });
    for (const [type, status, expected] of [
      ['refund.created', 'succeeded', 'succeeded'],
      ['refund.updated', 'pending', 'pending'],
      ['refund.failed', 'failed', 'failed'],
      ['charge.refund.updated', 'canceled', 'failed'],
      ['refund.updated', 'requires_action', 'pending'],
    ] as const) {
      const signed = double.signedEvent(type, { ...refund, status });
      expect(await notify(signed), `${type} ${status}`).toEqual([fact(signed.event.id, expected)]);
    }
    // Its own metadata names it: no need to ask Stripe for the payment intent (whatever that says).
    const asked = double.requests.length;
    const named = double.signedEvent('refund.updated', { ...refund, payment_intent: 'pi_unknown' });
    expect(await notify(named)).toEqual([fact(named.event.id, 'succeeded')]);
    expect(double.requests.length).toBe(asked);
    const fromDashboard = { ...refund, id: 're_dashboard', amount: 500, metadata: {}, payment_intent: paymentIntent };
    const signed = double.signedEvent('refund.created', fromDashboard);
    expect(await notify(signed)).toEqual([fact(signed.event.id, 'succeeded', 're_dashboard', 500)]);
  });

  it('reads a dispute opened, won, lost, an inquiry closed, and funds reinstated', async () => {
    const { handle, sessionId } = await paid();
    const fact = (id: string, status: string, disputeId: string) => ({ kind: 'dispute', id, reference: handle.reference, providerDisputeId: disputeId, status, amount: 4250, currency: 'EUR' });
    const opened = await double.dispute(sessionId);
    const disputeId = (opened.event.data.object as { id: string }).id;
    expect(disputeId).toMatch(/^dp_/);
    expect(await notify(opened)).toEqual([fact(opened.event.id, 'opened', disputeId)]);
    const won = await double.dispute(sessionId, { status: 'won' });
    expect(won.event.type).toBe('charge.dispute.closed');
    expect(await notify(won)).toEqual([fact(won.event.id, 'won', disputeId)]);
    const dispute = double.disputes.get(disputeId)!;
    for (const [type, status, expected] of [
      ['charge.dispute.closed', 'lost', 'lost'],
      ['charge.dispute.closed', 'warning_closed', 'won'],
      ['charge.dispute.funds_reinstated', 'won', 'won'],
    ] as const) {
      const signed = double.signedEvent(type, { ...dispute, status });
      expect(await notify(signed), `${type} ${status}`).toEqual([fact(signed.event.id, expected, disputeId)]);
    }
    // Closed in a state that is neither won nor lost: nothing to do.
    expect(await notify(double.signedEvent('charge.dispute.closed', { ...dispute, status: 'under_review' }))).toEqual([]);
  });

  it('answers no facts for what is not ours: another integration\'s session, refund or dispute, an event we do not use', async () => {
    const { sessionId, paymentIntent } = await paid();
    const session = double.sessions.get(sessionId)!;
    expect(await notify(double.signedEvent('checkout.session.completed', { ...session, metadata: {}, client_reference_id: 'their-order-17' }))).toEqual([]);
    // Theirs: a payment intent without our metadata, or one Stripe does not know.
    const theirs = double.paymentIntents.get(paymentIntent)!;
    double.paymentIntents.set('pi_theirs', { ...theirs, id: 'pi_theirs', metadata: {} });
    const refund = { id: 're_theirs', object: 'refund', amount: 100, currency: 'eur', metadata: {}, payment_intent: 'pi_theirs', status: 'succeeded' };
    expect(await notify(double.signedEvent('refund.created', refund))).toEqual([]);
    expect(await notify(double.signedEvent('refund.created', { ...refund, payment_intent: 'pi_unknown' }))).toEqual([]);
    const dispute = { id: 'dp_theirs', object: 'dispute', amount: 100, currency: 'eur', metadata: {}, payment_intent: 'pi_theirs', status: 'needs_response' };
    expect(await notify(double.signedEvent('charge.dispute.created', dispute))).toEqual([]);
    expect(await notify(double.signedEvent('customer.created', { id: 'cus_1', object: 'customer' }))).toEqual([]);
  });

  it('falls back to a client_reference_id of our shape when a session has no metadata', async () => {
    const { sessionId, request } = await paid();
    const session = double.sessions.get(sessionId)!;
    const signed = double.signedEvent('checkout.session.completed', { ...session, metadata: {} });
    expect(await notify(signed)).toEqual([paymentFact(signed.event.id, request.reference, 'paid')]);
  });

  it('refuses a forged signature, a tampered body, an old timestamp and a missing header', async () => {
    const { sessionId } = await created();
    const session = double.sessions.get(sessionId)!;
    const genuine = double.signedEvent('checkout.session.expired', { ...session, status: 'expired' });
    expect(await notify(genuine)).toHaveLength(1);
    expect(await notify(double.signedEvent('checkout.session.expired', session, { secret: 'whsec_not_the_shops' }))).toBeNull();
    expect(await notify({ payload: genuine.payload.replace('"amount_total": 4250', '"amount_total": 1'), header: genuine.header })).toBeNull();
    const old = double.signedEvent('checkout.session.expired', session, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(await notify(old)).toBeNull();
    const recent = double.signedEvent('checkout.session.expired', session, { timestamp: Math.floor(Date.now() / 1000) - 200 });
    expect(await notify(recent)).toHaveLength(1);
    expect(await gateway.verifyNotification(genuine.payload, {})).toBeNull();
    expect(await gateway.verifyNotification(genuine.payload, { 'stripe-signature': 'not a signature' })).toBeNull();
  });

  it('takes any one of several secrets while a secret is rolled', async () => {
    const rolling = createStripeGateway({ secretKey: double.secretKey, webhookSecrets: ['whsec_the_old_one', double.webhookSecret], apiUrl: double.url });
    const { sessionId } = await created();
    const signed = double.signedEvent('checkout.session.expired', { ...double.sessions.get(sessionId)!, status: 'expired' });
    expect(await notify(signed, rolling)).toHaveLength(1);
    expect(await rolling.verifyNotification(signed.payload, { 'stripe-signature': [signed.header] })).toHaveLength(1);
    const onlyOld = createStripeGateway({ secretKey: double.secretKey, webhookSecrets: ['whsec_the_old_one'], apiUrl: double.url });
    expect(await notify(signed, onlyOld)).toBeNull();
  });

  it('needs a secret key and a webhook secret to start', () => {
    expect(() => createStripeGateway({ secretKey: double.secretKey, webhookSecrets: [' '], apiUrl: double.url })).toThrow(/webhook signing secret/);
    expect(() => createStripeGateway({ secretKey: '', webhookSecrets: ['whsec_x'], apiUrl: double.url })).toThrow(/secret key/);
  });
});

describe('readPayment', () => {
  it('reads nothing yet for an open session, a handle without a session, or a session of another reference', async () => {
    const { handle } = await created();
    expect(await gateway.readPayment(handle)).toEqual([]);
    expect(await gateway.readPayment({ reference: handle.reference, providerPaymentId: null })).toEqual([]);
    expect(await gateway.readPayment({ reference: handle.reference, providerPaymentId: 'cs_test_unknown' })).toEqual([]);
    // A paid session read under another attempt's reference says nothing of that attempt.
    const other = await paid();
    expect(await gateway.readPayment(other.handle)).toHaveLength(1);
    expect(await gateway.readPayment({ reference: handle.reference, providerPaymentId: other.sessionId })).toEqual([]);
  });

  it('reads a paid session with its refunds, a pending one, a failed one and an expired one', async () => {
    const { handle, sessionId } = await paid();
    const refund = await gateway.refund({ ...handle, amount: 1200, currency: 'EUR', idempotencyKey: `refund:${handle.reference}`, reason: 'returned' });
    expect(await gateway.readPayment(handle)).toEqual<PaymentFact[]>([
      { kind: 'payment', id: `read:${sessionId}:paid`, reference: handle.reference, outcome: 'paid', amount: 4250, currency: 'EUR' },
      { kind: 'refund', id: `read:${refund.refundId}:succeeded`, reference: handle.reference, providerRefundId: refund.refundId, status: 'succeeded', amount: 1200, currency: 'EUR' },
    ]);

    const bank = await created();
    await double.completeSession(bank.sessionId, { paymentStatus: 'unpaid' });
    expect(await gateway.readPayment(bank.handle)).toEqual([expect.objectContaining({ id: `read:${bank.sessionId}:pending`, outcome: 'pending' })]);
    await double.asyncFail(bank.sessionId);
    expect(await gateway.readPayment(bank.handle)).toEqual([expect.objectContaining({ id: `read:${bank.sessionId}:declined`, outcome: 'declined' })]);

    const runsOut = await created();
    await double.expireSession(runsOut.sessionId);
    expect(await gateway.readPayment(runsOut.handle)).toEqual([{ kind: 'payment', id: `read:${runsOut.sessionId}:expired`, reference: runsOut.request.reference, outcome: 'expired', amount: 4250, currency: 'EUR' }]);
  });
});

describe('refund', () => {
  it('refunds part of a payment once per key, with the reference in the refund\'s metadata', async () => {
    const { handle, paymentIntent } = await paid();
    const request = { ...handle, amount: 1500, currency: 'EUR', idempotencyKey: `refund:stripe:${handle.reference}`, reason: 'order cancelled by the organiser' };
    const first = await gateway.refund(request);
    const again = await gateway.refund(request);
    expect(again).toEqual(first);
    expect(first.status).toBe('succeeded');
    expect([...double.refunds.values()].filter((refund) => refund.payment_intent === paymentIntent)).toHaveLength(1);
    const sent = lastRequest('POST', '/v1/refunds');
    expect(sent.body).toEqual({ payment_intent: paymentIntent, amount: '1500', metadata: { festival_reference: handle.reference, reason: 'order cancelled by the organiser' } });
    expect(sent.headers['idempotency-key']).toBe(request.idempotencyKey);
  });

  it('throws when Stripe refuses more than is left to refund, or the payment is in another currency, or nothing was paid', async () => {
    const { handle } = await paid();
    await gateway.refund({ ...handle, amount: 3000, currency: 'EUR', idempotencyKey: `refund:a:${handle.reference}`, reason: 'part' });
    await expect(gateway.refund({ ...handle, amount: 1251, currency: 'EUR', idempotencyKey: `refund:b:${handle.reference}`, reason: 'too much' })).rejects.toThrow(/greater than unrefunded/);
    await expect(gateway.refund({ ...handle, amount: 100, currency: 'USD', idempotencyKey: `refund:c:${handle.reference}`, reason: 'other currency' })).rejects.toThrow(/in eur/);
    const open = await created();
    await expect(gateway.refund({ ...open.handle, amount: 100, currency: 'EUR', idempotencyKey: `refund:${open.request.reference}`, reason: 'unpaid' })).rejects.toThrow(/took no payment/);
  });

  it('answers pending for a refund Stripe has not settled yet', async () => {
    const { handle } = await paid();
    double.refundStatus = 'pending';
    try {
      const answer = await gateway.refund({ ...handle, amount: 4250, currency: 'EUR', idempotencyKey: `refund:${handle.reference}`, reason: 'all' });
      expect(answer.status).toBe('pending');
      const settled = await double.settleRefund(answer.refundId, 'succeeded');
      expect(await notify(settled)).toEqual([expect.objectContaining({ kind: 'refund', providerRefundId: answer.refundId, status: 'succeeded' })]);
    } finally {
      double.refundStatus = 'succeeded';
    }
  });
});

describe('cancelAttempt', () => {
  it('expires an open session, and says too late for a completed one', async () => {
    const open = await created();
    expect(await gateway.cancelAttempt(open.handle)).toBe('cancelled');
    expect(double.sessions.get(open.sessionId)!.status).toBe('expired');
    expect(lastRequest('POST', `/v1/checkout/sessions/${open.sessionId}/expire`)).toBeDefined();
    // Again: Stripe refuses (no longer open), and the session is expired: cancelled all the same.
    expect(await gateway.cancelAttempt(open.handle)).toBe('cancelled');

    const { handle, sessionId } = await paid();
    expect(await gateway.cancelAttempt(handle)).toBe('too-late');
    expect(double.sessions.get(sessionId)!.status).toBe('complete');
  });

  it('has nothing to cancel without a session, or for one Stripe does not know', async () => {
    expect(await gateway.cancelAttempt({ reference: newReference(), providerPaymentId: null })).toBe('cancelled');
    expect(await gateway.cancelAttempt({ reference: newReference(), providerPaymentId: 'cs_test_unknown' })).toBe('cancelled');
  });
});

describe('verifyReturn and the gateway itself', () => {
  it('takes a return as a hint only', () => {
    const reference = newReference();
    expect(gateway.verifyReturn({ reference })).toEqual({ reference, outcome: 'unknown' });
    expect(gateway.verifyReturn({ reference, outcome: 'paid' })).toEqual({ reference, outcome: 'unknown' });
    expect(gateway.verifyReturn({ reference, outcome: 'cancelled' })).toEqual({ reference, outcome: 'cancelled' });
    expect(gateway.verifyReturn({ reference: 'pay_../../admin' })).toBeNull();
    expect(gateway.verifyReturn({})).toBeNull();
  });

  it('is the stripe provider, sending the browser to Checkout (and to the double\'s page when there is one)', () => {
    expect(gateway.provider).toBe(STRIPE_PROVIDER);
    expect(gateway.browserOrigins).toEqual(['https://checkout.stripe.com', double.url]);
    expect(createStripeGateway({ secretKey: 'sk_test_x', webhookSecrets: ['whsec_x'] }).browserOrigins).toEqual(['https://checkout.stripe.com']);
  });
});

describe('the Stripe double\'s hosted page', () => {
  /** A webhook endpoint that verifies what it is sent with the adapter, as the shop's route does. */
  async function webhookReceiver(verifier: PaymentGateway) {
    const received: (PaymentFact[] | null)[] = [];
    const server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', async () => {
        const facts = await verifier.verifyNotification(Buffer.concat(chunks).toString('utf8'), request.headers);
        received.push(facts);
        response.writeHead(facts ? 200 : 401).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/notify`, received, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  const press = (url: string, action: string) => fetch(url, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `action=${action}` });

  it('shows the amount, keeps a declined session open, pays, delivers the signed event and returns the payer', async () => {
    const live = await startStripeDouble();
    const shop = createStripeGateway({ secretKey: live.secretKey, webhookSecrets: [live.webhookSecret], apiUrl: live.url });
    const receiver = await webhookReceiver(shop);
    live.webhookUrl = receiver.url;
    try {
      const request = paymentRequest({ returnUrl: 'https://shop.example/return?session={CHECKOUT_SESSION_ID}' });
      const { instruction, providerPaymentId } = await shop.createPayment(request);
      const pageUrl = instruction.url;
      const page = await (await fetch(pageUrl)).text();
      expect(page).toContain('<html lang="en">');
      expect(page.match(/<h1>/g)).toHaveLength(1);
      expect(page).toContain('€42.50');

      const declined = await press(pageUrl, 'decline');
      expect(declined.status).toBe(402);
      expect(await declined.text()).toContain('role="alert"');
      expect(live.sessions.get(providerPaymentId!)!.status).toBe('open');

      const payment = await press(pageUrl, 'pay');
      expect(payment.status).toBe(303);
      expect(payment.headers.get('location')).toBe(`https://shop.example/return?session=${providerPaymentId}`);
      const session = live.sessions.get(providerPaymentId!)!;
      expect([session.status, session.payment_status]).toEqual(['complete', 'paid']);
      const paymentIntent = live.paymentIntents.get(session.payment_intent as string)!;
      expect(paymentIntent).toMatchObject({ status: 'succeeded', amount_received: 4250, metadata: { festival_reference: request.reference, order_code: 'NWF-ABC123' } });
      expect(paymentIntent.latest_charge).toMatch(/^ch_/);
      expect(live.events.map((event) => [event.event.type, event.status])).toEqual([['checkout.session.completed', 200]]);
      expect(receiver.received).toEqual([[expect.objectContaining({ reference: request.reference, outcome: 'paid' })]]);
      // Paid already: the page says so and takes nothing more.
      expect((await press(pageUrl, 'pay')).status).toBe(409);
    } finally {
      await live.close();
      await receiver.close();
    }
  });

  it('sends a cancelling payer back to cancel_url, and a bank payment completes unpaid', async () => {
    const { request, answer, sessionId } = await created();
    const cancel = await press(answer.instruction.url, 'cancel');
    expect([cancel.status, cancel.headers.get('location')]).toEqual([303, request.cancelUrl]);
    expect(double.sessions.get(sessionId)!.status).toBe('open');
    const bank = await press(answer.instruction.url, 'pay_later');
    expect(bank.status).toBe(303);
    expect(double.sessions.get(sessionId)).toMatchObject({ status: 'complete', payment_status: 'unpaid' });
    // Manual delivery: the event is kept, not posted.
    expect(double.events.at(-1)).toMatchObject({ status: null, event: { type: 'checkout.session.completed' } });
  });

  it('answers 401 without the key, 404 resource_missing for an unknown id, and parses nested form keys', async () => {
    const unauthorised = await fetch(`${double.url}/v1/checkout/sessions/cs_test_x`);
    expect(unauthorised.status).toBe(401);
    const missing = await fetch(`${double.url}/v1/refunds/re_missing`, { headers: { authorization: `Bearer ${double.secretKey}` } });
    expect([missing.status, ((await missing.json()) as any).error.code]).toEqual([404, 'resource_missing']);
    const { parseStripeForm } = await import('../../../../test/provider-doubles/stripe-double');
    expect(parseStripeForm('a[b][c]=1&items[1][x]=q&items[0][x]=p&list[]=u&list[]=v&plain=%20s')).toEqual({ a: { b: { c: '1' } }, items: [{ x: 'p' }, { x: 'q' }], list: ['u', 'v'], plain: ' s' });
    expect(() => parseStripeForm('__proto__[x]=1')).toThrow();
  });
});
