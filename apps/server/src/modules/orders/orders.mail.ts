import type { ShopConfigFile } from '@festival/contract';
import { shopLink } from '../accounts/accounts.mail';
import { composeMail } from '../mail/compose';
import type { OutgoingMail } from '../mail/outbox';
import type { OrderRow, TicketRow } from './orders.queries';

type Config = Pick<ShopConfigFile, 'name' | 'publicBaseUrl' | 'currency' | 'locale' | 'bankTransfer'>;

export function formatAmount(config: Pick<ShopConfigFile, 'currency' | 'locale'>, minor: number): string {
  return new Intl.NumberFormat(config.locale, { style: 'currency', currency: config.currency }).format(minor / 100);
}

/** The order confirmation: sent once, when the order is paid (or its first payment-plan payment is). */
export function confirmationMail(
  config: Config,
  to: { email: string; fullName: string },
  order: OrderRow,
  tickets: Pick<TicketRow, 'code' | 'productName' | 'fullName' | 'email'>[],
  merchandise: { name: string }[],
): OutgoingMail {
  const ticketLines = tickets.map(
    (ticket) =>
      `${ticket.productName}${ticket.fullName ? ` for ${ticket.fullName}` : ''} (${ticket.code}): ${shopLink(config, `/download-ticket/${encodeURIComponent(ticket.email ?? to.email)}/${ticket.code}`)}`,
  );
  return {
    to: to.email,
    subject: `Your order ${order.code} at ${config.name}`,
    dedupeKey: `order-confirmation:${order.id}`,
    ...composeMail({
      shopName: config.name,
      greeting: `Hello ${to.fullName},`,
      paragraphs: [
        `Thank you for your order ${order.code}. We have received ${formatAmount(config, order.totalPaid)}.`,
        ...(ticketLines.length ? ['Your tickets (download each one and show it at the entrance):', ...ticketLines] : []),
        ...(merchandise.length ? [`Merchandise: ${merchandise.map((item) => item.name).join(', ')}. We will ship it to the address you gave.`] : []),
      ],
      action: { label: 'View your order', url: shopLink(config, `/portal/orders/${encodeURIComponent(order.code)}`) },
    }),
  };
}

/** How to pay an order by bank transfer: sent once, when the order is placed. */
export function bankTransferMail(config: Config, to: { email: string; fullName: string }, order: OrderRow): OutgoingMail {
  const bank = config.bankTransfer;
  return {
    to: to.email,
    subject: `How to pay your order ${order.code} at ${config.name}`,
    dedupeKey: `bank-transfer:${order.id}`,
    ...composeMail({
      shopName: config.name,
      greeting: `Hello ${to.fullName},`,
      paragraphs: [
        `Thank you for your order ${order.code}. Please transfer ${formatAmount(config, order.totalPrice - order.totalPaid)} to our bank account, with the payment reference, so we can match your payment to your order.`,
        ...(bank ? [`Account holder: ${bank.accountHolder}`, `IBAN: ${bank.iban}`, `BIC: ${bank.bic}`] : []),
        `Payment reference: ${order.paymentReference ?? order.code}`,
        'Your tickets are issued as soon as your payment has arrived; we will e-mail you then.',
      ],
      action: { label: 'View your order', url: shopLink(config, `/order/${encodeURIComponent(order.code)}`) },
    }),
  };
}
