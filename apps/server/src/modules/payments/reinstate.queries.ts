import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shopItems, travelTimes, vouchers } from '../../db/schema';
import { countCustomerVoucherUses } from '../checkout/checkout.queries';

/**
 * Sells units and seats again to an order that gave them back (abandoned, then paid after all),
 * each by one conditional increment bounded by what is left (never past stock or seats, as the
 * cart takes them), in id order like returnSoldStock. False as soon as one is no longer there:
 * the caller rolls back what was taken before it.
 */
export async function retakeSoldStock(tx: Db, counts: { items: Map<number, number>; seats: Map<number, number> }): Promise<boolean> {
  const byId = (map: Map<number, number>) => [...map].sort(([a], [b]) => a - b);
  for (const [itemId, count] of byId(counts.items)) {
    const taken = await tx
      .update(shopItems)
      .set({ sold: sql`${shopItems.sold} + ${count}` })
      .where(and(eq(shopItems.id, itemId), sql`(${shopItems.stock} IS NULL OR ${shopItems.held} + ${shopItems.sold} + ${count} <= ${shopItems.stock})`))
      .returning({ id: shopItems.id });
    if (!taken.length) return false;
  }
  for (const [travelTimeId, count] of byId(counts.seats)) {
    const taken = await tx
      .update(travelTimes)
      .set({ sold: sql`${travelTimes.sold} + ${count}` })
      // A departure the organiser withdrew meanwhile has no seat to give.
      .where(and(eq(travelTimes.id, travelTimeId), eq(travelTimes.active, true), sql`(${travelTimes.seats} IS NULL OR ${travelTimes.held} + ${travelTimes.sold} + ${count} <= ${travelTimes.seats})`))
      .returning({ id: travelTimes.id });
    if (!taken.length) return false;
  }
  return true;
}

/**
 * Takes back the voucher use an abandoned order gave back, while the voucher has a use left (one
 * conditional increment) and its customer has not used it as often as it allows one meanwhile
 * (counted under the row lock the increment took, as the checkout counts, decision 0096). Its dates
 * and active flag were checked when the order redeemed it and are not asked again: the buyer placed
 * the order in time. False when its uses are gone.
 */
export async function retakeVoucherUse(tx: Db, voucherId: number, customerId: number): Promise<boolean> {
  const [taken] = await tx
    .update(vouchers)
    .set({ used: sql`${vouchers.used} + 1`, updatedAt: sql`now()` })
    .where(and(eq(vouchers.id, voucherId), or(isNull(vouchers.maxUses), sql`${vouchers.used} < ${vouchers.maxUses}`)))
    .returning({ id: vouchers.id, maxUsesPerCustomer: vouchers.maxUsesPerCustomer });
  if (!taken) return false;
  return taken.maxUsesPerCustomer === null || (await countCustomerVoucherUses(tx, voucherId, customerId)) < taken.maxUsesPerCustomer;
}
