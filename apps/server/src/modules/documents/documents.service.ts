import type { ShopConfigFile } from '@festival/contract';
import type { Db } from '../../db/client';
import { intlLocaleOf, readerLanguage, wordsFor, type Words, shopNameIn } from '../../lib/reader';
import { creditNoteLink, INVOICE_LINK, orderLinkSignatureMatches } from '../checkout/order-links.signatures';
import { findCreditNoteOfRefund, findInvoiceOfOrder, type InvoiceRow } from '../invoicing/invoicing.queries';
import { contentOf, issueInvoice, numberOf } from '../invoicing/invoicing.service';
import { invoicePdfTexts } from './documents.messages';
import { findOrderIdentity, findOrderTicketsForDownload, findTicketForDownload, wasPassedOn, wasSentTo } from './documents.queries';
import { renderInvoicePdf } from './invoice-pdf';
import type { TicketKeys } from '../checkin/ticket-keys';
import { renderTicketPdf, renderTicketsPdf, type TicketDocument } from './ticket-pdf';

const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
/** A formatter made once per locale, zone and kind (a document prints a handful of dates, documents come by the hundred). */
function formatter<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let found = formats.get(key) as T | undefined;
  if (!found) {
    if (formats.size >= 256) formats.delete(formats.keys().next().value!);
    formats.set(key, (found = make()));
  }
  return found;
}

/** A date and time in a time zone, with the zone named, as documents print it in `locale` (an Intl locale: intlLocaleOf). */
export function formatDateTime(locale: string, date: Date, timeZone: string): string {
  return formatter(`time\n${locale}\n${timeZone}`, () =>
    new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone, timeZoneName: 'short' }),
  ).format(date);
}

/** A day in a time zone ("23 November 2026", „23. November 2026“), as documents print it in `locale`. */
function formatDay(locale: string, iso: string, timeZone: string): string {
  return formatter(`day\n${locale}\n${timeZone}`, () => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone })).format(new Date(iso));
}

/** A rate in basis points as `locale` writes a percentage (900: "9%", „9 %“, « 9 % »). */
function formatPercent(locale: string, basisPoints: number): string {
  return formatter(`percent\n${locale}`, () => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 })).format(basisPoints / 10_000);
}

/**
 * The documents customers download by a direct link (spec section 2): a ticket by its holder's
 * e-mail and code, an invoice by the order code and its checksum, and (ours, decision 0033) a
 * refund's credit note by the order code, the refund and its own checksum. Null means the link is
 * wrong or the document not (yet) available; the route answers every such case with the same 404.
 */
/** Why a ticket link does not download: the page it answers says so (link-problem-page.ts). */
export type TicketLinkProblem = 'passed-on' | 'other-address' | 'refunded' | 'cancelled' | 'not-paid' | 'unknown';
/** Why an invoice link does not download. */
export type InvoiceLinkProblem = 'not-paid' | 'unknown';

