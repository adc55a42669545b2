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

/**
 * One payment provider behind one interface: start a payment (the instruction the browser
 * follows: a redirect or a posted form), verify the provider's signed server-to-server
 * notification, and read the payer's return. An order becomes paid only through a verified
 * notification, never through the return alone (the payer's browser can be made to say anything).
 */
export interface PaymentGateway {
  readonly provider: string;
  startPayment(request: PaymentRequest): PaymentInstruction;
  /** The notification in a raw request body with its headers, or null when its signature does not verify. */
  verifyNotification(rawBody: string, headers: Record<string, string | string[] | undefined>): VerifiedNotification | null;
  verifyReturn(query: Record<string, string | undefined>): VerifiedReturn | null;
}
