import type { PaymentInstruction } from '@festival/contract';

/** What the shop asks a provider to collect: one attempt of one payment. */
export interface PaymentRequest {
  /** Our reference of this attempt, unique per provider; the provider echoes it in notifications. */
  reference: string;
  /** Minor units. */
  amount: number;
  currency: string;
  /** Shown to the payer on the provider's page ("Order NWF-ABC123"). */
  description: string;
  customerEmail: string;
  /** Where the provider sends the payer back, and where it posts its notifications (paths of this shop). */
  returnPath: string;
  notifyPath: string;
}

/** The outcome a provider reports for an attempt. */
export type PaymentOutcome = 'paid' | 'declined' | 'cancelled';

/** A notification whose signature checked out. */
export interface VerifiedNotification {
  /** The provider's id of the notification: a replay carries the same id. */
  id: string;
  reference: string;
  outcome: PaymentOutcome;
  amount: number;
  currency: string;
}

/** What the payer's return says, once its signature checked out. It only decides where the payer goes. */
export interface VerifiedReturn {
  reference: string;
  outcome: PaymentOutcome;
}

/** A payment's state as the provider knows it (for a provider whose news carries only an id, and for reconciling). */
export interface PaymentState {
  reference: string;
  status: 'open' | PaymentOutcome | 'refunded' | 'unknown';
}

/** Money sent back for a payment the shop must not keep (decision 0026). */
export interface RefundRequest {
  /** Our reference of the attempt whose money goes back. */
  reference: string;
  /** Minor units: the whole payment or a part of it. */
  amount: number;
  currency: string;
  /**
   * The same key for the same refund however often it is asked for (a notification retried, a
   * transaction rolled back after the provider said yes): the provider refunds once per key.
   */
  idempotencyKey: string;
  /** Why, for the provider's records and the organiser's (no personal data). */
  reason: string;
}

/**
 * One payment provider behind one interface (design: "Outside services behind one seam"): create
 * a payment for an attempt (the instruction the browser follows: a redirect or a posted form),
 * read a payment's state, verify and parse its signed server-to-server news and the payer's
 * return, refund an amount, and cancel an attempt. An order becomes paid only through a verified
 * notification, never through the return alone (the payer's browser can be made to say anything).
 * Adapters (Stripe, Mollie) live in gateways/<provider>.ts; nothing else imports a provider's SDK.
 */
export interface PaymentGateway {
  readonly provider: string;
  /** Creates the provider's payment for one attempt; answers what the payer's browser does next. */
  createPayment(request: PaymentRequest): Promise<PaymentInstruction>;
  readPayment(reference: string): Promise<PaymentState>;
  /** The notification in a raw request body with its headers, or null when its signature does not verify. */
  verifyNotification(rawBody: string, headers: Record<string, string | string[] | undefined>): Promise<VerifiedNotification | null>;
  verifyReturn(query: Record<string, string | undefined>): VerifiedReturn | null;
  /** Sends money back; throws when the provider did not take the refund (the caller tries again with the same key). */
  refund(request: RefundRequest): Promise<{ refundId: string }>;
  /**
   * Stops an attempt the shop no longer wants paid (a newer attempt replaced it, the order ended).
   * Best effort: 'too-late' when the provider already has the money or cannot cancel; the shop
   * refunds whatever still arrives for a cancelled attempt.
   */
  cancelAttempt(reference: string): Promise<'cancelled' | 'too-late'>;
}
