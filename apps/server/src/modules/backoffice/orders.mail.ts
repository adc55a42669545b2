import type { ShopConfigFile } from '@festival/contract';
import { shopLink } from '../accounts/accounts.mail';
import { composeMail } from '../mail/compose';
import type { OutgoingMail } from '../mail/outbox';

type Config = Pick<ShopConfigFile, 'name' | 'publicBaseUrl'> & Partial<Pick<ShopConfigFile, 'brand'>>;

/** The buyer told that the organiser cancelled their order (issue 22 point 3): once per order. */
export async function orderCancelledMail(config: Config, to: { email: string; fullName: string }, order: { id: number; code: string }, itemCount: number): Promise<OutgoingMail> {
  return {
    to: to.email,
    subject: `Your order ${order.code} at ${config.name} is cancelled`,
    dedupeKey: `order-cancelled:${order.id}`,
    ...(await composeMail(
      {
        shopName: config.name,
        greeting: `Hello ${to.fullName},`,
        paragraphs: [
          `We have cancelled your order ${order.code}.` +
            (itemCount ? ` Its ${itemCount === 1 ? 'item is' : `${itemCount} items are`} no longer valid: ${itemCount === 1 ? 'it does' : 'they do'} not give entry and will not be sent.` : ''),
          'If you did not expect this, reply to this message or contact us.',
        ],
        action: { label: 'View your order', url: shopLink(config, `/portal/orders/${encodeURIComponent(order.code)}`) },
      },
      config,
    )),
  };
}

/** A message sent again by staff: the same message under a key of its own (the first one's key keeps it to once otherwise). */
export const resent = (mail: OutgoingMail, key: string): OutgoingMail => ({ ...mail, dedupeKey: `staff-resend:${key}:${mail.to.toLowerCase()}` });
