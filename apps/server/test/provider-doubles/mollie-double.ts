import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import { type RecordedRequest, escapeHtml, startDoubleServer } from './double-server';

/**
 * A local double of Mollie's payments API (v2), for the shop's tests: Mollie cannot be reached from
 * the machines the tests run on, and a double lets a test decide what Mollie says. It answers the
 * documented JSON (HAL) shapes of the calls the shop makes, keeps idempotency keys as Mollie does,
 * serves a hosted checkout page a browser test can click through, and posts Mollie's webhook
 * (`id=tr_…`) to the shop. Its money arithmetic is its own (BigInt), so a mistake in the adapter's
 * is not mirrored here; the HTTP server (recording every request, posting the webhook, closing for
 * real) is the one the Stripe double uses too (double-server.ts), with Mollie's body parsing and
 * routing.
 */

export type MolliePaymentStatus = 'open' | 'pending' | 'authorized' | 'paid' | 'failed' | 'canceled' | 'expired';
export type MollieRefundStatus = 'queued' | 'pending' | 'processing' | 'refunded' | 'failed' | 'canceled';
export interface MollieAmount {
  currency: string;
  value: string;
}

export interface DoublePayment {
  id: string;
  createdAt: string;
  status: MolliePaymentStatus;
  /** Chosen on the checkout page (or sent at creation); null until then. */
  method: string | null;
  amount: MollieAmount;
  description: string;
  redirectUrl: string;
  cancelUrl: string | null;
  webhookUrl: string | null;
  metadata: unknown;
  expiresAt: string;
  paidAt?: string;
  authorizedAt?: string;
  canceledAt?: string;
  expiredAt?: string;
  failedAt?: string;
  /** When set, what isCancelable says whatever the status (by default: only an open payment can be cancelled). */
  cancelable?: boolean;
  refundIds: string[];
  chargebackIds: string[];
}

export interface DoubleRefund {
  id: string;
  paymentId: string;
  createdAt: string;
  amount: MollieAmount;
  status: MollieRefundStatus;
  description: string;
  metadata: unknown;
}

export interface DoubleChargeback {
  id: string;
  paymentId: string;
  createdAt: string;
  amount: MollieAmount;
  reversedAt: string | null;
}

/**
 * One request the double received, as it arrived: the shared record (lower-case header names,
 * authorization and idempotency-key included; `at` in epoch milliseconds). Its query is flat, one
 * string a name; its body is parsed JSON (or a parsed form, for the checkout page), the raw text
 * when it does not parse, null when empty.
 */
export type DoubleRequest = RecordedRequest & { query: Record<string, string> };

/** One webhook post the double made: the answer's status, or null and the error when the shop could not be reached. */
export interface WebhookDelivery {
  paymentId: string;
  url: string;
  at: Date;
  status: number | null;
  error?: string;
}

export interface MollieDoubleOptions {
  /**
   * Whether a payment finished on the checkout page (and, unless a helper is told otherwise, a
   * change made by a helper) posts the webhook before the payer is sent back ('immediately', the
   * default), or only when the test calls callWebhook ('manual').
   */
  deliver?: 'immediately' | 'manual';
  /** The key the double accepts (`Authorization: Bearer <key>`); a test key by default. */
  apiKey?: string;
  /** The status of a new refund: 'pending' as Mollie answers, or 'refunded' / 'queued'. */
  newRefundStatus?: MollieRefundStatus;
}

export interface MollieDouble {
  /** http://127.0.0.1:<port> */
  readonly url: string;
  /** What the adapter is given as apiUrl: `${url}/v2/`. */
  readonly apiUrl: string;
  readonly apiKey: string;
  /** Changeable while running. */
  readonly settings: { deliver: 'immediately' | 'manual'; newRefundStatus: MollieRefundStatus };
  readonly requests: DoubleRequest[];
  readonly deliveries: WebhookDelivery[];
  readonly payments: ReadonlyMap<string, DoublePayment>;
  readonly refunds: ReadonlyMap<string, DoubleRefund>;
  readonly chargebacks: ReadonlyMap<string, DoubleChargeback>;
  checkoutUrl(paymentId: string): string;
  /** Sets a payment's status (as the payer or the bank would); posts the webhook as `deliver` (or the double's setting) says. Answers the webhook's status, or null when none was posted or it failed. */
  setStatus(paymentId: string, status: MolliePaymentStatus, options?: { deliver?: boolean; cancelable?: boolean }): Promise<number | null>;
  /** Posts `id=<payment id>` to the payment's webhookUrl now; answers the HTTP status (throws when it cannot be posted). */
  callWebhook(paymentId: string): Promise<number>;
  /** A chargeback of a paid payment (amount in minor units, the whole payment by default), reversed already when asked. */
  chargeback(paymentId: string, options?: { amount?: number; reversed?: boolean; deliver?: boolean }): Promise<DoubleChargeback>;
  reverseChargeback(chargebackId: string, options?: { deliver?: boolean }): Promise<DoubleChargeback>;
  /** Moves a refund on (refunded, failed, …) and posts the payment's webhook, as Mollie does. */
  settleRefund(refundId: string, status: MollieRefundStatus, options?: { deliver?: boolean }): Promise<number | null>;
  /** Stops listening, ends open connections (keep-alive ones too) and abandons webhook posts still on their way. */
  close(): Promise<void>;
}

