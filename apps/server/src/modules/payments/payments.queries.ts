import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentNotifications, payments } from '../../db/schema';

export type PaymentRow = typeof payments.$inferSelect;

export async function insertPayment(tx: Db, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [row] = await tx.insert(payments).values(values).returning();
  return row!;
}

export async function lockPaymentByReference(tx: Db, provider: string, reference: string): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerReference, reference)))
    .for('update');
  return row;
}

export async function findPaymentByReference(db: Db, provider: string, reference: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerReference, reference)));
  return row;
}

export async function setPaymentStatus(tx: Db, id: number, status: PaymentRow['status']): Promise<void> {
  await tx.update(payments).set({ status, updatedAt: sql`now()` }).where(eq(payments.id, id));
}

/** The newest open card payment of an order (a repeated checkout answers its instruction again). */
export async function findLatestOpenPayment(db: Db, orderId: number): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'open')))
    .orderBy(desc(payments.id))
    .limit(1);
  return row;
}

export async function expireOpenPayments(tx: Db, orderId: number): Promise<void> {
  await tx
    .update(payments)
    .set({ status: 'expired', updatedAt: sql`now()` })
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'open')));
}

/**
 * Records a provider's notification by its id; false when it was recorded before (a replay or a
 * duplicate delivery), in which case nothing else may change.
 */
export async function recordNotification(tx: Db, provider: string, notificationId: string, paymentId: number | null): Promise<boolean> {
  const rows = await tx
    .insert(paymentNotifications)
    .values({ provider, notificationId: `${provider}:${notificationId}`, paymentId })
    .onConflictDoNothing({ target: paymentNotifications.notificationId })
    .returning({ id: paymentNotifications.id });
  return rows.length === 1;
}
