import { type ShopConfigFile, paymentMessages } from '@festival/contract';
import { shopLink } from '../accounts/accounts.mail';
import { composeMail } from '../mail/compose';
import type { OutgoingMail } from '../mail/outbox';
import { formatAmount } from '../orders/orders.mail';
import type { OrderRow } from '../orders/orders.queries';
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
        paymentMessages.paymentReturned(formatAmount(config, payment.amount)),
        `Your order ${order.code} is not affected: nothing else about it changes. Depending on your card provider, the refund can take a few days to show on your statement.`,
      ],
      action: { label: 'View your order', url: shopLink(config, `/portal/orders/${encodeURIComponent(order.code)}`) },
    }, config)),
  };
}
