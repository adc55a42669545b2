import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import type {
  CreatedPayment,
  DisputeFact,
  MethodQuery,
  PaymentFact,
  PaymentGateway,
  PaymentHandle,
  PaymentOutcome,
  PaymentRequest,
  PaymentStatusFact,
  ProviderMethod,
  RefundAnswer,
  RefundFact,
  RefundRequest,
  VerifiedReturn,
} from '../gateway';

export const STRIPE_PROVIDER = 'stripe';

/**
 * The payment method types the shop offers through Stripe (decision 0067). Stripe has no call that
 * lists them per buyer: its rules are documented per type. A card (`card`) is taken in every
 * country, and Checkout shows Apple Pay and Google Pay with it on the devices that have them; iDEAL
 * takes euros from Dutch buyers, Bancontact euros from Belgian ones. The local method comes first
 * where it is the one buyers there use. Stripe refuses a type the account has not enabled: the
 * attempt then waits on the order's page, whose Pay now lets Checkout offer the enabled ones.
 */
/** The session's payment method types for a chosen method; none chosen, nothing (the account's enabled methods). */
function methodTypes(method: string | null | undefined): { payment_method_types?: string[] } {
  return method ? { payment_method_types: [method] } : {};
}

export function stripeMethods(query: MethodQuery): ProviderMethod[] {
  const euros = query.currency.toUpperCase() === 'EUR';
  const card: ProviderMethod = { id: 'card', label: 'Card, Apple Pay or Google Pay' };
  if (euros && query.country === 'NL') return [{ id: 'ideal', label: 'iDEAL' }, card];
  if (euros && query.country === 'BE') return [{ id: 'bancontact', label: 'Bancontact' }, card];
  return [card];
}

/** Where Stripe's hosted Checkout page lives: the browser is sent there. */
const CHECKOUT_ORIGIN = 'https://checkout.stripe.com';
/** The metadata key that marks a Stripe object as one of this shop's payments, and names which. */
const REFERENCE_KEY = 'festival_reference';
/** Our attempts' references (`pay_` and 32 hex digits). */
const REFERENCE_SHAPE = /^pay_[0-9a-f]{32}$/;
/** Stripe keeps a metadata value to 500 characters. */
const METADATA_VALUE_MAX = 500;

export interface StripeGatewayOptions {
  /** The account's secret key (`sk_live_…`, `sk_test_…`) or a restricted key with Checkout, Payment Intents and Refunds. */
  secretKey: string;
  /** The webhook endpoint's signing secrets (`whsec_…`): more than one while a secret is rolled, any one verifying is enough. */
  webhookSecrets: string[];
  /** Another address for Stripe's API (a local double in tests: `http://127.0.0.1:43123`). */
  apiUrl?: string | undefined;
  /** How old a signed event may be, in seconds (Stripe's 300 unless told): an older one is a replay. */
  toleranceSeconds?: number;
  logger?: FastifyBaseLogger | undefined;
}

/**
 * Stripe behind the shop's PaymentGateway: a Checkout Session per attempt (Stripe's hosted page
 * offers the account's enabled methods: cards, iDEAL, Bancontact, Apple Pay, Google Pay), its
 * signed webhook events as facts, refunds of its payment intent. The attempt's reference travels
 * in metadata on the session, on its payment intent and on our refunds; an object without it is
 * another integration's on the same account and is none of the shop's business.
 */
