import type { ShopConfigFile } from '@festival/contract';
import { shopLink } from '../accounts/accounts.mail';
import { composeMail } from '../mail/compose';
import type { OutgoingMail } from '../mail/outbox';
import type { OrderRow, TicketRow } from './orders.queries';

type Config = Pick<ShopConfigFile, 'name' | 'publicBaseUrl' | 'currency' | 'locale' | 'bankTransfer'>;

const amountFormats = new Map<string, Intl.NumberFormat>();

/** An amount in minor units as the shop's locale writes it in its currency (formats made once: every confirmation e-mail uses one). */
export function formatAmount(config: Pick<ShopConfigFile, 'currency' | 'locale'>, minor: number): string {
  const key = `${config.locale}\n${config.currency}`;
  let format = amountFormats.get(key);
  if (!format) amountFormats.set(key, (format = new Intl.NumberFormat(config.locale, { style: 'currency', currency: config.currency })));
  return format.format(minor / 100);
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

/** A reminder before an instalment's due date, or the notice that it is overdue: each sent once. */
export function instalmentMail(
  config: Config & Pick<ShopConfigFile, 'timezone'>,
  kind: 'due' | 'overdue',
  to: { email: string; fullName: string },
  order: OrderRow,
  instalment: { id: number; amount: number; paidAmount: number; dueAt: Date },
  path: string,
): OutgoingMail {
  const amount = formatAmount(config, instalment.amount - instalment.paidAmount);
  const date = new Intl.DateTimeFormat(config.locale, { dateStyle: 'long', timeZone: config.timezone }).format(instalment.dueAt);
  return {
    to: to.email,
    subject: kind === 'due' ? `Your next payment for order ${order.code} is due on ${date}` : `Your payment for order ${order.code} is overdue`,
    dedupeKey: `instalment-${kind}:${instalment.id}`,
    ...composeMail({
      shopName: config.name,
      greeting: `Hello ${to.fullName},`,
      paragraphs: [
        kind === 'due'
          ? `A payment of ${amount} for your payment plan (order ${order.code}) is due on ${date}.`
          : `The payment of ${amount} for your payment plan (order ${order.code}) was due on ${date} and has not arrived yet. Please pay it now to keep your tickets.`,
      ],
      action: { label: 'Make payment', url: shopLink(config, path) },
      after: ['If you have paid in the meantime, you can ignore this message.'],
    }),
  };
}

/** A box-office order: the customer accepts its terms (and pays, if it is unpaid) through this link. */
export function termsLinkMail(config: Config, to: { email: string; fullName: string }, order: OrderRow, path: string): OutgoingMail {
  return {
    to: to.email,
    subject: `Please accept the terms of your order ${order.code} at ${config.name}`,
    dedupeKey: `terms-link:${order.id}`,
    ...composeMail({
      shopName: config.name,
      greeting: `Hello ${to.fullName},`,
      paragraphs: [
        `Your order ${order.code} (${formatAmount(config, order.totalPrice)}) was placed for you by our box office.`,
        'Please read and accept our terms and conditions to complete it.',
      ],
      action: { label: 'Accept the Terms and Conditions', url: shopLink(config, path) },
    }),
  };
}
