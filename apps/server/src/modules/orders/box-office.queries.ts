import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { travelTimes } from '../../db/schema';

/**
 * Sells one seat of an active departure of the item outright (the box office), by the same bounded
 * increment as the cart's holds: PostgreSQL re-checks the condition on the locked, current row, so
 * two desks never sell one last seat twice. False when none is left (or it is not the item's).
 */
export async function sellOneSeat(tx: Db, travelTimeId: number, itemId: number): Promise<boolean> {
  const rows = await tx
    .update(travelTimes)
    .set({ sold: sql`${travelTimes.sold} + 1` })
    .where(
      and(
        eq(travelTimes.id, travelTimeId),
        eq(travelTimes.shopItemId, itemId),
        eq(travelTimes.active, true),
        sql`(${travelTimes.seats} IS NULL OR ${travelTimes.held} + ${travelTimes.sold} < ${travelTimes.seats})`,
      ),
    )
    .returning({ id: travelTimes.id });
  return rows.length === 1;
}
