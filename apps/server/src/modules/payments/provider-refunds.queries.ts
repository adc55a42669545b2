import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentRefunds, payments, refundItems, refunds } from '../../db/schema';

export type PaymentRefundRow = typeof paymentRefunds.$inferSelect;
export type PaymentRefundStatus = PaymentRefundRow['status'];

/** A part of a refund with the payment it goes back to, as the provider is asked for it. */
export type PaymentRefundPart = PaymentRefundRow & { provider: string; method: string; reference: string | null; providerPaymentId: string | null };

/** The order a refund belongs to (unlocked: the caller locks the order, then the refund). */
export async function findRefundOrderId(db: Db, refundId: number): Promise<number | undefined> {
  const [row] = await db.select({ orderId: refunds.orderId }).from(refunds).where(eq(refunds.id, refundId));
  return row?.orderId;
}

/**
 * An order's paid payments with one provider, newest first, each with what refunds already took
 * from it (every row that did not fail: asked for, pending or succeeded). A payment in a
 * chargeback is left out: its money is with the customer's bank already.
 */
export async function listRefundablePayments(db: Db, orderId: number, provider: string) {
  return refundablePayments(db, [orderId], [provider]);
}

/** The same for several orders and providers at once (the customer's order view), each payment with its order and provider. */
export async function refundablePayments(db: Db, orderIds: number[], providers: string[]) {
  if (!orderIds.length || !providers.length) return [];
  return db
    .select({
      id: payments.id,
      orderId: payments.orderId,
      provider: payments.provider,
      method: payments.method,
      amount: payments.amount,
      refunded: sql<number>`coalesce(sum(${paymentRefunds.amount}) FILTER (WHERE ${paymentRefunds.status} <> 'failed'), 0)::int`,
    })
    .from(payments)
    .leftJoin(paymentRefunds, eq(paymentRefunds.paymentId, payments.id))
    .where(
      and(
        orderIds.length === 1 ? eq(payments.orderId, orderIds[0]!) : inArray(payments.orderId, orderIds),
        providers.length === 1 ? eq(payments.provider, providers[0]!) : inArray(payments.provider, providers),
        eq(payments.status, 'paid'),
        or(isNull(payments.disputeStatus), eq(payments.disputeStatus, 'won')),
      ),
    )
    .groupBy(payments.id)
    .orderBy(desc(payments.id));
}

/** The parts of a refund, asked for once each: a part already there (the same key) is kept as it is. */
export async function insertPaymentRefunds(tx: Db, rows: { paymentId: number; refundId: number; amount: number; idempotencyKey: string }[]): Promise<void> {
  if (rows.length) await tx.insert(paymentRefunds).values(rows).onConflictDoNothing({ target: paymentRefunds.idempotencyKey });
}

const partColumns = { part: paymentRefunds, provider: payments.provider, method: payments.method, reference: payments.providerReference, providerPaymentId: payments.providerPaymentId };

/** A refund's parts with their payments, in the order they were asked for. */
export async function listRefundParts(db: Db, refundId: number): Promise<PaymentRefundPart[]> {
  const rows = await db.select(partColumns).from(paymentRefunds).innerJoin(payments, eq(payments.id, paymentRefunds.paymentId)).where(eq(paymentRefunds.refundId, refundId)).orderBy(asc(paymentRefunds.id));
  return rows.map(({ part, ...payment }) => ({ ...part, ...payment }));
}

/** The parts of several refunds (the organiser's list). */
export async function listPartsOfRefunds(db: Db, refundIds: number[]): Promise<PaymentRefundPart[]> {
  if (!refundIds.length) return [];
  const rows = await db.select(partColumns).from(paymentRefunds).innerJoin(payments, eq(payments.id, paymentRefunds.paymentId)).where(inArray(paymentRefunds.refundId, refundIds)).orderBy(asc(paymentRefunds.id));
  return rows.map(({ part, ...payment }) => ({ ...part, ...payment }));
}

export async function findPaymentRefund(db: Db, id: number): Promise<PaymentRefundRow | undefined> {
  const [row] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.id, id));
  return row;
}

/**
 * The part of a payment's refunds a provider's refund id names; failing that, a part of that
 * payment for that amount still waiting for the provider's answer (the answer was lost on its way:
 * the provider said yes, then the command's transaction did not commit).
 */
export async function findPaymentRefundOfProvider(db: Db, paymentId: number, providerRefundId: string, amount: number): Promise<PaymentRefundRow | undefined> {
  const [named] = await db
    .select()
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.paymentId, paymentId), eq(paymentRefunds.providerRefundId, providerRefundId)));
  if (named) return named;
  const [waiting] = await db
    .select()
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.paymentId, paymentId), isNull(paymentRefunds.providerRefundId), eq(paymentRefunds.status, 'requested'), eq(paymentRefunds.amount, amount)))
    .orderBy(asc(paymentRefunds.id))
    .limit(1);
  return waiting;
}

/** requested < pending < succeeded = failed: a part only moves forward, and an outcome is final. */
const rank = (status: unknown) => sql`(CASE ${status} WHEN 'requested' THEN 0 WHEN 'pending' THEN 1 ELSE 2 END)`;

/**
 * What the provider said of a part: its refund id (kept once known) and its status, which only
 * moves forward (a 'pending' arriving after 'succeeded', out of order, changes nothing; a
 * succeeded part never goes back). Answers the part as it is now.
 */
export async function recordProviderRefund(tx: Db, id: number, providerRefundId: string, status: Exclude<PaymentRefundStatus, 'requested'>): Promise<PaymentRefundRow> {
  const [row] = await tx
    .update(paymentRefunds)
    .set({
      providerRefundId: sql`coalesce(${paymentRefunds.providerRefundId}, ${providerRefundId})`,
      status: sql`CASE WHEN ${rank(sql`${status}::text`)} > ${rank(paymentRefunds.status)} THEN ${status} ELSE ${paymentRefunds.status} END`,
      updatedAt: sql`now()`,
    })
    .where(eq(paymentRefunds.id, id))
    .returning();
  return row!;
}

/** A refund's status moves on, only from the one it has. */
export async function moveRefundStatus(tx: Db, refundId: number, from: string, to: string): Promise<void> {
  await tx
    .update(refunds)
    .set({ status: to, updatedAt: sql`now()` })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, from)));
}

/** A refund's item rows move on (the portal's refund page shows their status), only from the one they have. */
export async function moveRefundItemRows(tx: Db, refundId: number, from: string, to: string): Promise<void> {
  await tx
    .update(refundItems)
    .set({ status: to })
    .where(and(eq(refundItems.refundId, refundId), eq(refundItems.status, from)));
}

/**
 * A refund's desk parts paid out (decision 0060): each moves from requested to succeeded once, with
 * who paid it out and when. Answers the parts it moved (none: paid out already, or none to pay).
 */
export async function payOutDeskParts(tx: Db, refundId: number, paymentIds: number[], paidOutBy: string, at: Date): Promise<PaymentRefundRow[]> {
  if (!paymentIds.length) return [];
  return tx
    .update(paymentRefunds)
    .set({ status: 'succeeded', paidOutBy, paidOutAt: at, updatedAt: sql`now()` })
    .where(and(eq(paymentRefunds.refundId, refundId), inArray(paymentRefunds.paymentId, paymentIds), eq(paymentRefunds.status, 'requested')))
    .returning();
}
