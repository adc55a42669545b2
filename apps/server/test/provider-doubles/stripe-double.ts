import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import Stripe from 'stripe';
import { type RecordedRequest, escapeHtml, formatMoney, hostedPage, redirect, sendHtml, sendJson, startDoubleServer } from './double-server';

/**
 * A local double of the parts of Stripe's HTTP API the shop uses (Checkout Sessions, Payment
 * Intents, Refunds), in Stripe's documented JSON shapes, plus the hosted Checkout page and signed
 * webhook events. The shop's adapter talks to it through the real `stripe` SDK (apiUrl), so what
 * the SDK sends (form encoding, idempotency keys, retries, API version) is what the double sees
 * and records. It validates what Stripe validates that matters to the shop, and keeps
 * idempotency as Stripe does: the same key with the same parameters answers the first response
 * again, with other parameters it is refused.
 */

export const STRIPE_DOUBLE_SECRET_KEY = 'sk_test_StripeDouble';

export interface StripeDoubleOptions {
  /** The webhook signing secret (`whsec_…`); a random one unless told. */
  webhookSecret?: string;
  /** Where events are posted (the shop's notify URL); settable later on the double. */
  webhookUrl?: string;
  /** 'immediately' (default): each event is posted as it happens (the hosted page waits for the answer before it redirects). 'manual': events are only kept in `events` for the test to post. */
  deliver?: 'immediately' | 'manual';
  /** The API key the double accepts (Authorization: Bearer …); STRIPE_DOUBLE_SECRET_KEY unless told. */
  secretKey?: string;
  /** The status a new refund starts in ('succeeded' unless told); settable later. */
  refundStatus?: 'succeeded' | 'pending';
  /**
   * Also emit the events Stripe sends for the shop's own API calls: refund.created after a refund,
   * checkout.session.expired after an expire. Off unless told, so a test sees only the events it
   * caused; they are sent without waiting, as Stripe sends them.
   */
  eventsForApiCalls?: boolean;
}

/** An event the double emitted: signed as sent, and what the webhook URL answered (null: not posted; 0: no answer). */
export interface StripeDoubleEvent {
  event: Stripe.Event;
  payload: string;
  header: string;
  status: number | null;
  error?: string;
}

export interface SignedEvent {
  event: Stripe.Event;
  /** The exact body to post (pretty-printed JSON, as Stripe sends it). */
  payload: string;
  /** The Stripe-Signature header for it. */
  header: string;
}

export interface StripeDouble {
  /** http://127.0.0.1:<port>: the adapter's apiUrl. */
  url: string;
  port: number;
  secretKey: string;
  webhookSecret: string;
  webhookUrl: string | undefined;
  deliverMode: 'immediately' | 'manual';
  refundStatus: 'succeeded' | 'pending';
  eventsForApiCalls: boolean;
  /** Every request received (API calls and the hosted page), in order. */
  requests: RecordedRequest[];
  sessions: Map<string, Stripe.Checkout.Session>;
  paymentIntents: Map<string, Stripe.PaymentIntent>;
  refunds: Map<string, Stripe.Refund>;
  disputes: Map<string, Stripe.Dispute>;
  /** Every event emitted, in order, with its delivery. */
  events: StripeDoubleEvent[];
  /** An event in Stripe's shape, signed (the double's secret unless told; now unless a timestamp in seconds is given), not posted: a test posts it, replays it, forges it. */
  signedEvent(type: string, object: object, options?: { secret?: string; timestamp?: number }): SignedEvent;
  /** Builds, signs and posts an event to webhookUrl now; answers the HTTP status. */
  deliver(type: string, object: object): Promise<number>;
  /** The payer pays (paid) or starts a payment that settles later (unpaid): checkout.session.completed. */
  completeSession(id: string, options?: { paymentStatus?: 'paid' | 'unpaid'; deliver?: boolean }): Promise<StripeDoubleEvent>;
  /** A payment that settles later succeeds (checkout.session.async_payment_succeeded) or fails (…_failed). */
  asyncSucceed(id: string, options?: { deliver?: boolean }): Promise<StripeDoubleEvent>;
  asyncFail(id: string, options?: { deliver?: boolean }): Promise<StripeDoubleEvent>;
  /** An open session runs out of time: checkout.session.expired. */
  expireSession(id: string, options?: { deliver?: boolean }): Promise<StripeDoubleEvent>;
  /** The payer's bank disputes the session's payment: charge.dispute.created (an open status), then charge.dispute.closed (won, lost, warning_closed). */
  dispute(sessionId: string, options?: { status?: Stripe.Dispute.Status; amount?: number; deliver?: boolean }): Promise<StripeDoubleEvent>;
  /** A pending refund settles: refund.updated. */
  settleRefund(refundId: string, status: 'succeeded' | 'failed' | 'canceled', options?: { deliver?: boolean }): Promise<StripeDoubleEvent>;
  close(): Promise<void>;
}

