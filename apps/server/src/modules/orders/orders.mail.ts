import { paymentMessages, UNTAXED, type Locale, type RateTotal, type ShopConfigFile } from '@festival/contract';
import { wordsFor, type Words, shopNameIn } from '../../lib/reader';
import { greetingOf, shopLink, ticketLinkItem, ticketTitle } from '../accounts/accounts.mail';
import { composeMail, type MailBlock } from '../mail/compose';
import type { OutgoingMail } from '../mail/outbox';
import { ordersMailMessages as texts } from './orders.mail.messages';
import type { OrderRow, TicketRow } from './orders.queries';

type Config = Pick<ShopConfigFile, 'name' | 'publicBaseUrl' | 'currency' | 'locale' | 'timezone' | 'bankTransfer'> & Partial<Pick<ShopConfigFile, 'brand' | 'languages' | 'translations'>>;
/** A ticket as a message lists it; `departsAt`: its transport's departure, shown with it. */
export type MailTicket = Pick<TicketRow, 'code' | 'productName' | 'fullName' | 'email'> & { departsAt?: Date | null };

/** Tickets with their departures (loadOrderForMail's `departures`, by ticket id). */
export const withDepartures = <T extends Pick<TicketRow, 'id'>>(tickets: T[], departures: ReadonlyMap<number, Date>): (T & { departsAt: Date | null })[] =>
  tickets.map((ticket) => ({ ...ticket, departsAt: departures.get(ticket.id) ?? null }));

const amountFormats = new Map<string, Intl.NumberFormat>();

/** An amount in minor units as the shop's locale writes it in its currency (formats made once). The e-mails write amounts in their reader's language (`wordsFor`). */
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

/** What a message about an order says things with: the reader's texts, amounts, dates and departures. */
type OrderWords = Pick<Words, 'say' | 'amount' | 'date' | 'departure'>;

/** The link to an order in the portal, with its label in the reader's language. */
const viewOrderAction = (words: OrderWords, config: Config, code: string) => ({ label: words.say(texts.viewOrder), url: shopLink(config, `/portal/orders/${encodeURIComponent(code)}`) });

/** A ticket's download link in the reader's words, its departure named when it has one. */
export function mailTicketItem(words: OrderWords, config: Pick<ShopConfigFile, 'publicBaseUrl'>, buyerEmail: string, ticket: MailTicket) {
  const item = ticketLinkItem(words, config, { code: ticket.code, product: ticket.productName, fullName: ticket.fullName, email: ticket.email ?? buyerEmail });
  return ticket.departsAt ? { ...item, detail: words.say(texts.ticketDeparts({ code: ticket.code, departure: words.departure(ticket.departsAt) })) } : item;
}

const ticketItems = (words: OrderWords, config: Config, buyerEmail: string, tickets: MailTicket[]) => tickets.map((ticket) => mailTicketItem(words, config, buyerEmail, ticket));