export function createStripeGateway(options: StripeGatewayOptions): PaymentGateway {
  if (!options.secretKey.trim()) throw new Error('The Stripe gateway needs the account\'s secret key.');
  const secrets = options.webhookSecrets.map((secret) => secret.trim()).filter((secret) => secret !== '');
  // Without a signing secret no event could ever be believed, and no order would become paid.
  if (secrets.length === 0) throw new Error('The Stripe gateway needs at least one webhook signing secret (whsec_…).');
  const stripe = new Stripe(options.secretKey, clientConfig(options.apiUrl));
  const tolerance = options.toleranceSeconds ?? 300;
  const log = options.logger;

  /** The session of a handle, or null when there is none, Stripe does not know it, or it is not the handle's. */
  async function ourSession(handle: PaymentHandle): Promise<Stripe.Checkout.Session | null> {
    if (!handle.providerPaymentId) return null;
    const session = await missingAsNull(() => stripe.checkout.sessions.retrieve(handle.providerPaymentId!));
    if (!session) log?.warn({ reference: handle.reference, session: handle.providerPaymentId }, 'stripe gateway: Stripe does not know this Checkout Session');
    return session && sessionReference(session) === handle.reference ? session : null;
  }

  /** The reference in a payment intent's metadata: ours or null. */
  async function paymentIntentReference(value: string | Stripe.PaymentIntent | null): Promise<string | null> {
    if (!value) return null;
    const paymentIntent = typeof value === 'string' ? await missingAsNull(() => stripe.paymentIntents.retrieve(value)) : value;
    return paymentIntent?.metadata?.[REFERENCE_KEY] ?? null;
  }

  /** A refund's or dispute's reference: its own metadata (our refunds carry it), else its payment intent's. */
  async function referenceOf(object: { metadata: Stripe.Metadata | null; payment_intent: string | Stripe.PaymentIntent | null }): Promise<string | null> {
    return object.metadata?.[REFERENCE_KEY] ?? (await paymentIntentReference(object.payment_intent));
  }

  /**
   * A completed session that is not paid waits for a method that settles later, unless that
   * payment failed: Stripe leaves the session complete and unpaid then, and only its payment
   * intent, asking for another method, says so.
   */
  async function readOutcome(session: Stripe.Checkout.Session): Promise<PaymentOutcome | null> {
    const outcome = sessionOutcome(session);
    const paymentIntentId = idOf(session.payment_intent);
    if (outcome !== 'pending' || !paymentIntentId) return outcome;
    const paymentIntent = await missingAsNull(() => stripe.paymentIntents.retrieve(paymentIntentId));
    return paymentIntent && (paymentIntent.status === 'requires_payment_method' || paymentIntent.status === 'canceled') ? 'declined' : outcome;
  }

  async function refundsOf(paymentIntent: string, reference: string): Promise<RefundFact[]> {
    const facts: RefundFact[] = [];
    for await (const refund of stripe.refunds.list({ payment_intent: paymentIntent, limit: 100 })) {
      facts.push(refundFact(`read:${refund.id}:${refundStatus(refund.status)}`, reference, refund));
    }
    return facts;
  }

  /** The event verified by one of the secrets, or null. */
  function verifiedEvent(rawBody: string, header: string): Stripe.Event | null {
    for (const secret of secrets) {
      try {
        return stripe.webhooks.constructEvent(rawBody, header, secret, tolerance);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) continue;
        // Signed, yet not an event we can read (not JSON, a thin v2 notification).
        log?.warn({ error: errorMessage(error) }, 'stripe gateway: a signed webhook body that is not an event');
        return null;
      }
    }
    return null;
  }

  async function sessionFacts(eventId: string, session: Stripe.Checkout.Session, outcome: PaymentOutcome | null): Promise<PaymentFact[]> {
    const reference = sessionReference(session);
    return reference && outcome ? [paymentFact(eventId, reference, outcome, session)] : [];
  }

  async function refundFacts(eventId: string, refund: Stripe.Refund): Promise<PaymentFact[]> {
    const reference = await referenceOf(refund);
    return reference ? [refundFact(eventId, reference, refund)] : [];
  }

  async function disputeFacts(eventId: string, dispute: Stripe.Dispute, status: DisputeFact['status'] | null): Promise<PaymentFact[]> {
    const reference = status && (await referenceOf(dispute));
    if (!reference || !status) return [];
    return [{ kind: 'dispute', id: eventId, reference, providerDisputeId: dispute.id, status, amount: dispute.amount, currency: dispute.currency.toUpperCase() }];
  }

  /** The facts an event carries (its id names them: a redelivered event is the same fact). */
  async function eventFacts(event: Stripe.Event): Promise<PaymentFact[]> {
    switch (event.type) {
      case 'checkout.session.completed':
        return sessionFacts(event.id, event.data.object, sessionOutcome(event.data.object));
      case 'checkout.session.async_payment_succeeded':
        return sessionFacts(event.id, event.data.object, 'paid');
      case 'checkout.session.async_payment_failed':
        return sessionFacts(event.id, event.data.object, 'declined');
      case 'checkout.session.expired':
        return sessionFacts(event.id, event.data.object, 'expired');
      case 'refund.created':
      case 'refund.updated':
      case 'refund.failed':
      case 'charge.refund.updated':
        return refundFacts(event.id, event.data.object);
      case 'charge.dispute.created':
        return disputeFacts(event.id, event.data.object, 'opened');
      case 'charge.dispute.closed':
        return disputeFacts(event.id, event.data.object, closedDisputeStatus(event.data.object.status));
      case 'charge.dispute.funds_reinstated':
        return disputeFacts(event.id, event.data.object, 'won');
      default:
        return [];
    }
  }

  return {
    provider: STRIPE_PROVIDER,
    // With a double of Stripe's API its hosted page is on the double's origin.
    browserOrigins: options.apiUrl ? [CHECKOUT_ORIGIN, new URL(options.apiUrl).origin] : [CHECKOUT_ORIGIN],
    notificationBody: 'json',

    async listMethods(query: MethodQuery): Promise<ProviderMethod[]> {
      return stripeMethods(query);
    },

    async createPayment(request: PaymentRequest): Promise<CreatedPayment> {
      const metadata = { [REFERENCE_KEY]: request.reference, order_code: request.orderCode };
      // The method the buyer chose in the shop (decision 0067) as the session's only payment method
      // type; none: Checkout offers the methods enabled on the account, managed in Stripe's dashboard.
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [{ price_data: { currency: request.currency.toLowerCase(), unit_amount: request.amount, product_data: { name: request.description } }, quantity: 1 }],
          client_reference_id: request.reference,
          ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
          metadata,
          // Stripe's API takes payment_method_types (its current SDK types leave it out for the
          // dynamic methods they prefer): a spread keeps it past the typed parameters.
          ...methodTypes(request.method),
          payment_intent_data: { metadata, statement_descriptor_suffix: statementDescriptorSuffix(request.orderCode) },
          success_url: request.returnUrl,
          cancel_url: request.cancelUrl,
          // From the attempt, not from now: a retry of the same attempt sends the same parameters,
          // which Stripe's idempotency demands.
          expires_at: Math.floor(request.expiresAt.getTime() / 1000),
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (!session.url) throw new Error(`Stripe created Checkout Session ${session.id} without a URL to send the payer to.`);
      return { instruction: { action: 'redirect', url: session.url }, providerPaymentId: session.id };
    },

    async readPayment(handle: PaymentHandle): Promise<PaymentFact[]> {
      const session = await ourSession(handle);
      if (!session) return [];
      const facts: PaymentFact[] = [];
      const outcome = await readOutcome(session);
      if (outcome) facts.push(paymentFact(`read:${session.id}:${outcome}`, handle.reference, outcome, session));
      const paymentIntent = idOf(session.payment_intent);
      if (paymentIntent) facts.push(...(await refundsOf(paymentIntent, handle.reference)));
      return facts;
    },

    async verifyNotification(rawBody, headers): Promise<PaymentFact[] | null> {
      const header = headerValue(headers, 'stripe-signature');
      const event = header ? verifiedEvent(rawBody, header) : null;
      return event ? eventFacts(event) : null;
    },

    verifyReturn(query): VerifiedReturn | null {
      const reference = query.reference;
      if (!reference || !REFERENCE_SHAPE.test(reference)) return null;
      // Nothing on a return is signed: it only decides which page the payer waits on.
      return { reference, outcome: query.outcome === 'cancelled' ? 'cancelled' : 'unknown' };
    },

    async refund(request: RefundRequest): Promise<RefundAnswer> {
      const session = await ourSession(request);
      if (!session) throw new Error(`Stripe refund of ${request.reference}: no Checkout Session of this payment at Stripe.`);
      const paymentIntent = idOf(session.payment_intent);
      if (!paymentIntent) throw new Error(`Stripe refund of ${request.reference}: Checkout Session ${session.id} took no payment.`);
      if ((session.currency ?? '').toUpperCase() !== request.currency.toUpperCase()) {
        throw new Error(`Stripe refund of ${request.reference}: the payment is in ${session.currency}, the refund in ${request.currency}.`);
      }
      const refund = await stripe.refunds.create(
        { payment_intent: paymentIntent, amount: request.amount, metadata: { [REFERENCE_KEY]: request.reference, reason: request.reason.slice(0, METADATA_VALUE_MAX) } },
        { idempotencyKey: request.idempotencyKey },
      );
      return { refundId: refund.id, status: refundStatus(refund.status) };
    },

    async cancelAttempt(handle: PaymentHandle): Promise<'cancelled' | 'too-late'> {
      if (!handle.providerPaymentId) return 'cancelled';
      const id = handle.providerPaymentId;
      try {
        await stripe.checkout.sessions.expire(id);
        return 'cancelled';
      } catch (error) {
        if (isMissing(error)) {
          // A session Stripe does not have takes no money.
          log?.warn({ reference: handle.reference, session: id }, 'stripe gateway: cancelling a Checkout Session Stripe does not know');
          return 'cancelled';
        }
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      }
      // Refused because the session is no longer open: expired already, or complete (paid or paying).
      const session = await stripe.checkout.sessions.retrieve(id);
      return session.status === 'expired' ? 'cancelled' : 'too-late';
    },
  };
}

