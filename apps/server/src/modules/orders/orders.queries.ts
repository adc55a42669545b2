import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowFromJson, rowsFromJson } from '../../db/raw-rows';
import { readTogether } from '../../db/read-together';
import { reusableInsert, reusableInsertRows, reusableQuery, reusableRows, reusableUpdateById } from '../../db/reusable-statement';
import { customers, events, invoices, merchandisePurchases, orders, paymentPlanPayments, productQuestions, questionAnswers, refundItems, refunds, shopItems, tickets, travelTimes } from '../../db/schema';
import { tallyUnits } from '../../lib/tally-units';

export type OrderRow = typeof orders.$inferSelect;

/**
 * A customer's orders (or one order by id), newest first, with everything the portal shows of
 * them: the orders they bought and those holding a ticket passed to them by its buyer. One
 * statement (get-data of every customer with orders, and the checkout's answer, run it): the
 * orders are found by two indexed lookups joined by UNION (an OR across them would read every
 * order), their tickets, merchandise and instalments by their order ids.
 */
export async function loadCustomerOrders(db: Db, customerId: number, orderId?: number) {
  const [row] = orderId === undefined ? await customerOrdersStatement(db, { customerId }) : await customerOrderStatement(db, { customerId, orderId });
  return {
    orders: rowsFromJson(orders, row!.orders),
    tickets: (row!.tickets ?? []).map((found) => ({
      ticket: rowFromJson(tickets, found.ticket),
      item: rowFromJson(shopItems, found.item),
      event: found.event && rowFromJson(events, found.event),
    })),
    merchandise: (row!.merchandise ?? []).map((found) => ({ purchase: rowFromJson(merchandisePurchases, found.purchase), item: rowFromJson(shopItems, found.item) })),
    instalments: rowsFromJson(paymentPlanPayments, row!.instalments),
  };
}

interface CustomerOrdersRow {
  orders: Record<string, unknown>[] | null;
  tickets: { ticket: Record<string, unknown>; item: Record<string, unknown>; event: Record<string, unknown> | null }[] | null;
  merchandise: { purchase: Record<string, unknown>; item: Record<string, unknown> }[] | null;
  instalments: Record<string, unknown>[] | null;
}
const customerOrders = (chosen: SQL) =>
  sql`WITH chosen AS (
          SELECT o.* FROM ${orders} o
          WHERE o.id IN (SELECT id FROM ${orders} WHERE customer_id = ${sql.placeholder('customerId')} UNION SELECT order_id FROM ${tickets} WHERE holder_customer_id = ${sql.placeholder('customerId')})
          ${chosen})
        SELECT
          (SELECT json_agg(o ORDER BY o.created_at DESC, o.id DESC) FROM chosen o) AS orders,
          (SELECT json_agg(json_build_object('ticket', t, 'item', i, 'event', e) ORDER BY t.id)
             FROM ${tickets} t JOIN ${shopItems} i ON i.id = t.shop_item_id LEFT JOIN ${events} e ON e.id = i.event_id
             WHERE t.order_id IN (SELECT id FROM chosen)) AS tickets,
          (SELECT json_agg(json_build_object('purchase', m, 'item', i) ORDER BY m.id)
             FROM ${merchandisePurchases} m JOIN ${shopItems} i ON i.id = m.shop_item_id
             WHERE m.order_id IN (SELECT id FROM chosen)) AS merchandise,
          (SELECT json_agg(p ORDER BY p.due_at, p.id) FROM ${paymentPlanPayments} p WHERE p.order_id IN (SELECT id FROM chosen)) AS instalments`;
const customerOrdersStatement = reusableRows<CustomerOrdersRow, { customerId: number }>(customerOrders(sql``));
const customerOrderStatement = reusableRows<CustomerOrdersRow, { customerId: number; orderId: number }>(customerOrders(sql`AND o.id = ${sql.placeholder('orderId')}`));

const customerRefundsStatement = reusableQuery<{ refund: typeof refunds.$inferSelect; orderCode: string; creditNoteNumber: string | null }[], { customerId: number }>((db) =>
  db
    .select({ refund: refunds, orderCode: orders.code, creditNoteNumber: invoices.number })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    // A processed refund's credit note (decision 0033).
    .leftJoin(invoices, eq(invoices.refundId, refunds.id))
    // A cancelled (withdrawn) or rejected request stays in the customer's list with its status
    // (issue 34 point 12, decision 0071): a request does not vanish; order-view.ts counts only the others.
    .where(eq(refunds.customerId, sql.placeholder('customerId')))
    .orderBy(desc(refunds.createdAt), desc(refunds.id)),
);

