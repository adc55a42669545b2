import type { Order } from '@festival/contract';
import { isAwaitingBankTransfer, type PaymentReturn } from './order-status';

/**
 * Where an order's payment stands, as the pages a payment returns to tell it (decision 0034,
 * issue 19 point 4): each outcome has its own heading, text and next step, so a declined payment
 * is never thanked. Pure, so each rule is tested on its own.
 */
export type PaymentOutcomeKind =
  | 'paid'
  | 'processing'
  | 'settling'
  | 'declined'
  | 'cancelled'
  | 'unpaid'
  | 'awaitingTransfer'
  | 'planStarted'
  | 'abandoned'
  | 'orderCancelled'
  | 'refunded';

type OutcomeOrder = Pick<Order, 'payment_status' | 'payment_method' | 'has_payment_plan' | 'total_paid' | 'total_price' | 'fully_refunded'>;

/**
 * The order's own state decides first (an ended, paid, refunded order, or a bank transfer): what
 * the provider said on the way back only tells an unpaid order why it is unpaid. The provider's
 * "paid" before its notification arrived is processing, never paid.
 */
export function paymentOutcomeOf(order: OutcomeOrder, paymentReturn: PaymentReturn, waiting: boolean): PaymentOutcomeKind | null {
  if (order.fully_refunded) return 'refunded';
  if (order.payment_status === 'abandoned') return 'abandoned';
  if (order.payment_status === 'cancelled') return 'orderCancelled';
  // Accepted by the provider, its money settling later (issue 20): said at once, not only once the page stops waiting.
  if (order.payment_method === 'credit_card' && order.payment_status === 'processing') return 'settling';
  if (waiting) return 'processing';
  if (order.payment_status === 'paid') return 'paid';
  if (order.has_payment_plan && order.total_paid > 0) return 'planStarted';
  if (isAwaitingBankTransfer(order)) return 'awaitingTransfer';
  if (paymentReturn === 'declined') return 'declined';
  if (paymentReturn === 'cancelled') return 'cancelled';
  if (paymentReturn === 'paid' || paymentReturn === 'returned') return 'processing';
  return order.total_paid < order.total_price ? 'unpaid' : null;
}

/** Outcomes that ask the customer to pay again, or tell them the order is over: they offer a contact link. */
export function outcomeOffersContact(kind: PaymentOutcomeKind): boolean {
  return kind === 'declined' || kind === 'cancelled' || kind === 'abandoned' || kind === 'orderCancelled' || kind === 'unpaid';
}

export type OutcomeTone = 'success' | 'info' | 'warning' | 'danger';

export function outcomeTone(kind: PaymentOutcomeKind): OutcomeTone {
  switch (kind) {
    case 'paid':
    case 'planStarted':
      return 'success';
    case 'declined':
    case 'abandoned':
    case 'orderCancelled':
      return 'danger';
    case 'cancelled':
    case 'unpaid':
    case 'awaitingTransfer':
      return 'warning';
    default:
      return 'info';
  }
}