const DEFAULT_API_KEY = 'test_festivalDouble0000000000000000';
const PROFILE_ID = 'pfl_festival01';
const CHECKOUT_METHODS = [
  { value: 'ideal', label: 'iDEAL' },
  { value: 'creditcard', label: 'Card' },
  { value: 'bancontact', label: 'Bancontact' },
] as const;
/**
 * The methods enabled on the double's profile, as GET /v2/methods lists them (issue 34 point 7):
 * each with its amounts and, for the local ones, the buyers' countries Mollie offers it to. A
 * billingCountry outside a method's countries leaves it out; without one every method is listed.
 */
const PROFILE_METHODS = [
  { id: 'ideal', description: 'iDEAL', currencies: ['EUR'], countries: ['NL'], minimum: 1n, maximum: 5_000_000n },
  { id: 'bancontact', description: 'Bancontact', currencies: ['EUR'], countries: ['BE'], minimum: 2n, maximum: 5_000_000n },
  { id: 'creditcard', description: 'Card', currencies: null, countries: null, minimum: 1n, maximum: 1_000_000n },
  { id: 'applepay', description: 'Apple Pay', currencies: null, countries: null, minimum: 1n, maximum: 1_000_000n },
] as const;
/** The checkout page's buttons and the status each leaves the payment in. */
const CHECKOUT_ACTIONS: Record<string, MolliePaymentStatus> = { pay: 'paid', 'pay-later': 'pending', fail: 'failed', cancel: 'canceled' };
const DOCS = 'https://docs.mollie.com/reference/';

interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  html?: string;
}

