import type { TaxRate } from '@festival/contract';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rawDate, rowFromJson, rowsFromJson } from '../../db/raw-rows';
import { customers, documentSequences, events, invoices, merchandisePurchases, refundItems, shippingRates, shopItems, taxRates, tickets } from '../../db/schema';
import { reusableInsert, reusableRows } from '../../db/reusable-statement';

export type InvoiceRow = typeof invoices.$inferSelect;

/**
 * The next number of a series, taken inside the caller's transaction: the insert-or-increment
 * holds the series' row lock until the transaction ends, so a concurrent issue waits and then
 * takes the next number, and a rollback gives this one back (decision 0033).
 */
export async function takeNextNumber(tx: Db, series: string): Promise<number> {
  const [row] = await tx
    .insert(documentSequences)
    .values({ series, lastNumber: 1 })
    .onConflictDoUpdate({ target: documentSequences.series, set: { lastNumber: sql`${documentSequences.lastNumber} + 1` } })
    .returning({ lastNumber: documentSequences.lastNumber });
  return row!.lastNumber;
}

export async function insertInvoice(tx: Db, values: typeof invoices.$inferInsert): Promise<InvoiceRow> {
  const [row] = await insertInvoiceStatement(tx, values);
  return row!;
}
const insertInvoiceStatement = reusableInsert(invoices);

export async function findInvoiceOfOrder(db: Db, orderId: number): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')));
  return row;
}

export async function findCreditNoteOfRefund(db: Db, refundId: number): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.refundId, refundId));
  return row;
}

/** The numbers of the credit notes of these refunds (the portal's refund list links them; credit notes are numbered as they are issued). */
export async function listCreditNoteNumbers(db: Db, refundIds: readonly number[]): Promise<Map<number, string>> {
  if (!refundIds.length) return new Map();
  const rows = await db
    .select({ refundId: invoices.refundId, number: invoices.number })
    .from(invoices)
    .where(and(inArray(invoices.refundId, [...refundIds]), isNotNull(invoices.refundId)));
  return new Map(rows.flatMap((row) => (row.number === null ? [] : [[row.refundId!, row.number] as const])));
}

/**
 * Everything an order's invoice is made from, in one statement (it runs inside a payment's
 * transaction, where every round trip holds the payment's connection): the invoice it already has,
 * the buyer, its tickets with their event (the date of supply), its merchandise, and the tax rate
 * of each of their items.
 */
export async function loadInvoiceSource(db: Db, orderId: number, customerId: number) {
  const [row] = await invoiceSourceStatement(db, { orderId, customerId });
  const rates = new Map<number, TaxRate | null>();
  for (const rate of row!.rates ?? []) rates.set(rate.id, rate.name === null || rate.basis_points === null ? null : { name: rate.name, basisPoints: rate.basis_points });
  return {
    existing: row!.existing ? rowFromJson(invoices, row!.existing) : undefined,
    buyer: { email: row!.buyer.email, fullName: row!.buyer.full_name },
    tickets: (row!.tickets ?? []).map((entry) => ({
      ticket: rowFromJson(tickets, entry.ticket),
      eventName: entry.event_name,
      eventStartsAt: entry.event_starts_at === null ? null : rawDate(entry.event_starts_at),
      eventTimezone: entry.event_timezone,
    })),
    purchases: rowsFromJson(merchandisePurchases, row!.purchases),
    rates,
  };
}
const invoiceSourceStatement = reusableRows<{
    existing: Record<string, unknown> | null;
    buyer: { email: string; full_name: string };
    tickets: { ticket: Record<string, unknown>; event_name: string | null; event_starts_at: string | null; event_timezone: string | null }[] | null;
    purchases: Record<string, unknown>[] | null;
    rates: { id: number; name: string | null; basis_points: number | null }[] | null;
  }, { orderId: number; customerId: number }>(
  sql`SELECT (SELECT row_to_json(i) FROM ${invoices} i WHERE i.order_id = ${sql.placeholder('orderId')} AND i.kind = 'invoice') AS existing,
               (SELECT json_build_object('email', c.email, 'full_name', c.full_name) FROM ${customers} c WHERE c.id = ${sql.placeholder('customerId')}) AS buyer,
               (SELECT json_agg(json_build_object('ticket', t, 'event_name', e.name, 'event_starts_at', e.starts_at, 'event_timezone', e.timezone) ORDER BY t.id)
                  FROM ${tickets} t JOIN ${shopItems} s ON s.id = t.shop_item_id LEFT JOIN ${events} e ON e.id = s.event_id
                 WHERE t.order_id = ${sql.placeholder('orderId')}) AS tickets,
               (SELECT json_agg(m ORDER BY m.id) FROM ${merchandisePurchases} m WHERE m.order_id = ${sql.placeholder('orderId')}) AS purchases,
               (SELECT json_agg(json_build_object('id', s.id, 'name', r.name, 'basis_points', r.basis_points))
                  FROM ${shopItems} s LEFT JOIN ${taxRates} r ON r.id = s.tax_rate_id
                 WHERE s.id IN (SELECT shop_item_id FROM ${tickets} WHERE order_id = ${sql.placeholder('orderId')} UNION SELECT shop_item_id FROM ${merchandisePurchases} WHERE order_id = ${sql.placeholder('orderId')})) AS rates`,
);

/** The refunded items of a refund with their item (for the tax rate) and name. */
export async function loadRefundLines(db: Db, refundId: number) {
  return db
    .select({
      item: refundItems,
      ticketName: tickets.productName,
      ticketHolder: tickets.fullName,
      ticketItemId: tickets.shopItemId,
      purchaseName: merchandisePurchases.name,
      purchaseItemId: merchandisePurchases.shopItemId,
    })
    .from(refundItems)
    .leftJoin(tickets, eq(tickets.id, refundItems.ticketId))
    .leftJoin(merchandisePurchases, eq(merchandisePurchases.id, refundItems.merchandisePurchaseId))
    .where(eq(refundItems.refundId, refundId))
    .orderBy(asc(refundItems.id));
}

/** The name of the shipping rate to a country: the carrier of orders placed before orders kept it. */
export async function findShippingMethodName(db: Db, country: string): Promise<string | undefined> {
  const [row] = await db.select({ name: shippingRates.name }).from(shippingRates).where(eq(shippingRates.country, country.toUpperCase()));
  return row?.name;
}