export function createDocumentsService(deps: { db: Db; config: ShopConfigFile; /** APP_SECRET, then previous ones still honoured. */ linkSecrets: readonly string[]; ticketKeys: TicketKeys; now?: () => Date }) {
  const { db, config } = deps;
  const now = deps.now ?? (() => new Date());
  /** The words of an order's documents: its language while the shop offers it, else the shop's default (decision 0094). */
  const wordsOf = (orderLanguage: string | null): Words => wordsFor(config, readerLanguage(config, orderLanguage));
  /** An issued document drawn from what it said when issued, in its order's language. */
  const render = (row: InvoiceRow, orderLanguage: string | null) => {
    const content = contentOf(row);
    const words = wordsOf(orderLanguage);
    const locale = intlLocaleOf(config, words.language);
    const day = (iso: string, timeZone = config.timezone) => formatDay(locale, iso, timeZone);
    const supply = [
      ...content.supply.events.map((event) => (event.startsAt ? words.say(invoicePdfTexts.eventDay({ date: day(event.startsAt, event.timezone), event: event.name })) : event.name)),
      // Goods leave after payment; the payment date is the VAT point either way (art. 65/66).
      ...(content.supply.goods ? [words.say(invoicePdfTexts.merchandiseShipped)] : []),
    ];
    return renderInvoicePdf({
      kind: row.kind,
      number: numberOf(row),
      shopName: shopNameIn(config, words.language),
      content,
      issuedOn: day(row.issuedAt.toISOString()),
      paidOn: content.paidAt ? day(content.paidAt) : null,
      supply,
      corrects: content.corrects ? words.say(invoicePdfTexts.invoiceOf({ number: content.corrects.number, date: day(content.corrects.issuedAt) })) : null,
      money: words.amount,
      percent: (basisPoints) => formatPercent(locale, basisPoints),
      words,
    });
  };
  /**
   * A ticket that downloads (issued, its order paid, asked for by its holder's address), with its
   * pass signed afresh (the same pass while nothing changed): a ticket issued before passes existed
   * gets one now, and a reassigned ticket's new code is in it (decision 0038).
   */
  async function downloadable(email: string, code: string) {
    const row = await findTicketForDownload(db, code);
    if (!row) return null;
    const owner = (row.ticket.email ?? row.accountEmail).trim().toLowerCase();
    if (owner !== email.trim().toLowerCase()) return null;
    return printable(row);
  }
  /** A ticket that prints: issued and its order paid, with its pass signed afresh. */
  async function printable(row: NonNullable<Awaited<ReturnType<typeof findTicketForDownload>>>) {
    if (row.ticket.status !== 'active' || row.orderStatus !== 'paid') return null;
    const departure = row.departsAt ?? row.itemTravelTime;
    const pass = await deps.ticketKeys.passFor({ ...row.ticket, eventId: row.eventId, anchor: departure ?? row.eventStartsAt });
    return { row, pass, departure };
  }
  /** What a ticket's PDF prints. */
  function documentOf({ row, pass, departure }: NonNullable<Awaited<ReturnType<typeof printable>>>): TicketDocument {
    const zone = row.eventTimezone ?? config.timezone;
    const language = readerLanguage(config, row.orderLanguage);
    const locale = intlLocaleOf(config, language);
    return {
      shopName: shopNameIn(config, language),
      code: row.ticket.code,
      pass,
      product: row.ticket.productName,
      holder: row.ticket.fullName,
      email: row.ticket.email,
      age: row.ticket.age,
      event: row.eventName,
      eventDate: row.eventStartsAt ? formatDateTime(locale, row.eventStartsAt, zone) : null,
      eventEnd: row.eventEndsAt ? formatDateTime(locale, row.eventEndsAt, zone) : null,
      venue: row.eventVenue,
      travelTime: departure ? formatDateTime(locale, departure, zone) : null,
      orderCode: row.orderCode,
    };
  }
  return {
    /**
     * Why a ticket link does not download (decision 0069), for the page it answers instead: the
     * ticket was passed on (its code is void), sent to another address, refunded or cancelled,
     * not paid yet, or the link names no ticket at all. Only someone holding the ticket's
     * unguessable code learns any of this, and nothing of the ticket's new holder.
     */
    async ticketLinkProblem(email: string, code: string): Promise<TicketLinkProblem> {
      // A reason only for the address the link was made for, now or before: a code with any other
      // address answers as a made-up link, so a code alone says nothing of its ticket (decision 0069).
      const address = email.trim().toLowerCase();
      const row = await findTicketForDownload(db, code);
      if (!row) return (await wasPassedOn(db, code, address)) ? 'passed-on' : 'unknown';
      const owner = (row.ticket.email ?? row.accountEmail).trim().toLowerCase();
      if (owner !== address) return (await wasSentTo(db, row.ticket.id, address)) ? 'other-address' : 'unknown';
      if (row.ticket.status === 'refunded') return 'refunded';
      if (row.ticket.status === 'cancelled' || row.orderStatus === 'cancelled' || row.orderStatus === 'abandoned') return 'cancelled';
      return 'not-paid';
    },

    /** A ticket's signed pass (its QR code's text), for the holder's address and code: the download link's rule. */
    async ticketPass(email: string, code: string): Promise<string | null> {
      return (await downloadable(email, code))?.pass ?? null;
    },

    async ticketPdf(email: string, code: string): Promise<Buffer | null> {
      const found = await downloadable(email, code);
      return found ? renderTicketPdf(documentOf(found), wordsOf(found.row.orderLanguage)) : null;
    },

    /**
     * A paid order's issued tickets as one PDF for staff to print at the desk (decision 0076): the
     * pages the customers' downloads draw, without the link's address (the staff call is the key,
     * under the box office's roles). Null: the order is not paid or has no issued ticket.
     */
    async orderTicketsPdf(orderCode: string): Promise<{ pdf: Buffer; tickets: number } | null> {
      const rows = await findOrderTicketsForDownload(db, orderCode);
      const found: NonNullable<Awaited<ReturnType<typeof printable>>>[] = [];
      for (const row of rows) {
        const ticket = await printable(row);
        if (ticket) found.push(ticket);
      }
      if (!found.length) return null;
      // One order, one language: its tickets' (all rows carry the order's).
      const words = wordsOf(found[0]!.row.orderLanguage);
      return { pdf: await renderTicketsPdf(orderCode, shopNameIn(config, words.language), found.map(documentOf), words), tickets: found.length };
    },

    /** Why an invoice link does not download: its order is not paid in full yet, or the link is not (or no longer) one of ours. */
    async invoiceLinkProblem(orderCode: string, checksum: string): Promise<InvoiceLinkProblem> {
      if (!orderLinkSignatureMatches(deps.linkSecrets, orderCode, INVOICE_LINK, checksum)) return 'unknown';
      const order = await findOrderIdentity(db, orderCode);
      return order && order.paymentStatus !== 'paid' ? 'not-paid' : 'unknown';
    },

    async invoicePdf(orderCode: string, checksum: string): Promise<Buffer | null> {
      // Only an invoice link's own signature (decision 0027): the other links' signatures, and the
      // checksum every link shared before, open no invoice (the portal makes this link afresh on
      // every view; the confirmation and the last instalment's receipt carry it).
      if (!orderLinkSignatureMatches(deps.linkSecrets, orderCode, INVOICE_LINK, checksum)) return null;
      const order = await findOrderIdentity(db, orderCode);
      // An invoice exists once the order is paid (has_invoice).
      if (!order || order.paymentStatus !== 'paid') return null;
      // Issued at payment; an order paid before invoices were numbered gets its number now (decision 0033).
      const invoice = (await findInvoiceOfOrder(db, order.id)) ?? (await db.transaction((tx) => issueInvoice(tx, config, order.id, now())));
      return invoice ? render(invoice, order.language) : null;
    },

    /** The credit note of a processed refund, by the order's code, the refund's id and the link's own signature (decision 0033). */
    async creditNotePdf(orderCode: string, refundId: number, checksum: string): Promise<Buffer | null> {
      if (!Number.isSafeInteger(refundId) || !orderLinkSignatureMatches(deps.linkSecrets, orderCode, creditNoteLink(refundId), checksum)) return null;
      const note = await findCreditNoteOfRefund(db, refundId);
      const order = await findOrderIdentity(db, orderCode);
      if (!note || !order || note.orderId !== order.id) return null;
      return render(note, order.language);
    },
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
