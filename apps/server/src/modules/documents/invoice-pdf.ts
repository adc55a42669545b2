import { NO_TAX, NO_CARRIER, type InvoiceContent } from '../invoicing/invoicing.service';
import { invoicePdfTexts as texts } from './documents.messages';
import { renderPdf } from './pdf-text';
import type { DocumentWords } from './ticket-pdf';

export interface InvoiceDocument {
  kind: 'invoice' | 'credit_note';
  number: string;
  /** The shop's (trading) name, above the seller's legal details. */
  shopName: string;
  content: InvoiceContent;
  /** Dates in the document's language, in the shop's time zone. */
  issuedOn: string;
  paidOn: string | null;
  /** The date of supply as text: the events' dates, and when merchandise ships. */
  supply: string[];
  /** For a credit note: "NWF-000012 of 3 June 2027". */
  corrects: string | null;
  /** An amount in the document's language. */
  money: (minor: number) => string;
  /** A rate in the document's language: 900 basis points → "9%", „9 %“. */
  percent: (basisPoints: number) => string;
  /** The document's language, direction and texts (its order's language). */
  words: DocumentWords;
}

/** Basis points as a rate name may say it in English: 900 → "9%", 550 → "5.5%". */
const englishPercent = (basisPoints: number) => `${basisPoints / 100}%`;

/**
 * An invoice or credit note as a PDF, laid out as a bookkeeper reads one (EU VAT directive art.
 * 226): number and dates, seller with VAT number, buyer with address, each line at its price
 * with its VAT rate, the voucher and the carrier, then per rate the amount without VAT, the VAT
 * and the amount with it, adding up to the total (docs/invoices.md).
 */
