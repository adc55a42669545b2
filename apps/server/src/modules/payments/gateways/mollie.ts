import http from 'node:http';
import https from 'node:https';
import { type Chargeback, type MollieClient, type Payment, type PaymentMethod, type Refund, createMollieClient, MollieApiError, PaymentEmbed, SequenceType } from '@mollie/api-client';
import type { FastifyBaseLogger } from 'fastify';
import type { DisputeFact, MethodQuery, PaymentFact, PaymentGateway, PaymentHandle, PaymentOutcome, PaymentRequest, ProviderMethod, RefundAnswer, RefundFact, RefundRequest, VerifiedReturn } from '../gateway';

export const MOLLIE_PROVIDER = 'mollie';

export interface MollieGatewayOptions {
  /** MOLLIE_API_KEY: `test_…` or `live_…` (gateway-choice.ts checks which may be used where). */
  apiKey: string;
  /** MOLLIE_API_URL: a local double of Mollie's API ("http://127.0.0.1:43123/v2/"); unset, Mollie itself. */
  apiUrl?: string | undefined;
  logger?: FastifyBaseLogger | undefined;
}

/** Mollie's payment ids, as its webhook names them (the only thing the webhook carries). */
const PAYMENT_ID = /^tr_[A-Za-z0-9]{1,64}$/;
/** Our attempt references (payments.service.ts makes them): a return naming anything else names no payment. */
const ATTEMPT_REFERENCE = /^pay_[0-9a-f]{32}$/;
/** Where Mollie's hosted checkout sends the payer; a double's checkout is on the double's own origin. */
const MOLLIE_CHECKOUT_ORIGIN = 'https://www.mollie.com';

/** Mollie's payment statuses as the shop's outcomes; 'open' (the payer has not finished) says nothing yet. */
const PAYMENT_OUTCOMES = new Map<string, PaymentOutcome>([
  ['paid', 'paid'],
  ['pending', 'pending'],
  ['authorized', 'pending'],
  ['failed', 'declined'],
  ['canceled', 'cancelled'],
  ['expired', 'expired'],
]);

/** Mollie's refund statuses: queued, pending and processing are on their way; only 'refunded' means the money went back. */
const REFUND_STATUSES = new Map<string, RefundFact['status']>([
  ['queued', 'pending'],
  ['pending', 'pending'],
  ['processing', 'pending'],
  ['refunded', 'succeeded'],
  ['failed', 'failed'],
  ['canceled', 'failed'],
]);

/** The shop's method ids (decision 0067) that Mollie names otherwise; every other id is Mollie's own. */
const TO_MOLLIE = new Map([['card', 'creditcard']]);
const FROM_MOLLIE = new Map([...TO_MOLLIE].map(([shop, mollie]) => [mollie, shop]));
export const mollieMethodOf = (method: string) => TO_MOLLIE.get(method) ?? method;
export const shopMethodOf = (method: string) => FROM_MOLLIE.get(method) ?? method;

/** Payment statuses after which no money can come for the attempt any more. */
const ENDED_UNPAID = new Set(['canceled', 'expired', 'failed']);

/**
 * Mollie behind the shop's PaymentGateway, through Mollie's own SDK. The payer chooses a method on
 * Mollie's hosted checkout; Mollie's webhook carries only the payment's id and no signature, so
 * every fact comes from reading the payment back from Mollie with the shop's key (the webhook is a
 * nudge, never news by itself). Our attempt reference travels in the payment's metadata and is
 * checked on every read: a payment of another integration on the same profile is nothing of ours.
 */