/** The SDK's settings: Stripe's API, or the address given; two retries (the SDK repeats a request with its idempotency key). */
function clientConfig(apiUrl: string | undefined): Stripe.StripeConfig {
  const config: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000, appInfo: { name: 'festival-shop' } };
  if (!apiUrl) return config;
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { ...config, host: url.hostname.replace(/^\[(.*)\]$/, '$1'), port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

/**
 * The order code as a card statement's dynamic suffix: Latin letters, digits, spaces, dots and
 * dashes, at most 22 characters, with at least one letter (Stripe's rules, narrowed to what any
 * bank prints).
 */
export function statementDescriptorSuffix(orderCode: string): string {
  const latin = orderCode
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 .-]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const suffix = /[A-Za-z]/.test(latin) ? latin : `ORDER ${latin}`;
  return suffix.slice(0, 22).trim();
}

/** A session's reference: its metadata, else (a session made before metadata was set) a client_reference_id of our shape. */
function sessionReference(session: Stripe.Checkout.Session): string | null {
  const own = session.metadata?.[REFERENCE_KEY];
  if (own) return own;
  const client = session.client_reference_id;
  return client && REFERENCE_SHAPE.test(client) ? client : null;
}

/** What a session says of its payment: paid, waiting for a method that settles later, expired, or nothing yet (open). */
function sessionOutcome(session: Stripe.Checkout.Session): PaymentOutcome | null {
  if (session.status === 'expired') return 'expired';
  if (session.status !== 'complete') return null;
  if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required') return 'paid';
  return session.payment_status === 'unpaid' ? 'pending' : null;
}

