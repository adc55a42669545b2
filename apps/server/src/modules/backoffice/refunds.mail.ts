import type { ShopConfigFile } from '@festival/contract';
import { shopLink } from '../accounts/accounts.mail';
import { composeMail } from '../mail/compose';
import type { OutgoingMail } from '../mail/outbox';
import { formatAmount } from '../orders/orders.mail';

type Config = Pick<ShopConfigFile, 'name' | 'publicBaseUrl' | 'currency' | 'locale'> & Partial<Pick<ShopConfigFile, 'brand'>>;

/**
 * A refund request rejected by the organiser (issue 22 point 4): the reason staff gave, as they
 * wrote it (composeMail escapes it for the HTML part), and that the items stay the customer's.
 */
export async function refundRejectedMail(config: Config, to: { email: string; fullName: string }, refund: { id: number; total: number }, orderCode: string, reason: string): Promise<OutgoingMail> {
  return {
    to: to.email,
    subject: `Refund request ${refund.id} for order ${orderCode} was not approved`,
    dedupeKey: `refund-rejected:${refund.id}`,
    ...(await composeMail(
      {
        shopName: config.name,
        greeting: `Hello ${to.fullName},`,
        paragraphs: [
          `We could not approve your refund request ${refund.id} for order ${orderCode} (${formatAmount(config, refund.total)}). The reason:`,
          reason,
          'Your tickets and merchandise in this request are yours again, as before the request. If you have a question, reply to this e-mail or contact us.',
        ],
        action: { label: 'Your orders', url: shopLink(config, '/portal') },
      },
      config,
    )),
  };
}
