import { messages } from '@festival/contract';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

export interface TicketDocument {
  shopName: string;
  code: string;
  product: string;
  holder: string | null;
  email: string | null;
  age: string | null;
  event: string | null;
  /** Already formatted in the event's or product's time zone, with the zone named. */
  eventDate: string | null;
  travelTime: string | null;
  orderCode: string;
}

/** Collects a PDFKit document into one buffer. */
export function pdfBuffer(build: (doc: PDFKit.PDFDocument) => void, info: { Title: string; Author: string }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { ...info, Creator: info.Author }, compress: true });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    build(doc);
    doc.end();
  });
}

const INK = '#1d1a24';
const MUTED = '#5b5566';
const BRAND = '#3b1f6e';

/**
 * A ticket as a one-page PDF for the gate: the event, product, holder and travel time in text,
 * and the ticket code as a large QR code (error correction M, a four-module quiet zone) that a
 * phone camera or gate scanner reads from paper or a screen.
 */
export async function renderTicketPdf(ticket: TicketDocument): Promise<Buffer> {
  const qr = await QRCode.toBuffer(ticket.code, { type: 'png', errorCorrectionLevel: 'M', margin: 4, scale: 10, color: { dark: '#000000', light: '#ffffff' } });
  return pdfBuffer(
    (doc) => {
      doc.fillColor(BRAND).font('Helvetica-Bold').fontSize(22).text(ticket.shopName);
      doc.moveDown(0.5);
      doc.fillColor(INK).fontSize(18).text(ticket.event ?? ticket.product);
      if (ticket.eventDate) doc.font('Helvetica').fontSize(12).fillColor(MUTED).text(ticket.eventDate);
      doc.moveDown();
      const facts: [string, string | null][] = [
        ['Ticket', ticket.product],
        ['Holder', ticket.holder],
        ['E-mail', ticket.email],
        ['Age', ticket.age],
        ['Travel time', ticket.travelTime],
        ['Order', ticket.orderCode],
        ['Ticket code', ticket.code],
      ];
      for (const [label, value] of facts) {
        if (!value) continue;
        doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(label);
        doc.font('Helvetica-Bold').fontSize(13).fillColor(INK).text(value);
        doc.moveDown(0.4);
      }
      const size = 220;
      const x = (doc.page.width - size) / 2;
      const y = Math.max(doc.y + 16, 430);
      doc.image(qr, x, y, { width: size, height: size });
      doc
        .font('Helvetica')
        .fontSize(10)
        .fillColor(MUTED)
        .text('Show this code at the entrance. It is valid for one entry; keep it to yourself.', 56, y + size + 12, { align: 'center', width: doc.page.width - 112 });
      if (ticket.travelTime) doc.text(messages.cart.meetingPoint, { align: 'center', width: doc.page.width - 112 });
    },
    { Title: `${ticket.product} ${ticket.code}`, Author: ticket.shopName },
  );
}