/** A customer's refund requests, newest first, with their items. */
export async function loadCustomerRefunds(db: Db, customerId: number) {
  const refundRows = await customerRefundsStatement(db, { customerId });
  const ids = refundRows.map((row) => row.refund.id);
  const items = ids.length
    ? await db
        .select({ item: refundItems, ticketCode: tickets.code, ticketName: tickets.productName, purchaseCode: merchandisePurchases.code, purchaseName: merchandisePurchases.name })
        .from(refundItems)
        .leftJoin(tickets, eq(tickets.id, refundItems.ticketId))
        .leftJoin(merchandisePurchases, eq(merchandisePurchases.id, refundItems.merchandisePurchaseId))
        .where(inArray(refundItems.refundId, ids))
        .orderBy(asc(refundItems.id))
    : [];
  return { refunds: refundRows, items };
}

export type NewOrder = typeof orders.$inferInsert;
export type TicketRow = typeof tickets.$inferSelect;

export async function insertTickets(tx: Db, values: (typeof tickets.$inferInsert)[]): Promise<void> {
  await insertTicketRows(tx, values);
}
const insertTicketRows = reusableInsertRows(tickets);

export async function insertMerchandisePurchases(tx: Db, values: (typeof merchandisePurchases.$inferInsert)[]): Promise<void> {
  if (values.length) await tx.insert(merchandisePurchases).values(values);
}

export async function insertInstalments(tx: Db, values: (typeof paymentPlanPayments.$inferInsert)[]): Promise<(typeof paymentPlanPayments.$inferSelect)[]> {
  if (!values.length) return [];
  return tx.insert(paymentPlanPayments).values(values).returning();
}

/** The order a cart became (a repeated or concurrent checkout of the cart answers it). */
export async function findOrderByCart(db: Db, cartId: number): Promise<OrderRow | undefined> {
  const [row] = await orderOfCartStatement(db, { cartId });
  return row;
}
const orderOfCartStatement = reusableQuery<OrderRow[], { cartId: number }>((db) => db.select().from(orders).where(eq(orders.cartId, sql.placeholder('cartId'))));

/** An order locked for the rest of the transaction: payments, notifications and the sweeper change it one at a time. */
export async function lockOrder(tx: Db, where: { id: number } | { code: string }): Promise<OrderRow | undefined> {
  const [row] = 'id' in where ? await lockOrderByIdStatement(tx, where) : await lockOrderByCodeStatement(tx, where);
  return row;
}
const lockOrderByIdStatement = reusableQuery<OrderRow[], { id: number }>((db) => db.select().from(orders).where(eq(orders.id, sql.placeholder('id'))).for('no key update'));
const lockOrderByCodeStatement = reusableQuery<OrderRow[], { code: string }>((db) => db.select().from(orders).where(eq(orders.code, sql.placeholder('code'))).for('no key update'));

export async function updateOrder(tx: Db, id: number, values: Partial<NewOrder>): Promise<OrderRow> {
  const [row] = await updateOrderStatement(tx, id, values);
  return row!;
}
const updateOrderStatement = reusableUpdateById(orders);

/** Tickets and merchandise of an order move together (one statement): issued when paid, cancelled when abandoned. */
export async function setOrderItemsStatus(tx: Db, orderId: number, from: string, to: string): Promise<void> {
  await orderItemsStatusStatement(tx, { orderId, from, to });
}
const orderItemsStatusStatement = reusableRows<never, { orderId: number; from: string; to: string }>(
  sql`WITH issued AS (UPDATE ${tickets} SET status = ${sql.placeholder('to')}, updated_at = now() WHERE order_id = ${sql.placeholder('orderId')} AND status = ${sql.placeholder('from')})
      UPDATE ${merchandisePurchases} SET status = ${sql.placeholder('to')}, updated_at = now() WHERE order_id = ${sql.placeholder('orderId')} AND status = ${sql.placeholder('from')}`,
);

/**
 * What an order's e-mails show of it: its customer, tickets and merchandise, and when its last
 * open instalment is due (null without one), in one statement.
 */