export function renderInvoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  const { money, content, percent } = invoice;
  const { say } = invoice.words;
  const isInvoice = invoice.kind === 'invoice';
  const title = say(isInvoice ? texts.invoiceTitle({ number: invoice.number }) : texts.creditNoteTitle({ number: invoice.number }));
  const options = { language: invoice.words.language, direction: invoice.words.direction };
  return renderPdf({ Title: title, Author: content.seller.legalName }, ({ doc, text, height, width: widthOf }) => {
    // Positions count from the document's start edge: the right one in a right-to-left document,
    // where the writer mirrors every box (the seller at the right, a table's first column too).
    const left = doc.page.margins.left;
    const width = doc.page.width - left - doc.page.margins.right;
    // Names, addresses and the organiser's texts take their direction from their letters; amounts
    // read left to right (with their sign) in every language.
    const plain = { size: 10, direction: 'auto' } as const;
    const label = { size: 10 };
    const small = { size: 9, color: '#5b5566' };
    const strong = { size: 10, bold: true, direction: 'auto' } as const;
    const bottom = () => doc.page.height - doc.page.margins.bottom;

    /**
     * How a cell's paragraph runs: the document's own words in its language's direction, a value
     * (a name, an organiser's rate) by its letters, an amount left to right with its sign.
     */
    type Kind = 'words' | 'value' | 'amount';
    const DIRECTIONS = { words: undefined, value: 'auto', amount: 'ltr' } as const;
    type Cell = { text: string; kind: Kind };
    const words = (text: string): Cell => ({ text, kind: 'words' });
    const value = (text: string): Cell => ({ text, kind: 'value' });
    const amount = (minor: number): Cell => ({ text: money(minor), kind: 'amount' });
    /** Cells of one table row at fixed columns (the first at the start, the others at their end); the row moves to the next page whole. */
    const columns = (cells: (Cell & { x: number; width: number })[], bold: boolean) => {
      const style = (cell: Cell, index: number) => ({ size: 10, bold, direction: DIRECTIONS[cell.kind], align: index === 0 ? ('start' as const) : ('end' as const) });
      const rowHeight = Math.max(...cells.map((cell, index) => height(cell.text, style(cell, index), cell.width)));
      if (doc.y + rowHeight > bottom()) doc.addPage();
      const y = doc.y;
      let lowest = y;
      cells.forEach((cell, index) => {
        text(cell.text, style(cell, index), { x: cell.x, y, width: cell.width });
        lowest = Math.max(lowest, doc.y);
      });
      doc.x = left;
      doc.y = lowest + 2;
    };
    const rule = () => {
      doc.save().moveTo(left, doc.y).lineTo(left + width, doc.y).lineWidth(0.5).strokeColor('#b9b3c4').stroke().restore();
      doc.y += 4;
    };

    // Heading: the document, then two columns: seller (left) and the document's facts (right).
    text(title, { size: 20, bold: true, color: '#3b1f6e' });
    doc.moveDown(0.5);
    const top = doc.y;
    // The seller takes the left 40%, the document’s facts the rest (label, then value beside it).
    const sellerWidth = width * 0.4 - 10;
    text(invoice.shopName, strong, { x: left, y: top, width: sellerWidth });
    const { seller } = content;
    if (seller.legalName !== invoice.shopName) text(seller.legalName, plain, { x: left, width: sellerWidth });
    for (const line of seller.address) text(line, plain, { x: left, width: sellerWidth });
    if (seller.vatNumber) text(say(texts.vatNumber({ number: seller.vatNumber })), label, { x: left, width: sellerWidth });
    if (seller.registration) text(seller.registration, plain, { x: left, width: sellerWidth });
    text(seller.email, plain, { x: left, width: sellerWidth });
    if (seller.phone) text(seller.phone, plain, { x: left, width: sellerWidth });
    const sellerBottom = doc.y;

    type Style = { size: number; direction?: 'ltr' | 'rtl' | 'auto' };
    // Each fact: its label (said with its colon, as the language writes one), then its value beside it.
    const facts: [string, string, Style][] = [
      [say(isInvoice ? texts.invoiceNumber : texts.creditNoteNumber), invoice.number, plain],
      [say(texts.dateOfIssue), invoice.issuedOn, label],
      ...(invoice.corrects ? [[say(texts.correctsInvoice), invoice.corrects, label] as [string, string, Style]] : []),
      [say(texts.order), content.orderCode, plain],
      ...(invoice.paidOn ? [[say(texts.paymentReceived), invoice.paidOn, label] as [string, string, Style]] : []),
      ...invoice.supply.map((line, index): [string, string, Style] => [index === 0 ? say(texts.dateOfSupply) : '', line, label]),
    ];
    const labelX = left + width * 0.4;
    // The labels' column as wide as its widest label (some languages' are long), at least 100 points and at most half the facts' width.
    const labelWidth = Math.min(width * 0.3, Math.max(100, ...facts.map(([name]) => widthOf(name, label) + 8)));
    const valueX = labelX + labelWidth;
    const valueWidth = left + width - valueX;
    doc.y = top;
    for (const [name, value, style] of facts) {
      const y = doc.y;
      text(name, label, { x: labelX, y, width: labelWidth - 6 });
      const labelBottom = doc.y;
      text(value, style, { x: valueX, y, width: valueWidth });
      doc.y = Math.max(labelBottom, doc.y);
    }
    doc.x = left;
    doc.y = Math.max(sellerBottom, doc.y);
    doc.moveDown();

    text(say(texts.billedTo), { size: 10, bold: true }, { x: left });
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
    /** A rate's name as filed: the organiser's (as it is), or the document's words for no rate. */
    const rateName = (name: string) => (name === NO_TAX ? say(texts.noTax) : name);
    const line = (description: Cell, rate: Cell, total: Cell, bold = false) =>
      columns(
        [
          { ...description, x: left, width: descriptionWidth },
          { ...rate, x: rateX, width: rateWidth },
          { ...total, x: amountX, width: amountWidth },
        ],
        bold,
      );
    line(words(say(texts.description)), words(say(texts.vatRate)), words(say(texts.amountWithVat)), true);
    rule();
    for (const item of content.lines) line(value(item.description), value(rateName(item.rate)), amount(item.gross));
    if (content.shipping) {
      const { method } = content.shipping;
      line(words(say(method === NO_CARRIER ? texts.shipping : texts.shippingBy({ method }))), value(rateName(content.shipping.rate)), amount(content.shipping.gross));
    }
    if (content.discount) line(words(say(content.discount.name ? texts.voucher({ name: content.discount.name }) : texts.discount)), value(''), amount(-content.discount.amount));
    rule();
    line(words(say(isInvoice ? texts.total : texts.totalCredited)), value(''), amount(content.total), true);
    doc.moveDown();

    // VAT summary: per rate, after the voucher.
    text(say(texts.vatSummary), { size: 11, bold: true }, { x: left });
    doc.moveDown(0.3);
    const cell = (width - 10) / 4;
    const summary = (cells: Cell[], bold = false) => columns(cells.map((entry, index) => ({ ...entry, x: left + index * cell, width: cell - 6 })), bold);
    summary([words(say(texts.vatRate)), words(say(texts.withoutVat)), words(say(texts.vat)), words(say(texts.withVat))], true);
    rule();
    // The rate's name, with its percentage where the name does not say it.
    const rateLabel = (rate: InvoiceContent['rates'][number]) =>
      rate.basisPoints > 0 && !rate.name.includes(englishPercent(rate.basisPoints)) && !rate.name.includes(percent(rate.basisPoints))
        ? say(texts.rateWithPercent({ rate: rate.name, percent: percent(rate.basisPoints) }))
        : rateName(rate.name);
    for (const rate of content.rates) summary([value(rateLabel(rate)), amount(rate.net), amount(rate.tax), amount(rate.gross)]);
    rule();
    const sum = (pick: (rate: InvoiceContent['rates'][number]) => number) => content.rates.reduce((total, rate) => total + pick(rate), 0);
    summary([words(say(texts.total)), amount(sum((rate) => rate.net)), amount(sum((rate) => rate.tax)), amount(sum((rate) => rate.gross))], true);
    doc.moveDown();

    const notes = [texts.pricesIncludeVat, content.discount ? texts.voucherPerRate : null, isInvoice ? null : texts.creditNoteRefunds].filter((note) => note !== null);
    for (const note of notes) text(say(note), small, { x: left, width });
  }, options);
}