/** A value of Stripe's form encoding: `a[b][c]=v` nests objects, `items[0][…]` makes arrays. */
export type FormValue = string | FormObject | FormValue[];
export interface FormObject {
  [key: string]: FormValue;
}

/** An error Stripe answers with: { error: { type, code, message, param } }. */
class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly extra: { code?: string; param?: string } = {},
  ) {
    super(message);
  }
}

const invalid = (message: string, extra: { code?: string; param?: string } = {}) => new StripeApiError(400, 'invalid_request_error', message, extra);

const FORBIDDEN_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

/** Parses Stripe's form encoding (the SDK's: bracketed keys, indexed arrays) into nested objects and arrays. */
export function parseStripeForm(text: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(text)) assignPath(root, keyPath(key), value, key);
  return arraysFromIndexes(root) as FormObject;
}

function keyPath(key: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) throw invalid(`Invalid parameter name: ${key}`, { param: key });
  const parts = [match[1]!, ...Array.from(match[2]!.matchAll(/\[([^[\]]*)\]/g), (part) => part[1]!)];
  if (parts.some((part) => FORBIDDEN_KEYS.has(part))) throw invalid(`Invalid parameter name: ${key}`, { param: key });
  return parts;
}

function assignPath(root: FormObject, path: string[], value: string, key: string): void {
  let node = root;
  path.forEach((given, index) => {
    // `a[]=x` appends, as an indexed key would.
    const part = given === '' ? String(Object.keys(node).length) : given;
    const last = index === path.length - 1;
    const existing = Object.hasOwn(node, part) ? node[part] : undefined;
    if (last) {
      if (existing !== undefined) throw invalid(`Received a parameter twice: ${key}`, { param: key });
      node[part] = value;
      return;
    }
    if (typeof existing === 'string') throw invalid(`Invalid parameter: ${key} (a value and an object)`, { param: key });
    const next: FormObject = (existing as FormObject | undefined) ?? {};
    node[part] = next;
    node = next;
  });
}

/** Objects whose keys are all indexes become arrays in index order. */
function arraysFromIndexes(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  for (const key of keys) value[key] = arraysFromIndexes(value[key]!);
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((key) => value[key]!);
  }
  return value;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Keys in a stable order, so the same parameters compare equal whatever order they came in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

// Readers of a parsed form: each names the parameter it refuses, as Stripe's errors do.
function text(form: FormObject, name: string, param = name): string | undefined {
  const value = form[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalid(`Invalid string: ${param} must be a string`, { param });
  return value;
}

function integer(form: FormObject, name: string, param = name): number | undefined {
  const value = text(form, name, param);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(Number(value))) throw invalid(`Invalid integer: ${value}`, { param });
  return Number(value);
}

function object(form: FormObject, name: string, param = name): FormObject | undefined {
  const value = form[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value === 'string' || Array.isArray(value)) throw invalid(`Invalid object: ${param} must be an object`, { param });
  return value;
}

function metadata(form: FormObject, name: string, param = name): Record<string, string> {
  const values = object(form, name, param) ?? {};
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (typeof value !== 'string') throw invalid(`Invalid metadata: ${param}[${key}] must be a string`, { param: `${param}[${key}]` });
    if (key.length > 40) throw invalid('Metadata keys can be at most 40 characters long.', { param: `${param}[${key}]` });
    if (value.length > 500) throw invalid('Metadata values can be at most 500 characters long.', { param: `${param}[${key}]` });
    result[key] = value;
  }
  if (Object.keys(result).length > 50) throw invalid('Metadata can have at most 50 keys.', { param });
  return result;
}

function url(form: FormObject, name: string): string | undefined {
  const value = text(form, name);
  if (value === undefined) return undefined;
  if (!/^https?:\/\/[^\s]+$/.test(value)) throw invalid(`Not a valid URL`, { param: name, code: 'url_invalid' });
  return value;
}

