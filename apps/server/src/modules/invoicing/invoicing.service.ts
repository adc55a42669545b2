import { invoiceTotalsPerRate, postalAddressLines, shippingShares, shippingTaxRate, totalsPerRate, type InvoiceLine, type RateTotal, type ShopConfigFile, type TaxRate } from '@festival/contract';
import type { Db } from '../../db/client';
import { taxRatesOfItems } from '../checkout/checkout.queries';
import { lockOrder, type OrderRow } from '../orders/orders.queries';
import * as queries from './invoicing.queries';
import type { InvoiceRow } from './invoicing.queries';

export const INVOICE_SERIES = 'invoice';
export const CREDIT_NOTE_SERIES = 'credit-note';

/**
 * What an issued invoice or credit note says, fixed at issue (decision 0033): the PDF is drawn
 * from this alone, so the order's later changes (a holder's new name, the buyer's new account
 * name, a new tax rate in the catalogue, a new configuration) never change a filed document.
 * Amounts are minor units; a credit note's are negative.
 */
export interface InvoiceContent {
  seller: { legalName: string; address: string[]; vatNumber: string | null; registration: string | null; email: string; phone: string | null };
  buyer: { name: string; email: string; address: string[] };
  orderCode: string;
  orderedAt: string;
  /** When the order was paid in full: the chargeable event for payments received before the supply (EU VAT directive art. 65). */
  paidAt: string | null;
  currency: string;
  /** What the date of supply is: each event's date for its tickets; merchandise ships after payment. */
  supply: { events: { name: string; startsAt: string | null; timezone: string }[]; goods: boolean };
  lines: { description: string; gross: number; rate: string }[];
  discount: { name: string | null; amount: number } | null;
  shipping: { method: string; gross: number; rate: string } | null;
  rates: RateTotal[];
  /**
   * The rate each of the order's items was invoiced at, by the item's id (decision 0111): a credit
   * note corrects at these, whatever the catalogue's rates say since. Absent on invoices filed
   * before it (a credit note then finds the rate by its name among the invoice's `rates`).
   */
  itemRates?: Record<string, TaxRate | null>;
  /** What the document totals: the order's total after the discount; a credit note's refund, negative. */
  total: number;
  /** For a credit note: the invoice it corrects. */
  corrects: { number: string; issuedAt: string } | null;
}

export const contentOf = (row: InvoiceRow) => row.content as InvoiceContent;

/** The printed number: the prefix and the sequence padded to six digits (migration 0027's trigger forms it the same). */
export const formatNumber = (prefix: string, sequence: number) => `${prefix}${String(sequence).padStart(6, '0')}`;

/** A filed document's printed number. Only the transaction that issues a document numbered at commit sees it without one. */
export function numberOf(row: InvoiceRow): string {
  if (row.number === null) throw new Error(`document ${row.id} is read before its transaction numbered it`);
  return row.number;
}

/**
 * When a document takes its number. `now`: the series' next number is taken in this statement and
 * its row stays locked until the transaction ends, so the caller may use the number at once (a
 * credit note names the invoice it corrects). `at-commit`: a deferred trigger takes it as the
 * transaction commits (migration 0027), so the series is locked only for the commit; the row
 * returned carries no number yet. Either way the number is taken in the transaction that makes the
 * document exist: a rollback gives it back and the series has no gaps.
 */
export type Numbering = 'now' | 'at-commit';

async function fileDocument(
  tx: Db,
  series: string,
  prefix: string,
  document: Omit<Parameters<typeof queries.insertInvoice>[1], 'series' | 'sequence' | 'number' | 'pendingPrefix'>,
  numbering: Numbering = 'now',
): Promise<InvoiceRow> {
  if (numbering === 'at-commit') return queries.insertInvoice(tx, { ...document, series, sequence: null, number: null, pendingPrefix: prefix });
  const sequence = await queries.takeNextNumber(tx, series);
  return queries.insertInvoice(tx, { ...document, series, sequence, number: formatNumber(prefix, sequence) });
}

function sellerOf(config: ShopConfigFile): InvoiceContent['seller'] {
  const seller = config.seller;
  if (!seller) return { legalName: config.name, address: [config.contact.address].filter(Boolean), vatNumber: null, registration: null, email: config.contact.email, phone: null };
  return { legalName: seller.legalName, address: seller.address, vatNumber: seller.vatNumber, registration: seller.registration ?? null, email: seller.email ?? config.contact.email, phone: seller.phone ?? null };
}

/**
 * What a document files for a line without a tax rate, and for shipping whose carrier the order
 * did not keep: fixed words of the shop, not names, which the PDF says in the document's language
 * (invoice-pdf.ts), so a document filed before languages reads the same way.
 */
export const NO_TAX = 'No tax';
export const NO_CARRIER = 'Shipping';