export async function loadOrderForMail(db: Db, order: { id: number; customerId: number }) {
  const [row] = await orderForMailStatement(db, { customerId: order.customerId, orderId: order.id });
  return {
    customer: { email: row!.customer.email, fullName: row!.customer.full_name },
    tickets: rowsFromJson(tickets, row!.tickets),
    purchases: rowsFromJson(merchandisePurchases, row!.purchases),
    lastDueAt: row!.last_due_at === null ? null : new Date(row!.last_due_at),
    /** Each ticket's departure (its chosen travel time, or its item's fixed one). */
    departures: new Map((row!.departures ?? []).map((entry) => [entry.ticket_id, new Date(entry.departs_at)])),
    /** A payment plan's schedule, in due order. */
    instalments: (row!.instalments ?? []).map((entry) => ({ amount: entry.amount, paidAmount: entry.paid_amount, dueAt: new Date(entry.due_at), paid: entry.status === 'paid' })),
  };
}
const orderForMailStatement = reusableRows<{
    customer: { email: string; full_name: string };
    tickets: Record<string, unknown>[] | null;
    purchases: Record<string, unknown>[] | null;
    last_due_at: string | Date | null;
    departures: { ticket_id: number; departs_at: string }[] | null;
    instalments: { amount: number; paid_amount: number; due_at: string; status: string }[] | null;
  }, { customerId: number; orderId: number }>(
  sql`SELECT (SELECT json_build_object('email', c.email, 'full_name', c.full_name) FROM ${customers} c WHERE c.id = ${sql.placeholder('customerId')}) AS customer,
               (SELECT json_agg(t ORDER BY t.id) FROM ${tickets} t WHERE t.order_id = ${sql.placeholder('orderId')}) AS tickets,
               (SELECT json_agg(m ORDER BY m.id) FROM ${merchandisePurchases} m WHERE m.order_id = ${sql.placeholder('orderId')}) AS purchases,
               (SELECT max(p.due_at) FROM ${paymentPlanPayments} p WHERE p.order_id = ${sql.placeholder('orderId')} AND p.status NOT IN ('paid', 'cancelled')) AS last_due_at,
               (SELECT json_agg(json_build_object('ticket_id', t.id, 'departs_at', coalesce(tt.departs_at, s.travel_time)))
                  FROM ${tickets} t JOIN ${shopItems} s ON s.id = t.shop_item_id LEFT JOIN ${travelTimes} tt ON tt.id = t.travel_time_id
                 WHERE t.order_id = ${sql.placeholder('orderId')} AND coalesce(tt.departs_at, s.travel_time) IS NOT NULL) AS departures,
               (SELECT json_agg(json_build_object('amount', p.amount, 'paid_amount', p.paid_amount, 'due_at', p.due_at, 'status', p.status) ORDER BY p.due_at, p.id)
                  FROM ${paymentPlanPayments} p WHERE p.order_id = ${sql.placeholder('orderId')} AND p.status <> 'cancelled') AS instalments`,
);

/** What an order's lines took from stock, per item and per departure. */
export async function countOrderHolds(tx: Db, orderId: number): Promise<{ items: Map<number, number>; seats: Map<number, number> }> {
  const [ticketRows, purchaseRows] = await readTogether(tx, [
    () => tx.select({ itemId: tickets.shopItemId, travelTimeId: tickets.travelTimeId }).from(tickets).where(eq(tickets.orderId, orderId)),
    () => tx.select({ itemId: merchandisePurchases.shopItemId }).from(merchandisePurchases).where(eq(merchandisePurchases.orderId, orderId)),
  ]);
  return tallyUnits([...ticketRows, ...purchaseRows]);
}

/**
 * Unpaid orders whose time to pay has passed, locked; orders another instance is handling are
 * skipped, so any number of sweepers can run against one database.
 */
export async function lockOverdueUnpaidOrders(tx: Db, now: Date, limit: number): Promise<OrderRow[]> {
  return tx
    .select()
    .from(orders)
    .where(and(eq(orders.paymentStatus, 'pending'), isNotNull(orders.payBy), lte(orders.payBy, now)))
    .orderBy(asc(orders.payBy))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function cancelOpenInstalments(tx: Db, orderId: number): Promise<void> {
  await tx
    .update(paymentPlanPayments)
    .set({ status: 'cancelled', updatedAt: sql`now()` })
    .where(and(eq(paymentPlanPayments.orderId, orderId), ne(paymentPlanPayments.status, 'paid')));
}

export async function findFirstOpenInstalment(tx: Db, orderId: number) {
  const [row] = await tx
    .select()
    .from(paymentPlanPayments)
    .where(and(eq(paymentPlanPayments.orderId, orderId), ne(paymentPlanPayments.status, 'paid'), ne(paymentPlanPayments.status, 'cancelled')))
    .orderBy(asc(paymentPlanPayments.dueAt), asc(paymentPlanPayments.id))
    .limit(1);
  return row;
}

export async function updateInstalment(tx: Db, id: number, values: Partial<typeof paymentPlanPayments.$inferInsert>): Promise<void> {
  await tx
    .update(paymentPlanPayments)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(paymentPlanPayments.id, id));
}

export async function findOrderCustomer(db: Db, customerId: number): Promise<{ email: string; fullName: string }> {
  const [row] = await db.select({ email: customers.email, fullName: customers.fullName }).from(customers).where(eq(customers.id, customerId));
  return row!;
}

