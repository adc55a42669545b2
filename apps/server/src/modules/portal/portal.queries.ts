import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, merchandisePurchases, orders, questionAnswers, refundItems, refunds, shopItems, ticketChanges, tickets, travelTimes, type BankDetailsJson } from '../../db/schema';
import type { AnswerValue } from '@festival/contract';
import { readTogether } from '../../db/read-together';
import { holdAnsweredQuestions } from '../catalog/questions.queries';
import { tallyUnits } from '../../lib/tally-units';

export type TicketRow = typeof tickets.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
export type BankDetails = BankDetailsJson;

/** The tickets a customer may act on: bought by them and not passed on, or passed to them. */
const heldBy = (customerId: number) =>
  or(and(eq(orders.customerId, customerId), isNull(tickets.holderCustomerId)), eq(tickets.holderCustomerId, customerId));

/**
 * A ticket the customer holds, locked for the rest of the transaction with its catalogue item, so
 * two edits of one ticket run one after the other. Undefined for anyone else's ticket (and for
 * a code that does not exist): the caller answers both the same way.
 */
export async function lockHeldTicket(tx: Db, customerId: number, code: string, orderId?: number) {
  const [row] = await tx
    .select({ ticket: tickets, order: { id: orders.id, code: orders.code, customerId: orders.customerId, paymentStatus: orders.paymentStatus, language: orders.language }, item: shopItems })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .innerJoin(shopItems, eq(shopItems.id, tickets.shopItemId))
    .where(and(eq(tickets.code, code), heldBy(customerId), orderId === undefined ? undefined : eq(tickets.orderId, orderId)))
    .for('no key update', { of: tickets });
  return row;
}

export async function updateTicket(tx: Db, id: number, values: Partial<typeof tickets.$inferInsert>): Promise<void> {
  await tx
    .update(tickets)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(tickets.id, id));
}

export async function insertTicketChange(tx: Db, values: typeof ticketChanges.$inferInsert): Promise<void> {
  await tx.insert(ticketChanges).values(values);
}

/**
 * Moves a sold seat from one departure to another of the same item. The new seat is taken by a
 * conditional increment evaluated on the locked row (never past its seats), the old one given
 * back; the rows are updated in id order so two customers swapping departures cannot deadlock.
 * False when the new departure has no seat left (nothing changed).
 */
export async function moveSoldSeat(tx: Db, itemId: number, fromId: number | null, toId: number): Promise<boolean> {
  const steps = [{ id: toId, take: true }, ...(fromId !== null ? [{ id: fromId, take: false }] : [])].sort((a, b) => a.id - b.id);
  for (const step of steps) {
    if (step.take) {
      const taken = await tx
        .update(travelTimes)
        .set({ sold: sql`${travelTimes.sold} + 1` })
        .where(
          and(
            eq(travelTimes.id, toId),
            eq(travelTimes.shopItemId, itemId),
            eq(travelTimes.active, true),
            sql`(${travelTimes.seats} IS NULL OR ${travelTimes.held} + ${travelTimes.sold} < ${travelTimes.seats})`,
          ),
        )
        .returning({ id: travelTimes.id });
      if (taken.length === 0) return false;
    } else {
      await tx
        .update(travelTimes)
        .set({ sold: sql`greatest(${travelTimes.sold} - 1, 0)` })
        .where(eq(travelTimes.id, step.id));
    }
  }
  return true;
}

export async function findTravelTime(db: Db, id: number) {
  const [row] = await db.select().from(travelTimes).where(eq(travelTimes.id, id));
  return row;
}

/** The customer's own order, locked: refund requests for one order are decided one at a time. */
export async function lockOwnOrder(tx: Db, customerId: number, orderId: number) {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)))
    .for('no key update');
  return row;
}

export async function findOrderTicketsByCode(db: Db, orderId: number, codes: readonly string[]) {
  if (!codes.length) return [];
  return db.select().from(tickets).where(and(eq(tickets.orderId, orderId), inArray(tickets.code, [...codes])));
}

