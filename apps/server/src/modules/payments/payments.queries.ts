import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { executeRows, rowFromJson } from '../../db/raw-rows';
import { orders, paymentNotifications, paymentPlanPayments, payments } from '../../db/schema';
import { reusableInsert, reusableQuery, reusableRows } from '../../db/reusable-statement';
import type { InstalmentRow, OrderRow } from '../orders/orders.queries';

export type PaymentRow = typeof payments.$inferSelect;

/**
 * The "provider" of money taken at the box office, in cash or on the card terminal (decision
 * 0060): it goes back at the desk, paid out by a member of staff, never through a gateway.
 */
export const DESK_PROVIDER = 'desk';

export async function insertPayment(tx: Db, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [row] = await insertPaymentStatement(tx, values);
  return row!;
}
const insertPaymentStatement = reusableInsert(payments);

export async function findPaymentByReference(db: Db, provider: string, reference: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerReference, reference)));
  return row;
}

export async function setPaymentStatus(tx: Db, id: number, status: PaymentRow['status']): Promise<void> {
  await paymentStatusStatement(tx, { id, status });
}
const paymentStatusStatement = reusableQuery<unknown, { id: number; status: PaymentRow['status'] }>((db) =>
  db.update(payments).set({ status: sql`${sql.placeholder('status')}`, updatedAt: sql`now()` }).where(eq(payments.id, sql.placeholder('id'))),
);

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

/** How many card attempts an order has had (its payments through a provider), to number the next one. */
export async function countAttempts(tx: Db, orderId: number): Promise<number> {
  const [row] = await attemptsStatement(tx, { orderId });
  return row?.count ?? 0;
}
const attemptsStatement = reusableQuery<{ count: number }[], { orderId: number }>((db) =>
  db.select({ count: sql<number>`count(*)::int`.mapWith(Number) }).from(payments).where(and(eq(payments.orderId, sql.placeholder('orderId')), eq(payments.method, 'credit_card'))),
);

/** An attempt the shop closed, as the provider is told of it. */
export interface ClosedAttempt {
  provider: string;
  reference: string | null;
  providerPaymentId: string | null;
}

/** Ends an abandoned order's open attempts; answers them, so the gateway can be told too. */
export async function expireOpenPayments(tx: Db, orderId: number): Promise<ClosedAttempt[]> {
  return tx
    .update(payments)
    .set({ status: 'expired', updatedAt: sql`now()` })
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'open')))
    .returning({ provider: payments.provider, reference: payments.providerReference, providerPaymentId: payments.providerPaymentId });
}

/**
 * Cancels every open card attempt of an order (a newer attempt replaces them), in one
 * conditional statement under the order's lock: a notification that arrives for one of them
 * afterwards finds it cancelled and refunds its money (decision 0026).
 */
export async function cancelOpenAttempts(tx: Db, orderId: number): Promise<ClosedAttempt[]> {
  return tx
    .update(payments)
    .set({ status: 'cancelled', updatedAt: sql`now()` })
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'open')))
    .returning({ provider: payments.provider, reference: payments.providerReference, providerPaymentId: payments.providerPaymentId });
}

/**
 * Locks the order a payment reference belongs to, before the payment itself: every change of a
 * card attempt (a new attempt cancelling the older ones, an abandoned order expiring them, a
 * notification) takes the order's lock first, so they run one after another per order in one
 * lock order (no deadlock between a notification and a new attempt). Undefined for a reference
 * we never issued.
 */
export async function lockOrderOfPayment(tx: Db, provider: string, reference: string): Promise<OrderRow | undefined> {
  const [row] = await orderOfPaymentStatement(tx, { provider, reference });
  return row && rowFromJson(orders, row.o);
}
const orderOfPaymentStatement = reusableRows<{ o: Record<string, unknown> }, { provider: string; reference: string }>(
  sql`SELECT row_to_json(o) AS o FROM ${orders} o
      WHERE o.id = (SELECT order_id FROM ${payments} WHERE provider = ${sql.placeholder('provider')} AND provider_reference = ${sql.placeholder('reference')})
      FOR NO KEY UPDATE`,
);

export async function findInstalmentById(tx: Db, id: number): Promise<InstalmentRow | undefined> {
  const [row] = await tx.select().from(paymentPlanPayments).where(eq(paymentPlanPayments.id, id));
  return row;
}

/** Records that a payment's money went back, and adds it to its order's returned amount, in one statement. */
export async function setRefundedAndAddToOrder(tx: Db, payment: PaymentRow, refundReference: string): Promise<void> {
  await executeRows(
    tx,
    sql`WITH refunded AS (
          UPDATE ${payments} SET status = 'refunded', refund_reference = ${refundReference}, refunded_at = now(), updated_at = now()
          WHERE id = ${payment.id} RETURNING order_id, amount)
        UPDATE ${orders} o SET returned_amount = o.returned_amount + refunded.amount, updated_at = now() FROM refunded WHERE o.id = refunded.order_id`,
  );
}

/**
 * A notification's payment, locked, and its id recorded, in one statement: `recorded` is false
 * when the id was recorded before (a replay or a duplicate delivery: nothing else may change).
 * Undefined, and nothing recorded, for a reference we never issued.
 */
export async function lockPaymentAndRecordNotification(tx: Db, provider: string, reference: string, notificationId: string): Promise<{ payment: PaymentRow; recorded: boolean } | undefined> {
  const [row] = await recordNotificationStatement(tx, { provider, reference, notification: `${provider}:${notificationId}` });
  return row && { payment: rowFromJson(payments, row.payment), recorded: row.recorded };
}
const recordNotificationStatement = reusableRows<{ payment: Record<string, unknown>; recorded: boolean }, { provider: string; reference: string; notification: string }>(
  sql`WITH payment AS (SELECT * FROM ${payments} WHERE provider = ${sql.placeholder('provider')} AND provider_reference = ${sql.placeholder('reference')} FOR UPDATE),
      noted AS (
        INSERT INTO ${paymentNotifications} (provider, notification_id, payment_id) SELECT ${sql.placeholder('provider')}, ${sql.placeholder('notification')}, id FROM payment
        ON CONFLICT (notification_id) DO NOTHING RETURNING id)
      SELECT row_to_json(payment) AS payment, EXISTS (SELECT 1 FROM noted) AS recorded FROM payment`,
);


/** The provider's own id of an attempt's payment, once the provider created it. */
export async function setProviderPaymentId(db: Db, id: number, providerPaymentId: string): Promise<void> {
  await db.update(payments).set({ providerPaymentId, updatedAt: sql`now()` }).where(eq(payments.id, id));
}

export async function setDisputeStatus(tx: Db, id: number, disputeStatus: NonNullable<PaymentRow['disputeStatus']>): Promise<void> {
  await tx.update(payments).set({ disputeStatus, updatedAt: sql`now()` }).where(eq(payments.id, id));
}

/** Whether another payment of the order is still in a chargeback nobody has won yet. */
export async function hasOpenDispute(tx: Db, orderId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.disputeStatus, ['opened', 'lost'])))
    .limit(1);
  return row !== undefined;
}