function paymentFact(id: string, reference: string, outcome: PaymentOutcome, session: Stripe.Checkout.Session): PaymentStatusFact {
  return { kind: 'payment', id, reference, outcome, amount: session.amount_total ?? 0, currency: (session.currency ?? '').toUpperCase() };
}

function refundFact(id: string, reference: string, refund: Stripe.Refund): RefundFact {
  return { kind: 'refund', id, reference, providerRefundId: refund.id, status: refundStatus(refund.status), amount: refund.amount, currency: refund.currency.toUpperCase() };
}

/** Stripe's refund statuses: succeeded; failed or canceled (the money stays with the shop); anything else is on its way. */
function refundStatus(status: string | null): RefundFact['status'] {
  if (status === 'succeeded') return 'succeeded';
  return status === 'failed' || status === 'canceled' ? 'failed' : 'pending';
}

/** A closed dispute's result: won (or an inquiry closed without a chargeback), lost; null for anything else. */
function closedDisputeStatus(status: Stripe.Dispute.Status): DisputeFact['status'] | null {
  if (status === 'won' || status === 'warning_closed') return 'won';
  return status === 'lost' ? 'lost' : null;
}

function idOf(value: string | { id: string } | null): string | null {
  return typeof value === 'string' ? value : (value?.id ?? null);
}

function headerValue(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value[0] : value;
}

function isMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeError && error.code === 'resource_missing';
}

/** The answer, or null when Stripe says it has no such object. */
async function missingAsNull<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
