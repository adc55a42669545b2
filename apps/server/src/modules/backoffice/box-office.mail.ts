import type { Locale, ShopConfigFile } from '@festival/contract';
import { wordsFor, shopNameIn } from '../../lib/reader';
import { greetingOf, ticketLinkItem } from '../accounts/accounts.mail';
import { composeMail } from '../mail/compose';
import type { OutgoingMail } from '../mail/outbox';
import type { TicketRow } from '../orders/orders.queries';
import { backofficeMailMessages as texts } from './backoffice.mail.messages';

/**
 * A box-office order's tickets, e-mailed again from the desk (to the buyer or an address given
 * there), in the order's language. Each link carries its holder's address, as every ticket link
 * does: the download works for the ticket whoever opens the message.
 */
export async function boxOfficeTicketsMail(
  config: Pick<ShopConfigFile, 'name' | 'publicBaseUrl' | 'locale' | 'currency' | 'timezone'> & Partial<Pick<ShopConfigFile, 'brand'>>,
  language: Locale,
  to: string,
  orderCode: string,
  buyerEmail: string,
  tickets: Pick<TicketRow, 'code' | 'productName' | 'fullName' | 'email'>[],
  dedupeKey: string,
): Promise<OutgoingMail> {
  const words = wordsFor(config, language);
  return {
    to,
    subject: words.say(texts.boxOfficeTicketsSubject({ shop: shopNameIn(config, language), code: orderCode })),
    dedupeKey,
    ...(await composeMail(
      {
        language,
        shopName: shopNameIn(config, language),
        greeting: greetingOf(words, null),
        paragraphs: [words.say(texts.boxOfficeTickets({ code: orderCode }))],
        blocks: [{ kind: 'links', items: tickets.map((ticket) => ticketLinkItem(words, config, { code: ticket.code, product: ticket.productName, fullName: ticket.fullName, email: ticket.email ?? buyerEmail })) }],
      },
      config,
    )),
  };
}
