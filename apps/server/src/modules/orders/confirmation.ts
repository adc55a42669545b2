import type { Db } from '../../db/client';
import { invoiceDownloadPath } from '../checkout/order-links.signatures';
import type { InvoiceRow } from '../invoicing/invoicing.queries';
import { contentOf, orderVatOf } from '../invoicing/invoicing.service';
import { withDepartures, type ConfirmationFacts } from './orders.mail';
import type { loadOrderForMail, OrderRow } from './orders.queries';

/**
 * What an order's confirmation lists, from what loadOrderForMail read in the caller's
 * transaction: its active tickets with their departures, its merchandise, a payment plan's
 * schedule, the VAT per rate as the invoice prints it, and, paid in full, the invoice's link.
 * The payment that confirms an order and the back office's resend send the same message.
 * `invoice`: the order's invoice where the caller holds it (the payment that has just issued it),
 * whose figures are the VAT, so it is not read again.
 */
export async function confirmationFacts(tx: Db, appSecret: string, order: OrderRow, loaded: Awaited<ReturnType<typeof loadOrderForMail>>, invoice?: InvoiceRow | null): Promise<ConfirmationFacts> {
  return {
    tickets: withDepartures(
      loaded.tickets.filter((ticket) => ticket.status === 'active'),
      loaded.departures,
    ),
    merchandise: loaded.purchases,
    lastDueAt: loaded.lastDueAt,
    instalments: loaded.instalments,
    vat: invoice ? contentOf(invoice).rates : await orderVatOf(tx, order),
    // A complimentary order has no invoice (decision 0100).
    invoicePath: order.paymentStatus === 'paid' && order.guestListId === null ? invoiceDownloadPath(appSecret, order.code) : null,
  };
}