/** The account a ticket was passed on to in the portal (reassign), with its language; undefined while it is the buyer's. */
export async function findPassedOnHolder(db: Db, ticketId: number): Promise<{ email: string; fullName: string; language: string | null } | undefined> {
  const [row] = await db
    .select({ email: customers.email, fullName: customers.fullName, language: customers.language })
    .from(tickets)
    .innerJoin(customers, eq(customers.id, tickets.holderCustomerId))
    .where(eq(tickets.id, ticketId));
  return row;
}

export async function findOrderCode(db: Db, id: number): Promise<string | undefined> {
  const [row] = await db.select({ code: orders.code }).from(orders).where(eq(orders.id, id));
  return row?.code;
}

/**
 * Inserts an order under a fresh code from `makeCode` (its values may depend on the code). The code
 * is unique by index; a clash with an existing one (about one in a trillion) inserts nothing, and
 * another code is tried: one statement in the usual case, no look-up first.
 */
export async function insertOrderWithNewCode(tx: Db, makeCode: () => string, values: (code: string) => Omit<NewOrder, 'code'>): Promise<OrderRow> {
  for (;;) {
    const code = makeCode();
    const [row] = await insertOrderStatement(tx, { ...values(code), code });
    if (row) return row;
  }
}
const insertOrderStatement = reusableInsert(orders, { onConflictDoNothing: { target: orders.code } });

export async function findShopItemByCode(db: Db, externalCode: string) {
  const [row] = await db.select().from(shopItems).where(eq(shopItems.externalCode, externalCode));
  return row;
}

/** Sells one unit outright (the box office), by the same bounded increment as the cart's holds: the units taken once it is (its place, which prices it by its tier, decision 0099), null when none is left. */
export async function sellOneUnit(tx: Db, itemId: number): Promise<number | null> {
  const rows = await tx
    .update(shopItems)
    .set({ sold: sql`${shopItems.sold} + 1` })
    .where(and(eq(shopItems.id, itemId), sql`(${shopItems.stock} IS NULL OR ${shopItems.held} + ${shopItems.sold} < ${shopItems.stock})`))
    .returning({ taken: sql<number>`${shopItems.held} + ${shopItems.sold}` });
  return rows[0]?.taken ?? null;
}

export type InstalmentRow = typeof paymentPlanPayments.$inferSelect;

/**
 * Open instalments of live orders that need a reminder now, locked; rows another instance is
 * handling are skipped. `kind` 'due' finds those due within `windowMs` that had no reminder;
 * 'overdue' those unpaid for longer than `windowMs` after their due date that had no notice.
 */
export async function lockInstalmentsToRemind(tx: Db, kind: 'due' | 'overdue', now: Date, windowMs: number, limit: number) {
  const open = and(
    inArray(paymentPlanPayments.status, ['pending', 'partial', 'problem', 'processing']),
    inArray(orders.paymentStatus, ['pending', 'partial', 'processing', 'problem']),
  );
  const due =
    kind === 'due'
      ? and(isNull(paymentPlanPayments.reminderSentAt), gt(paymentPlanPayments.dueAt, now), lte(paymentPlanPayments.dueAt, new Date(now.getTime() + windowMs)))
      : and(isNull(paymentPlanPayments.overdueNoticeSentAt), lte(paymentPlanPayments.dueAt, new Date(now.getTime() - windowMs)));
  return tx
    .select({ instalment: paymentPlanPayments, order: orders })
    .from(paymentPlanPayments)
    .innerJoin(orders, eq(orders.id, paymentPlanPayments.orderId))
    .where(and(open, due))
    .orderBy(asc(paymentPlanPayments.dueAt))
    .limit(limit)
    .for('update', { of: paymentPlanPayments, skipLocked: true });
}

export async function findInstalment(db: Db, orderId: number, reference: string): Promise<InstalmentRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentPlanPayments)
    .where(and(eq(paymentPlanPayments.orderId, orderId), eq(paymentPlanPayments.reference, reference)));
  return row;
}

export async function findOrderByCode(db: Db, code: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.code, code));
  return row;
}

/** The answers to product questions given with these orders, with their questions, in the order asked (decision 0106). */
export async function listAnswersOfOrders(db: Db, orderIds: readonly number[]) {
  if (!orderIds.length) return [];
  return db
    .select({ orderId: questionAnswers.orderId, ticketId: questionAnswers.ticketId, value: questionAnswers.value, question: productQuestions })
    .from(questionAnswers)
    .innerJoin(productQuestions, eq(productQuestions.id, questionAnswers.questionId))
    .where(inArray(questionAnswers.orderId, [...orderIds]))
    .orderBy(asc(productQuestions.shopItemId), asc(productQuestions.sortOrder), asc(productQuestions.id));
}