export async function startMollieDouble(options: MollieDoubleOptions = {}): Promise<MollieDouble> {
  const apiKey = options.apiKey ?? DEFAULT_API_KEY;
  const settings = { deliver: options.deliver ?? 'immediately', newRefundStatus: options.newRefundStatus ?? 'pending' } satisfies MollieDouble['settings'];
  const payments = new Map<string, DoublePayment>();
  const refunds = new Map<string, DoubleRefund>();
  const chargebacks = new Map<string, DoubleChargeback>();
  const deliveries: WebhookDelivery[] = [];
  /** Idempotency-Key → the request it was first used for and the answer given. */
  const idempotency = new Map<string, { fingerprint: string; answer: Answer }>();
  /** http://127.0.0.1:<port>, known once the server listens (before any request can come). */
  let base = '';

  const links = {
    api: (path: string) => ({ href: `${base}/v2/${path}`, type: 'application/hal+json' }),
    docs: (page: string) => ({ href: `${DOCS}${page}`, type: 'text/html' }),
  };

  // ---- JSON shapes -------------------------------------------------------------------------

  const activeRefunds = (payment: DoublePayment) =>
    payment.refundIds.map((id) => refunds.get(id)!).filter((refund) => refund.status !== 'failed' && refund.status !== 'canceled');
  const standingChargebacks = (payment: DoublePayment) => payment.chargebackIds.map((id) => chargebacks.get(id)!).filter((chargeback) => !chargeback.reversedAt);
  const sum = (amounts: MollieAmount[]) => amounts.reduce((total, amount) => total + minorOf(amount), 0n);
  const remaining = (payment: DoublePayment) => {
    const left = minorOf(payment.amount) - sum(activeRefunds(payment).map((refund) => refund.amount)) - sum(standingChargebacks(payment).map((chargeback) => chargeback.amount));
    return left > 0n ? left : 0n;
  };
  const isCancelable = (payment: DoublePayment) => payment.cancelable ?? payment.status === 'open';

  function paymentJson(payment: DoublePayment, embed: ReadonlySet<string> = new Set()): Record<string, unknown> {
    const { currency } = payment.amount;
    const json: Record<string, unknown> = {
      resource: 'payment',
      id: payment.id,
      mode: 'test',
      createdAt: payment.createdAt,
      amount: payment.amount,
      description: payment.description,
      method: payment.method,
      metadata: payment.metadata,
      status: payment.status,
      isCancelable: isCancelable(payment),
      ...(payment.status === 'open' ? { expiresAt: payment.expiresAt } : {}),
      ...pick(payment, ['paidAt', 'authorizedAt', 'canceledAt', 'expiredAt', 'failedAt']),
      profileId: PROFILE_ID,
      sequenceType: 'oneoff',
      redirectUrl: payment.redirectUrl,
      ...(payment.cancelUrl ? { cancelUrl: payment.cancelUrl } : {}),
      ...(payment.webhookUrl ? { webhookUrl: payment.webhookUrl } : {}),
    };
    if (payment.status === 'paid') {
      json.amountRefunded = amountOf(sum(activeRefunds(payment).map((refund) => refund.amount)), currency);
      json.amountRemaining = amountOf(remaining(payment), currency);
    }
    if (payment.chargebackIds.length > 0) json.amountChargedBack = amountOf(sum(standingChargebacks(payment).map((chargeback) => chargeback.amount)), currency);
    json._links = {
      self: links.api(`payments/${payment.id}`),
      ...(payment.status === 'open' ? { checkout: { href: checkoutUrl(payment.id), type: 'text/html' } } : {}),
      dashboard: { href: `https://my.mollie.com/dashboard/org_festival/payments/${payment.id}`, type: 'text/html' },
      ...(payment.refundIds.length > 0 ? { refunds: links.api(`payments/${payment.id}/refunds`) } : {}),
      ...(payment.chargebackIds.length > 0 ? { chargebacks: links.api(`payments/${payment.id}/chargebacks`) } : {}),
      documentation: links.docs('get-payment'),
    };
    const embedded: Record<string, unknown[]> = {};
    if (embed.has('refunds')) embedded.refunds = payment.refundIds.map((id) => refundJson(refunds.get(id)!));
    if (embed.has('chargebacks')) embedded.chargebacks = payment.chargebackIds.map((id) => chargebackJson(chargebacks.get(id)!));
    if (embed.has('captures')) embedded.captures = [];
    if (Object.keys(embedded).length > 0) json._embedded = embedded;
    return json;
  }

  const refundJson = (refund: DoubleRefund) => ({
    resource: 'refund',
    id: refund.id,
    mode: 'test',
    amount: refund.amount,
    status: refund.status,
    createdAt: refund.createdAt,
    description: refund.description,
    metadata: refund.metadata,
    paymentId: refund.paymentId,
    _links: { self: links.api(`payments/${refund.paymentId}/refunds/${refund.id}`), payment: links.api(`payments/${refund.paymentId}`), documentation: links.docs('get-refund') },
  });

  const chargebackJson = (chargeback: DoubleChargeback) => ({
    resource: 'chargeback',
    id: chargeback.id,
    amount: chargeback.amount,
    settlementAmount: { currency: chargeback.amount.currency, value: `-${chargeback.amount.value}` },
    createdAt: chargeback.createdAt,
    reason: { code: 'MD06', description: 'Disputed authorised transaction' },
    reversedAt: chargeback.reversedAt,
    paymentId: chargeback.paymentId,
    _links: {
      self: links.api(`payments/${chargeback.paymentId}/chargebacks/${chargeback.id}`),
      payment: links.api(`payments/${chargeback.paymentId}`),
      documentation: links.docs('get-chargeback'),
    },
  });

  /** A page of a list, newest first, as Mollie's list endpoints answer (`from` an id, `limit` up to 250). */
  function list(name: string, path: string, items: Record<string, unknown>[], query: URLSearchParams): Answer {
    const limit = query.has('limit') ? Number(query.get('limit')) : 50;
    if (!Number.isInteger(limit) || limit < 1 || limit > 250) return error(400, 'Bad Request', 'The limit must be between 1 and 250', 'limit');
    const newest = [...items].reverse();
    const from = query.get('from');
    const start = from ? newest.findIndex((item) => item.id === from) : 0;
    if (start < 0) return error(400, 'Bad Request', `The resource ${from} does not exist in this list`, 'from');
    const page = newest.slice(start, start + limit);
    const next = newest[start + limit];
    return {
      status: 200,
      body: {
        count: page.length,
        _embedded: { [name]: page },
        _links: {
          self: links.api(`${path}?limit=${limit}${from ? `&from=${from}` : ''}`),
          previous: null,
          next: next ? links.api(`${path}?limit=${limit}&from=${String(next.id)}`) : null,
          documentation: links.docs(`list-${name}`),
        },
      },
    };
  }

  // ---- the API -----------------------------------------------------------------------------

  async function api(request: DoubleRequest): Promise<Answer> {
    const { method } = request;
    const query = new URLSearchParams(request.query);
    if (request.headers.authorization !== `Bearer ${apiKey}`) return error(401, 'Unauthorized Request', 'Missing authentication, or failed to authenticate');
    const [collection, paymentId, sub, subId, ...rest] = request.path.slice('/v2/'.length).split('/');
    if (collection === 'methods' && paymentId === undefined) return method === 'GET' ? listMethods(query) : error(405, 'Method Not Allowed', `The method ${method} is not allowed here`);
    if (collection !== 'payments' || rest.length > 0) return error(404, 'Not Found', 'The resource does not exist');
    if (paymentId === undefined || paymentId === '') {
      if (method === 'POST') return idempotent(request, () => createPayment(request.body));
      return error(405, 'Method Not Allowed', `The method ${method} is not allowed here`);
    }
    const payment = payments.get(paymentId);
    if (!payment) return error(404, 'Not Found', `No payment exists with token ${paymentId}.`);
    if (sub === undefined) {
      if (method === 'GET') return getPayment(payment, query);
      if (method === 'DELETE') return idempotent(request, () => cancelPayment(payment));
      return error(405, 'Method Not Allowed', `The method ${method} is not allowed here`);
    }
    if (sub === 'refunds' && subId === undefined) {
      if (method === 'POST') return idempotent(request, () => createRefund(payment, request.body));
      if (method === 'GET') return list('refunds', `payments/${payment.id}/refunds`, payment.refundIds.map((id) => refundJson(refunds.get(id)!)), query);
    }
    if (sub === 'refunds' && subId !== undefined && method === 'GET') {
      const refund = refunds.get(subId);
      return refund && refund.paymentId === payment.id ? { status: 200, body: refundJson(refund) } : error(404, 'Not Found', `No refund exists with token ${subId}.`);
    }
    if (sub === 'chargebacks' && method === 'GET') {
      if (subId === undefined) return list('chargebacks', `payments/${payment.id}/chargebacks`, payment.chargebackIds.map((id) => chargebackJson(chargebacks.get(id)!)), query);
      const chargeback = chargebacks.get(subId);
      return chargeback && chargeback.paymentId === payment.id ? { status: 200, body: chargebackJson(chargeback) } : error(404, 'Not Found', `No chargeback exists with token ${subId}.`);
    }
    return error(404, 'Not Found', 'The resource does not exist');
  }

  /**
   * Mollie keeps an Idempotency-Key's answer: the same key with the same request answers the first
   * answer again (nothing is created twice); the same key with another request is refused.
   */
  function idempotent(request: DoubleRequest, run: () => Answer): Answer {
    const key = request.headers['idempotency-key'];
    if (!key) return run();
    const fingerprint = `${request.method} ${request.path} ${canonicalJson(request.body)}`;
    const known = idempotency.get(key);
    if (known) {
      return known.fingerprint === fingerprint ? known.answer : error(422, 'Unprocessable Entity', 'The idempotency key has already been used for a different request');
    }
    const answer = run();
    if (answer.status < 500) idempotency.set(key, { fingerprint, answer });
    return answer;
  }

  function createPayment(body: unknown): Answer {
    if (!isRecord(body)) return error(400, 'Bad Request', 'The request body is not a JSON object');
    const amount = readAmount(body.amount, 'amount');
    if ('status' in amount) return amount;
    if (typeof body.description !== 'string' || body.description.trim() === '') return error(422, 'Unprocessable Entity', 'The description is invalid', 'description');
    if (body.description.length > 255) return error(422, 'Unprocessable Entity', 'The description is too long (255 characters at most)', 'description');
    if (body.redirectUrl === undefined || body.redirectUrl === null || body.redirectUrl === '') return error(422, 'Unprocessable Entity', 'The redirect URL is required', 'redirectUrl');
    for (const field of ['redirectUrl', 'cancelUrl', 'webhookUrl'] as const) {
      if (body[field] !== undefined && body[field] !== null && !isAbsoluteUrl(body[field])) return error(422, 'Unprocessable Entity', `The ${field} is not an absolute URL`, field);
    }
    if (body.metadata !== undefined && JSON.stringify(body.metadata).length > 1024) return error(422, 'Unprocessable Entity', 'The metadata is too large (1024 bytes at most)', 'metadata');
    if (body.method !== undefined && body.method !== null && typeof body.method !== 'string' && !Array.isArray(body.method)) return error(422, 'Unprocessable Entity', 'The method is invalid', 'method');
    if (typeof body.method === 'string' && !PROFILE_METHODS.some((candidate) => candidate.id === body.method)) {
      return error(422, 'Unprocessable Entity', `The payment method "${body.method}" is not activated on your profile`, 'method');
    }
    const now = new Date();
    const payment: DoublePayment = {
      id: newId('tr_'),
      createdAt: now.toISOString(),
      status: 'open',
      method: typeof body.method === 'string' ? body.method : null,
      amount,
      description: body.description,
      redirectUrl: body.redirectUrl as string,
      cancelUrl: (body.cancelUrl as string | undefined) ?? null,
      webhookUrl: (body.webhookUrl as string | undefined) ?? null,
      metadata: body.metadata ?? null,
      expiresAt: new Date(now.getTime() + 15 * 60_000).toISOString(),
      refundIds: [],
      chargebackIds: [],
    };
    payments.set(payment.id, payment);
    return { status: 201, body: paymentJson(payment) };
  }

  /** GET /v2/methods: the profile's methods for an amount (required here, as the shop always sends it) and a billing country. */
  function listMethods(query: URLSearchParams): Answer {
    const value = query.get('amount[value]');
    const currency = query.get('amount[currency]');
    const amount = readAmount({ value, currency }, 'amount');
    if ('status' in amount) return amount;
    const minor = minorOf(amount);
    const country = query.get('billingCountry');
    if (country !== null && !/^[A-Z]{2}$/.test(country)) return error(422, 'Unprocessable Entity', 'The billing country is invalid', 'billingCountry');
    const methods = PROFILE_METHODS.filter(
      (candidate) =>
        (candidate.currencies === null || (candidate.currencies as readonly string[]).includes(amount.currency)) &&
        (candidate.countries === null || country === null || (candidate.countries as readonly string[]).includes(country)) &&
        minor >= candidate.minimum &&
        minor <= candidate.maximum,
    ).map((candidate) => ({
      resource: 'method',
      id: candidate.id,
      description: candidate.description,
      minimumAmount: amountOf(candidate.minimum, amount.currency),
      maximumAmount: amountOf(candidate.maximum, amount.currency),
      image: { size1x: `${base}/images/${candidate.id}.png`, size2x: `${base}/images/${candidate.id}@2x.png`, svg: `${base}/images/${candidate.id}.svg` },
      status: 'activated',
      _links: { self: links.api(`methods/${candidate.id}`), documentation: links.docs('get-method') },
    }));
    return { status: 200, body: { count: methods.length, _embedded: { methods }, _links: { self: links.api('methods'), documentation: links.docs('list-methods') } } };
  }

  function getPayment(payment: DoublePayment, query: URLSearchParams): Answer {
    const embed = new Set((query.get('embed') ?? '').split(',').filter(Boolean));
    const unknown = [...embed].find((name) => !['refunds', 'chargebacks', 'captures'].includes(name));
    if (unknown) return error(400, 'Bad Request', `Invalid embed: ${unknown}`, 'embed');
    return { status: 200, body: paymentJson(payment, embed) };
  }

  function cancelPayment(payment: DoublePayment): Answer {
    if (!isCancelable(payment)) return error(422, 'Unprocessable Entity', `The payment ${payment.id} cannot be canceled (status ${payment.status})`);
    changeStatus(payment, 'canceled');
    return { status: 200, body: paymentJson(payment) };
  }

  function createRefund(payment: DoublePayment, body: unknown): Answer {
    if (!isRecord(body)) return error(400, 'Bad Request', 'The request body is not a JSON object');
    if (payment.status !== 'paid') return error(422, 'Unprocessable Entity', `The payment ${payment.id} cannot be refunded (status ${payment.status})`);
    const amount = readAmount(body.amount, 'amount');
    if ('status' in amount) return amount;
    if (amount.currency !== payment.amount.currency) return error(422, 'Unprocessable Entity', `The refund must be in ${payment.amount.currency}`, 'amount.currency');
    if (minorOf(amount) > remaining(payment)) {
      return error(422, 'Unprocessable Entity', `The amount requested to refund exceeds the remaining amount (${amountOf(remaining(payment), amount.currency).value} ${amount.currency})`, 'amount');
    }
    if (body.description !== undefined && (typeof body.description !== 'string' || body.description.length > 140)) return error(422, 'Unprocessable Entity', 'The description is invalid (140 characters at most)', 'description');
    const refund: DoubleRefund = {
      id: newId('re_'),
      paymentId: payment.id,
      createdAt: new Date().toISOString(),
      amount,
      status: settings.newRefundStatus,
      description: (body.description as string | undefined) ?? '',
      metadata: body.metadata ?? null,
    };
    refunds.set(refund.id, refund);
    payment.refundIds.push(refund.id);
    return { status: 201, body: refundJson(refund) };
  }

  // ---- the hosted checkout -------------------------------------------------------------------

  function checkoutUrl(paymentId: string): string {
    return `${base}/checkout/${paymentId}`;
  }

  async function checkout(method: string, paymentId: string, request: DoubleRequest): Promise<Answer> {
    const payment = payments.get(paymentId);
    if (!payment) return { status: 404, html: page('Payment not found', '<h1>Payment not found</h1><p>This payment does not exist.</p>') };
    if (payment.status !== 'open') return { status: 409, html: finishedPage(payment) };
    if (method === 'GET') return { status: 200, html: checkoutPage(payment) };
    if (method !== 'POST') return { status: 405, html: page('Not allowed', '<h1>Not allowed</h1>') };
    const form = isRecord(request.body) ? request.body : {};
    const status = typeof form.action === 'string' ? CHECKOUT_ACTIONS[form.action] : undefined;
    if (!status) return { status: 400, html: checkoutPage(payment, 'Choose one of the buttons below.') };
    const chosen = CHECKOUT_METHODS.find((candidate) => candidate.value === form.method);
    // A payment created with a method (the shop's choice) is paid with that one; otherwise the payer's choice here.
    if (status !== 'canceled') payment.method = payment.method ?? chosen?.value ?? 'ideal';
    changeStatus(payment, status);
    if (settings.deliver === 'immediately') await deliver(payment);
    const back = status === 'canceled' && payment.cancelUrl ? payment.cancelUrl : payment.redirectUrl;
    return { status: 303, headers: { location: back }, html: page('Returning to the shop', `<h1>Returning to the shop</h1><p><a href="${escapeHtml(back)}">Continue</a></p>`) };
  }

  function checkoutPage(payment: DoublePayment, problem?: string): string {
    const money = displayAmount(payment.amount);
    const methods = CHECKOUT_METHODS.filter((method) => payment.method === null || method.value === payment.method).map(
      (method, index) =>
        `<div class="method"><input type="radio" id="mollie-method-${method.value}" name="method" value="${method.value}"${index === 0 ? ' checked' : ''}>` +
        `<label for="mollie-method-${method.value}">${method.label}</label></div>`,
    ).join('');
    return page(
      `Pay ${money}`,
      `<h1>Pay <span id="mollie-amount">${escapeHtml(money)}</span></h1>` +
        `<p class="description" id="mollie-description">${escapeHtml(payment.description)}</p>` +
        (problem ? `<p class="problem" role="alert">${escapeHtml(problem)}</p>` : '') +
        `<form method="post" action="/checkout/${payment.id}" id="mollie-form">` +
        `<fieldset><legend>Payment method</legend>${methods}</fieldset>` +
        `<div class="actions">` +
        `<button type="submit" name="action" value="pay" id="mollie-pay" class="primary">Pay</button>` +
        `<button type="submit" name="action" value="pay-later" id="mollie-pay-later">Pay later</button>` +
        `<button type="submit" name="action" value="fail" id="mollie-fail">Fail</button>` +
        `<button type="submit" name="action" value="cancel" id="mollie-cancel">Cancel</button>` +
        `</div></form>` +
        `<p class="note">Test mode: no money moves. Pay later leaves the payment pending until the test settles it.</p>`,
    );
  }

  function finishedPage(payment: DoublePayment): string {
    return page(
      'Payment finished',
      `<h1>This payment is ${escapeHtml(payment.status)}</h1><p>It can no longer be paid here.</p><p><a href="${escapeHtml(payment.redirectUrl)}">Back to the shop</a></p>`,
    );
  }

  // ---- changes, and the webhook --------------------------------------------------------------

  function changeStatus(payment: DoublePayment, status: MolliePaymentStatus): void {
    payment.status = status;
    const at = new Date().toISOString();
    if (status === 'paid') payment.paidAt = at;
    if (status === 'authorized') payment.authorizedAt = at;
    if (status === 'canceled') payment.canceledAt = at;
    if (status === 'expired') payment.expiredAt = at;
    if (status === 'failed') payment.failedAt = at;
  }

  function postWebhook(payment: DoublePayment): Promise<number> {
    if (!payment.webhookUrl) return Promise.reject(new Error(`payment ${payment.id} has no webhookUrl`));
    return server.post(payment.webhookUrl, new URLSearchParams({ id: payment.id }).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
      'user-agent': 'Mollie double',
    });
  }

  /** A webhook post that does not throw: what it answered is recorded in deliveries (Mollie would try again later; the double leaves that to the test). */
  async function deliver(payment: DoublePayment): Promise<number | null> {
    if (!payment.webhookUrl) return null;
    const delivery: WebhookDelivery = { paymentId: payment.id, url: payment.webhookUrl, at: new Date(), status: null };
    deliveries.push(delivery);
    try {
      delivery.status = await postWebhook(payment);
    } catch (problem) {
      delivery.error = problem instanceof Error ? problem.message : String(problem);
    }
    return delivery.status;
  }

  const shouldDeliver = (told: boolean | undefined) => told ?? settings.deliver === 'immediately';
  const paymentOf = (id: string) => payments.get(id) ?? fail(`the Mollie double has no payment ${id}`);

  // ---- the server ----------------------------------------------------------------------------

  /** Mollie's routing. The shared server has recorded the request; a thrown error is answered here, in Mollie's shape. */
  async function handle(recorded: RecordedRequest, outgoing: http.ServerResponse): Promise<void> {
    // The query is the shared server's flat parse: one string a name.
    const request = recorded as DoubleRequest;
    try {
      let answer: Answer;
      if (request.path.startsWith('/v2/')) answer = await api(request);
      else if (request.path.startsWith('/checkout/')) answer = await checkout(request.method, request.path.slice('/checkout/'.length), request);
      else answer = error(404, 'Not Found', 'The resource does not exist');
      send(outgoing, answer);
    } catch (problem) {
      if (outgoing.headersSent) outgoing.destroy();
      else send(outgoing, error(500, 'Internal Server Error', problem instanceof Error ? problem.message : String(problem)));
    }
  }

  const server = await startDoubleServer(handle, { parseBody });
  base = server.url;

  return {
    url: base,
    apiUrl: `${base}/v2/`,
    apiKey,
    settings,
    requests: server.requests as DoubleRequest[],
    deliveries,
    payments,
    refunds,
    chargebacks,
    checkoutUrl,
    async setStatus(paymentId, status, change = {}) {
      const payment = paymentOf(paymentId);
      changeStatus(payment, status);
      if (change.cancelable !== undefined) payment.cancelable = change.cancelable;
      return shouldDeliver(change.deliver) ? deliver(payment) : null;
    },
    callWebhook: (paymentId) => postWebhook(paymentOf(paymentId)),
    async chargeback(paymentId, change = {}) {
      const payment = paymentOf(paymentId);
      if (payment.status !== 'paid') fail(`payment ${paymentId} is ${payment.status}: only a paid payment is charged back`);
      const whole = minorOf(payment.amount);
      const amount = change.amount === undefined ? whole : BigInt(change.amount);
      if (amount <= 0n || amount > whole) fail(`a chargeback of ${amount} is not within the payment's ${whole}`);
      const at = new Date().toISOString();
      const chargeback: DoubleChargeback = { id: newId('chb_'), paymentId, createdAt: at, amount: amountOf(amount, payment.amount.currency), reversedAt: change.reversed ? at : null };
      chargebacks.set(chargeback.id, chargeback);
      payment.chargebackIds.push(chargeback.id);
      if (shouldDeliver(change.deliver)) await deliver(payment);
      return chargeback;
    },
    async reverseChargeback(chargebackId, change = {}) {
      const chargeback = chargebacks.get(chargebackId) ?? fail(`the Mollie double has no chargeback ${chargebackId}`);
      chargeback.reversedAt = new Date().toISOString();
      if (shouldDeliver(change.deliver)) await deliver(paymentOf(chargeback.paymentId));
      return chargeback;
    },
    async settleRefund(refundId, status, change = {}) {
      const refund = refunds.get(refundId) ?? fail(`the Mollie double has no refund ${refundId}`);
      refund.status = status;
      return shouldDeliver(change.deliver) ? deliver(paymentOf(refund.paymentId)) : null;
    },
    close: () => server.close(),
  };
}

