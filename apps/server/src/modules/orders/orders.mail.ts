import { english, paymentMessages, UNTAXED, type RateTotal, type ShopConfigFile } from '@festival/contract';
import { shopLink, ticketLinkItem } from '../accounts/accounts.mail';
import { composeMail, type MailBlock } from '../mail/compose';
import type { OutgoingMail } from '../mail/outbox';
import type { OrderRow, TicketRow } from './orders.queries';

type Config = Pick<ShopConfigFile, 'name' | 'publicBaseUrl' | 'currency' | 'locale' | 'timezone' | 'bankTransfer'> & Partial<Pick<ShopConfigFile, 'brand'>>;
/** A ticket as a message lists it; `departsAt`: its transport's departure, shown with it. */
export type MailTicket = Pick<TicketRow, 'code' | 'productName' | 'fullName' | 'email'> & { departsAt?: Date | null };

/** Tickets with their departures (loadOrderForMail's `departures`, by ticket id). */
export const withDepartures = <T extends Pick<TicketRow, 'id'>>(tickets: T[], departures: ReadonlyMap<number, Date>): (T & { departsAt: Date | null })[] =>
  tickets.map((ticket) => ({ ...ticket, departsAt: departures.get(ticket.id) ?? null }));

const amountFormats = new Map<string, Intl.NumberFormat>();

/** An amount in minor units as the shop's locale writes it in its currency (formats made once: every confirmation e-mail uses one). */
export function formatAmount(config: Pick<ShopConfigFile, 'currency' | 'locale'>, minor: number): string {
  const key = `${config.locale}\n${config.currency}`;
  let format = amountFormats.get(key);
  if (!format) amountFormats.set(key, (format = new Intl.NumberFormat(config.locale, { style: 'currency', currency: config.currency })));
  return format.format(minor / 100);
}

/** A date as the shop's locale writes it, in the shop's time zone ("14 March 2027"). */
export function formatDate(config: Pick<ShopConfigFile, 'locale' | 'timezone'>, at: Date): string {
  return new Intl.DateTimeFormat(config.locale, { dateStyle: 'long', timeZone: config.timezone }).format(at);
}

/** A departure as the shop's locale writes it, with the day and the zone named ("Friday 11 June 2027 at 14:00 CEST"). */
export function formatDeparture(config: Pick<ShopConfigFile, 'locale' | 'timezone'>, at: Date): string {
  return new Intl.DateTimeFormat(config.locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: config.timezone, timeZoneName: 'short' }).format(at);
}

/** A ticket's download link, its departure named when it has one. */
export function mailTicketItem(config: Config, buyerEmail: string, ticket: MailTicket) {
  const item = ticketLinkItem(config, { code: ticket.code, product: ticket.productName, fullName: ticket.fullName, email: ticket.email ?? buyerEmail });
  return ticket.departsAt ? { ...item, detail: `${item.detail}, departs ${formatDeparture(config, ticket.departsAt)}` } : item;
}

const ticketItems = (config: Config, buyerEmail: string, tickets: MailTicket[]) => tickets.map((ticket) => mailTicketItem(config, buyerEmail, ticket));

/** The invoice of a paid order to download (its signed link: the path of order-view's `checksum`). */
export const invoiceLinkItem = (config: Config, orderCode: string, invoicePath: string) => ({
  title: `Invoice for order ${orderCode}`,
  label: 'Download invoice (PDF)',
  url: shopLink(config, invoicePath),
});

/** One instalment of a payment plan as the messages list it. */
export interface MailInstalment {
  amount: number;
  paidAmount: number;
  dueAt: Date;
  paid: boolean;
}

/** A payment plan's schedule: each instalment's date and amount, and whether it is paid. */
export function scheduleRows(config: Config, instalments: readonly MailInstalment[]): { label: string; value: string }[] {
  return instalments.map((instalment) => ({
    label: instalment.paid ? 'Paid' : `Due ${formatDate(config, instalment.dueAt)}`,
    value: formatAmount(config, instalment.amount),
  }));
}

/**
 * An order's amounts: its total, the voucher taken off, and the VAT it includes per rate, as the
 * invoice prints it (orderVat, decision 0068; a payment plan's VAT is the whole order's).
 */
