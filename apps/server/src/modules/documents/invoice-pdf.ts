import type { InvoiceContent } from '../invoicing/invoicing.service';
import { renderPdf } from './pdf-text';

export interface InvoiceDocument {
  kind: 'invoice' | 'credit_note';
  number: string;
  /** The shop's (trading) name, above the seller's legal details. */
  shopName: string;
  content: InvoiceContent;
  /** Dates as the shop prints them (locale, time zone). */
  issuedOn: string;
  paidOn: string | null;
  /** The date of supply as text: the events' dates, and when merchandise ships. */
  supply: string[];
  /** For a credit note: "NWF-000012 of 3 June 2027". */
  corrects: string | null;
  money: (minor: number) => string;
}

/** Basis points as a printed rate: 900 → "9%", 550 → "5.5%". */
const percent = (basisPoints: number) => `${basisPoints / 100}%`;

/**
 * An invoice or credit note as a PDF, laid out as a bookkeeper reads one (EU VAT directive art.
 * 226): number and dates, seller with VAT number, buyer with address, each line at its price
 * with its VAT rate, the voucher and the carrier, then per rate the amount without VAT, the VAT
 * and the amount with it, adding up to the total (docs/invoices.md).
 */
export function renderInvoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  const { money, content } = invoice;
  const title = invoice.kind === 'invoice' ? 'Invoice' : 'Credit note';
  return renderPdf({ Title: `${title} ${invoice.number}`, Author: content.seller.legalName }, ({ doc, text, height }) => {
    const left = doc.page.margins.left;
    const width = doc.page.width - left - doc.page.margins.right;
    const plain = { size: 10 };
    const small = { size: 9, color: '#5b5566' };
    const strong = { size: 10, bold: true };
    const bottom = () => doc.page.height - doc.page.margins.bottom;

    /** Cells of one table row at fixed columns; the row moves to the next page whole. */
    const columns = (cells: { value: string; x: number; width: number; align?: 'left' | 'right' }[], style: { size: number; bold?: boolean }) => {
      const rowHeight = Math.max(...cells.map((cell) => height(cell.value, style, cell.width)));
      if (doc.y + rowHeight > bottom()) doc.addPage();
      const y = doc.y;
      let lowest = y;
      for (const cell of cells) {
        text(cell.value, { ...style, align: cell.align ?? 'left' }, { x: cell.x, y, width: cell.width });
        lowest = Math.max(lowest, doc.y);
      }
      doc.x = left;
      doc.y = lowest + 2;
    };
    const rule = () => {
      doc.save().moveTo(left, doc.y).lineTo(left + width, doc.y).lineWidth(0.5).strokeColor('#b9b3c4').stroke().restore();
      doc.y += 4;
    };

    // Heading: the document, then two columns: seller (left) and the document's facts (right).
    text(`${title} ${invoice.number}`, { size: 20, bold: true, color: '#3b1f6e' });
    doc.moveDown(0.5);
    const top = doc.y;
    // The seller takes the left 40%, the document’s facts the rest (label, then value beside it).
    const sellerWidth = width * 0.4 - 10;
    text(invoice.shopName, strong, { x: left, y: top, width: sellerWidth });
    const { seller } = content;
    if (seller.legalName !== invoice.shopName) text(seller.legalName, plain, { x: left, width: sellerWidth });
    for (const line of seller.address) text(line, plain, { x: left, width: sellerWidth });
    if (seller.vatNumber) text(`VAT number: ${seller.vatNumber}`, plain, { x: left, width: sellerWidth });
    if (seller.registration) text(seller.registration, plain, { x: left, width: sellerWidth });
    text(seller.email, plain, { x: left, width: sellerWidth });
    if (seller.phone) text(seller.phone, plain, { x: left, width: sellerWidth });
    const sellerBottom = doc.y;

    const labelX = left + width * 0.4;
    const labelWidth = 100;
    const valueX = labelX + labelWidth;
    const valueWidth = left + width - valueX;
    doc.y = top;
    const fact = (label: string, value: string) => {
      const y = doc.y;
      text(label ? `${label}:` : '', plain, { x: labelX, y, width: labelWidth - 6 });
      const labelBottom = doc.y;
      text(value, plain, { x: valueX, y, width: valueWidth });
      doc.y = Math.max(labelBottom, doc.y);
    };
    fact(`${title} number`, invoice.number);
    fact('Date of issue', invoice.issuedOn);
    if (invoice.corrects) fact('Corrects invoice', invoice.corrects);
    fact('Order', content.orderCode);
    if (invoice.paidOn) fact('Payment received', invoice.paidOn);
    invoice.supply.forEach((line, index) => fact(index === 0 ? 'Date of supply' : '', line));
    doc.x = left;
    doc.y = Math.max(sellerBottom, doc.y);
    doc.moveDown();

    text('Billed to', strong, { x: left });
    text(content.buyer.name, plain);
    text(content.buyer.email, plain);
    for (const line of content.buyer.address) text(line, plain);
    doc.moveDown();

    // Lines: description, VAT rate, amount with VAT.
    const amountWidth = 90;
    const rateWidth = 70;
    const amountX = left + width - amountWidth;
    const rateX = amountX - rateWidth - 10;
    const descriptionWidth = rateX - left - 10;
    const line = (description: string, rate: string, amount: string, bold = false) =>
      columns(
        [
          { value: description, x: left, width: descriptionWidth },
          { value: rate, x: rateX, width: rateWidth, align: 'right' },
          { value: amount, x: amountX, width: amountWidth, align: 'right' },
        ],
        { size: 10, bold },
      );
    line('Description', 'VAT rate', 'Amount incl. VAT', true);
    rule();
    for (const item of content.lines) line(item.description, item.rate, money(item.gross));
    if (content.shipping) line(`Shipping by ${content.shipping.method}`, content.shipping.rate, money(content.shipping.gross));
    if (content.discount) line(content.discount.name ? `Voucher ${content.discount.name}` : 'Discount', '', `-${money(content.discount.amount)}`);
    rule();
    line(invoice.kind === 'invoice' ? 'Total' : 'Total credited', '', money(content.total), true);
    doc.moveDown();

    // VAT summary: per rate, after the voucher.
    text('VAT summary', { size: 11, bold: true }, { x: left });
    doc.moveDown(0.3);
    const cell = (width - 10) / 4;
    const summary = (values: string[], bold = false) =>
      columns(
        values.map((value, index) => ({ value, x: left + index * cell, width: cell - 6, align: index === 0 ? ('left' as const) : ('right' as const) })),
        { size: 10, bold },
      );
    summary(['VAT rate', 'Without VAT', 'VAT', 'With VAT'], true);
    rule();
    // The rate's name, with its percentage where the name does not say it.
    const rateLabel = (rate: InvoiceContent['rates'][number]) => (rate.basisPoints > 0 && !rate.name.includes(percent(rate.basisPoints)) ? `${rate.name} (${percent(rate.basisPoints)})` : rate.name);
    for (const rate of content.rates) summary([rateLabel(rate), money(rate.net), money(rate.tax), money(rate.gross)]);
    rule();
    const sum = (pick: (rate: InvoiceContent['rates'][number]) => number) => content.rates.reduce((total, rate) => total + pick(rate), 0);
    summary(['Total', money(sum((rate) => rate.net)), money(sum((rate) => rate.tax)), money(sum((rate) => rate.gross))], true);
    doc.moveDown();

    const notes = [
      'Prices include VAT and booking fees. VAT per rate is taken out of the rate’s total once and rounded to the cent.',
      content.discount ? 'The voucher lowers each VAT rate’s total in proportion to it (see the VAT summary).' : null,
      invoice.kind === 'credit_note' ? 'This credit note refunds the amounts above; the invoice it corrects is named at the top.' : null,
    ].filter((note): note is string => Boolean(note));
    for (const note of notes) text(note, small, { x: left, width });
  });
}