const rateName = (rate: TaxRate | null) => rate?.name ?? NO_TAX;

type SourceLine = Pick<InvoiceLine, 'shop_item_type' | 'taxRate' | 'price'> & { description: string };

/** An order's invoice lines: each ticket and purchase at price plus fee, at its item's rate. */
function invoiceLinesOf({ tickets, purchases, rates }: Pick<Awaited<ReturnType<typeof queries.loadInvoiceSource>>, 'tickets' | 'purchases' | 'rates'>): SourceLine[] {
  return [
    ...tickets.map(({ ticket }) => ({
      description: ticket.fullName ? `${ticket.productName} (${ticket.fullName})` : ticket.productName,
      shop_item_type: 'tickets' as const,
      price: ticket.price + ticket.fee,
      taxRate: rates.get(ticket.shopItemId) ?? null,
    })),
    ...purchases.map((purchase) => ({ description: purchase.name, shop_item_type: 'merchandise' as const, price: purchase.price + purchase.fee, taxRate: rates.get(purchase.shopItemId) ?? null })),
  ];
}

/**
 * The VAT an order includes per rate, as its invoice prints (or will print) it: the invoice's
 * own figures once it has one, otherwise the same computation (orderVat through
 * invoiceTotalsPerRate, decision 0068) over the order's lines, shipping and discount. The order
 * confirmation prints these, also for a payment plan not yet invoiced.
 */
export async function orderVatOf(tx: Db, order: Pick<OrderRow, 'id' | 'customerId' | 'shippingAmount' | 'discountAmount'>): Promise<RateTotal[]> {
  const source = await queries.loadInvoiceSource(tx, order.id, order.customerId);
  if (source.existing) return contentOf(source.existing).rates;
  return invoiceTotalsPerRate(invoiceLinesOf(source), order.shippingAmount > 0 ? { price: order.shippingAmount } : null, order.discountAmount);
}

/**
 * Issues the invoice of a paid order, once: inside the caller's transaction, with the order's
 * row locked, so the number is taken in the transaction that makes the invoice exist (a rollback
 * of the payment takes the invoice and its number with it) and two issues of one order wait for
 * each other and find the first. An order not paid in full has no invoice yet (null).
 * `lockedOrder`: the order as the caller's transaction locked and last wrote it (a payment), so
 * it is not read again; `numbering`: when the number is taken (Numbering).
 */
export async function issueInvoice(
  tx: Db,
  config: ShopConfigFile,
  orderId: number,
  now: Date,
  options: { numbering?: Numbering; lockedOrder?: OrderRow } = {},
): Promise<InvoiceRow | null> {
  const { numbering = 'now', lockedOrder } = options;
  const order = lockedOrder ?? (await lockOrder(tx, { id: orderId }));
  if (!order || order.paymentStatus !== 'paid') return null;
  // A complimentary order (decision 0100) is no supply for consideration: no invoice, not even
  // one of nothing, which would take a number of the unbroken series for no sale.
  if (order.guestListId !== null) return null;
  const source = await queries.loadInvoiceSource(tx, order.id, order.customerId);
  const { existing, buyer, tickets, purchases } = source;
  if (existing) return existing;

  const lines = invoiceLinesOf(source);
  let shipping: InvoiceContent['shipping'] = null;
  if (order.shippingAmount > 0) {
    // Orders placed before the carrier was kept on the order name the country's current rate.
    const method = order.shippingMethod ?? (order.shippingCountry ? await queries.findShippingMethodName(tx, order.shippingCountry) : undefined) ?? NO_CARRIER;
    shipping = { method, gross: order.shippingAmount, rate: rateName(shippingTaxRate(lines)) };
  }
  const rateTotals = invoiceTotalsPerRate(lines, shipping && { price: shipping.gross }, order.discountAmount);
  const events = new Map<string, InvoiceContent['supply']['events'][number]>();
  for (const row of tickets) {
    if (row.eventName && !events.has(row.eventName)) events.set(row.eventName, { name: row.eventName, startsAt: row.eventStartsAt?.toISOString() ?? null, timezone: row.eventTimezone ?? config.timezone });
  }
  const country = order.billingCountry ? { code: order.billingCountry, name: config.countries.find((entry) => entry.code === order.billingCountry)?.name ?? order.billingCountry } : null;
  const content: InvoiceContent = {
    seller: sellerOf(config),
    buyer: { name: buyer.fullName, email: buyer.email, address: postalAddressLines(order.billingAddress, config.addressLines, country) },
    orderCode: order.code,
    orderedAt: order.createdAt.toISOString(),
    paidAt: (order.paidAt ?? now).toISOString(),
    currency: config.currency,
    supply: { events: [...events.values()], goods: purchases.length > 0 },
    lines: lines.map((line) => ({ description: line.description, gross: line.price, rate: rateName(line.taxRate) })),
    discount: order.discountAmount > 0 ? { name: order.discountName, amount: order.discountAmount } : null,
    shipping,
    rates: rateTotals,
    itemRates: Object.fromEntries([...new Set([...tickets.map(({ ticket }) => ticket.shopItemId), ...purchases.map((purchase) => purchase.shopItemId)])].map((id) => [String(id), source.rates.get(id) ?? null])),
    total: rateTotals.reduce((sum, rate) => sum + rate.gross, 0),
    corrects: null,
  };
  return fileDocument(tx, INVOICE_SERIES, config.seller?.invoiceNumberPrefix ?? 'INV-', { kind: 'invoice', orderId: order.id, issuedAt: now, content }, numbering);
}