// ---- helpers ---------------------------------------------------------------------------------

function fail(message: string): never {
  throw new Error(message);
}

function error(status: number, title: string, detail: string, field?: string): Answer {
  return {
    status,
    body: { status, title, detail, ...(field ? { field } : {}), _links: { documentation: { href: 'https://docs.mollie.com/overview/handling-errors', type: 'text/html' } } },
  };
}

function send(outgoing: http.ServerResponse, answer: Answer): void {
  const headers: Record<string, string> = { ...answer.headers };
  let body: string;
  if (answer.html !== undefined) {
    headers['content-type'] = 'text/html; charset=utf-8';
    headers['cache-control'] = 'no-store';
    body = answer.html;
  } else {
    headers['content-type'] = 'application/hal+json; charset=utf-8';
    body = answer.body === undefined ? '' : JSON.stringify(answer.body);
  }
  outgoing.writeHead(answer.status, { ...headers, 'content-length': String(Buffer.byteLength(body)) });
  outgoing.end(body);
}

function parseBody(raw: string, contentType: string): unknown {
  if (raw === '') return null;
  if (contentType.startsWith('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(raw));
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/** Two bodies are the same request when they hold the same values, whatever the order of their keys. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isRecord(value)) {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isAbsoluteUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

function pick<T extends object, K extends keyof T>(source: T, keys: K[]): Partial<Pick<T, K>> {
  const picked: Partial<Pick<T, K>> = {};
  for (const key of keys) if (source[key] !== undefined) picked[key] = source[key];
  return picked;
}

function newId(prefix: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return prefix + [...randomBytes(10)].map((byte) => alphabet[byte % alphabet.length]).join('');
}

/** The currency's decimals (EUR 2, JPY 0), or null for what is not a currency. */
function decimalsOf(currency: unknown): number | null {
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) return null;
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? null;
  } catch {
    return null;
  }
}

/** Mollie's amount object, checked as Mollie checks it: a known currency, a value with exactly its decimals, more than zero. */
function readAmount(value: unknown, field: string): MollieAmount | Answer {
  if (!isRecord(value)) return error(422, 'Unprocessable Entity', 'The amount is required', field);
  const decimals = decimalsOf(value.currency);
  if (decimals === null) return error(422, 'Unprocessable Entity', 'The amount currency is invalid', `${field}.currency`);
  const amount = { currency: value.currency as string, value: value.value as string };
  if (typeof value.value !== 'string' || parseMinor(value.value, decimals) === null) {
    return error(422, 'Unprocessable Entity', `The amount value must be a string with ${decimals} decimals for ${amount.currency}`, `${field}.value`);
  }
  if (minorOf(amount) <= 0n) return error(422, 'Unprocessable Entity', 'The amount is lower than the minimum', `${field}.value`);
  return amount;
}

function parseMinor(value: string, decimals: number): bigint | null {
  const [whole = '', fraction, ...more] = value.split('.');
  if (more.length > 0 || !/^\d+$/.test(whole) || (whole.length > 1 && whole.startsWith('0'))) return null;
  if (decimals === 0 ? fraction !== undefined : fraction === undefined || fraction.length !== decimals || !/^\d+$/.test(fraction)) return null;
  return BigInt(whole + (fraction ?? ''));
}

/** An amount already checked (the double's own records). */
function minorOf(amount: MollieAmount): bigint {
  return parseMinor(amount.value, decimalsOf(amount.currency) ?? fail(`not a currency: ${amount.currency}`)) ?? fail(`not an amount: ${amount.value}`);
}

function amountOf(minor: bigint, currency: string): MollieAmount {
  const decimals = decimalsOf(currency) ?? fail(`not a currency: ${currency}`);
  const digits = minor.toString().padStart(decimals + 1, '0');
  return { currency, value: decimals === 0 ? digits : `${digits.slice(0, digits.length - decimals)}.${digits.slice(digits.length - decimals)}` };
}

function displayAmount(amount: MollieAmount): string {
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency: amount.currency }).format(Number(amount.value));
}

