import { computeInvoice, type ShopConfigFile } from '@festival/contract';
import type { Db } from '../../db/client';
import { taxRatesOfItems } from '../checkout/checkout.queries';
import { INVOICE_LINK, orderLinkSignatureMatches } from '../checkout/order-links.signatures';
import { formatAmount } from '../orders/orders.mail';
import { findOrderForInvoice, findTicketForDownload } from './documents.queries';
import { renderInvoicePdf } from './invoice-pdf';
import { renderTicketPdf } from './ticket-pdf';

/** A date and time in a time zone, with the zone named, as documents print it. */
export function formatDateTime(config: Pick<ShopConfigFile, 'locale'>, date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat(config.locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone, timeZoneName: 'short' }).format(date);
}

/**
 * The two documents customers download by a direct link (spec section 2): a ticket by its
 * holder's e-mail and code, an invoice by the order code and its checksum. Null means the link is
 * wrong or the document not (yet) available; the route answers every such case with the same 404.
 */
export function createDocumentsService(deps: { db: Db; config: ShopConfigFile; /** APP_SECRET, then previous ones still honoured. */ linkSecrets: readonly string[] }) {
  const { db, config } = deps;
  return {
    async ticketPdf(email: string, code: string): Promise<Buffer | null> {
      const row = await findTicketForDownload(db, code);
      if (!row) return null;
      const owner = (row.ticket.email ?? row.accountEmail).trim().toLowerCase();
      // Only issued tickets of paid orders download (the ticket's allow_download).
      if (owner !== email.trim().toLowerCase() || row.ticket.status !== 'active' || row.orderStatus !== 'paid') return null;
      const zone = row.eventTimezone ?? config.timezone;
      const departure = row.departsAt ?? row.itemTravelTime;
      return renderTicketPdf({
        shopName: config.name,
        code: row.ticket.code,
        product: row.ticket.productName,
        holder: row.ticket.fullName,
        email: row.ticket.email,
        age: row.ticket.age,
        event: row.eventName,
        eventDate: row.eventStartsAt ? formatDateTime(config, row.eventStartsAt, zone) : null,
        travelTime: departure ? formatDateTime(config, departure, zone) : null,
        orderCode: row.orderCode,
      });
    },

    async invoicePdf(orderCode: string, checksum: string): Promise<Buffer | null> {
      // Only an invoice link's own signature (decision 0027): the other links' signatures, and the
      // checksum every link shared before, open no invoice (the portal makes this link afresh on
      // every view, and no message ever carried it).
      if (!orderLinkSignatureMatches(deps.linkSecrets, orderCode, INVOICE_LINK, checksum)) return null;
      const found = await findOrderForInvoice(db, orderCode);
      // An invoice exists once the order is paid (has_invoice).
      if (!found || found.order.paymentStatus !== 'paid') return null;
      const { order } = found;
      const rates = await taxRatesOfItems(db, [...new Set([...found.tickets, ...found.purchases].map((line) => line.shopItemId))]);
      const invoice = computeInvoice(
        [
          ...found.tickets.map((ticket) => ({
            id: ticket.id,
            name: ticket.productName,
            shop_item_type: 'tickets' as const,
            full_name: ticket.fullName,
            email: ticket.email,
            travel_time: null,
            timezone: null,
            product_type: ticket.productType,
            event: null,
            event_id: null,
            type: ticket.productType,
            price: ticket.price + ticket.fee,
            taxRate: rates.get(ticket.shopItemId) ?? null,
          })),
          ...found.purchases.map((purchase) => ({
            id: purchase.id,
            name: purchase.name,
            shop_item_type: 'merchandise' as const,
            full_name: null,
            email: null,
            travel_time: null,
            timezone: null,
            product_type: 'merchandise',
            event: null,
            event_id: null,
            type: 'merchandise',
            price: purchase.price + purchase.fee,
            taxRate: rates.get(purchase.shopItemId) ?? null,
          })),
        ],
        order.shippingAmount > 0 ? { name: order.shippingName ?? 'Shipping', type: 'shipping', price: order.shippingAmount } : null,
      );
      const address = order.billingAddress ?? {};
      return renderInvoicePdf({
        shopName: config.name,
        contact: { email: config.contact.email, address: config.contact.address },
        orderCode: order.code,
        date: formatDateTime(config, order.paidAt ?? order.createdAt, config.timezone),
        buyer: { fullName: found.fullName, email: found.email, address: [...Object.values(address).filter(Boolean), order.billingCountry ?? ''].filter(Boolean) },
        invoice,
        discount: { name: order.discountName, amount: order.discountAmount },
        totalPaid: order.totalPaid,
        totalRefunded: order.totalRefunded,
        money: (minor) => formatAmount(config, minor),
      });
    },
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
