import type { PaymentInstruction } from '@festival/contract';

/** What the shop asks a provider to collect: one attempt of one payment. */
export interface PaymentRequest {
  /** Our reference of this attempt (`pay_…`), unique per provider; the adapter puts it in the provider's metadata, and every fact about the payment carries it back. */
  reference: string;
  /** The order's code ("NWF-ABC123"): in the provider's metadata and, where the provider has one, the statement descriptor. */
  orderCode: string;
  /** Minor units. */
  amount: number;
  currency: string;
  /** Shown to the payer on the provider's page ("Order NWF-ABC123"). */
  description: string;
  customerEmail: string;
  /** Paths of this shop: where the provider sends the payer back, and where it posts its news (the sandbox, on the shop's own origin, uses these). */
  returnPath: string;
  notifyPath: string;
  /** The same addresses, absolute (the shop's public address in front): what a real provider is given. */
  returnUrl: string;
  /** Where the payer goes who leaves the provider's page without paying (the return address, marked as a cancel). */
  cancelUrl: string;
  notifyUrl: string;
  /**
   * When the provider's page should stop taking money. Derived from the attempt, so asking again
   * for the same attempt sends the same request; a provider with a later minimum (Stripe: 30
   * minutes after creation) takes its minimum, and the shop cancels the attempt explicitly when
   * the order ends first.
   */
  expiresAt: Date;
  /** The same for the same attempt however often it is created (a checkout submitted again): the provider creates one payment per key. */
  idempotencyKey: string;
  /**
   * The provider's method the buyer chose in the shop (decision 0067: the shop's ids, `card`,
   * `ideal`, `bancontact`, `applepay`…); null or absent: the provider's page offers its own.
   */
  method?: string | null;
}

/** What the checkout asks which methods to offer for (decision 0067). */
export interface MethodQuery {
  /** Minor units. */
  amount: number;
  currency: string;
  /** The buyer's billing country (ISO 3166-1 alpha-2), when chosen. */
  country: string | null;
}

/** One method the provider offers, with the shop's id for it and the words the buyer sees. */
export interface ProviderMethod {
  id: string;
  label: string;
}

/** The provider's side of an attempt, as created. */
export interface CreatedPayment {
  instruction: PaymentInstruction;
  /** The provider's own id of the payment (Stripe's Checkout Session `cs_…`, Mollie's `tr_…`); null for the sandbox. */
  providerPaymentId: string | null;
}

/** Which payment of the provider's an operation is about: our reference, and the provider's id when it gave one. */
export interface PaymentHandle {
  reference: string;
  providerPaymentId: string | null;
}

/** The outcome a provider reports for an attempt ('pending': accepted, money settles later, as with some bank methods). */
export type PaymentOutcome = 'paid' | 'pending' | 'declined' | 'cancelled' | 'expired';

/**
 * One verified fact about a payment, from the provider's signed news or from reading the payment
 * back from the provider (both are the provider speaking over an authenticated channel; the
 * payer's browser never is). `id` names the fact: a replayed or duplicated delivery carries the
 * same id, and the shop applies each id once.
 */
export type PaymentFact = PaymentStatusFact | RefundFact | DisputeFact;

export interface PaymentStatusFact {
  kind: 'payment';
  id: string;
  reference: string;
  outcome: PaymentOutcome;
  /** Minor units and currency of the payment as the provider has it: must match the attempt. */
  amount: number;
  currency: string;
}

/**
 * A refund's state at the provider, named by the provider's refund id: one the shop asked for,
 * or one made outside the shop (in the provider's dashboard), which the shop only logs.
 */
export interface RefundFact {
  kind: 'refund';
  id: string;
  reference: string;
  providerRefundId: string;
  status: 'succeeded' | 'pending' | 'failed';
  amount: number;
  currency: string;
}

/** A chargeback (Stripe: dispute) of a payment: opened, then won or lost by the organiser. */
export interface DisputeFact {
  kind: 'dispute';
  id: string;
  reference: string;
  providerDisputeId: string;
  status: 'opened' | 'won' | 'lost';
  amount: number;
  currency: string;
}