function refuseUnknown(form: FormObject, known: readonly string[]): void {
  const unknown = Object.keys(form).find((key) => !known.includes(key));
  if (unknown) throw invalid(`Received unknown parameter: ${unknown}`, { param: unknown, code: 'parameter_unknown' });
}

const SESSION_PARAMS = [
  'mode',
  'line_items',
  'client_reference_id',
  'customer_email',
  'metadata',
  'payment_intent_data',
  'success_url',
  'cancel_url',
  'expires_at',
  'payment_method_types',
  'locale',
  'submit_type',
  'expand',
] as const;
const PAYMENT_INTENT_DATA_PARAMS = ['metadata', 'statement_descriptor_suffix', 'description', 'receipt_email', 'capture_method'] as const;

/** What a session was created with beyond its JSON: what its payment intent is given. */
interface SessionExtras {
  paymentIntentData: { metadata: Record<string, string>; statement_descriptor_suffix: string | null; description: string | null };
  productName: string;
}

export async function startStripeDouble(options: StripeDoubleOptions = {}): Promise<StripeDouble> {
  const sessions = new Map<string, Stripe.Checkout.Session>();
  const extras = new Map<string, SessionExtras>();
  const paymentIntents = new Map<string, Stripe.PaymentIntent>();
  const refunds = new Map<string, Stripe.Refund>();
  const disputes = new Map<string, Stripe.Dispute>();
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  const events: StripeDoubleEvent[] = [];

  const server = await startDoubleServer((request, response) => route(request, response), {
    parseBody: (raw) => parseStripeForm(raw),
    parseQuery: (search) => parseStripeForm(search.replace(/^\?/, '')),
  });

  const double: StripeDouble = {
    url: server.url,
    port: server.port,
    secretKey: options.secretKey ?? STRIPE_DOUBLE_SECRET_KEY,
    webhookSecret: options.webhookSecret ?? `whsec_${randomBytes(24).toString('hex')}`,
    webhookUrl: options.webhookUrl,
    deliverMode: options.deliver ?? 'immediately',
    refundStatus: options.refundStatus ?? 'succeeded',
    eventsForApiCalls: options.eventsForApiCalls ?? false,
    requests: server.requests,
    sessions,
    paymentIntents,
    refunds,
    disputes,
    events,
    signedEvent,
    async deliver(type, object) {
      if (!double.webhookUrl) throw new Error('The Stripe double has no webhookUrl to deliver to.');
      const sent = await emit(type, object, true);
      if (sent.error) throw new Error(`Delivering ${type} to ${double.webhookUrl} failed: ${sent.error}`);
      return sent.status!;
    },
    completeSession: (id, how = {}) => complete(openSession(id), how.paymentStatus ?? 'paid', how.deliver),
    asyncSucceed: (id, how = {}) => settleAsync(id, true, how.deliver),
    asyncFail: (id, how = {}) => settleAsync(id, false, how.deliver),
    async expireSession(id, how = {}) {
      return emit('checkout.session.expired', expire(openSession(id)), how.deliver);
    },
    dispute: (sessionId, how = {}) => openDispute(sessionId, how),
    async settleRefund(refundId, status, how = {}) {
      const refund = refunds.get(refundId);
      if (!refund) throw new Error(`No refund ${refundId} at the Stripe double.`);
      refund.status = status;
      if (status !== 'succeeded') refund.failure_reason = 'unknown';
      return emit('refund.updated', refund, how.deliver);
    },
    close: () => server.close(),
  };

  // ---- Events -------------------------------------------------------------------------------

  function signedEvent(type: string, object: object, how: { secret?: string; timestamp?: number; request?: { id: string | null; idempotency_key: string | null } } = {}): SignedEvent {
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: nowSeconds(),
      // A snapshot: later changes to the object do not change an event already sent.
      data: { object: JSON.parse(JSON.stringify(object)) as unknown },
      livemode: false,
      pending_webhooks: 1,
      request: how.request ?? { id: null, idempotency_key: null },
      type,
    } as unknown as Stripe.Event;
    const payload = JSON.stringify(event, null, 2);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: how.secret ?? double.webhookSecret, ...(how.timestamp === undefined ? {} : { timestamp: how.timestamp }) });
    return { event, payload, header };
  }

  /** Keeps the event and, when delivery is on (the mode, or `now` when given), posts it and notes the answer. Never throws. */
  async function emit(type: string, object: object, now?: boolean, request?: RecordedRequest): Promise<StripeDoubleEvent> {
    const signed = signedEvent(type, object, request ? { request: { id: null, idempotency_key: request.headers['idempotency-key'] ?? null } } : {});
    const record: StripeDoubleEvent = { ...signed, status: null };
    events.push(record);
    const target = double.webhookUrl;
    if (!(now ?? double.deliverMode === 'immediately') || !target) return record;
    try {
      record.status = await server.post(target, signed.payload, { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signed.header, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' });
    } catch (error) {
      record.status = 0;
      record.error = error instanceof Error ? error.message : String(error);
    }
    return record;
  }

  // ---- The life of a session ----------------------------------------------------------------

  function openSession(id: string): Stripe.Checkout.Session {
    const session = sessions.get(id);
    if (!session) throw new Error(`No Checkout Session ${id} at the Stripe double.`);
    if (session.status !== 'open') throw new Error(`Checkout Session ${id} is ${session.status}, not open.`);
    return session;
  }

  /** The payer finishes Checkout: a payment intent (and for a card a charge) with the session's payment_intent_data. */
  async function complete(session: Stripe.Checkout.Session, paymentStatus: 'paid' | 'unpaid', now?: boolean): Promise<StripeDoubleEvent> {
    const extra = extras.get(session.id)!;
    const paid = paymentStatus === 'paid';
    const amount = session.amount_total ?? 0;
    const paymentIntent = {
      id: newId('pi'),
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: paid ? amount : 0,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: 'automatic_async',
      client_secret: null,
      created: nowSeconds(),
      currency: session.currency,
      customer: null,
      description: extra.paymentIntentData.description,
      last_payment_error: null,
      latest_charge: newId('ch'),
      livemode: false,
      metadata: { ...extra.paymentIntentData.metadata },
      payment_method: newId('pm'),
      payment_method_types: [paid ? 'card' : 'sepa_debit'],
      receipt_email: null,
      statement_descriptor: null,
      statement_descriptor_suffix: extra.paymentIntentData.statement_descriptor_suffix,
      status: paid ? 'succeeded' : 'processing',
    } as unknown as Stripe.PaymentIntent;
    paymentIntents.set(paymentIntent.id, paymentIntent);
    session.status = 'complete';
    session.payment_status = paymentStatus;
    session.payment_intent = paymentIntent.id;
    session.customer_details = { email: session.customer_email, name: null, phone: null, address: null, tax_exempt: 'none', tax_ids: [] } as unknown as Stripe.Checkout.Session.CustomerDetails;
    return emit('checkout.session.completed', session, now);
  }

  async function settleAsync(id: string, succeeded: boolean, now?: boolean): Promise<StripeDoubleEvent> {
    const session = sessions.get(id);
    if (!session || session.status !== 'complete' || session.payment_status !== 'unpaid') throw new Error(`Checkout Session ${id} has no payment waiting to settle.`);
    const paymentIntent = paymentIntents.get(session.payment_intent as string)!;
    if (succeeded) {
      session.payment_status = 'paid';
      paymentIntent.status = 'succeeded';
      paymentIntent.amount_received = paymentIntent.amount;
    } else {
      // As on Stripe: the session stays complete and unpaid; its payment intent wants another method.
      paymentIntent.status = 'requires_payment_method';
      paymentIntent.last_payment_error = { type: 'invalid_request_error', code: 'payment_method_provider_decline', message: 'The payment was declined by the bank.' } as Stripe.PaymentIntent.LastPaymentError;
    }
    return emit(succeeded ? 'checkout.session.async_payment_succeeded' : 'checkout.session.async_payment_failed', session, now);
  }

  function expire(session: Stripe.Checkout.Session): Stripe.Checkout.Session {
    session.status = 'expired';
    session.url = null;
    return session;
  }

  async function openDispute(sessionId: string, how: { status?: Stripe.Dispute.Status; amount?: number; deliver?: boolean }): Promise<StripeDoubleEvent> {
    const session = sessions.get(sessionId);
    const paymentIntent = session && typeof session.payment_intent === 'string' ? paymentIntents.get(session.payment_intent) : undefined;
    if (!paymentIntent || paymentIntent.status !== 'succeeded') throw new Error(`Checkout Session ${sessionId} has no succeeded payment to dispute.`);
    const status = how.status ?? 'needs_response';
    const closed = status === 'won' || status === 'lost' || status === 'warning_closed';
    const known = [...disputes.values()].find((dispute) => dispute.payment_intent === paymentIntent.id);
    const dispute =
      known ??
      ({
        id: newId('dp'),
        object: 'dispute',
        amount: how.amount ?? paymentIntent.amount,
        balance_transactions: [],
        charge: paymentIntent.latest_charge,
        created: nowSeconds(),
        currency: paymentIntent.currency,
        evidence: {},
        evidence_details: { due_by: nowSeconds() + 7 * 86_400, has_evidence: false, past_due: false, submission_count: 0 },
        is_charge_refundable: false,
        livemode: false,
        metadata: {},
        payment_intent: paymentIntent.id,
        reason: 'fraudulent',
        status,
      } as unknown as Stripe.Dispute);
    dispute.status = status;
    disputes.set(dispute.id, dispute);
    return emit(closed ? 'charge.dispute.closed' : known ? 'charge.dispute.updated' : 'charge.dispute.created', dispute, how.deliver);
  }

  // ---- The API --------------------------------------------------------------------------------

  async function route(request: RecordedRequest, response: http.ServerResponse): Promise<void> {
    const page = /^\/pay\/([^/]+)$/.exec(request.path);
    if (page) return hostedPayPage(request, response, decodeURIComponent(page[1]!));
    if (!request.path.startsWith('/v1/')) return sendJson(response, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${request.path}).` } });
    const requestId = newId('req');
    try {
      authenticate(request);
      const answer = request.method === 'POST' ? idempotently(request) : { status: 200, body: api(request), replayed: false };
      sendJson(response, answer.status, answer.body, { 'request-id': requestId, 'stripe-version': request.headers['stripe-version'] ?? Stripe.API_VERSION, ...(answer.replayed ? { 'idempotent-replayed': 'true' } : {}) });
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      sendJson(response, error.status, { error: { type: error.type, message: error.message, ...error.extra, request_log_url: null } }, { 'request-id': requestId });
    }
  }

  function authenticate(request: RecordedRequest): void {
    const given = request.headers.authorization;
    if (!given) throw new StripeApiError(401, 'invalid_request_error', 'You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth.');
    if (given !== `Bearer ${double.secretKey}`) throw new StripeApiError(401, 'invalid_request_error', `Invalid API Key provided: ${given.replace(/^Bearer\s+/, '').slice(0, 8)}****`);
  }

  /** Stripe's idempotency: a key answers its first (successful) response again for the same parameters, and is refused for others. */
  function idempotently(request: RecordedRequest): { status: number; body: unknown; replayed: boolean } {
    const key = request.headers['idempotency-key'];
    const fingerprint = `${request.method} ${request.path} ${canonical(request.body)}`;
    const stored = key ? idempotent.get(key) : undefined;
    if (stored) {
      if (stored.fingerprint !== fingerprint) {
        throw new StripeApiError(400, 'idempotency_error', `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`);
      }
      return { status: stored.status, body: stored.body, replayed: true };
    }
    const body = api(request);
    // Stored as sent: later changes to the object do not change the replayed answer.
    if (key) idempotent.set(key, { fingerprint, status: 200, body: JSON.parse(JSON.stringify(body)) });
    return { status: 200, body, replayed: false };
  }

  function api(request: RecordedRequest): unknown {
    const { method, path } = request;
    const body = request.body as FormObject;
    const query = request.query as FormObject;
    let match: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(body);
    if (method === 'GET' && (match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path))) return found(sessions, match[1]!, 'checkout.session');
    if (method === 'POST' && (match = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path))) return expireByApi(match[1]!, request);
    if (method === 'GET' && (match = /^\/v1\/payment_intents\/([^/]+)$/.exec(path))) return found(paymentIntents, match[1]!, 'payment_intent');
    if (method === 'POST' && path === '/v1/refunds') return createRefund(body, request);
    if (method === 'GET' && (match = /^\/v1\/refunds\/([^/]+)$/.exec(path))) return found(refunds, match[1]!, 'refund');
    if (method === 'GET' && path === '/v1/refunds') return listRefunds(query);
    throw new StripeApiError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  function found<T>(objects: Map<string, T>, id: string, kind: string): T {
    const object = objects.get(decodeURIComponent(id));
    if (!object) throw new StripeApiError(404, 'invalid_request_error', `No such ${kind}: '${decodeURIComponent(id)}'`, { code: 'resource_missing', param: 'id' });
    return object;
  }

  function createSession(form: FormObject): Stripe.Checkout.Session {
    refuseUnknown(form, SESSION_PARAMS);
    if (text(form, 'mode') !== 'payment') throw invalid('The double supports mode=payment only.', { param: 'mode' });
    const items = lineItems(form);
    const currency = items[0]!.currency;
    const created = nowSeconds();
    const expiresAt = integer(form, 'expires_at') ?? created + 86_400;
    if (expiresAt < created + 30 * 60) throw invalid('The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.', { param: 'expires_at' });
    if (expiresAt > created + 24 * 3600) throw invalid('The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.', { param: 'expires_at' });
    const successUrl = url(form, 'success_url');
    if (!successUrl) throw invalid('Missing required param: success_url.', { param: 'success_url', code: 'parameter_missing' });
    const email = text(form, 'customer_email');
    if (email !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw invalid(`Invalid email address: ${email}`, { param: 'customer_email', code: 'email_invalid' });
    const clientReference = text(form, 'client_reference_id');
    if (clientReference !== undefined && clientReference.length > 200) throw invalid('client_reference_id can be at most 200 characters.', { param: 'client_reference_id' });
    const id = `cs_test_${randomBytes(24).toString('hex')}`;
    const session = {
      id,
      object: 'checkout.session',
      after_expiration: null,
      allow_promotion_codes: null,
      amount_subtotal: items.reduce((sum, item) => sum + item.amount, 0),
      amount_total: items.reduce((sum, item) => sum + item.amount, 0),
      automatic_tax: { enabled: false, liability: null, status: null },
      billing_address_collection: null,
      cancel_url: url(form, 'cancel_url') ?? null,
      client_reference_id: clientReference ?? null,
      client_secret: null,
      created,
      currency,
      customer: null,
      customer_creation: 'if_required',
      customer_details: null,
      customer_email: email ?? null,
      expires_at: expiresAt,
      invoice: null,
      livemode: false,
      locale: text(form, 'locale') ?? null,
      metadata: metadata(form, 'metadata'),
      mode: 'payment',
      payment_intent: null,
      payment_link: null,
      payment_method_collection: 'if_required',
      // Without payment_method_types Stripe offers the account's enabled methods.
      payment_method_types: paymentMethodTypes(form),
      payment_status: 'unpaid',
      status: 'open',
      submit_type: text(form, 'submit_type') ?? null,
      success_url: successUrl,
      ui_mode: 'hosted',
      url: `${double.url}/pay/${id}`,
    } as unknown as Stripe.Checkout.Session;
    extras.set(id, { paymentIntentData: paymentIntentData(form), productName: items[0]!.name });
    sessions.set(id, session);
    return session;
  }

  function lineItems(form: FormObject): { currency: string; amount: number; name: string }[] {
    const given = form.line_items;
    if (!Array.isArray(given) || given.length === 0) throw invalid('Missing required param: line_items.', { param: 'line_items', code: 'parameter_missing' });
    const items = given.map((value, index) => {
      const param = `line_items[${index}]`;
      if (typeof value !== 'object' || Array.isArray(value)) throw invalid(`Invalid object: ${param}`, { param });
      const price = object(value, 'price_data', `${param}[price_data]`);
      if (!price) throw invalid('The double supports line items with price_data only.', { param: `${param}[price_data]` });
      const currency = (text(price, 'currency', `${param}[price_data][currency]`) ?? '').toLowerCase();
      if (!/^[a-z]{3}$/.test(currency)) throw invalid(`Invalid currency: ${currency}`, { param: `${param}[price_data][currency]` });
      const unitAmount = integer(price, 'unit_amount', `${param}[price_data][unit_amount]`);
      if (unitAmount === undefined || unitAmount < 0) throw invalid('unit_amount must be a non-negative integer.', { param: `${param}[price_data][unit_amount]` });
      const name = text(object(price, 'product_data', `${param}[price_data][product_data]`) ?? {}, 'name', `${param}[price_data][product_data][name]`);
      if (!name) throw invalid('Missing required param: product_data[name].', { param: `${param}[price_data][product_data][name]`, code: 'parameter_missing' });
      const quantity = integer(value, 'quantity', `${param}[quantity]`);
      if (quantity === undefined || quantity < 1) throw invalid('quantity must be a positive integer.', { param: `${param}[quantity]` });
      return { currency, amount: unitAmount * quantity, name };
    });
    if (new Set(items.map((item) => item.currency)).size > 1) throw invalid('All line items must be in the same currency.', { param: 'line_items' });
    return items;
  }

  function paymentMethodTypes(form: FormObject): string[] {
    const given = form.payment_method_types;
    if (given === undefined) return ['card', 'ideal', 'bancontact'];
    if (!Array.isArray(given) || !given.every((type) => typeof type === 'string')) throw invalid('payment_method_types must be a list of strings.', { param: 'payment_method_types' });
    return given as string[];
  }

  function paymentIntentData(form: FormObject): SessionExtras['paymentIntentData'] {
    const data = object(form, 'payment_intent_data') ?? {};
    refuseUnknown(data, PAYMENT_INTENT_DATA_PARAMS);
    const suffix = text(data, 'statement_descriptor_suffix', 'payment_intent_data[statement_descriptor_suffix]');
    if (suffix !== undefined) {
      const param = 'payment_intent_data[statement_descriptor_suffix]';
      if (suffix.length > 22) throw invalid('The statement descriptor suffix can be at most 22 characters.', { param });
      if (/[<>\\'"*]/.test(suffix) || !/[A-Za-z]/.test(suffix)) throw invalid('The statement descriptor suffix must contain at least one letter and none of < > \\ \' " *.', { param });
    }
    return {
      metadata: metadata(data, 'metadata', 'payment_intent_data[metadata]'),
      statement_descriptor_suffix: suffix ?? null,
      description: text(data, 'description', 'payment_intent_data[description]') ?? null,
    };
  }

  function expireByApi(id: string, request: RecordedRequest): Stripe.Checkout.Session {
    const session = found(sessions, id, 'checkout.session');
    if (session.status !== 'open') throw invalid(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`);
    expire(session);
    if (double.eventsForApiCalls) void emit('checkout.session.expired', session, undefined, request);
    return session;
  }

  function createRefund(form: FormObject, request: RecordedRequest): Stripe.Refund {
    refuseUnknown(form, ['payment_intent', 'charge', 'amount', 'metadata', 'reason', 'expand']);
    const charge = text(form, 'charge');
    const paymentIntentId = text(form, 'payment_intent') ?? [...paymentIntents.values()].find((intent) => charge !== undefined && intent.latest_charge === charge)?.id;
    if (!paymentIntentId) throw invalid('One of the following params should be provided for this request: payment_intent or charge.', { code: 'parameter_missing' });
    const paymentIntent = found(paymentIntents, paymentIntentId, 'payment_intent');
    if (paymentIntent.status !== 'succeeded') throw invalid(`This PaymentIntent (${paymentIntent.id}) does not have a successful charge to refund.`, { param: 'payment_intent' });
    const remaining = paymentIntent.amount_received - refundedAmount(paymentIntent.id);
    if (remaining <= 0) throw invalid(`Charge ${String(paymentIntent.latest_charge)} has already been refunded.`, { code: 'charge_already_refunded' });
    const amount = integer(form, 'amount') ?? remaining;
    if (amount <= 0) throw invalid('Refund amount must be positive.', { param: 'amount' });
    if (amount > remaining) {
      throw invalid(`Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`, { param: 'amount', code: 'amount_too_large' });
    }
    const reason = text(form, 'reason');
    if (reason !== undefined && !['duplicate', 'fraudulent', 'requested_by_customer'].includes(reason)) throw invalid(`Invalid reason: ${reason}`, { param: 'reason' });
    const refund = {
      id: newId('re'),
      object: 'refund',
      amount,
      balance_transaction: null,
      charge: paymentIntent.latest_charge,
      created: nowSeconds(),
      currency: paymentIntent.currency,
      destination_details: null,
      metadata: metadata(form, 'metadata'),
      payment_intent: paymentIntent.id,
      reason: reason ?? null,
      receipt_number: null,
      source_transfer_reversal: null,
      status: double.refundStatus,
      transfer_reversal: null,
    } as unknown as Stripe.Refund;
    refunds.set(refund.id, refund);
    if (double.eventsForApiCalls) void emit('refund.created', refund, undefined, request);
    return refund;
  }

  /** What is refunded or on its way back (a failed or canceled refund gives its amount back to refund). */
  function refundedAmount(paymentIntentId: string): number {
    return [...refunds.values()].filter((refund) => refund.payment_intent === paymentIntentId && refund.status !== 'failed' && refund.status !== 'canceled').reduce((sum, refund) => sum + refund.amount, 0);
  }

  function listRefunds(query: FormObject): Stripe.ApiList<Stripe.Refund> {
    const limit = integer(query, 'limit') ?? 10;
    if (limit < 1 || limit > 100) throw invalid('limit must be between 1 and 100.', { param: 'limit' });
    const paymentIntent = text(query, 'payment_intent');
    // Newest first, as Stripe lists.
    let listed = [...refunds.values()].filter((refund) => paymentIntent === undefined || refund.payment_intent === paymentIntent).reverse();
    const after = text(query, 'starting_after');
    if (after !== undefined) listed = listed.slice(listed.findIndex((refund) => refund.id === after) + 1);
    return { object: 'list', data: listed.slice(0, limit), has_more: listed.length > limit, url: '/v1/refunds' };
  }

  // ---- The hosted Checkout page -------------------------------------------------------------

  async function hostedPayPage(request: RecordedRequest, response: http.ServerResponse, id: string): Promise<void> {
    const session = sessions.get(id);
    if (!session) return sendHtml(response, 404, statePage('Payment not found', 'This payment link is not valid', '<p>Please go back to the shop and start the payment again.</p>'));
    if (request.method === 'GET') return sendHtml(response, 200, session.status === 'open' ? payPage(session) : closedPage(session));
    if (request.method !== 'POST') return sendHtml(response, 405, statePage('Not allowed', 'This page only shows a payment', ''));
    if (session.status !== 'open') return sendHtml(response, 409, closedPage(session));
    const action = (request.body as FormObject).action;
    if (action === 'pay' || action === 'pay_later') {
      await complete(session, action === 'pay' ? 'paid' : 'unpaid');
      return redirect(response, (session.success_url ?? double.url).replaceAll('{CHECKOUT_SESSION_ID}', session.id));
    }
    if (action === 'decline') return sendHtml(response, 402, payPage(session, 'Your card was declined. Try another card or payment method.'));
    if (action === 'cancel') return redirect(response, session.cancel_url ?? `${double.url}/pay/${session.id}`);
    return sendHtml(response, 400, payPage(session, 'Please choose how to pay.'));
  }

  function payPage(session: Stripe.Checkout.Session, error?: string): string {
    const amount = formatMoney(session.amount_total ?? 0, session.currency ?? 'eur');
    const name = extras.get(session.id)?.productName ?? 'Your order';
    return hostedPage({
      brand: 'Stripe Checkout',
      title: error ? 'Payment declined' : 'Pay',
      note: 'Test mode: Pay uses card 4242 4242 4242 4242, which succeeds. Decline uses card 4000 0000 0000 0002, which the bank declines. Pay by bank starts a transfer that settles later.',
      body:
        `<h1>${escapeHtml(name)}</h1><p class="amount" id="stripe-amount">${escapeHtml(amount)}</p>` +
        (session.customer_email ? `<p id="stripe-email">Receipt to ${escapeHtml(session.customer_email)}</p>` : '') +
        (error ? `<p class="error" role="alert" id="stripe-error">${escapeHtml(error)}</p>` : '') +
        `<form method="post" action="/pay/${encodeURIComponent(session.id)}" id="stripe-form">` +
        `<button class="primary" type="submit" name="action" value="pay" id="stripe-pay">Pay ${escapeHtml(amount)}</button>` +
        `<button class="secondary" type="submit" name="action" value="decline" id="stripe-decline">Decline</button>` +
        `<button class="secondary" type="submit" name="action" value="pay_later" id="stripe-pay-later">Pay by bank (settles later)</button>` +
        `<button class="link" type="submit" name="action" value="cancel" id="stripe-cancel">Cancel</button></form>`,
    });
  }

  function closedPage(session: Stripe.Checkout.Session): string {
    if (session.status === 'complete') {
      const back = session.success_url ? `<p><a href="${escapeHtml(session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id))}">Return to the shop</a></p>` : '';
      return statePage('Payment complete', 'This payment is complete', back);
    }
    const back = session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Return to the shop</a></p>` : '';
    return statePage('Payment expired', 'This payment page has expired', back);
  }

  function statePage(title: string, heading: string, body: string): string {
    return hostedPage({ brand: 'Stripe Checkout', title, body: `<h1>${escapeHtml(heading)}</h1>${body}` });
  }

  return double;
}