/**
 * The rate an invoice charged an item at (decision 0111): as it recorded it, or, on an invoice
 * filed before it recorded them, its rate of the item's rate's name; the item's rate now only when
 * the invoice knows neither (a rate renamed and changed since).
 */
export function invoicedRate(invoice: Pick<InvoiceContent, 'itemRates' | 'rates'>, itemId: number, now: TaxRate | null): TaxRate | null {
  const recorded = invoice.itemRates?.[String(itemId)];
  if (recorded !== undefined) return recorded;
  const named = now && invoice.rates.find((rate) => rate.name === now.name);
  return named ? { name: named.name, basisPoints: named.basisPoints } : now;
}

/**
 * Issues the credit note of a processed refund, once, in the transaction that processes it: the
 * refunded items at the amounts paid back, negative, each at the rate the invoice charged it at
 * (invoicedRate: a rate changed in the catalogue since applies to later invoices only), the refunded
 * shipping at the rate the invoice charged it at, and the invoice it corrects (issued first if
 * the order had none yet). A refund of an order that was never paid in full (a payment plan
 * stopped early) corrects no invoice and gets no credit note (null).
 */
export async function issueCreditNote(tx: Db, config: ShopConfigFile, refund: { id: number; orderId: number; shippingRefund: number }, now: Date): Promise<InvoiceRow | null> {
  const existing = await queries.findCreditNoteOfRefund(tx, refund.id);
  if (existing) return existing;
  const invoice = await issueInvoice(tx, config, refund.orderId, now);
  if (!invoice) return null;
  const original = contentOf(invoice);
  const items = await queries.loadRefundLines(tx, refund.id);
  const rates = await taxRatesOfItems(tx, [...new Set(items.map((row) => row.ticketItemId ?? row.purchaseItemId!))]);
  // A returned purchase's amount holds its share of the shipping refunded; the shipping is its own line.
  const merchandise = items.filter((row) => row.item.merchandisePurchaseId !== null);
  const shares = shippingShares(refund.shippingRefund, merchandise.length);
  const parts: { rate: TaxRate | null; amount: number }[] = [];
  const lines: InvoiceContent['lines'] = [];
  for (const row of items) {
    const share = row.item.merchandisePurchaseId !== null ? (shares[merchandise.indexOf(row)] ?? 0) : 0;
    const gross = -(row.item.amount - share);
    const itemId = row.ticketItemId ?? row.purchaseItemId!;
    const rate = invoicedRate(original, itemId, rates.get(itemId) ?? null);
    parts.push({ rate, amount: gross });
    const name = row.ticketName ?? row.purchaseName ?? '';
    lines.push({ description: row.ticketHolder ? `${name} (${row.ticketHolder})` : name, gross, rate: rateName(rate) });
  }
  let shipping: InvoiceContent['shipping'] = null;
  if (refund.shippingRefund > 0) {
    const charged = original.rates.find((rate) => rate.name === original.shipping?.rate);
    shipping = { method: original.shipping?.method ?? NO_CARRIER, gross: -refund.shippingRefund, rate: original.shipping?.rate ?? NO_TAX };
    parts.push({ rate: charged ? { name: charged.name, basisPoints: charged.basisPoints } : null, amount: -refund.shippingRefund });
  }
  const rateTotals = totalsPerRate(parts);
  const content: InvoiceContent = {
    ...original,
    // The seller as configured now; the buyer as invoiced.
    seller: sellerOf(config),
    lines,
    discount: null,
    shipping,
    rates: rateTotals,
    total: rateTotals.reduce((sum, rate) => sum + rate.gross, 0),
    // Issued now or in an earlier transaction: numbered either way.
    corrects: { number: numberOf(invoice), issuedAt: invoice.issuedAt.toISOString() },
  };
  return fileDocument(tx, CREDIT_NOTE_SERIES, config.seller?.creditNoteNumberPrefix ?? 'CN-', {
    kind: 'credit_note',
    orderId: refund.orderId,
    refundId: refund.id,
    correctsInvoiceId: invoice.id,
    issuedAt: now,
    content,
  });
}
