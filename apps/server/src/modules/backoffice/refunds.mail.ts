import type { Locale, ShopConfigFile } from '@festival/contract';
import { wordsFor, shopNameIn } from '../../lib/reader';
import { greetingOf, shopLink } from '../accounts/accounts.mail';
import { composeMail } from '../mail/compose';
import type { OutgoingMail } from '../mail/outbox';
import { backofficeMailMessages as texts } from './backoffice.mail.messages';

type Config = Pick<ShopConfigFile, 'name' | 'publicBaseUrl' | 'currency' | 'locale' | 'timezone'> & Partial<Pick<ShopConfigFile, 'brand' | 'languages' | 'translations'>>;

/**
 * A refund request rejected by the organiser (issue 22 point 4), in the order's language: the
 * reason staff gave, as they wrote it (composeMail escapes it for the HTML part), and that the
 * items stay the customer's.
 */
export async function refundRejectedMail(config: Config, language: Locale, to: { email: string; fullName: string }, refund: { id: number; total: number }, orderCode: string, reason: string): Promise<OutgoingMail> {
  const words = wordsFor(config, language);
  const id = String(refund.id);
  return {
    to: to.email,
    subject: words.say(texts.refundRejectedSubject({ id, code: orderCode })),
    dedupeKey: `refund-rejected:${refund.id}`,
    ...(await composeMail(
      {
        language,
        shopName: shopNameIn(config, language),
        greeting: greetingOf(words, to.fullName),
        paragraphs: [words.say(texts.refundRejected({ id, code: orderCode, amount: words.amount(refund.total) })), reason, words.say(texts.refundItemsYoursAgain)],
        action: { label: words.say(texts.yourOrders), url: shopLink(config, '/portal') },
      },
      config,
    )),
  };
}
