import type { ClientConfig, Order, PaymentPlanPayment, Text } from '@festival/contract';
import { libTexts } from './lib.messages';
import { say } from './say';

/** Spec section 4, "Instalment label": how one instalment of a payment plan shows. */
export type InstalmentLabel = 'paid' | 'cancelled' | 'refund' | 'pending' | 'overdue' | 'due' | 'processing' | 'partial' | 'problem';

/**
 * The label of an instalment. The spec lists the labels but not which wins when several apply;
 * this order puts what has happened to the money first (paid, cancelled, a refund on the order),
 * then a payment under way or stuck (processing, partial, problem), and only then the clock:
 * overdue before due (an overdue instalment is due as well), and pending for one not yet due.
 */
export function instalmentLabel(payment: Pick<PaymentPlanPayment, 'payment_status' | 'due' | 'overdue'>, order: Pick<Order, 'has_refunds'>): InstalmentLabel {
  const status = payment.payment_status;
  if (status === 'paid') return 'paid';
  if (status === 'cancelled') return 'cancelled';
  if (order.has_refunds) return 'refund';
  if (status === 'processing' || status === 'partial' || status === 'problem') return status;
  if (payment.overdue) return 'overdue';
  if (payment.due) return 'due';
  return 'pending';
}

/** The texts of the labels when the configuration's payment status labels do not name them. */
export const INSTALMENT_LABEL_TEXTS: Record<InstalmentLabel, Text> = libTexts.instalmentLabel;

/** The label's text: the configured payment status label of the same key, else ours. */
export function instalmentLabelText(label: InstalmentLabel, config: Pick<ClientConfig, 'statusLabels'>): string {
  return config.statusLabels.payment[label] ?? say(INSTALMENT_LABEL_TEXTS[label]);
}

/** An instalment that can be paid now through its link: open, and not held up by a refund or a payment under way. */
export function isInstalmentPayable(label: InstalmentLabel): boolean {
  return label === 'pending' || label === 'due' || label === 'overdue';
}

/** How loud a label shows (the Badge's tones): settled quietly, trouble in danger. */
export type InstalmentTone = 'neutral' | 'success' | 'info' | 'danger';

const TONES: Record<InstalmentLabel, InstalmentTone> = {
  paid: 'success',
  cancelled: 'neutral',
  refund: 'info',
  pending: 'neutral',
  overdue: 'danger',
  due: 'info',
  processing: 'info',
  partial: 'info',
  problem: 'danger',
};

export function instalmentTone(label: InstalmentLabel): InstalmentTone {
  return TONES[label];
}
