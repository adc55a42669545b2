import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, merchandisePurchases, orders, refundItems, refunds, staffAudit, tickets } from '../../db/schema';

/** Requests waiting for a decision, or approved and not finished (waiting for the provider, or refused by it). */
export const OPEN_STATES = ['active', 'processing', 'problem'];
/** Requests that are over: paid, rejected by staff, withdrawn by the customer. */
export const DECIDED_STATES = ['processed', 'rejected', 'cancelled'];

const rowColumns = {
  refund: refunds,
  orderCode: orders.code,
  /** The order's language: the customer's e-mails about the request are in it. */
  orderLanguage: orders.language,
  paymentMethod: orders.paymentMethod,
  customerName: customers.fullName,
  customerEmail: customers.email,
};

export type QueueRefundRow = Awaited<ReturnType<typeof listOpenRefunds>>[number];

/** The open requests: those waiting for a decision first, then those waiting for the provider; oldest first within each. */
export function listOpenRefunds(db: Db, limit: number) {
  return db
    .select(rowColumns)
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .innerJoin(customers, eq(customers.id, refunds.customerId))
    .where(inArray(refunds.status, OPEN_STATES))
    .orderBy(sql`(${refunds.status} <> 'active')`, asc(refunds.createdAt), asc(refunds.id))
    .limit(limit);
}

export async function countOpenRefunds(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(refunds).where(inArray(refunds.status, OPEN_STATES));
  return row?.n ?? 0;
}

/** The most recently finished requests, newest first. */
export function listDecidedRefunds(db: Db, limit: number) {
  return db
    .select(rowColumns)
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .innerJoin(customers, eq(customers.id, refunds.customerId))
    .where(inArray(refunds.status, DECIDED_STATES))
    .orderBy(desc(refunds.updatedAt), desc(refunds.id))
    .limit(limit);
}

export function findQueueRefund(db: Db, id: number) {
  return db.select(rowColumns).from(refunds).innerJoin(orders, eq(orders.id, refunds.orderId)).innerJoin(customers, eq(customers.id, refunds.customerId)).where(eq(refunds.id, id));
}

/** The items of several requests, with their codes and names. */
export function listItemsOfRefunds(db: Db, refundIds: number[]) {
  if (!refundIds.length) return Promise.resolve([]);
  return db
    .select({ refundId: refundItems.refundId, ticketCode: tickets.code, ticketName: tickets.productName, purchaseCode: merchandisePurchases.code, purchaseName: merchandisePurchases.name, amount: refundItems.amount })
    .from(refundItems)
    .leftJoin(tickets, eq(tickets.id, refundItems.ticketId))
    .leftJoin(merchandisePurchases, eq(merchandisePurchases.id, refundItems.merchandisePurchaseId))
    .where(inArray(refundItems.refundId, refundIds))
    .orderBy(asc(refundItems.id));
}

/** The latest decision recorded for each of these requests (the audit entry: who, when, why). */
export function listRefundDecisions(db: Db, refundIds: number[]) {
  if (!refundIds.length) return Promise.resolve([]);
  return db
    .selectDistinctOn([staffAudit.target], { target: staffAudit.target, actor: staffAudit.actor, action: staffAudit.action, after: staffAudit.after, at: staffAudit.at })
    .from(staffAudit)
    .where(
      and(
        inArray(
          staffAudit.target,
          refundIds.map((id) => `refund:${id}`),
        ),
        inArray(staffAudit.action, ['refund.approve', 'refund.reject']),
      ),
    )
    .orderBy(staffAudit.target, desc(staffAudit.id));
}

/** Rejects an active request: it and its items end as rejected, only from active (the caller holds its lock). */
export async function rejectRefund(tx: Db, refundId: number, at: Date): Promise<boolean> {
  const moved = await tx
    .update(refunds)
    .set({ status: 'rejected', completedAt: at, updatedAt: sql`now()` })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'active')))
    .returning({ id: refunds.id });
  if (!moved.length) return false;
  await tx
    .update(refundItems)
    .set({ status: 'rejected' })
    .where(and(eq(refundItems.refundId, refundId), eq(refundItems.status, 'refund')));
  return true;
}