export async function findOrderPurchasesByCode(db: Db, orderId: number, codes: readonly string[]) {
  if (!codes.length) return [];
  return db.select().from(merchandisePurchases).where(and(eq(merchandisePurchases.orderId, orderId), inArray(merchandisePurchases.code, [...codes])));
}

/** Moves items from one status to another only where they still have it; the count says whether all moved. */
export async function moveItemsStatus(tx: Db, ids: { tickets: number[]; purchases: number[] }, from: string, to: string): Promise<number> {
  let moved = 0;
  if (ids.tickets.length) {
    const rows = await tx
      .update(tickets)
      .set({ status: to, updatedAt: sql`now()` })
      .where(and(inArray(tickets.id, ids.tickets), eq(tickets.status, from)))
      .returning({ id: tickets.id });
    moved += rows.length;
  }
  if (ids.purchases.length) {
    const rows = await tx
      .update(merchandisePurchases)
      .set({ status: to, updatedAt: sql`now()` })
      .where(and(inArray(merchandisePurchases.id, ids.purchases), eq(merchandisePurchases.status, from)))
      .returning({ id: merchandisePurchases.id });
    moved += rows.length;
  }
  return moved;
}

export async function insertRefund(
  tx: Db,
  values: { orderId: number; customerId: number; total: number; shippingRefund: number; bankDetails: BankDetailsJson | null; note: string | null },
  items: { ticketId: number | null; merchandisePurchaseId: number | null; amount: number }[],
): Promise<RefundRow> {
  const [refund] = await tx.insert(refunds).values(values).returning();
  await tx.insert(refundItems).values(items.map((item) => ({ ...item, refundId: refund!.id })));
  return refund!;
}

/** The bank details a refund is paid to, given after the request (decision 0060). */
export async function setRefundBankDetails(tx: Db, refundId: number, bankDetails: BankDetailsJson): Promise<void> {
  await tx.update(refunds).set({ bankDetails }).where(eq(refunds.id, refundId));
}

/** An order's code and the language its mails are written in (null: the shop's default; lib/reader.ts). */
export async function findOrderCodeAndLanguage(db: Db, orderId: number): Promise<{ code: string; language: string | null }> {
  const [row] = await db.select({ code: orders.code, language: orders.language }).from(orders).where(eq(orders.id, orderId));
  return row ?? { code: '', language: null };
}

/** The language kept on the account of an address (null: no account, or none chosen): a ticket's holder reads their mails in it. */
export async function findAccountLanguage(db: Db, email: string): Promise<string | null> {
  const [row] = await db
    .select({ language: customers.language })
    .from(customers)
    .where(sql`lower(${customers.email}) = lower(${email})`);
  return row?.language ?? null;
}

/** A refund request, locked; with a customer id only that customer's. */
export async function lockRefund(tx: Db, refundId: number, customerId?: number): Promise<RefundRow | undefined> {
  const [row] = await tx
    .select()
    .from(refunds)
    .where(and(eq(refunds.id, refundId), customerId === undefined ? undefined : eq(refunds.customerId, customerId)))
    .for('no key update');
  return row;
}

export async function listRefundItems(db: Db, refundId: number) {
  return db.select().from(refundItems).where(eq(refundItems.refundId, refundId)).orderBy(asc(refundItems.id));
}

/** Ends a request: its status and its items' (cancelled, or refunded with its completion time). */
export async function finishRefund(tx: Db, refundId: number, status: 'cancelled' | 'processed', completedAt: Date | null): Promise<void> {
  await tx
    .update(refunds)
    .set({ status, completedAt, updatedAt: sql`now()` })
    .where(eq(refunds.id, refundId));
  await tx
    .update(refundItems)
    .set({ status: status === 'processed' ? 'refunded' : 'cancelled' })
    .where(and(eq(refundItems.refundId, refundId), eq(refundItems.status, 'refund')));
}