/** The invoice of a paid order to download (its signed link: the path of order-view's `checksum`). */
export const invoiceLinkItem = (words: Pick<Words, 'say'>, config: Pick<ShopConfigFile, 'publicBaseUrl'>, orderCode: string, invoicePath: string) => ({
  title: words.say(texts.invoiceTitle({ code: orderCode })),
  label: words.say(texts.downloadInvoice),
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
export function scheduleRows(words: OrderWords, instalments: readonly MailInstalment[]): { label: string; value: string }[] {
  return instalments.map((instalment) => ({
    label: words.say(instalment.paid ? texts.instalmentPaid : texts.instalmentDue({ date: words.date(instalment.dueAt) })),
    value: words.amount(instalment.amount),
  }));
}

/**
 * An order's amounts: its total, the voucher taken off, and the VAT it includes per rate, as the
 * invoice prints it (orderVat, decision 0068; a payment plan's VAT is the whole order's).
 */
export function amountRows(words: OrderWords, order: Pick<OrderRow, 'totalPrice' | 'discountAmount' | 'discountName'>, vat: readonly RateTotal[]): { label: string; value: string }[] {
  return [
    ...(order.discountAmount > 0
      ? [
          { label: words.say(texts.totalBeforeVoucher), value: words.amount(order.totalPrice + order.discountAmount) },
          { label: words.say(order.discountName ? texts.voucherNamed({ voucher: order.discountName }) : texts.voucher), value: `−${words.amount(order.discountAmount)}` },
        ]
      : []),
    { label: words.say(texts.total), value: words.amount(order.totalPrice) },
    ...vat.filter((rate) => rate.name !== UNTAXED).map((rate) => ({ label: words.say(texts.includingTax({ rate: rate.name })), value: words.amount(rate.tax) })),
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
function receivedSentence(words: OrderWords, order: OrderRow): string {
  const { code } = order;
  if (order.paymentStatus !== 'paid') return words.say(texts.receivedPart({ code, paid: words.amount(order.totalPaid), total: words.amount(order.totalPrice) }));
  if (order.totalPrice === 0 && order.discountAmount > 0) return words.say(texts.voucherCovers({ code }));
  if (order.totalPrice === 0) return words.say(texts.nothingToPay({ code }));
  if (order.discountAmount > 0) return words.say(texts.receivedAfterVoucher({ code, paid: words.amount(order.totalPaid), discount: words.amount(order.discountAmount) }));
  return words.say(texts.received({ code, paid: words.amount(order.totalPaid) }));
}

/**
 * The order confirmation: sent once, when the order is paid (or its first payment-plan payment is).
 * Its ticket links download now only when the order is paid in full (documents.service): until
 * then it says when the tickets come instead, and ticketsReadyMail brings them. `language`: the
 * order's (readerLanguage of its `language`).
 */
export async function confirmationMail(config: Config, language: Locale, to: { email: string; fullName: string }, order: OrderRow, facts: ConfirmationFacts): Promise<OutgoingMail> {
  const words = wordsFor(config, language);
  const { tickets, merchandise, lastDueAt } = facts;
  const paid = order.paymentStatus === 'paid';
  const count = tickets.length;
  const ticketBlocks: MailBlock[] = !tickets.length
    ? []
    : paid
      ? [{ kind: 'text', text: words.say(texts.ticketsToDownload) }, { kind: 'links', items: ticketItems(words, config, to.email, tickets) }]
      : [{ kind: 'text', text: words.say(lastDueAt ? texts.ticketsReservedUntil({ count, date: words.date(lastDueAt) }) : texts.ticketsReserved({ count })) }, ...departureBlocks(words, tickets)];
  const scheduleBlocks: MailBlock[] = facts.instalments.length ? [{ kind: 'text', text: words.say(texts.yourPaymentPlan) }, { kind: 'details', rows: scheduleRows(words, facts.instalments) }] : [];
  const invoiceBlocks: MailBlock[] = paid && facts.invoicePath ? [{ kind: 'links', items: [invoiceLinkItem(words, config, order.code, facts.invoicePath)] }] : [];
  return {
    to: to.email,
    subject: words.say(texts.confirmationSubject({ code: order.code, shop: shopNameIn(config, language) })),
    dedupeKey: `order-confirmation:${order.id}`,
    ...(await composeMail(
      {
        language,
        shopName: shopNameIn(config, language),
        greeting: greetingOf(words, to.fullName),
        paragraphs: [receivedSentence(words, order)],
        blocks: [
          { kind: 'details', rows: amountRows(words, order, facts.vat) },
          ...scheduleBlocks,
          ...ticketBlocks,
          ...(merchandise.length ? [{ kind: 'text', text: words.say(texts.merchandise({ items: merchandise.map((item) => item.name) })) } satisfies MailBlock] : []),
          ...invoiceBlocks,
        ],
        action: viewOrderAction(words, config, order.code),
      },
      config,
    )),
  };
}

/** The departures of tickets not yet downloadable: the traveller needs the time before the ticket comes. */
function departureBlocks(words: OrderWords, tickets: MailTicket[]): MailBlock[] {
  const rows = tickets
    .filter((ticket) => ticket.departsAt)
    .map((ticket) => ({ label: ticketTitle(words, ticket.productName, ticket.fullName), value: words.say(texts.departs({ departure: words.departure(ticket.departsAt!) })) }));
  return rows.length ? [{ kind: 'details', rows }] : [];
}

/**
 * A receipt for a paid instalment of a payment plan that was not its first payment (that one is
 * confirmed by the order confirmation): what was received, what is still open and when, and,
 * once the plan is paid in full, the invoice.
 */
export async function instalmentReceiptMail(
  config: Config,
  language: Locale,
  to: { email: string; fullName: string },
  order: OrderRow,
  instalment: { id: number; amount: number },
  instalments: readonly MailInstalment[],
  invoicePath: string | null,
): Promise<OutgoingMail> {
  const words = wordsFor(config, language);
  const open = order.totalPrice - order.totalPaid;
  const amount = words.amount(instalment.amount);
  return {
    to: to.email,
    subject: words.say(texts.instalmentReceiptSubject({ code: order.code })),
    dedupeKey: `instalment-paid:${instalment.id}`,
    ...(await composeMail(
      {
        language,
        shopName: shopNameIn(config, language),
        greeting: greetingOf(words, to.fullName),
        paragraphs: [
          words.say(
            open > 0
              ? texts.instalmentReceived({ amount, code: order.code, open: words.amount(open), total: words.amount(order.totalPrice) })
              : texts.instalmentReceivedPaidInFull({ amount, code: order.code }),
          ),
        ],
        blocks: [
          { kind: 'text', text: words.say(texts.yourPaymentPlan) },
          { kind: 'details', rows: scheduleRows(words, instalments) },
          ...(open <= 0 && invoicePath ? [{ kind: 'links', items: [invoiceLinkItem(words, config, order.code, invoicePath)] } satisfies MailBlock] : []),
        ],
        action: viewOrderAction(words, config, order.code),
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
export async function ticketsReadyMail(config: Config, language: Locale, to: { email: string; fullName: string | null }, order: Pick<OrderRow, 'id' | 'code'>, tickets: MailTicket[], buyerEmail: string): Promise<OutgoingMail> {
  const words = wordsFor(config, language);
  const buyer = to.email.toLowerCase() === buyerEmail.toLowerCase();
  return {
    to: to.email,
    subject: words.say(texts.ticketsReadySubject({ shop: shopNameIn(config, language), code: order.code })),
    dedupeKey: `order-tickets:${order.id}:${to.email.toLowerCase()}`,
    ...(await composeMail(
      {
        language,
        shopName: shopNameIn(config, language),
        greeting: greetingOf(words, to.fullName),
        paragraphs: [words.say(buyer ? texts.ticketsReady({ code: order.code }) : texts.ticketsBoughtForYou({ count: tickets.length, code: order.code }))],
        blocks: [{ kind: 'links', items: ticketItems(words, config, buyerEmail, tickets) }],
        ...(buyer ? { action: viewOrderAction(words, config, order.code) } : {}),
      },
      config,
    )),
  };
}

/**
 * The messages that hand out a paid order's tickets besides its confirmation: one to each holder
 * of another address with theirs (the buyer chose that address for them), and, when the tickets
 * become downloadable after the confirmation (a payment plan's last instalment), one to the buyer
 * with all of them. All in the order's language (`language`).
 */
export function ticketsReadyMails(config: Config, language: Locale, buyer: { email: string; fullName: string }, order: Pick<OrderRow, 'id' | 'code'>, tickets: MailTicket[], toBuyer: boolean): Promise<OutgoingMail[]> {
  const mails = toBuyer && tickets.length ? [ticketsReadyMail(config, language, buyer, order, tickets, buyer.email)] : [];
  const others = new Map<string, MailTicket[]>();
  for (const ticket of tickets) {
    const address = ticket.email?.trim();
    if (!address || address.toLowerCase() === buyer.email.toLowerCase()) continue;
    const key = address.toLowerCase();
    others.set(key, [...(others.get(key) ?? []), ticket]);
  }
  for (const held of others.values()) mails.push(ticketsReadyMail(config, language, { email: held[0]!.email!.trim(), fullName: held[0]!.fullName }, order, held, buyer.email));
  return Promise.all(mails);
}

/** The deadline of an unpaid bank-transfer order (its pay_by), or null when it is kept until paid. */
export function bankTransferPayBy(config: Pick<ShopConfigFile, 'bankTransfer'>, from: Date): Date | null {
  const days = config.bankTransfer?.payWithinDays;
  return days ? new Date(from.getTime() + days * 24 * 60 * 60_000) : null;
}

/** The bank details, reference and amount of an unpaid transfer, as the e-mail and the pages list them, in the reader's words. */
export function bankTransferRows(words: Pick<Words, 'say' | 'amount'>, config: Pick<ShopConfigFile, 'bankTransfer'>, order: Pick<OrderRow, 'code' | 'paymentReference' | 'totalPrice' | 'totalPaid'>): { label: string; value: string }[] {
  const bank = config.bankTransfer;
  return [
    ...(bank
      ? [
          { label: words.say(texts.accountHolder), value: bank.accountHolder },
          { label: words.say(texts.iban), value: bank.iban },
          { label: words.say(texts.bic), value: bank.bic },
        ]
      : []),
    { label: words.say(texts.paymentReference), value: order.paymentReference ?? order.code },
    { label: words.say(texts.amount), value: words.amount(order.totalPrice - order.totalPaid) },
  ];
}

/**
 * How to pay an order by bank transfer: sent once, when the order is placed in the shop, or when
 * the terms of a box-office transfer order are accepted. Everything a transfer needs: account,
 * reference, exact amount, and by when (the order's pay_by, after which it is abandoned).
 */
export async function bankTransferMail(config: Config, language: Locale, to: { email: string; fullName: string }, order: OrderRow, hasTickets = true): Promise<OutgoingMail> {
  const words = wordsFor(config, language);
  return {
    to: to.email,
    subject: words.say(texts.bankTransferSubject({ code: order.code, shop: shopNameIn(config, language) })),
    dedupeKey: `bank-transfer:${order.id}`,
    ...(await composeMail(
      {
        language,
        shopName: shopNameIn(config, language),
        greeting: greetingOf(words, to.fullName),
        paragraphs: [words.say(texts.pleaseTransfer({ code: order.code, amount: words.amount(order.totalPrice - order.totalPaid) }))],
        blocks: [
          { kind: 'details', rows: bankTransferRows(words, config, order) },
          { kind: 'text', text: words.say(order.payBy ? paymentMessages.payBy(words.date(order.payBy)) : texts.noDeadline) },
          { kind: 'text', text: words.say(hasTickets ? texts.ticketsWhenPaid : texts.mailWhenPaid) },
        ],
        action: viewOrderAction(words, config, order.code),
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
export async function partPaymentMail(config: Config, language: Locale, to: { email: string; fullName: string }, order: OrderRow, received: number): Promise<OutgoingMail> {
  const words = wordsFor(config, language);
  return {
    to: to.email,
    subject: words.say(texts.partPaymentSubject({ code: order.code })),
    dedupeKey: `part-payment:${order.id}:${order.totalPaid}`,
    ...(await composeMail(
      {
        language,
        shopName: shopNameIn(config, language),
        greeting: greetingOf(words, to.fullName),
        paragraphs: [
          words.say(
            texts.partPaymentReceived({
              received: words.amount(received),
              code: order.code,
              paid: words.amount(order.totalPaid),
              total: words.amount(order.totalPrice),
              open: words.amount(order.totalPrice - order.totalPaid),
            }),
          ),
        ],
        blocks: [
          { kind: 'details', rows: bankTransferRows(words, config, order) },
          { kind: 'text', text: words.say(order.payBy ? texts.restArrivesBy({ date: words.date(order.payBy) }) : texts.restNoDeadline) },
        ],
        action: viewOrderAction(words, config, order.code),
      },
      config,
    )),
  };
}

/** A reminder before an instalment's due date, or the notice that it is overdue: each sent once. */
export async function instalmentMail(
  config: Config,
  language: Locale,
  kind: 'due' | 'overdue',
  to: { email: string; fullName: string },
  order: OrderRow,
  instalment: { id: number; amount: number; paidAmount: number; dueAt: Date },
  path: string,
): Promise<OutgoingMail> {
  const words = wordsFor(config, language);
  const amount = words.amount(instalment.amount - instalment.paidAmount);
  const date = words.date(instalment.dueAt);
  const code = order.code;
  return {
    to: to.email,
    subject: words.say(kind === 'due' ? texts.instalmentDueSubject({ code, date }) : texts.instalmentOverdueSubject({ code })),
    dedupeKey: `instalment-${kind}:${instalment.id}`,
    ...(await composeMail(
      {
        language,
        shopName: shopNameIn(config, language),
        greeting: greetingOf(words, to.fullName),
        paragraphs: [words.say(kind === 'due' ? texts.instalmentDueSoon({ amount, code, date }) : texts.instalmentOverdue({ amount, code, date }))],
        action: { label: words.say(texts.makePayment), url: shopLink(config, path) },
        after: [words.say(texts.paidMeanwhile)],
      },
      config,
    )),
  };
}

/** A box-office order: the customer accepts its terms (and pays, if it is unpaid) through this link. */
export async function termsLinkMail(config: Config, language: Locale, to: { email: string; fullName: string }, order: OrderRow, path: string): Promise<OutgoingMail> {
  const words = wordsFor(config, language);
  const next = order.paymentStatus === 'paid' ? texts.acceptTermsPaid : order.paymentMethod === 'bank_transfer' ? texts.acceptTermsTransfer : texts.acceptTermsCard;
  return {
    to: to.email,
    subject: words.say(texts.termsSubject({ code: order.code, shop: shopNameIn(config, language) })),
    dedupeKey: `terms-link:${order.id}`,
    ...(await composeMail(
      {
        language,
        shopName: shopNameIn(config, language),
        greeting: greetingOf(words, to.fullName),
        paragraphs: [words.say(texts.placedByBoxOffice({ code: order.code, amount: words.amount(order.totalPrice) })), words.say(next)],
        action: { label: words.say(texts.acceptTerms), url: shopLink(config, path) },
      },
      config,
    )),
  };
}
