import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { executeRows, rowFromJson } from '../../db/raw-rows';
import { orders, paymentNotifications, payments } from '../../db/schema';
import type { OrderRow } from '../orders/orders.queries';

export type PaymentRow = typeof payments.$inferSelect;

export async function insertPayment(tx: Db, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [row] = await tx.insert(payments).values(values).returning();
  return row!;
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
 * A notification's payment, locked, and its id recorded, in one statement: `recorded` is false
 * when the id was recorded before (a replay or a duplicate delivery: nothing else may change).
 * Undefined, and nothing recorded, for a reference we never issued.
 */
export async function lockPaymentAndRecordNotification(tx: Db, provider: string, reference: string, notificationId: string): Promise<{ payment: PaymentRow; recorded: boolean } | undefined> {
  const [row] = await executeRows<{ payment: Record<string, unknown>; recorded: boolean }>(
    tx,
    sql`WITH payment AS (SELECT * FROM ${payments} WHERE provider = ${provider} AND provider_reference = ${reference} FOR UPDATE),
        noted AS (
          INSERT INTO ${paymentNotifications} (provider, notification_id, payment_id) SELECT ${provider}, ${`${provider}:${notificationId}`}, id FROM payment
          ON CONFLICT (notification_id) DO NOTHING RETURNING id)
        SELECT row_to_json(payment) AS payment, EXISTS (SELECT 1 FROM noted) AS recorded FROM payment`,
  );
  return row && { payment: rowFromJson(payments, row.payment), recorded: row.recorded };
}

/** Sets a payment paid and locks its order for the rest of the transaction, in one statement. */
export async function setPaidAndLockOrder(tx: Db, paymentId: number, orderId: number): Promise<OrderRow | undefined> {
  const [row] = await executeRows<{ o: Record<string, unknown> }>(
    tx,
    sql`WITH paid AS (UPDATE ${payments} SET status = 'paid', updated_at = now() WHERE id = ${paymentId})
        SELECT row_to_json(o) AS o FROM ${orders} o WHERE o.id = ${orderId} FOR UPDATE`,
  );
  return row && rowFromJson(orders, row.o);
}
