import type { ClientConfig, Order } from '@festival/contract';
import { say } from '../../lib/say';
import { orderTexts } from './order.messages';

/**
 * How an order's payment shows (spec section 4, "order payment status display"), for the order
 * page after checkout and the portal's order detail. Pure, so each rule is tested on its own.
 */

/** Statuses of an order that still waits for money. */
const UNPAID = new Set(['pending', 'partial', 'processing', 'problem']);

/** A bank transfer without a payment plan that has not been (fully) received. */
export function isAwaitingBankTransfer(order: Pick<Order, 'payment_method' | 'has_payment_plan' | 'payment_status'>): boolean {
  return order.payment_method === 'bank_transfer' && !order.has_payment_plan && UNPAID.has(order.payment_status);
}

/** The short status of a bank transfer waiting for money, unless the configuration names it (statusLabels.payment.awaiting_payment). */
export const AWAITING_PAYMENT_LABEL = orderTexts.orderStatus.awaitingPayment;

/**
 * The status as a table cell or a fact shows it: a short label for a transfer waiting for money
 * (its configured Awaiting Payment text is a paragraph of its own: orderStatusNote, decision
 * 0071), the configured texts for cancelled, abandoned and refunded, else the configured label.
 */
export function orderStatusText(order: Order, config: Pick<ClientConfig, 'texts' | 'statusLabels'>): string {
  if (isAwaitingBankTransfer(order)) return config.statusLabels.payment.awaiting_payment ?? say(AWAITING_PAYMENT_LABEL);
  if (order.payment_status === 'cancelled') return config.texts.paymentCancelled;
  if (order.payment_status === 'abandoned') return config.texts.paymentAbandoned;
  if (order.fully_refunded) return config.texts.refunded;
  const status = order.payment_status;
  return config.statusLabels.payment[status] ?? status.charAt(0).toUpperCase() + status.slice(1);
}

/** Spec section 4: the Awaiting Payment text of a bank transfer waiting for money, shown as a paragraph beside the order; null otherwise. */
export function orderStatusNote(order: Order, config: Pick<ClientConfig, 'texts'>): string | null {
  return isAwaitingBankTransfer(order) ? config.texts.awaitingPayment : null;
}

/** Spec section 4: the items of a cancelled or abandoned order are not shown. */
export function orderItemsHidden(order: Pick<Order, 'payment_status'>): boolean {
  return order.payment_status === 'cancelled' || order.payment_status === 'abandoned';
}

/**
 * Spec section 4, "Terms": an order that has not accepted them shows a warning and a checkbox,
 * while it is still to be paid. A paid order (a desk sale paid at the desk) is not asked again
 * after the money came in, nor is an ended one (decision 0071).
 */
export function asksForTerms(order: Pick<Order, 'accepted_ts_and_cs' | 'payment_status' | 'fully_refunded'>): boolean {
  return !order.accepted_ts_and_cs && !orderItemsHidden(order) && order.payment_status !== 'paid' && !order.fully_refunded;
}

/** What is still to pay (total_price is after the discount). */
export function amountDue(order: Pick<Order, 'total_price' | 'total_paid'>): number {
  return Math.max(0, order.total_price - order.total_paid);
}

/** Spec sections 4 and 9: the warning shows from the third attempt. */
export const ATTEMPTS_WARNING_FROM = 3;

export interface CardPaymentState {
  /** Another attempt may be started (Pay now). */
  canPay: boolean;
  /** 'This is payment attempt n of max…' with a contact link. */
  warnAttempts: boolean;
  /** At the maximum: contact the card provider first; no Pay now. */
  maxReached: boolean;
}

/** For a card order still waiting for its payment: what the page offers; null for any other order. */
export function cardPaymentState(order: Pick<Order, 'payment_method' | 'payment_status' | 'payment_attempts'>, maxAttempts: number): CardPaymentState | null {
  if (order.payment_method !== 'credit_card' || order.payment_status !== 'pending') return null;
  const { warnAttempts, maxReached } = attemptsState(order.payment_attempts, maxAttempts);
  return { canPay: !maxReached, warnAttempts, maxReached };
}

/** A card payment the provider may still confirm: the page waits for its notification. */
export function isCardPaymentPending(order: Pick<Order, 'payment_method' | 'payment_status'>): boolean {
  return order.payment_method === 'credit_card' && (order.payment_status === 'pending' || order.payment_status === 'processing');
}

/**
 * What the payment provider said when it sent the payer back (the return's ?payment=…): the
 * pages of the links (instalment, accept terms) are told paid, declined or cancelled.
 */
export type PaymentReturn = 'returned' | 'paid' | 'declined' | 'cancelled' | null;

export function paymentReturnOf(search: URLSearchParams): PaymentReturn {
  const value = search.get('payment');
  return value === 'returned' || value === 'paid' || value === 'declined' || value === 'cancelled' ? value : null;
}

/** The provider sent the payer back without a payment. */
export function isFailedReturn(paymentReturn: PaymentReturn): boolean {
  return paymentReturn === 'declined' || paymentReturn === 'cancelled';
}

/**
 * A card order that still waits for money the customer can pay online, as the server decides
 * when terms are accepted (decision 0018): the accept-terms page then offers 'Proceed to payment'.
 */
export function awaitsCardPayment(order: Pick<Order, 'payment_method' | 'payment_status' | 'total_paid' | 'total_price'>): boolean {
  return order.payment_method === 'credit_card' && (order.payment_status === 'pending' || order.payment_status === 'partial') && order.total_paid < order.total_price;
}

/**
 * Spec sections 4 and 9 for an order's or an instalment's declined card attempts (decision 0066:
 * only a decline counts): the next attempt is `declined + 1`; warn when that is the third or later,
 * stop once the maximum has been declined.
 */
export function attemptsState(declined: number, maxAttempts: number): { warnAttempts: boolean; maxReached: boolean; nextAttempt: number } {
  const nextAttempt = declined + 1;
  if (declined >= maxAttempts) return { warnAttempts: false, maxReached: true, nextAttempt };
  return { warnAttempts: nextAttempt >= ATTEMPTS_WARNING_FROM, maxReached: false, nextAttempt };
}