export function createMollieGateway(options: MollieGatewayOptions): PaymentGateway {
  const client = createClient(options.apiKey, options.apiUrl);
  const { logger } = options;

  /** The payment with its refunds and chargebacks, in one call. */
  const fetchPayment = (id: string) => client.payments.get(id, { embed: [PaymentEmbed.refunds, PaymentEmbed.chargebacks] });

  return {
    provider: MOLLIE_PROVIDER,
    browserOrigins: options.apiUrl ? [MOLLIE_CHECKOUT_ORIGIN, new URL(options.apiUrl).origin] : [MOLLIE_CHECKOUT_ORIGIN],
    notificationBody: 'form',

    async listMethods(query: MethodQuery): Promise<ProviderMethod[]> {
      // Mollie's methods API: the methods enabled on the profile that take this amount in this
      // currency (and, where a method depends on it, from a buyer of this country), for one payment.
      const methods = await client.methods.list({
        amount: toMollieAmount(query.amount, query.currency),
        ...(query.country ? { billingCountry: query.country } : {}),
        sequenceType: SequenceType.oneoff,
        resource: 'payments',
      });
      return methods.map((method) => ({ id: shopMethodOf(method.id), label: method.description }));
    },

    async createPayment(request: PaymentRequest) {
      // The method the buyer chose in the shop (decision 0067), else none: the payer picks one on
      // Mollie's page (the methods enabled on the website profile).
      // No expiry either: Mollie's payments expire by method, and the shop cancels an attempt it no longer wants.
      const payment = await client.payments.create({
        amount: toMollieAmount(request.amount, request.currency),
        description: request.description,
        redirectUrl: request.returnUrl,
        cancelUrl: request.cancelUrl,
        webhookUrl: request.notifyUrl,
        metadata: { festival_reference: request.reference, order_code: request.orderCode },
        ...(request.method ? { method: mollieMethodOf(request.method) as PaymentMethod } : {}),
        idempotencyKey: request.idempotencyKey,
      });
      const checkout = payment._links.checkout?.href;
      // A payment created again with the same key after the payer finished has no checkout any more.
      if (!checkout) throw new Error(`mollie: payment ${payment.id} (status ${payment.status}) has no checkout address`);
      return { instruction: { action: 'redirect', url: checkout }, providerPaymentId: payment.id };
    },

    async readPayment(handle: PaymentHandle) {
      if (handle.providerPaymentId === null) return [];
      if (!PAYMENT_ID.test(handle.providerPaymentId)) throw new Error(`mollie: "${handle.providerPaymentId}" is not a Mollie payment id`);
      const payment = await fetchPayment(handle.providerPaymentId);
      return festivalReference(payment) === handle.reference ? paymentFacts(payment, handle.reference) : [];
    },

    async verifyNotification(rawBody) {
      // The body is the form "id=tr_…" and nothing else; whoever posts it learns nothing, and the
      // shop acts only on what Mollie answers for that id. Headers carry nothing to check.
      const ids = new URLSearchParams(rawBody).getAll('id');
      const id = ids.length === 1 ? ids[0]! : '';
      if (!PAYMENT_ID.test(id)) return null;
      let payment: Payment;
      try {
        payment = await fetchPayment(id);
      } catch (error) {
        // An id Mollie does not know: a guess, or a payment of another key. Answered (nothing to retry), and logged.
        if (isMollieError(error, 404)) {
          logger?.warn({ providerPaymentId: id }, 'mollie: a notification names a payment Mollie does not know');
          return [];
        }
        // Anything else (Mollie down, a refused key): the route answers 500 and Mollie tries again later.
        throw error;
      }
      const reference = festivalReference(payment);
      return reference === null ? [] : paymentFacts(payment, reference);
    },

    verifyReturn(query): VerifiedReturn | null {
      const { reference } = query;
      if (!reference || !ATTEMPT_REFERENCE.test(reference)) return null;
      // Mollie's return carries no news (nor the payment's id): only the cancel address is told apart, as a hint.
      return { reference, outcome: query.outcome === 'cancelled' ? 'cancelled' : 'unknown' };
    },

    async refund(request: RefundRequest): Promise<RefundAnswer> {
      if (!request.providerPaymentId) throw new Error(`mollie: cannot refund ${request.reference}: it has no Mollie payment`);
      const refund = await client.paymentRefunds.create({
        paymentId: request.providerPaymentId,
        amount: toMollieAmount(request.amount, request.currency),
        // Shown on the payer's statement where the method allows: our reference, nothing personal.
        description: request.description ?? `Refund ${request.reference}`,
        metadata: { festival_reference: request.reference, reason: request.reason },
        idempotencyKey: request.idempotencyKey,
      });
      return { refundId: refund.id, status: refundStatus(refund) };
    },

    async cancelAttempt(handle: PaymentHandle) {
      // Never created at Mollie: nothing there can take money.
      if (handle.providerPaymentId === null) return 'cancelled';
      const payment = await client.payments.get(handle.providerPaymentId);
      if (festivalReference(payment) !== handle.reference) {
        throw new Error(`mollie: payment ${payment.id} is not the one of ${handle.reference}`);
      }
      if (ENDED_UNPAID.has(payment.status)) return 'cancelled';
      // Paid, or a method Mollie can no longer stop (a bank payment under way): whatever arrives is refunded.
      if (!payment.isCancelable) return 'too-late';
      try {
        const cancelled = await client.payments.cancel(payment.id);
        return cancelled.status === 'canceled' ? 'cancelled' : 'too-late';
      } catch (error) {
        // Stopped being cancelable between the two calls (the payer just paid).
        if (isMollieError(error, 422)) return 'too-late';
        throw error;
      }
    },
  };
}

/**
 * The SDK sends every request through an https.Agent it makes itself (pinned to its own CA
 * bundle); no option of it reaches a plain-http address. A local double of Mollie's API listens on
 * plain http on this machine: for such an address only, the client is made while https.Agent is an
 * http.Agent, so the SDK's own code (its requests, retries, idempotency keys and errors) is what
 * talks to the double. The swap lasts the synchronous call and is undone before anything else runs.
 * A key is never sent in clear text to another machine.
 */
