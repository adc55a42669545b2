import { english, type ShopConfigFile, paymentMessages } from '@festival/contract';
import { shopLink } from '../accounts/accounts.mail';
import { composeMail } from '../mail/compose';
import type { OutgoingMail } from '../mail/outbox';
import { formatAmount } from '../orders/orders.mail';
import type { OrderRow } from '../orders/orders.queries';
import type { DisputeFact } from './gateway';
import type { PaymentRow } from './payments.queries';

type Config = Pick<ShopConfigFile, 'name' | 'publicBaseUrl' | 'currency' | 'locale'> & Partial<Pick<ShopConfigFile, 'brand'>>;

/**
 * A card payment the order did not need went back automatically (decision 0026): one message per
 * refunded attempt (its dedupe key), with the same sentence the order page shows.
 */
export async function paymentReturnedMail(config: Config, to: { email: string; fullName: string }, order: Pick<OrderRow, 'code'>, payment: Pick<PaymentRow, 'id' | 'amount'>): Promise<OutgoingMail> {
  return {
    to: to.email,
    subject: `A payment for your order ${order.code} at ${config.name} was refunded`,
    dedupeKey: `payment-returned:${payment.id}`,
    ...(await composeMail({
      shopName: config.name,
      greeting: `Hello ${to.fullName},`,
      paragraphs: [
        // In English until the e-mails speak the reader's language (issue 36).
        english(paymentMessages.paymentReturned(formatAmount(config, payment.amount))),
        `Your order ${order.code} is not affected: nothing else about it changes. Depending on your card provider, the refund can take a few days to show on your statement.`,
      ],
      action: { label: 'View your order', url: shopLink(config, `/portal/orders/${encodeURIComponent(order.code)}`) },
    }, config)),
  };
}

const DISPUTE_TEXT: Record<DisputeFact['status'], { subject: string; says: string; next: string }> = {
  opened: {
    subject: 'charged back',
    says: 'The card holder disputed this payment with their bank, and the payment provider has taken the money back for now.',
    next: 'The order is marked as a problem. Answer the dispute in your payment provider\'s dashboard with the order\'s details (its tickets, their check-ins, the e-mails sent) before the provider\'s deadline.',
  },
  won: {
    subject: 'chargeback won',
    says: 'The bank decided the dispute in your favour: the money is yours again.',
    next: 'The order is back to what its payments say.',
  },
  lost: {
    subject: 'chargeback lost',
    says: 'The bank decided the dispute in the card holder\'s favour: the money stays with them.',
    next: 'The order stays marked as a problem: decide whether its tickets stay valid.',
  },
};

/**
 * The organiser's notice of a chargeback (decision 0037), to the shop's contact address: one per
 * payment and state (its dedupe key).
 */
export async function disputeMail(config: Config & Pick<ShopConfigFile, 'contact'>, order: Pick<OrderRow, 'code'>, payment: Pick<PaymentRow, 'id' | 'amount' | 'providerReference' | 'provider'>, fact: Pick<DisputeFact, 'status' | 'amount' | 'providerDisputeId'>): Promise<OutgoingMail> {
  const text = DISPUTE_TEXT[fact.status];
  return {
    to: config.contact.email,
    subject: `Order ${order.code} at ${config.name}: payment ${text.subject}`,
    dedupeKey: `dispute:${payment.id}:${fact.status}`,
    ...(await composeMail({
      shopName: config.name,
      greeting: 'Hello,',
      paragraphs: [
        `${text.says} Order ${order.code}, ${formatAmount(config, fact.amount)} of a payment of ${formatAmount(config, payment.amount)} (${payment.provider} dispute ${fact.providerDisputeId}, our reference ${payment.providerReference ?? '–'}).`,
        text.next,
      ],
    }, config)),
  };
}
