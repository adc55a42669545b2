import { randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MollieDouble, type MolliePaymentStatus, startMollieDouble } from '../../../../test/provider-doubles/mollie-double';
import type { PaymentFact, PaymentGateway, PaymentRequest } from '../gateway';
import { createMollieGateway, fromMollieAmount, MOLLIE_PROVIDER, toMollieAmount } from './mollie';

/** Node's own, before any gateway was made: making one must leave it so. */
const HTTPS_AGENT = https.Agent;

/** Where the double posts Mollie's webhook: the raw bodies, as the shop's route would get them. */
interface WebhookReceiver {
  url: string;
  bodies: string[];
  close(): Promise<void>;
}

async function startReceiver(): Promise<WebhookReceiver> {
  const bodies: string[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      bodies.push(body);
      response.writeHead(200, { connection: 'close' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    bodies,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

describe('Mollie gateway (against the local double, through the SDK)', () => {
  let double: MollieDouble;
  let receiver: WebhookReceiver;
  let gateway: PaymentGateway;
  const logged: { level: number; msg: string; providerPaymentId?: string }[] = [];

  beforeAll(async () => {
    double = await startMollieDouble({ deliver: 'manual' });
    receiver = await startReceiver();
    const logger = pino({ level: 'warn' }, { write: (line: string) => void logged.push(JSON.parse(line)) });
    gateway = createMollieGateway({ apiKey: double.apiKey, apiUrl: double.apiUrl, logger });
  });
  afterAll(async () => {
    await double?.close();
    await receiver?.close();
  });

  const newReference = () => `pay_${randomBytes(16).toString('hex')}`;
  function paymentRequest(overrides: Partial<PaymentRequest> = {}): PaymentRequest {
    const reference = overrides.reference ?? newReference();
    return {
      reference,
      orderCode: 'NWF-ABC123',
      amount: 1234,
      currency: 'EUR',
      description: 'Order NWF-ABC123',
      customerEmail: 'buyer@example.org',
      returnPath: `/payments/return?reference=${reference}`,
      notifyPath: '/payments/notify/mollie',
      returnUrl: `https://shop.example.org/payments/return?reference=${reference}`,
      cancelUrl: `https://shop.example.org/payments/return?reference=${reference}&outcome=cancelled`,
      notifyUrl: `${receiver.url}/payments/notify/mollie`,
      expiresAt: new Date(Date.now() + 30 * 60_000),
      idempotencyKey: `attempt-${reference}`,
      ...overrides,
    };
  }
  /** A created payment at the double, in the status asked for (no webhook posted). */
  async function paymentIn(status: MolliePaymentStatus | 'open', overrides: Partial<PaymentRequest> = {}) {
    const request = paymentRequest(overrides);
    const created = await gateway.createPayment(request);
    const id = created.providerPaymentId!;
    if (status !== 'open') await double.setStatus(id, status, { deliver: false });
    return { request, id, handle: { reference: request.reference, providerPaymentId: id } };
  }
  const lastRequest = (method: string, path: string) => double.requests.filter((request) => request.method === method && request.path === path).at(-1);
  const paymentFacts = (facts: PaymentFact[] | null) => (facts ?? []).filter((fact) => fact.kind === 'payment');

  describe('createPayment', () => {
    it('sends the amount as a string with the currency decimals, the URLs, our metadata and the idempotency key, and answers the checkout', async () => {
      const request = paymentRequest();
      const created = await gateway.createPayment(request);

      expect(created.providerPaymentId).toMatch(/^tr_[A-Za-z0-9]+$/);
      expect(created.instruction).toEqual({ action: 'redirect', url: double.checkoutUrl(created.providerPaymentId!) });
      const sent = lastRequest('POST', '/v2/payments')!;
      expect(sent.body).toEqual({
        amount: { currency: 'EUR', value: '12.34' },
        description: 'Order NWF-ABC123',
        redirectUrl: request.returnUrl,
        cancelUrl: request.cancelUrl,
        webhookUrl: request.notifyUrl,
        metadata: { festival_reference: request.reference, order_code: 'NWF-ABC123' },
      });
      expect(sent.headers['idempotency-key']).toBe(request.idempotencyKey);
      expect(sent.headers.authorization).toBe(`Bearer ${double.apiKey}`);
      // The payer's address is not Mollie's business here, and no method is chosen for the payer.
      expect(JSON.stringify(sent.body)).not.toContain('buyer@example.org');
    });

    it('writes a zero-decimal currency without decimals and small amounts with leading zeros', async () => {
      await gateway.createPayment(paymentRequest({ amount: 1500, currency: 'JPY' }));
      expect((lastRequest('POST', '/v2/payments')!.body as any).amount).toEqual({ currency: 'JPY', value: '1500' });
      await gateway.createPayment(paymentRequest({ amount: 5 }));
      expect((lastRequest('POST', '/v2/payments')!.body as any).amount).toEqual({ currency: 'EUR', value: '0.05' });
    });

    it('creates one payment however often the same attempt is created', async () => {
      const request = paymentRequest();
      const first = await gateway.createPayment(request);
      const again = await gateway.createPayment(request);

      expect(again).toEqual(first);
      const ours = [...double.payments.values()].filter((payment) => (payment.metadata as any)?.festival_reference === request.reference);
      expect(ours).toHaveLength(1);
      expect(double.requests.filter((sent) => sent.headers['idempotency-key'] === request.idempotencyKey)).toHaveLength(2);
      // The same key for another request is refused, as Mollie does.
      await expect(gateway.createPayment({ ...request, amount: 999 })).rejects.toThrow(/idempotency key/);
    });

    it('throws when Mollie refuses the payment', async () => {
      await expect(gateway.createPayment(paymentRequest({ returnUrl: 'not-a-url' }))).rejects.toThrow(/redirectUrl/);
    });
  });

  describe('verifyNotification', () => {
    const cases: [MolliePaymentStatus, string][] = [
      ['paid', 'paid'],
      ['pending', 'pending'],
      ['authorized', 'pending'],
      ['failed', 'declined'],
      ['canceled', 'cancelled'],
      ['expired', 'expired'],
    ];
    it.each(cases)('reads a %s payment back from Mollie as %s', async (status, outcome) => {
      const { id, request } = await paymentIn(status);
      const facts = await gateway.verifyNotification(`id=${id}`, { 'content-type': 'application/x-www-form-urlencoded' });

      expect(facts).toEqual([{ kind: 'payment', id: `${id}:${outcome}`, reference: request.reference, outcome, amount: 1234, currency: 'EUR' }]);
      const read = lastRequest('GET', `/v2/payments/${id}`)!;
      expect(read.query.embed?.split(',').sort()).toEqual(['chargebacks', 'refunds']);
      // Read again (a retried webhook): the same fact, by its id.
      expect(await gateway.verifyNotification(`id=${id}`, {})).toEqual(facts);
    });

    it('says nothing of a payment that is still open', async () => {
      const { id } = await paymentIn('open');
      expect(await gateway.verifyNotification(`id=${id}`, {})).toEqual([]);
    });

    it('answers nothing for an id Mollie does not know, and logs it', async () => {
      const before = logged.length;
      expect(await gateway.verifyNotification('id=tr_unknown123', {})).toEqual([]);
      expect(logged.slice(before)).toEqual([expect.objectContaining({ level: 40, providerPaymentId: 'tr_unknown123' })]);
    });

    it('refuses a body that names no payment, without asking Mollie', async () => {
      const before = double.requests.length;
      for (const body of ['', 'id=', 'id=re_abc123', 'id=tr_', 'id=tr_ab-c', 'id=tr_abc&id=tr_def', '{"id":"tr_abc"}', `id=tr_${'a'.repeat(65)}`, 'payment=tr_abc']) {
        expect(await gateway.verifyNotification(body, {}), body).toBeNull();
      }
      expect(double.requests.length).toBe(before);
    });

    it('answers nothing for a payment of another integration on the same profile', async () => {
      const response = await fetch(`${double.apiUrl}payments`, {
        method: 'POST',
        headers: { authorization: `Bearer ${double.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ amount: { currency: 'EUR', value: '10.00' }, description: 'Elsewhere', redirectUrl: 'https://elsewhere.example.org/', metadata: { order_id: 7 } }),
      });
      const other = (await response.json()) as { id: string };
      await double.setStatus(other.id, 'paid', { deliver: false });

      expect(await gateway.verifyNotification(`id=${other.id}`, {})).toEqual([]);
      expect(await gateway.readPayment({ reference: newReference(), providerPaymentId: other.id })).toEqual([]);
    });

    it('throws when Mollie answers with another error (the route answers 500 and Mollie tries again)', async () => {
      const { id } = await paymentIn('paid');
      const wrongKey = createMollieGateway({ apiKey: 'test_notTheDoublesKey000000000000000', apiUrl: double.apiUrl });
      await expect(wrongKey.verifyNotification(`id=${id}`, {})).rejects.toThrow(/authenticate/);
    });
  });

  describe('readPayment', () => {
    it('reads only the payment of this reference', async () => {
      const { id, handle } = await paymentIn('paid');
      expect(paymentFacts(await gateway.readPayment(handle))).toEqual([expect.objectContaining({ id: `${id}:paid`, outcome: 'paid' })]);
      expect(await gateway.readPayment({ reference: newReference(), providerPaymentId: id })).toEqual([]);
      expect(await gateway.readPayment({ reference: handle.reference, providerPaymentId: null })).toEqual([]);
    });
  });

  describe('refunds', () => {
    it('refunds part of a payment once per key, and refuses more than remains', async () => {
      const { id, handle } = await paymentIn('paid');
      const refund = { ...handle, amount: 500, currency: 'EUR', idempotencyKey: `refund-${handle.reference}-1`, reason: 'order-cancelled' };

      const answer = await gateway.refund(refund);
      expect(answer).toEqual({ refundId: expect.stringMatching(/^re_/), status: 'pending' });
      const sent = lastRequest('POST', `/v2/payments/${id}/refunds`)!;
      expect(sent.body).toEqual({
        amount: { currency: 'EUR', value: '5.00' },
        description: expect.any(String),
        metadata: { festival_reference: handle.reference, reason: 'order-cancelled' },
      });
      expect((sent.body as any).description.length).toBeLessThanOrEqual(140);
      expect(sent.headers['idempotency-key']).toBe(refund.idempotencyKey);

      expect(await gateway.refund(refund)).toEqual(answer);
      expect(double.payments.get(id)!.refundIds).toEqual([answer.refundId]);

      // 12.34 paid, 5.00 refunded: 7.35 is more than remains.
      await expect(gateway.refund({ ...refund, amount: 735, idempotencyKey: `refund-${handle.reference}-2` })).rejects.toThrow(/exceeds the remaining amount/);
      expect(await gateway.refund({ ...refund, amount: 734, idempotencyKey: `refund-${handle.reference}-3` })).toEqual({ refundId: expect.stringMatching(/^re_/), status: 'pending' });
      // The caller's words (the order's language) where it gives them.
      const other = await paymentIn('paid');
      await gateway.refund({ ...other.handle, amount: 100, currency: 'EUR', idempotencyKey: `refund-${other.handle.reference}`, reason: 'order-cancelled', description: 'Erstattung zur Bestellung NWF-ABC123' });
      expect((lastRequest('POST', `/v2/payments/${other.id}/refunds`)!.body as any).description).toBe('Erstattung zur Bestellung NWF-ABC123');
    });

    it('reads a refund as pending, then as Mollie settles it, from the webhook Mollie posts', async () => {
      const { id, handle } = await paymentIn('paid');
      const { refundId } = await gateway.refund({ ...handle, amount: 1234, currency: 'EUR', idempotencyKey: `refund-${handle.reference}`, reason: 'duplicate-payment' });
      const refundFacts = async (body: string) => ((await gateway.verifyNotification(body, {})) ?? []).filter((fact) => fact.kind === 'refund');

      expect(await refundFacts(`id=${id}`)).toEqual([
        { kind: 'refund', id: `${refundId}:pending`, reference: handle.reference, providerRefundId: refundId, status: 'pending', amount: 1234, currency: 'EUR' },
      ]);

      expect(await double.settleRefund(refundId, 'refunded', { deliver: true })).toBe(200);
      const posted = receiver.bodies.at(-1)!;
      expect(posted).toBe(`id=${id}`);
      expect(await refundFacts(posted)).toEqual([expect.objectContaining({ id: `${refundId}:succeeded`, status: 'succeeded', amount: 1234 })]);

      await double.settleRefund(refundId, 'failed', { deliver: false });
      expect(await refundFacts(`id=${id}`)).toEqual([expect.objectContaining({ id: `${refundId}:failed`, status: 'failed' })]);
    });

    it('answers succeeded when Mollie says the money went back at once', async () => {
      const { handle } = await paymentIn('paid', { amount: 2000, currency: 'JPY' });
      double.settings.newRefundStatus = 'refunded';
      try {
        const answer = await gateway.refund({ ...handle, amount: 700, currency: 'JPY', idempotencyKey: `refund-${handle.reference}`, reason: 'order-cancelled' });
        expect(answer.status).toBe('succeeded');
        expect((double.requests.at(-1)!.body as any).amount).toEqual({ currency: 'JPY', value: '700' });
      } finally {
        double.settings.newRefundStatus = 'pending';
      }
    });

    it('throws when Mollie refuses (a payment not paid)', async () => {
      const { handle } = await paymentIn('open');
      await expect(gateway.refund({ ...handle, amount: 100, currency: 'EUR', idempotencyKey: `refund-${handle.reference}`, reason: 'x' })).rejects.toThrow(/cannot be refunded/);
    });
  });

  describe('chargebacks', () => {
    it('reads a chargeback as an opened dispute, and its reversal as won', async () => {
      const { id, handle } = await paymentIn('paid');
      const chargeback = await double.chargeback(id, { amount: 1000, deliver: false });
      const disputes = async () => (await gateway.readPayment(handle)).filter((fact) => fact.kind === 'dispute');

      expect(await disputes()).toEqual([
        { kind: 'dispute', id: `${chargeback.id}:opened`, reference: handle.reference, providerDisputeId: chargeback.id, status: 'opened', amount: 1000, currency: 'EUR' },
      ]);
      await double.reverseChargeback(chargeback.id, { deliver: false });
      expect(await disputes()).toEqual([
        expect.objectContaining({ id: `${chargeback.id}:opened`, status: 'opened' }),
        expect.objectContaining({ id: `${chargeback.id}:reversed`, status: 'won', amount: 1000 }),
      ]);
      // The payment itself stays paid.
      expect(paymentFacts(await gateway.readPayment(handle))).toEqual([expect.objectContaining({ outcome: 'paid' })]);
    });

    it('reads a chargeback that was reversed already', async () => {
      const { id, handle } = await paymentIn('paid');
      const chargeback = await double.chargeback(id, { reversed: true, deliver: false });
      const facts = (await gateway.readPayment(handle)).filter((fact) => fact.kind === 'dispute');
      expect(facts.map((fact) => [fact.id, fact.kind === 'dispute' && fact.status, fact.kind === 'dispute' && fact.amount])).toEqual([
        [`${chargeback.id}:opened`, 'opened', 1234],
        [`${chargeback.id}:reversed`, 'won', 1234],
      ]);
    });
  });

  describe('cancelAttempt', () => {
    it('cancels an open payment at Mollie', async () => {
      const { id, handle } = await paymentIn('open');
      expect(await gateway.cancelAttempt(handle)).toBe('cancelled');
      expect(double.payments.get(id)!.status).toBe('canceled');
      expect(lastRequest('DELETE', `/v2/payments/${id}`)).toBeDefined();
    });

    it('is too late for a paid payment, and for one Mollie cannot cancel', async () => {
      const paid = await paymentIn('paid');
      expect(await gateway.cancelAttempt(paid.handle)).toBe('too-late');
      expect(lastRequest('DELETE', `/v2/payments/${paid.id}`)).toBeUndefined();

      const underway = await paymentIn('pending');
      await double.setStatus(underway.id, 'pending', { deliver: false, cancelable: false });
      expect(await gateway.cancelAttempt(underway.handle)).toBe('too-late');
      expect(double.payments.get(underway.id)!.status).toBe('pending');
    });

    it('is cancelled without a call for a payment that ended unpaid, or was never created', async () => {
      for (const status of ['failed', 'expired', 'canceled'] as const) {
        const { id, handle } = await paymentIn(status);
        expect(await gateway.cancelAttempt(handle)).toBe('cancelled');
        expect(lastRequest('DELETE', `/v2/payments/${id}`)).toBeUndefined();
      }
      expect(await gateway.cancelAttempt({ reference: newReference(), providerPaymentId: null })).toBe('cancelled');
    });

    it('cancels a pending payment Mollie still can', async () => {
      const { id, handle } = await paymentIn('pending');
      await double.setStatus(id, 'pending', { deliver: false, cancelable: true });
      expect(await gateway.cancelAttempt(handle)).toBe('cancelled');
      expect(double.payments.get(id)!.status).toBe('canceled');
    });
  });

  describe('the hosted checkout', () => {
    it('takes the payer through the page: the webhook is posted, then the payer goes back', async () => {
      double.settings.deliver = 'immediately';
      try {
        const request = paymentRequest({ amount: 4250 });
        const created = await gateway.createPayment(request);
        const url = (created.instruction as { url: string }).url;
        const html = await (await fetch(url)).text();
        expect(html).toContain('€42.50');
        expect(html).toMatch(/<html lang="en">/);

        const before = receiver.bodies.length;
        const answer = await fetch(url, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'method=creditcard&action=pay' });
        expect(answer.status).toBe(303);
        expect(answer.headers.get('location')).toBe(request.returnUrl);
        expect(receiver.bodies.slice(before)).toEqual([`id=${created.providerPaymentId}`]);
        expect(paymentFacts(await gateway.verifyNotification(receiver.bodies.at(-1)!, {}))).toEqual([expect.objectContaining({ outcome: 'paid', amount: 4250 })]);

        const cancelled = await paymentIn('open');
        const back = await fetch(double.checkoutUrl(cancelled.id), { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'action=cancel' });
        expect(back.headers.get('location')).toBe(cancelled.request.cancelUrl);
      } finally {
        double.settings.deliver = 'manual';
      }
    });
  });

  describe('verifyReturn', () => {
    it('names the attempt and takes only a cancel as a hint', () => {
      const reference = newReference();
      expect(gateway.verifyReturn({ reference })).toEqual({ reference, outcome: 'unknown' });
      expect(gateway.verifyReturn({ reference, outcome: 'paid' })).toEqual({ reference, outcome: 'unknown' });
      expect(gateway.verifyReturn({ reference, outcome: 'cancelled' })).toEqual({ reference, outcome: 'cancelled' });
      for (const bad of [undefined, '', 'pay_123', `pay_${'A'.repeat(32)}`, `${reference}x`, 'tr_abc']) expect(gateway.verifyReturn({ reference: bad })).toBeNull();
    });
  });

  describe('setup', () => {
    it('is the mollie provider, and sends the browser only to the checkout origin', () => {
      expect(gateway.provider).toBe(MOLLIE_PROVIDER);
      expect(gateway.browserOrigins).toEqual(['https://www.mollie.com', double.url]);
      expect(createMollieGateway({ apiKey: 'test_abc' }).browserOrigins).toEqual(['https://www.mollie.com']);
    });

    it('points the SDK at a plain-http double on this machine only, and leaves https.Agent as it was', () => {
      createMollieGateway({ apiKey: 'test_abc', apiUrl: 'http://localhost:9/v2/' });
      expect(https.Agent).toBe(HTTPS_AGENT);
      expect(() => createMollieGateway({ apiKey: 'test_abc', apiUrl: 'http://mollie.example.org/v2/' })).toThrow(/neither https nor a double/);
      expect(() => createMollieGateway({ apiKey: 'test_abc', apiUrl: 'https://api.mollie.example.org/v2/' })).not.toThrow();
    });
  });
});

describe('the Mollie double', () => {
  let double: MollieDouble;
  beforeAll(async () => {
    double = await startMollieDouble({ deliver: 'manual' });
  });
  afterAll(() => double?.close());

  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${double.apiUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${double.apiKey}`, 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as any };
  };
  const create = (amount: unknown, extra: Record<string, unknown> = {}) => call('POST', 'payments', { amount, description: 'Order', redirectUrl: 'https://shop.example.org/back', ...extra });

  it('checks what Mollie checks when a payment is created', async () => {
    expect((await create({ currency: 'EUR', value: '12.30' })).status).toBe(201);
    expect((await create({ currency: 'JPY', value: '1230' })).status).toBe(201);
    for (const amount of [{ currency: 'EUR', value: '12.3' }, { currency: 'EUR', value: 12.3 }, { currency: 'JPY', value: '12.00' }, { currency: 'EUR', value: '0.00' }, { currency: 'eur', value: '1.00' }]) {
      const answer = await create(amount);
      expect([answer.status, answer.body.field], JSON.stringify(amount)).toEqual([422, expect.stringMatching(/^amount\./)]);
    }
    expect((await call('POST', 'payments', { amount: { currency: 'EUR', value: '1.00' }, description: 'Order' })).body).toMatchObject({ status: 422, field: 'redirectUrl' });
    expect((await create({ currency: 'EUR', value: '1.00' }, { webhookUrl: '/notify' })).body).toMatchObject({ status: 422, field: 'webhookUrl' });
    expect((await call('GET', 'payments/tr_nothing')).body).toMatchObject({ status: 404, title: 'Not Found' });
    expect((await call('GET', 'payments/tr_nothing', undefined, { authorization: 'Bearer test_other' })).status).toBe(401);
    expect((await call('GET', 'customers')).status).toBe(404);
  });

  it('lists refunds and chargebacks page by page, and refuses to cancel what it cannot', async () => {
    const { body: payment } = await create({ currency: 'EUR', value: '10.00' });
    await double.setStatus(payment.id, 'paid', { deliver: false });
    expect((await call('DELETE', `payments/${payment.id}`)).body).toMatchObject({ status: 422 });
    const ids: string[] = [];
    for (const value of ['1.00', '2.00', '3.00']) ids.push((await call('POST', `payments/${payment.id}/refunds`, { amount: { currency: 'EUR', value } })).body.id);
    const first = await call('GET', `payments/${payment.id}/refunds?limit=2`);
    expect(first.body._embedded.refunds.map((refund: any) => refund.id)).toEqual([ids[2], ids[1]]);
    const next = new URL(first.body._links.next.href);
    const second = await call('GET', `${next.pathname.slice('/v2/'.length)}${next.search}`);
    expect([second.body.count, second.body._embedded.refunds[0].id, second.body._links.next]).toEqual([1, ids[0], null]);
    expect((await call('GET', `payments/${payment.id}/refunds/${ids[0]}`)).body).toMatchObject({ resource: 'refund', amount: { currency: 'EUR', value: '1.00' }, status: 'pending' });
    expect((await call('GET', `payments/${payment.id}`)).body).toMatchObject({ amountRefunded: { value: '6.00' }, amountRemaining: { value: '4.00' } });

    const chargeback = await double.chargeback(payment.id, { amount: 400, deliver: false });
    const listed = await call('GET', `payments/${payment.id}/chargebacks`);
    expect(listed.body._embedded.chargebacks).toEqual([expect.objectContaining({ resource: 'chargeback', id: chargeback.id, amount: { currency: 'EUR', value: '4.00' }, reversedAt: null })]);
    expect((await call('GET', `payments/${payment.id}`)).body).toMatchObject({ amountChargedBack: { value: '4.00' }, amountRemaining: { value: '0.00' } });
  });

  it('closes while connections are open (a request half sent)', async () => {
    const other = await startMollieDouble();
    const socket = net.connect(Number(new URL(other.url).port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('GET /v2/payments/tr_x HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const ended = new Promise((resolve) => socket.once('close', resolve));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    await other.close();
    await ended;
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('Mollie amounts', () => {
  it('writes minor units with the currency decimals, exactly', () => {
    const cases: [number, string, string][] = [
      [0, 'EUR', '0.00'],
      [5, 'EUR', '0.05'],
      [50, 'EUR', '0.50'],
      [100, 'EUR', '1.00'],
      [1234, 'EUR', '12.34'],
      [1234, 'JPY', '1234'],
      [0, 'JPY', '0'],
      [1234, 'KWD', '1.234'],
      [Number.MAX_SAFE_INTEGER, 'EUR', '90071992547409.91'],
      [Number.MAX_SAFE_INTEGER, 'JPY', '9007199254740991'],
      [123_456_789_012, 'EUR', '1234567890.12'],
      // Where floating point would be off by a cent (88419380459564.49 × 100 is 8841938045956448 in doubles).
      [8_841_938_045_956_449, 'EUR', '88419380459564.49'],
      [7_705_660_729_793_451, 'EUR', '77056607297934.51'],
    ];
    for (const [minor, currency, value] of cases) {
      expect(toMollieAmount(minor, currency), `${minor} ${currency}`).toEqual({ currency, value });
      expect(fromMollieAmount({ currency, value }), `${value} ${currency}`).toEqual({ amount: minor, currency });
    }
  });

  it('refuses what is not a whole number of minor units, or not a currency', () => {
    for (const minor of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1]) expect(() => toMollieAmount(minor, 'EUR'), String(minor)).toThrow(RangeError);
    for (const currency of ['eur', 'EURO', '', 'E1R']) expect(() => toMollieAmount(100, currency), currency).toThrow(RangeError);
  });

  it('refuses a malformed value from Mollie instead of guessing', () => {
    const bad: [string, string][] = [
      ['12.3', 'EUR'],
      ['12.345', 'EUR'],
      ['12', 'EUR'],
      ['1,00', 'EUR'],
      [' 1.00', 'EUR'],
      ['-1.00', 'EUR'],
      ['01.00', 'EUR'],
      ['1e3', 'EUR'],
      ['.50', 'EUR'],
      ['12.00', 'JPY'],
      ['90071992547409.92', 'EUR'],
      ['9007199254740992', 'JPY'],
    ];
    for (const [value, currency] of bad) expect(() => fromMollieAmount({ currency, value }), `${value} ${currency}`).toThrow(RangeError);
    expect(() => fromMollieAmount({ currency: 'EUR', value: 12.34 as unknown as string })).toThrow(RangeError);
  });
});
