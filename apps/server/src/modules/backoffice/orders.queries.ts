import { ORDER_SEARCH_LIMIT } from '@festival/contract';
import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { executeRows } from '../../db/raw-rows';
import { readTogether } from '../../db/read-together';
import {
  checkinLists,
  checkins,
  customers,
  emailOutbox,
  merchandisePurchases,
  orders,
  paymentPlanPayments,
  paymentRefunds,
  payments,
  refundItems,
  refunds,
  shopItems,
  staffAudit,
  ticketChanges,
  tickets,
  travelTimes,
} from '../../db/schema';
import { emailKey, nameKeys } from '../../db/schema/search-keys';

export interface OrderSearchHit {
  code: string;
  buyer_name: string;
  buyer_email: string;
  created_at: string | Date;
  payment_status: string;
  total_price: number;
  total_paid: number;
  item_count: number;
  exact: boolean;
}

/** A LIKE pattern for text starting with `prefix`: its own %, _ and \ match only themselves. */
export const startsWith = (prefix: string) => `${prefix.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The ids of rows one of whose keys starts with the pattern: one index-only range scan per key (search-keys.ts), never the table's rows. */
const idsStarting = (table: SQL, id: SQL, keys: SQL[], pattern: string) => sql.join(
  keys.map((key) => sql`(SELECT ${id} AS id FROM ${table} WHERE ${key} LIKE ${pattern})`),
  sql` UNION ALL `,
);

/**
 * The back office's order search (issue 22 point 3): orders whose code or one of whose ticket codes
 * is the text (exact), and orders whose buyer or a ticket holder has a name word or an e-mail
 * address starting with it (case-insensitive). Each key is a range scan of its own index, which
 * holds the buyer's or order's id, so no table row is read for a match; the buyers' orders come
 * from one scan of the (customer, id) index with all their ids as keys (an IN over a subquery is
 * planned as one index probe per buyer, three times slower for a common name); each branch keeps
 * its newest ORDER_SEARCH_LIMIT orders
 * (order ids follow creation), so a common prefix costs a top-N over its ids, never a sort of
 * orders. The exact matches come first, then the newest. One statement.
 */
export async function searchOrders(db: Db, text: string): Promise<OrderSearchHit[]> {
  const codes = [...new Set([text, text.toUpperCase()])];
  const pattern = startsWith(text.toLowerCase());
  const limit = ORDER_SEARCH_LIMIT;
  const buyers = idsStarting(sql`${customers} c`, sql`c.id`, [emailKey(sql`c.email`), ...nameKeys(sql`c.full_name`)], pattern);
  const holders = idsStarting(sql`${tickets} t`, sql`t.order_id`, [emailKey(sql`t.email`), ...nameKeys(sql`t.full_name`)], pattern);
  return executeRows<OrderSearchHit>(
    db,
    sql`WITH buyers AS MATERIALIZED (SELECT DISTINCT id FROM (${buyers}) b),
        hits AS (
          (SELECT o.id, true AS exact FROM ${orders} o WHERE o.code IN ${codes})
          UNION ALL
          (SELECT t.order_id, true FROM ${tickets} t WHERE t.code IN ${codes})
          UNION ALL
          (SELECT o.id, false FROM ${orders} o WHERE o.customer_id = ANY ((SELECT array_agg(id) FROM buyers)::int[]) ORDER BY o.id DESC LIMIT ${limit})
          UNION ALL
          (SELECT id, false FROM (${holders}) h ORDER BY id DESC LIMIT ${limit * 4})
        ),
        chosen AS (
          SELECT o.*, bool_or(h.exact) AS exact FROM hits h JOIN ${orders} o ON o.id = h.id
          GROUP BY o.id
          ORDER BY bool_or(h.exact) DESC, o.created_at DESC, o.id DESC
          LIMIT ${limit})
        SELECT o.code, c.full_name AS buyer_name, c.email AS buyer_email, o.created_at, o.payment_status, o.total_price, o.total_paid, o.exact,
               ((SELECT count(*) FROM ${tickets} t WHERE t.order_id = o.id) + (SELECT count(*) FROM ${merchandisePurchases} m WHERE m.order_id = o.id))::int AS item_count
          FROM chosen o JOIN ${customers} c ON c.id = o.customer_id
         ORDER BY o.exact DESC, o.created_at DESC, o.id DESC`,
  );
}

/** Everything the order page shows of one order, read together. */
export async function loadOrderPage(db: Db, code: string) {
  const [order] = await db
    .select({ order: orders, buyer: { name: customers.fullName, email: customers.email } })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.code, code));
  if (!order) return undefined;
  const orderId = order.order.id;
  const [ticketRows, purchaseRows, paymentRows, instalmentRows, refundRows, auditRows] = await readTogether(db, [
    () =>
      db
        .select({ ticket: tickets, departure: travelTimes.departsAt, item: { code: shopItems.externalCode, name: shopItems.name } })
        .from(tickets)
        .innerJoin(shopItems, eq(shopItems.id, tickets.shopItemId))
        .leftJoin(travelTimes, eq(travelTimes.id, tickets.travelTimeId))
        .where(eq(tickets.orderId, orderId))
        .orderBy(asc(tickets.id)),
    () => db.select().from(merchandisePurchases).where(eq(merchandisePurchases.orderId, orderId)).orderBy(asc(merchandisePurchases.id)),
    () =>
      db
        .select({ payment: payments, instalmentReference: paymentPlanPayments.reference })
        .from(payments)
        .leftJoin(paymentPlanPayments, eq(paymentPlanPayments.id, payments.planPaymentId))
        .where(eq(payments.orderId, orderId))
        .orderBy(asc(payments.id)),
    () => db.select().from(paymentPlanPayments).where(eq(paymentPlanPayments.orderId, orderId)).orderBy(asc(paymentPlanPayments.dueAt), asc(paymentPlanPayments.id)),
    () => db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.id)),
    () => db.select().from(staffAudit).where(eq(staffAudit.target, `order:${code}`)).orderBy(asc(staffAudit.id)).limit(500),
  ]);
  const ticketIds = ticketRows.map((row) => row.ticket.id);
  const refundIds = refundRows.map((row) => row.id);
  const addresses = [...new Set([order.buyer.email, ...ticketRows.map((row) => row.ticket.email).filter((email): email is string => Boolean(email))])];
  const itemIds = [...new Set(ticketRows.map((row) => row.ticket.shopItemId))];
  const [refundItemRows, partRows, changeRows, checkinRows, mailRows, departures] = await readTogether(db, [
    async () =>
      refundIds.length
        ? db
            .select({ item: refundItems, ticketCode: tickets.code, purchaseCode: merchandisePurchases.code })
            .from(refundItems)
            .leftJoin(tickets, eq(tickets.id, refundItems.ticketId))
            .leftJoin(merchandisePurchases, eq(merchandisePurchases.id, refundItems.merchandisePurchaseId))
            .where(inArray(refundItems.refundId, refundIds))
            .orderBy(asc(refundItems.id))
        : [],
    async () => (refundIds.length ? db.select().from(paymentRefunds).where(inArray(paymentRefunds.refundId, refundIds)).orderBy(asc(paymentRefunds.id)) : []),
    async () =>
      ticketIds.length
        ? db
            .select({ change: ticketChanges, ticketCode: tickets.code })
            .from(ticketChanges)
            .innerJoin(tickets, eq(tickets.id, ticketChanges.ticketId))
            .where(inArray(ticketChanges.ticketId, ticketIds))
            .orderBy(asc(ticketChanges.id))
        : [],
    async () =>
      ticketIds.length
        ? db
            .select({ checkin: checkins, ticketCode: tickets.code, list: checkinLists.name })
            .from(checkins)
            .innerJoin(tickets, eq(tickets.id, checkins.ticketId))
            .innerJoin(checkinLists, eq(checkinLists.id, checkins.listId))
            .where(inArray(checkins.ticketId, ticketIds))
            .orderBy(asc(checkins.scannedAt), asc(checkins.id))
        : [],
    // The messages to the buyer and the holders that name the order (its confirmation, tickets, refunds, reminders).
    () =>
      db
        .select({ id: emailOutbox.id, to: emailOutbox.toAddress, subject: emailOutbox.subject, status: emailOutbox.status, attempts: emailOutbox.attempts, createdAt: emailOutbox.createdAt, sentAt: emailOutbox.sentAt })
        .from(emailOutbox)
        .where(and(inArray(emailOutbox.toAddress, addresses), or(sql`strpos(${emailOutbox.subject}, ${code}) > 0`, sql`strpos(${emailOutbox.textBody}, ${code}) > 0`)))
        .orderBy(asc(emailOutbox.id))
        .limit(500),
    async () =>
      itemIds.length
        ? db
            .select({ id: travelTimes.id, shopItemId: travelTimes.shopItemId, travelTime: travelTimes.departsAt, seats: travelTimes.seats, held: travelTimes.held, sold: travelTimes.sold })
            .from(travelTimes)
            .where(and(inArray(travelTimes.shopItemId, itemIds), eq(travelTimes.active, true)))
            .orderBy(asc(travelTimes.departsAt), asc(travelTimes.id))
        : [],
  ]);
  return { ...order, tickets: ticketRows, purchases: purchaseRows, payments: paymentRows, instalments: instalmentRows, refunds: refundRows, refundItems: refundItemRows, refundParts: partRows, changes: changeRows, checkins: checkinRows, mails: mailRows, departures, audit: auditRows };
}

export type OrderPage = NonNullable<Awaited<ReturnType<typeof loadOrderPage>>>;

/** A ticket of an order with its catalogue item, locked: staff changes of one ticket run one after the other, and after the customer's. */
export async function lockOrderTicket(tx: Db, orderId: number, code: string) {
  const [row] = await tx
    .select({ ticket: tickets, item: shopItems })
    .from(tickets)
    .innerJoin(shopItems, eq(shopItems.id, tickets.shopItemId))
    .where(and(eq(tickets.orderId, orderId), eq(tickets.code, code)))
    .for('no key update', { of: tickets });
  return row;
}

/** Cancels the order's tickets and merchandise that are still pending or active; answers their ids (what goes back on sale). */
export async function cancelLiveItems(tx: Db, orderId: number): Promise<{ tickets: number[]; purchases: number[] }> {
  const live = ['pending', 'active'];
  const ticketRows = await tx
    .update(tickets)
    .set({ status: 'cancelled', updatedAt: sql`now()` })
    .where(and(eq(tickets.orderId, orderId), inArray(tickets.status, live)))
    .returning({ id: tickets.id });
  const purchaseRows = await tx
    .update(merchandisePurchases)
    .set({ status: 'cancelled', updatedAt: sql`now()` })
    .where(and(eq(merchandisePurchases.orderId, orderId), inArray(merchandisePurchases.status, live)))
    .returning({ id: merchandisePurchases.id });
  return { tickets: ticketRows.map((row) => row.id), purchases: purchaseRows.map((row) => row.id) };
}

/** Whether the order has a refund request not yet ended (active, processing at the provider, or a problem). */
export async function hasOpenRefund(db: Db, orderId: number): Promise<boolean> {
  const rows = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), inArray(refunds.status, ['active', 'processing', 'problem'])))
    .limit(1);
  return rows.length > 0;
}
