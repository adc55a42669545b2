import type { ShopConfigFile } from '@festival/contract';
import { ticketLinkItem } from '../accounts/accounts.mail';
import { composeMail } from '../mail/compose';
import type { OutgoingMail } from '../mail/outbox';
import type { TicketRow } from '../orders/orders.queries';

/**
 * A box-office order's tickets, e-mailed again from the desk (to the buyer or an address given
 * there). Each link carries its holder's address, as every ticket link does: the download works
 * for the ticket whoever opens the message.
 */
export async function boxOfficeTicketsMail(
  config: Pick<ShopConfigFile, 'name' | 'publicBaseUrl'> & Partial<Pick<ShopConfigFile, 'brand'>>,
  to: string,
  orderCode: string,
  buyerEmail: string,
  tickets: Pick<TicketRow, 'code' | 'productName' | 'fullName' | 'email'>[],
  dedupeKey: string,
): Promise<OutgoingMail> {
  return {
    to,
    subject: `Your tickets for ${config.name} (order ${orderCode})`,
    dedupeKey,
    ...(await composeMail(
      {
        shopName: config.name,
        greeting: 'Hello,',
        paragraphs: [`Here are the tickets of order ${orderCode}, bought at our box office. Download each one and show it at the entrance.`],
        blocks: [{ kind: 'links', items: tickets.map((ticket) => ticketLinkItem(config, { code: ticket.code, product: ticket.productName, fullName: ticket.fullName, email: ticket.email ?? buyerEmail })) }],
      },
      config,
    )),
  };
}