/** Kept for the sandbox's and older tests' wording: a payment's outcome as news. */
export type VerifiedNotification = PaymentStatusFact;

/** What the payer's return says. It only decides which page the payer sees while the shop waits for verified news. */
export interface VerifiedReturn {
  reference: string;
  /** What the return claims (signed by the sandbox; a hint only for real providers, whose returns carry no signature). */
  outcome: 'paid' | 'declined' | 'cancelled' | 'unknown';
}

/** Money sent back for a payment: one the shop must not keep (decision 0026), or a refund the organiser processed. */
export interface RefundRequest extends PaymentHandle {
  /** Minor units: the whole payment or a part of it. */
  amount: number;
  currency: string;
  /**
   * The same key for the same refund however often it is asked for (a notification retried, a
   * transaction rolled back after the provider said yes, a command run again): the provider
   * refunds once per key.
   */
  idempotencyKey: string;
  /** Why, for the provider's records and the organiser's (no personal data). */
  reason: string;
  /**
   * What the payer's statement shows where the method allows (Mollie): the refund's words in the
   * order's language (decision 0094), nothing personal. Without it, "Refund <reference>".
   */
  description?: string;
}

export interface RefundAnswer {
  refundId: string;
  /** 'succeeded' only when the provider says the money is on its way back; a pending refund is confirmed by later news. */
  status: 'succeeded' | 'pending' | 'failed';
}

/**
 * One payment provider behind one interface (design: "Outside services behind one seam"): create
 * a payment for an attempt (the instruction the browser follows: a redirect or a posted form),
 * read a payment's state, verify and parse its signed server-to-server news and the payer's
 * return, refund an amount, and cancel an attempt. An order becomes paid only through verified
 * facts (news whose signature checked out, or the payment read back from the provider), never
 * through the return alone (the payer's browser can be made to say anything). Adapters (Stripe,
 * Mollie) live in gateways/<provider>.ts; nothing else imports a provider's SDK.
 */
export interface PaymentGateway {
  readonly provider: string;
  /** Creates the provider's payment for one attempt (idempotent per request.idempotencyKey); answers what the payer's browser does next. */
  createPayment(request: PaymentRequest): Promise<CreatedPayment>;
  /** The payment's facts as the provider knows them now (its status, its refunds): for a return before the news, and for reconciling. */
  readPayment(payment: PaymentHandle): Promise<PaymentFact[]>;
  /**
   * The facts in a raw request body with its headers, or null when it is not the provider's
   * (a signature that does not verify). An empty list: verified, but nothing of ours (another
   * integration's event, an id the provider does not know). Throws when the provider could not be
   * asked what the news is about: the route answers 500 and the provider delivers it again.
   */
  verifyNotification(rawBody: string, headers: Record<string, string | string[] | undefined>): Promise<PaymentFact[] | null>;
  /** What the payer's return says, or null when it names no payment. */
  verifyReturn(query: Record<string, string | undefined>): VerifiedReturn | null;
  /** Sends money back; throws when the provider did not take the refund (the caller tries again with the same key). */
  refund(request: RefundRequest): Promise<RefundAnswer>;
  /**
   * Stops an attempt the shop no longer wants paid (a newer attempt replaced it, the order ended).
   * Best effort: 'too-late' when the provider already has the money or cannot cancel; the shop
   * refunds whatever still arrives for a cancelled attempt.
   */
  cancelAttempt(payment: PaymentHandle): Promise<'cancelled' | 'too-late'>;
  /**
   * The methods the provider offers for an amount and a billing country (decision 0067), in the
   * provider's order; absent (the sandbox): the checkout offers the card alone.
   */
  listMethods?(query: MethodQuery): Promise<ProviderMethod[]>;
  /** Origins the browser is sent to (form posts, redirects): the Content-Security-Policy admits exactly these. Empty: the shop's own. */
  readonly browserOrigins: readonly string[];
  /** How the provider posts its news: a JSON body (Stripe, the sandbox) or a form (Mollie's `id=tr_…`). The notify route takes form bodies only from a provider that posts them. */
  readonly notificationBody: 'json' | 'form';
}