export function amountRows(config: Config, order: Pick<OrderRow, 'totalPrice' | 'discountAmount' | 'discountName'>, vat: readonly RateTotal[]): { label: string; value: string }[] {
  return [
    ...(order.discountAmount > 0
      ? [
          { label: 'Total before the voucher', value: formatAmount(config, order.totalPrice + order.discountAmount) },
          { label: order.discountName ? `Voucher (${order.discountName})` : 'Voucher', value: `−${formatAmount(config, order.discountAmount)}` },
        ]
      : []),
    { label: 'Total', value: formatAmount(config, order.totalPrice) },
    ...vat.filter((rate) => rate.name !== UNTAXED).map((rate) => ({ label: `Including ${rate.name}`, value: formatAmount(config, rate.tax) })),
  ];
}

/** What an order confirmation says besides the order itself (payments.service and the back office's resend load it). */
export interface ConfirmationFacts {
  tickets: MailTicket[];
  merchandise: { name: string }[];
  /** The last open instalment's due date, for a payment plan. */
  lastDueAt: Date | null;
  /** A payment plan's schedule (empty without one). */
  instalments: readonly MailInstalment[];
  /** The VAT per rate (invoicing's orderVatOf). */
  vat: readonly RateTotal[];
  /** The signed path of the invoice's download, for an order paid in full. */
  invoicePath: string | null;
}

/** The sentence that says what was received: nothing to pay when a voucher covers the order, never "We have received €0.00". */
function receivedSentence(config: Config, order: OrderRow): string {
  const paid = order.paymentStatus === 'paid';
  if (!paid) return `Thank you for your order ${order.code}. We have received ${formatAmount(config, order.totalPaid)} of ${formatAmount(config, order.totalPrice)}; the rest follows in instalments, and we will remind you before each one is due.`;
  if (order.totalPrice === 0 && order.discountAmount > 0) return `Thank you for your order ${order.code}. Your voucher covers it in full: there is nothing to pay.`;
  if (order.totalPrice === 0) return `Thank you for your order ${order.code}. There was nothing to pay.`;
  if (order.discountAmount > 0) return `Thank you for your order ${order.code}. We have received ${formatAmount(config, order.totalPaid)}, after your voucher took ${formatAmount(config, order.discountAmount)} off.`;
  return `Thank you for your order ${order.code}. We have received ${formatAmount(config, order.totalPaid)}.`;
}

/**
 * The order confirmation: sent once, when the order is paid (or its first payment-plan payment is).
 * Its ticket links download now only when the order is paid in full (documents.service): until
 * then it says when the tickets come instead, and ticketsReadyMail brings them.
 */
export async function confirmationMail(config: Config, to: { email: string; fullName: string }, order: OrderRow, facts: ConfirmationFacts): Promise<OutgoingMail> {
  const { tickets, merchandise, lastDueAt } = facts;
  const paid = order.paymentStatus === 'paid';
  const ticketBlocks: MailBlock[] = !tickets.length
    ? []
    : paid
      ? [{ kind: 'text', text: 'Your tickets: download each one and show it at the entrance.' }, { kind: 'links', items: ticketItems(config, to.email, tickets) }]
      : [
          {
            kind: 'text',
            text: `Your ${tickets.length === 1 ? 'ticket is' : `${tickets.length} tickets are`} reserved for you. We will e-mail ${tickets.length === 1 ? 'it' : 'them'} to you to download once the last instalment is paid${lastDueAt ? ` (due on ${formatDate(config, lastDueAt)})` : ''}.`,
          },
          ...departureBlocks(config, tickets),
        ];
  const scheduleBlocks: MailBlock[] = facts.instalments.length ? [{ kind: 'text', text: 'Your payment plan:' }, { kind: 'details', rows: scheduleRows(config, facts.instalments) }] : [];
  const invoiceBlocks: MailBlock[] = paid && facts.invoicePath ? [{ kind: 'links', items: [invoiceLinkItem(config, order.code, facts.invoicePath)] }] : [];
  return {
    to: to.email,
    subject: `Your order ${order.code} at ${config.name}`,
    dedupeKey: `order-confirmation:${order.id}`,
    ...(await composeMail(
      {
        shopName: config.name,
        greeting: `Hello ${to.fullName},`,
        paragraphs: [receivedSentence(config, order)],
        blocks: [
          { kind: 'details', rows: amountRows(config, order, facts.vat) },
          ...scheduleBlocks,
          ...ticketBlocks,
          ...(merchandise.length ? [{ kind: 'text', text: `Merchandise: ${merchandise.map((item) => item.name).join(', ')}. We will ship it to the address you gave.` } satisfies MailBlock] : []),
          ...invoiceBlocks,
        ],
        action: { label: 'View your order', url: shopLink(config, `/portal/orders/${encodeURIComponent(order.code)}`) },
      },
      config,
    )),
  };
}

