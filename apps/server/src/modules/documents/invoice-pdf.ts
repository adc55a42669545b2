import type { Invoice } from '@festival/contract';
import { renderPdf } from './pdf-text';

export interface InvoiceDocument {
  shopName: string;
  contact: { email: string; address: string };
  orderCode: string;
  /** Formatted in the shop's time zone. */
  date: string;
  buyer: { fullName: string; email: string; address: string[] };
  invoice: Invoice;
  discount: { name: string | null; amount: number };
  totalPaid: number;
  totalRefunded: number;
  money: (minor: number) => string;
}

/**
 * An order's invoice as a PDF: seller and buyer, each item at its price (fees and taxes
 * included), discount, shipping, the tax and the amount without tax per rate, and the totals.
 */
export function renderInvoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  const { money } = invoice;
  return renderPdf({ Title: `Invoice ${invoice.orderCode}`, Author: invoice.shopName }, ({ doc, text, height }) => {
    const left = doc.page.margins.left;
    const width = doc.page.width - left - doc.page.margins.right;
    const amountX = left + width - 120;
    const labelWidth = width - 130;
    const row = (label: string, amount: string, bold = false) => {
      const style = { size: 11, bold };
      // A row moves to the next page whole, its amount beside its label.
      if (doc.y + height(label, style, labelWidth) > doc.page.height - doc.page.margins.bottom) doc.addPage();
      const y = doc.y;
      text(label, style, { x: left, y, width: labelWidth });
      const labelBottom = doc.y;
      text(amount, { ...style, align: 'right' }, { x: amountX, y, width: 120 });
      doc.y = Math.max(labelBottom, doc.y);
      doc.x = left;
    };
    const plain = { size: 11 };
    const strong = { size: 11, bold: true };

    text('Invoice', { size: 22, bold: true, color: '#3b1f6e' });
    text(invoice.shopName, plain);
    text(invoice.contact.address, plain);
    text(invoice.contact.email, plain);
    doc.moveDown();
    text(`Order ${invoice.orderCode}`, strong);
    text(`Date: ${invoice.date}`, plain);
    doc.moveDown();
    text('Billed to', strong);
    text(invoice.buyer.fullName, plain);
    text(invoice.buyer.email, plain);
    for (const line of invoice.buyer.address) text(line, plain);
    doc.moveDown();

    text('Items', { size: 12, bold: true });
    doc.moveDown(0.3);
    for (const item of invoice.invoice.items) {
      const details = [item.full_name, item.travel_time ? `travel time ${item.travel_time}` : null].filter(Boolean).join(', ');
      row(details ? `${item.name} (${details})` : item.name, money(item.price));
    }
    if (invoice.discount.amount > 0) row(invoice.discount.name ? `Voucher ${invoice.discount.name}` : 'Discount', `-${money(invoice.discount.amount)}`);
    if (invoice.invoice.shipping) row(`Shipping: ${invoice.invoice.shipping.name}`, money(invoice.invoice.shipping.price));
    doc.moveDown(0.5);
    row('Total', money(invoice.invoice.total - invoice.discount.amount), true);
    doc.moveDown(0.5);
    for (const [rate, withoutTax] of Object.entries(invoice.invoice.items_total_without_tax)) {
      row(`${rate}: amount without tax`, money(withoutTax));
      const tax = invoice.invoice.tax[rate];
      if (tax !== undefined) row(`${rate}: tax`, money(tax));
    }
    doc.moveDown(0.5);
    row('Paid', money(invoice.totalPaid));
    if (invoice.totalRefunded > 0) row('Refunded', money(invoice.totalRefunded));
    doc.moveDown();
    text('All prices include taxes and booking fees.', { size: 9, color: '#5b5566' }, { x: left, width });
  });
}