function createClient(apiKey: string, apiUrl: string | undefined): MollieClient {
  if (!apiUrl) return createMollieClient({ apiKey });
  const url = new URL(apiUrl);
  if (url.protocol === 'https:') return createMollieClient({ apiKey, apiEndpoint: url.href });
  if (url.protocol !== 'http:' || !isLoopback(url.hostname)) {
    throw new Error(`mollie: the API address ${apiUrl} is neither https nor a double on this machine (http://127.0.0.1, localhost or [::1])`);
  }
  const original = https.Agent;
  if (!Reflect.set(https, 'Agent', PlainAgent)) throw new Error('mollie: cannot point the SDK at a plain-http double');
  try {
    return createMollieClient({ apiKey, apiEndpoint: url.href });
  } finally {
    Reflect.set(https, 'Agent', original);
  }
}

/** What the SDK gets instead of its https.Agent for a double (it passes TLS options, which plain http has no use for). */
class PlainAgent extends http.Agent {
  constructor() {
    super();
  }
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

function isMollieError(error: unknown, statusCode: number): boolean {
  return error instanceof MollieApiError && error.statusCode === statusCode;
}

/** Our reference in a payment's metadata, or null: a payment of another integration, or of none. */
function festivalReference(payment: Payment): string | null {
  const { metadata } = payment;
  if (typeof metadata !== 'object' || metadata === null) return null;
  const reference = (metadata as Record<string, unknown>).festival_reference;
  return typeof reference === 'string' && reference !== '' ? reference : null;
}

/** Everything the payment says: its status (unless still open), each refund, each chargeback. */
function paymentFacts(payment: Payment, reference: string): PaymentFact[] {
  const facts: PaymentFact[] = [];
  const outcome = PAYMENT_OUTCOMES.get(payment.status);
  if (outcome) {
    // Named by what it says: the same status read again (a webhook retried, a reconcile) is the same fact.
    facts.push({ kind: 'payment', id: `${payment.id}:${outcome}`, reference, outcome, ...fromMollieAmount(payment.amount) });
  }
  for (const refund of payment._embedded?.refunds ?? []) facts.push(refundFact(refund, reference));
  for (const chargeback of payment._embedded?.chargebacks ?? []) facts.push(...disputeFacts(chargeback, reference));
  return facts;
}

function refundStatus(refund: Refund): RefundFact['status'] {
  const status = REFUND_STATUSES.get(refund.status);
  if (!status) throw new Error(`mollie: refund ${refund.id} has a status this shop does not know: ${refund.status}`);
  return status;
}

function refundFact(refund: Refund, reference: string): RefundFact {
  const status = refundStatus(refund);
  return { kind: 'refund', id: `${refund.id}:${status}`, reference, providerRefundId: refund.id, status, ...fromMollieAmount(refund.amount) };
}

/**
 * A chargeback is opened when Mollie lists it; its reversal (the bank gave the money back) is the
 * organiser's win. Mollie says nothing more: a chargeback that stays is never marked lost.
 */
function disputeFacts(chargeback: Chargeback, reference: string): DisputeFact[] {
  const money = fromMollieAmount(chargeback.amount);
  const base = { kind: 'dispute', reference, providerDisputeId: chargeback.id, ...money } as const;
  const facts: DisputeFact[] = [{ ...base, id: `${chargeback.id}:opened`, status: 'opened' }];
  if (chargeback.reversedAt) facts.push({ ...base, id: `${chargeback.id}:reversed`, status: 'won' });
  return facts;
}

/** How many decimals Mollie writes for a currency (EUR 2, JPY 0): the currency's own, as Intl knows them. */
export function currencyDecimals(currency: string): number {
  if (!/^[A-Z]{3}$/.test(currency)) throw new RangeError(`mollie: "${currency}" is not a currency code`);
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** Minor units as Mollie's amount: 1234 EUR → { currency: 'EUR', value: '12.34' }, 1234 JPY → '1234'. Digits only, never a float. */
export function toMollieAmount(minor: number, currency: string): { currency: string; value: string } {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new RangeError(`mollie: ${minor} is not an amount in minor units`);
  const decimals = currencyDecimals(currency);
  if (decimals === 0) return { currency, value: String(minor) };
  const digits = String(minor).padStart(decimals + 1, '0');
  return { currency, value: `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}` };
}

/** Mollie's amount as minor units; a value not written with exactly the currency's decimals is an error, not a guess. */
export function fromMollieAmount(amount: { currency: string; value: string }): { amount: number; currency: string } {
  const { currency, value } = amount;
  const decimals = currencyDecimals(currency);
  const shape = decimals === 0 ? /^(0|[1-9]\d*)$/ : new RegExp(`^(0|[1-9]\\d*)\\.(\\d{${decimals}})$`);
  const match = typeof value === 'string' ? shape.exec(value) : null;
  if (!match) throw new RangeError(`mollie: "${String(value)}" is not an amount in ${currency}`);
  const minor = Number(`${match[1]}${match[2] ?? ''}`);
  if (!Number.isSafeInteger(minor)) throw new RangeError(`mollie: ${value} ${currency} is too large an amount`);
  return { amount: minor, currency };
}
