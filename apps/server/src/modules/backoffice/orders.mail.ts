import type { Locale, ShopConfigFile } from '@festival/contract';
import { wordsFor, shopNameIn } from '../../lib/reader';
import { greetingOf, shopLink } from '../accounts/accounts.mail';
import { composeMail } from '../mail/compose';
import type { OutgoingMail } from '../mail/outbox';
import { ordersMailMessages } from '../orders/orders.mail.messages';
import { backofficeMailMessages as texts } from './backoffice.mail.messages';

type Config = Pick<ShopConfigFile, 'name' | 'publicBaseUrl' | 'locale' | 'currency' | 'timezone'> & Partial<Pick<ShopConfigFile, 'brand' | 'languages' | 'translations'>>;

/** The buyer told that the organiser cancelled their order (issue 22 point 3): once per order, in the order's language. */
export async function orderCancelledMail(config: Config, language: Locale, to: { email: string; fullName: string }, order: { id: number; code: string }, itemCount: number): Promise<OutgoingMail> {
  const words = wordsFor(config, language);
  return {
    to: to.email,
    subject: words.say(texts.orderCancelledSubject({ code: order.code, shop: shopNameIn(config, language) })),
    dedupeKey: `order-cancelled:${order.id}`,
    ...(await composeMail(
      {
        language,
        shopName: shopNameIn(config, language),
        greeting: greetingOf(words, to.fullName),
        paragraphs: [words.say(itemCount ? texts.orderCancelledItems({ code: order.code, count: itemCount }) : texts.orderCancelled({ code: order.code })), words.say(texts.notExpected)],
        action: { label: words.say(ordersMailMessages.viewOrder), url: shopLink(config, `/portal/orders/${encodeURIComponent(order.code)}`) },
      },
      config,
    )),
  };
}

/** A message sent again by staff: the same message under a key of its own (the first one's key keeps it to once otherwise). */
export const resent = (mail: OutgoingMail, key: string): OutgoingMail => ({ ...mail, dedupeKey: `staff-resend:${key}:${mail.to.toLowerCase()}` });
