import { messages } from '@festival/contract';
import QRCode from 'qrcode';
import type { Words } from '../../lib/reader';
import { ticketPdfTexts as texts } from './documents.messages';
import { renderPdf, type PdfWriter } from './pdf-text';

/** What a document is written with: its reader's language (the order's), its direction and its texts. */
export type DocumentWords = Pick<Words, 'language' | 'direction' | 'say'>;

export interface TicketDocument {
  shopName: string;
  code: string;
  /** The signed pass the QR code carries (decision 0038); the code is printed beside it for typing in. */
  pass: string;
  product: string;
  holder: string | null;
  email: string | null;
  age: string | null;
  event: string | null;
  /** Already formatted in the document's language and the event's or product's time zone, with the zone named. */
  eventDate: string | null;
  /** The event's end, formatted the same way; null when not given. */
  eventEnd: string | null;
  /** Where it takes place, as the organiser wrote it. */
  venue: string | null;
  travelTime: string | null;
  orderCode: string;
}

const INK = '#1d1a24';
const MUTED = '#5b5566';
const BRAND = '#3b1f6e';

/**
 * A pass as a QR code picture (the PDF's, the portal's and the e-mail's): alphanumeric mode (the
 * pass is Base45), error correction M, a four-module quiet zone, black on white, `scale` pixels a
 * module.
 */
export function ticketQrPng(pass: string, scale: number): Promise<Buffer> {
  return QRCode.toBuffer([{ data: pass, mode: 'alphanumeric' }], { type: 'png', errorCorrectionLevel: 'M', margin: 4, scale, color: { dark: '#000000', light: '#ffffff' } });
}

/**
 * A ticket as a one-page PDF for the gate: the event, product, holder and travel time in text,
 * and the ticket's signed pass as a large QR code (alphanumeric, error correction M, a four-module
 * quiet zone: version 6, 41 modules, for a typical pass) that a phone camera or gate scanner reads
 * from paper or a screen, with the ticket code printed for typing in.
 */
export async function renderTicketPdf(ticket: TicketDocument, words: DocumentWords): Promise<Buffer> {
  const qr = await ticketQrPng(ticket.pass, 10);
  return renderPdf({ Title: `${ticket.product} ${ticket.code}`, Author: ticket.shopName }, (writer) => drawTicket(writer, ticket, qr, words), {
    language: words.language,
    direction: words.direction,
  });
}

/**
 * An order's tickets as one PDF to print at the desk (decision 0076): each ticket the page its own
 * download draws, one after the other.
 */
export async function renderTicketsPdf(orderCode: string, shopName: string, tickets: readonly TicketDocument[], words: DocumentWords): Promise<Buffer> {
  const qrs = await Promise.all(tickets.map((ticket) => ticketQrPng(ticket.pass, 10)));
  return renderPdf(
    { Title: words.say(texts.orderTicketsTitle({ code: orderCode })), Author: shopName },
    (writer) => {
      tickets.forEach((ticket, index) => {
        if (index > 0) writer.doc.addPage();
        drawTicket(writer, ticket, qrs[index]!, words);
      });
    },
    { language: words.language, direction: words.direction },
  );
}

function drawTicket({ doc, text, height }: PdfWriter, ticket: TicketDocument, qr: Buffer, { say }: DocumentWords): void {
  // Names, codes and the organiser's texts are values of their own: their letters say their
  // direction (in an Arabic ticket too); the ticket's own texts are in its language's.
  const value = { direction: 'auto' } as const;
  text(ticket.shopName, { size: 22, bold: true, color: BRAND, ...value });
  doc.moveDown(0.5);
  text(ticket.event ?? ticket.product, { size: 18, bold: true, color: INK, ...value });
  // Said as the event's start: under a shuttle ticket, a bare time read as the departure.
  if (ticket.eventDate) text(say(texts.starts({ date: ticket.eventDate })), { size: 12, color: MUTED });
  if (ticket.eventEnd) text(say(texts.ends({ date: ticket.eventEnd })), { size: 12, color: MUTED });
  if (ticket.venue) text(ticket.venue, { size: 12, color: MUTED, ...value });
  doc.moveDown();
  const facts: [string, string | null][] = [
    [say(texts.ticket), ticket.product],
    [say(texts.holder), ticket.holder],
    [say(texts.email), ticket.email],
    [say(texts.age), ticket.age],
    [say(texts.travelTime), ticket.travelTime],
    [say(texts.order), ticket.orderCode],
    [say(texts.ticketCode), ticket.code],
  ];
  for (const [label, fact] of facts) {
    if (!fact) continue;
    text(label, { size: 10, color: MUTED });
    text(fact, { size: 13, bold: true, color: INK, ...value });
    doc.moveDown(0.4);
  }
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const footer = { size: 10, color: MUTED, align: 'center' } as const;
  const notes = [say(texts.showAtEntrance), ...(ticket.travelTime ? [say(messages.cart.meetingPoint)] : [])];
  const notesHeight = notes.reduce((sum, note) => sum + height(note, footer, width), 0);
  const y = Math.max(doc.y + 16, 430);
  // The code stays on the page with its notes: long texts above it shrink it (never below what
  // a phone reads from paper) before they push it to a second page.
  const size = Math.max(160, Math.min(220, doc.page.height - doc.page.margins.bottom - y - 12 - notesHeight));
  doc.image(qr, (doc.page.width - size) / 2, y, { width: size, height: size });
  text(notes[0], footer, { x: left, y: y + size + 12, width });
  for (const note of notes.slice(1)) text(note, footer, { x: left, width });
}