/** The departures of tickets not yet downloadable: the traveller needs the time before the ticket comes. */
function departureBlocks(config: Config, tickets: MailTicket[]): MailBlock[] {
  const rows = tickets.filter((ticket) => ticket.departsAt).map((ticket) => ({ label: `${ticket.productName}${ticket.fullName ? ` for ${ticket.fullName}` : ''}`, value: `departs ${formatDeparture(config, ticket.departsAt!)}` }));
  return rows.length ? [{ kind: 'details', rows }] : [];
}

/**
 * A receipt for a paid instalment of a payment plan that was not its first payment (that one is
 * confirmed by the order confirmation): what was received, what is still open and when, and,
 * once the plan is paid in full, the invoice.
 */
export async function instalmentReceiptMail(
  config: Config,
  to: { email: string; fullName: string },
  order: OrderRow,
  instalment: { id: number; amount: number },
  instalments: readonly MailInstalment[],
  invoicePath: string | null,
): Promise<OutgoingMail> {
  const open = order.totalPrice - order.totalPaid;
  return {
    to: to.email,
    subject: `Payment received for order ${order.code}`,
    dedupeKey: `instalment-paid:${instalment.id}`,
    ...(await composeMail(
      {
        shopName: config.name,
        greeting: `Hello ${to.fullName},`,
        paragraphs: [
          open > 0
            ? `We have received ${formatAmount(config, instalment.amount)} for your payment plan (order ${order.code}): thank you. ${formatAmount(config, open)} of ${formatAmount(config, order.totalPrice)} is still to pay.`
            : `We have received ${formatAmount(config, instalment.amount)} for your payment plan (order ${order.code}): thank you. Your order is now paid in full.`,
        ],
        blocks: [
          { kind: 'text', text: 'Your payment plan:' },
          { kind: 'details', rows: scheduleRows(config, instalments) },
          ...(open <= 0 && invoicePath ? [{ kind: 'links', items: [invoiceLinkItem(config, order.code, invoicePath)] } satisfies MailBlock] : []),
        ],
        action: { label: 'View your order', url: shopLink(config, `/portal/orders/${encodeURIComponent(order.code)}`) },
      },
      config,
    )),
  };
}

/**
 * A payment plan paid in full: the tickets that were promised in its confirmation, now
 * downloadable. One per order and address: the buyer gets every ticket of the order, a holder
 * with another address only their own (so no one receives another person's ticket uninvited).
 */
export async function ticketsReadyMail(config: Config, to: { email: string; fullName: string | null }, order: Pick<OrderRow, 'id' | 'code'>, tickets: MailTicket[], buyerEmail: string): Promise<OutgoingMail> {
  const buyer = to.email.toLowerCase() === buyerEmail.toLowerCase();
  return {
    to: to.email,
    subject: `Your tickets for ${config.name} (order ${order.code})`,
    dedupeKey: `order-tickets:${order.id}:${to.email.toLowerCase()}`,
    ...(await composeMail(
      {
        shopName: config.name,
        greeting: to.fullName ? `Hello ${to.fullName},` : 'Hello,',
        paragraphs: [
          buyer
            ? `The last instalment of your order ${order.code} has been paid: thank you. Your tickets are ready. Download each one and show it at the entrance.`
            : `${tickets.length === 1 ? 'A ticket' : 'Tickets'} in your name ${tickets.length === 1 ? 'was' : 'were'} bought for you (order ${order.code}). Download ${tickets.length === 1 ? 'it' : 'each one'} and show it at the entrance.`,
        ],
        blocks: [{ kind: 'links', items: ticketItems(config, buyerEmail, tickets) }],
        ...(buyer ? { action: { label: 'View your order', url: shopLink(config, `/portal/orders/${encodeURIComponent(order.code)}`) } } : {}),
      },
      config,
    )),
  };
}

