import type { Invoice } from '@festival/contract';
import { pdfBuffer } from './ticket-pdf';

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
  return pdfBuffer(
    (doc) => {
      const left = doc.page.margins.left;
      const width = doc.page.width - left - doc.page.margins.right;
      const amountX = left + width - 120;
      const row = (label: string, amount: string, bold = false) => {
        const y = doc.y;
        doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(11).fillColor('#1d1a24');
        doc.text(label, left, y, { width: width - 130 });
        const after = doc.y;
        doc.text(amount, amountX, y, { width: 120, align: 'right' });
        doc.y = Math.max(after, doc.y);
        doc.x = left;
      };

      doc.font('Helvetica-Bold').fontSize(22).fillColor('#3b1f6e').text('Invoice');
      doc.font('Helvetica').fontSize(11).fillColor('#1d1a24').text(invoice.shopName);
      doc.text(invoice.contact.address).text(invoice.contact.email);
      doc.moveDown();
      doc.font('Helvetica-Bold').text(`Order ${invoice.orderCode}`);
      doc.font('Helvetica').text(`Date: ${invoice.date}`);
      doc.moveDown();
      doc.font('Helvetica-Bold').text('Billed to');
      doc.font('Helvetica').text(invoice.buyer.fullName).text(invoice.buyer.email);
      for (const line of invoice.buyer.address) doc.text(line);
      doc.moveDown();

      doc.font('Helvetica-Bold').fontSize(12).text('Items');
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
      doc.font('Helvetica').fontSize(9).fillColor('#5b5566').text('All prices include taxes and booking fees.', left, doc.y, { width });
    },
    { Title: `Invoice ${invoice.orderCode}`, Author: invoice.shopName },
  );
}
