import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, documentSequences, events, invoices, merchandisePurchases, refundItems, shippingRates, shopItems, tickets } from '../../db/schema';

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
  const [row] = await tx.insert(invoices).values(values).returning();
  return row!;
}

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

/** An order's buyer, and its lines with what an invoice needs of their item: the event (date of supply). */
export async function loadInvoiceLines(db: Db, orderId: number, customerId: number) {
  const [buyer] = await db.select({ email: customers.email, fullName: customers.fullName }).from(customers).where(eq(customers.id, customerId));
  const ticketRows = await db
    .select({ ticket: tickets, eventName: events.name, eventStartsAt: events.startsAt, eventTimezone: events.timezone })
    .from(tickets)
    .innerJoin(shopItems, eq(shopItems.id, tickets.shopItemId))
    .leftJoin(events, eq(events.id, shopItems.eventId))
    .where(eq(tickets.orderId, orderId))
    .orderBy(asc(tickets.id));
  const purchaseRows = await db.select().from(merchandisePurchases).where(eq(merchandisePurchases.orderId, orderId)).orderBy(asc(merchandisePurchases.id));
  return { buyer: buyer!, tickets: ticketRows, purchases: purchaseRows };
}

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