/** Adds a processed refund to its order's totals. */
export async function addRefundedToOrder(tx: Db, orderId: number, amount: number, shipping: number): Promise<void> {
  await tx
    .update(orders)
    .set({ totalRefunded: sql`${orders.totalRefunded} + ${amount}`, shippingRefunded: sql`${orders.shippingRefunded} + ${shipping}`, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId));
}

/** Refund requests for the organiser's list, newest first, with the customer and order. */
export async function listRefundsForOrganiser(db: Db, status?: string) {
  return db
    .select({ refund: refunds, orderCode: orders.code, email: customers.email, fullName: customers.fullName })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .innerJoin(customers, eq(customers.id, refunds.customerId))
    .where(status ? eq(refunds.status, status) : undefined)
    .orderBy(desc(refunds.createdAt), desc(refunds.id));
}

/** The units and seats a set of tickets and purchases stand for, per item and per departure. */
export async function unitsOf(db: Db, ids: { tickets: number[]; purchases: number[] }): Promise<{ items: Map<number, number>; seats: Map<number, number> }> {
  const [ticketRows, purchaseRows] = await readTogether(db, [
    async () => (ids.tickets.length ? db.select({ itemId: tickets.shopItemId, travelTimeId: tickets.travelTimeId }).from(tickets).where(inArray(tickets.id, ids.tickets)) : []),
    async () => (ids.purchases.length ? db.select({ itemId: merchandisePurchases.shopItemId }).from(merchandisePurchases).where(inArray(merchandisePurchases.id, ids.purchases)) : []),
  ]);
  return tallyUnits([...ticketRows, ...purchaseRows]);
}

/** The answers kept for these questions: a ticket's (ticketId) or the order's own (ticketId null), by question id (decision 0106). */
export async function listAnswersOf(tx: Db, orderId: number, ticketId: number | null, questionIds: readonly number[]) {
  if (!questionIds.length) return new Map<number, unknown>();
  const rows = await tx
    .select({ questionId: questionAnswers.questionId, value: questionAnswers.value })
    .from(questionAnswers)
    .where(and(eq(questionAnswers.orderId, orderId), ticketId === null ? isNull(questionAnswers.ticketId) : eq(questionAnswers.ticketId, ticketId), inArray(questionAnswers.questionId, [...questionIds])));
  return new Map(rows.map((row) => [row.questionId, row.value as unknown]));
}

/** Replaces the answers to these questions (a ticket's or the order's own) with the ones given; a question left out has none afterwards. */
export async function replaceAnswers(tx: Db, orderId: number, ticketId: number | null, questionIds: readonly number[], values: readonly { questionId: number; value: AnswerValue }[]): Promise<void> {
  if (!questionIds.length) return;
  await tx
    .delete(questionAnswers)
    .where(and(eq(questionAnswers.orderId, orderId), ticketId === null ? isNull(questionAnswers.ticketId) : eq(questionAnswers.ticketId, ticketId), inArray(questionAnswers.questionId, [...questionIds])));
  if (!values.length) return;
  await holdAnsweredQuestions(tx, values.map((answer) => answer.questionId));
  await tx.insert(questionAnswers).values(values.map((answer) => ({ orderId, ticketId, ...answer })));
}

/** An order's row touched, so the scanner's next sync carries its tickets again (an answer shown at the gate changed). */
export async function touchOrder(tx: Db, orderId: number): Promise<void> {
  await tx.update(orders).set({ updatedAt: sql`now()` }).where(eq(orders.id, orderId));
}

/** The shop item of this code, and whether the order has an active ticket of it. */
export async function findOrderProduct(tx: Db, orderId: number, code: string) {
  const [row] = await tx
    .select({ item: shopItems, active: sql<number>`count(*) FILTER (WHERE ${tickets.status} = 'active')::int` })
    .from(tickets)
    .innerJoin(shopItems, eq(shopItems.id, tickets.shopItemId))
    .where(and(eq(tickets.orderId, orderId), eq(shopItems.externalCode, code)))
    .groupBy(shopItems.id);
  return row;
}