/**
 * The messages that hand out a paid order's tickets besides its confirmation: one to each holder
 * of another address with theirs (the buyer chose that address for them), and, when the tickets
 * become downloadable after the confirmation (a payment plan's last instalment), one to the buyer
 * with all of them.
 */
export function ticketsReadyMails(config: Config, buyer: { email: string; fullName: string }, order: Pick<OrderRow, 'id' | 'code'>, tickets: MailTicket[], toBuyer: boolean): Promise<OutgoingMail[]> {
  const mails = toBuyer && tickets.length ? [ticketsReadyMail(config, buyer, order, tickets, buyer.email)] : [];
  const others = new Map<string, MailTicket[]>();
  for (const ticket of tickets) {
    const address = ticket.email?.trim();
    if (!address || address.toLowerCase() === buyer.email.toLowerCase()) continue;
    const key = address.toLowerCase();
    others.set(key, [...(others.get(key) ?? []), ticket]);
  }
  for (const held of others.values()) mails.push(ticketsReadyMail(config, { email: held[0]!.email!.trim(), fullName: held[0]!.fullName }, order, held, buyer.email));
  return Promise.all(mails);
}

/** The deadline of an unpaid bank-transfer order (its pay_by), or null when it is kept until paid. */
export function bankTransferPayBy(config: Pick<ShopConfigFile, 'bankTransfer'>, from: Date): Date | null {
  const days = config.bankTransfer?.payWithinDays;
  return days ? new Date(from.getTime() + days * 24 * 60 * 60_000) : null;
}

/** The bank details, reference and amount of an unpaid transfer, as the e-mail and the pages list them. */
export function bankTransferRows(config: Config, order: Pick<OrderRow, 'code' | 'paymentReference' | 'totalPrice' | 'totalPaid'>): { label: string; value: string }[] {
  const bank = config.bankTransfer;
  return [
    ...(bank ? [{ label: 'Account holder', value: bank.accountHolder }, { label: 'IBAN', value: bank.iban }, { label: 'BIC', value: bank.bic }] : []),
    { label: 'Payment reference', value: order.paymentReference ?? order.code },
    { label: 'Amount', value: formatAmount(config, order.totalPrice - order.totalPaid) },
  ];
}

/**
 * How to pay an order by bank transfer: sent once, when the order is placed in the shop, or when
 * the terms of a box-office transfer order are accepted. Everything a transfer needs: account,
 * reference, exact amount, and by when (the order's pay_by, after which it is abandoned).
 */
export async function bankTransferMail(config: Config, to: { email: string; fullName: string }, order: OrderRow, hasTickets = true): Promise<OutgoingMail> {
  // In English until the e-mails speak the reader's language (issue 36).
  const deadline = order.payBy
    ? english(paymentMessages.payBy(formatDate(config, order.payBy)))
    : 'There is no deadline, but nothing is issued or shipped before your payment has arrived.';
  return {
    to: to.email,
    subject: `How to pay your order ${order.code} at ${config.name}`,
    dedupeKey: `bank-transfer:${order.id}`,
    ...(await composeMail(
      {
        shopName: config.name,
        greeting: `Hello ${to.fullName},`,
        paragraphs: [
          `Thank you for your order ${order.code}. Please transfer ${formatAmount(config, order.totalPrice - order.totalPaid)} to our bank account, with the payment reference, so we can match your payment to your order.`,
        ],
        blocks: [
          { kind: 'details', rows: bankTransferRows(config, order) },
          { kind: 'text', text: deadline },
          { kind: 'text', text: hasTickets ? 'Your tickets are issued as soon as your payment has arrived; we will e-mail them to you then.' : 'We will e-mail you as soon as your payment has arrived.' },
        ],
        action: { label: 'View your order', url: shopLink(config, `/portal/orders/${encodeURIComponent(order.code)}`) },
      },
      config,
    )),
  };
}

