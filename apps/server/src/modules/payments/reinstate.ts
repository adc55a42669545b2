import { TransactionRollbackError } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { countOrderHolds, setOrderItemsStatus, updateOrder, type OrderRow } from '../orders/orders.queries';
import { retakeSoldStock, retakeVoucherUse } from './reinstate.queries';

/**
 * An order abandoned for want of payment whose money arrived after all (decision 0037): taken up
 * again when everything it held (stock, seats, its voucher's use) can be taken again, in the
 * caller's transaction with the order locked. Answers the order as it is now (pending again, its
 * items pending, ready for the payment to be received), or null when it cannot be (the caller
 * refunds the money and tells the customer).
 *
 * What `abandonOverdue` gave back is taken again by conditional increments (never past stock,
 * seats or the voucher's uses: someone who bought the last unit meanwhile keeps it), inside a
 * savepoint, so the order is reinstated whole or not at all. Only an order without a payment plan
 * gets here (the caller checks): its items were all pending when it was abandoned.
 */
export async function reinstateAbandonedOrder(tx: Db, order: OrderRow, deps: { logger?: FastifyBaseLogger | undefined }): Promise<OrderRow | null> {
  if (order.paymentStatus !== 'abandoned') return null;
  let missing: 'stock or seats' | 'voucher use' | null = null;
  try {
    return await tx.transaction(async (savepoint) => {
      if (!(await retakeSoldStock(savepoint, await countOrderHolds(savepoint, order.id)))) {
        missing = 'stock or seats';
        savepoint.rollback();
      }
      if (order.voucherId !== null && !(await retakeVoucherUse(savepoint, order.voucherId, order.customerId))) {
        missing = 'voucher use';
        savepoint.rollback();
      }
      await setOrderItemsStatus(savepoint, order.id, 'cancelled', 'pending');
      const reinstated = await updateOrder(savepoint, order.id, { paymentStatus: 'pending', payBy: null });
      deps.logger?.info({ order: order.code }, 'an abandoned order was paid after all: its items, stock and seats are taken up again');
      return reinstated;
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error;
    deps.logger?.warn({ order: order.code, missing }, 'an abandoned order was paid after all, but what it held is gone: its payment is refunded');
    return null;
  }
}