const STYLE = `*{box-sizing:border-box}
body{margin:0;font-family:system-ui,sans-serif;background:#f1f3f6;color:#14171c;line-height:1.5}
header{background:#0b1a2e;color:#fff;padding:1rem 1.5rem}
header p{margin:0;font-weight:700}
main{max-width:28rem;margin:2rem auto;background:#fff;border-radius:10px;padding:1.5rem;box-shadow:0 2px 10px rgba(0,0,0,.08)}
h1{font-size:1.5rem;margin:0 0 .25rem}
.description{margin:0 0 1rem;color:#3b4350}
fieldset{border:1px solid #6b7482;border-radius:8px;padding:.75rem 1rem;margin:0 0 1rem}
legend{font-weight:700;padding:0 .25rem}
.method{display:flex;align-items:center;gap:.5rem;padding:.35rem 0}
.method input{width:1.1rem;height:1.1rem}
.actions{display:grid;gap:.5rem}
button{font:inherit;font-weight:600;padding:.7rem 1rem;border-radius:6px;border:2px solid #0b1a2e;background:#fff;color:#0b1a2e;cursor:pointer}
button.primary{background:#0b1a2e;color:#fff}
button:focus-visible,input:focus-visible,a:focus-visible{outline:3px solid #b3541e;outline-offset:2px}
.problem{color:#8a1c1c;background:#fdecec;border-radius:6px;padding:.75rem}
.note{font-size:.9rem;color:#3b4350;margin-top:1.25rem}
a{color:#0b4f9c}`;

function page(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(title)} · Mollie test checkout</title><style>${STYLE}</style></head>` +
    `<body><header><p>Mollie <span aria-hidden="true">·</span> test checkout</p></header><main>${body}</main></body></html>`
  );
}