/**
 * Part of a bank-transfer order's money received (issue 34 point 3, decision 0060): what arrived,
 * what is still open, how to pay it (the same account and reference) and by when (the order keeps
 * its deadline). Sent for each part recorded.
 */
export async function partPaymentMail(config: Config, to: { email: string; fullName: string }, order: OrderRow, received: number): Promise<OutgoingMail> {
  const open = formatAmount(config, order.totalPrice - order.totalPaid);
  return {
    to: to.email,
    subject: `We have received part of your payment for order ${order.code}`,
    dedupeKey: `part-payment:${order.id}:${order.totalPaid}`,
    ...(await composeMail(
      {
        shopName: config.name,
        greeting: `Hello ${to.fullName},`,
        paragraphs: [
          `We have received ${formatAmount(config, received)} for your order ${order.code}: ${formatAmount(config, order.totalPaid)} of ${formatAmount(config, order.totalPrice)} is paid, and ${open} is still open. Please transfer the rest with the same payment reference.`,
        ],
        blocks: [
          { kind: 'details', rows: bankTransferRows(config, order) },
          { kind: 'text', text: order.payBy ? `Please make sure the rest arrives by ${formatDate(config, order.payBy)}.` : 'There is no deadline, but nothing is issued or shipped before the whole amount has arrived.' },
        ],
        action: { label: 'View your order', url: shopLink(config, `/portal/orders/${encodeURIComponent(order.code)}`) },
      },
      config,
    )),
  };
}

/** A reminder before an instalment's due date, or the notice that it is overdue: each sent once. */
export async function instalmentMail(
  config: Config,
  kind: 'due' | 'overdue',
  to: { email: string; fullName: string },
  order: OrderRow,
  instalment: { id: number; amount: number; paidAmount: number; dueAt: Date },
  path: string,
): Promise<OutgoingMail> {
  const amount = formatAmount(config, instalment.amount - instalment.paidAmount);
  const date = formatDate(config, instalment.dueAt);
  return {
    to: to.email,
    subject: kind === 'due' ? `Your next payment for order ${order.code} is due on ${date}` : `Your payment for order ${order.code} is overdue`,
    dedupeKey: `instalment-${kind}:${instalment.id}`,
    ...(await composeMail(
      {
        shopName: config.name,
        greeting: `Hello ${to.fullName},`,
        paragraphs: [
          kind === 'due'
            ? `A payment of ${amount} for your payment plan (order ${order.code}) is due on ${date}.`
            : `The payment of ${amount} for your payment plan (order ${order.code}) was due on ${date} and has not arrived yet. Please pay it now to keep your tickets.`,
        ],
        action: { label: 'Make payment', url: shopLink(config, path) },
        after: ['If you have paid in the meantime, you can ignore this message.'],
      },
      config,
    )),
  };
}

/** A box-office order: the customer accepts its terms (and pays, if it is unpaid) through this link. */
export async function termsLinkMail(config: Config, to: { email: string; fullName: string }, order: OrderRow, path: string): Promise<OutgoingMail> {
  const next =
    order.paymentStatus === 'paid'
      ? 'Please read and accept our terms and conditions to complete it.'
      : order.paymentMethod === 'bank_transfer'
        ? 'Please read and accept our terms and conditions to complete it; then we will e-mail you the bank details to pay it, and the page shows them too.'
        : 'Please read and accept our terms and conditions to complete it; then you pay it by card on the same page.';
  return {
    to: to.email,
    subject: `Please accept the terms of your order ${order.code} at ${config.name}`,
    dedupeKey: `terms-link:${order.id}`,
    ...(await composeMail(
      {
        shopName: config.name,
        greeting: `Hello ${to.fullName},`,
        paragraphs: [`Your order ${order.code} (${formatAmount(config, order.totalPrice)}) was placed for you by our box office.`, next],
        action: { label: 'Accept the Terms and Conditions', url: shopLink(config, path) },
      },
      config,
    )),
  };
}
