import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cartMerchandise, cartProducts, carts, shopItems, travelTimes } from '../../db/schema';

export type CartRow = typeof carts.$inferSelect;
export type CartProductRow = typeof cartProducts.$inferSelect;
export type CartMerchandiseRow = typeof cartMerchandise.$inferSelect;

/** The cart of a code, locked for the rest of the transaction so its lines change one call at a time. */
export async function lockCartByCode(tx: Db, code: string): Promise<CartRow | undefined> {
  const [row] = await tx.select().from(carts).where(eq(carts.code, code)).for('update');
  return row;
}

export async function findCartByCode(db: Db, code: string): Promise<CartRow | undefined> {
  const [row] = await db.select().from(carts).where(eq(carts.code, code));
  return row;
}

export async function insertCart(tx: Db, code: string, customerId: number | null, expiresAt: Date): Promise<CartRow> {
  const [row] = await tx.insert(carts).values({ code, customerId, expiresAt }).returning();
  return row!;
}

export async function attachCart(tx: Db, cartId: number, customerId: number): Promise<void> {
  await tx.update(carts).set({ customerId }).where(eq(carts.id, cartId));
}

export async function listCartLines(db: Db, cartId: number): Promise<{ products: CartProductRow[]; merchandise: CartMerchandiseRow[] }> {
  const [products, merchandise] = await Promise.all([
    db.select().from(cartProducts).where(eq(cartProducts.cartId, cartId)).orderBy(asc(cartProducts.id)),
    db.select().from(cartMerchandise).where(eq(cartMerchandise.cartId, cartId)).orderBy(asc(cartMerchandise.id)),
  ]);
  return { products, merchandise };
}

/**
 * Takes one unit of an item if one is left. The condition is evaluated on the locked, current row
 * (PostgreSQL re-checks it after waiting for a concurrent update), so concurrent buyers on any
 * number of server instances can never hold more than the stock. False when none is left.
 */
export async function holdItem(tx: Db, itemId: number): Promise<boolean> {
  const rows = await tx
    .update(shopItems)
    .set({ held: sql`${shopItems.held} + 1` })
    .where(and(eq(shopItems.id, itemId), sql`(${shopItems.stock} IS NULL OR ${shopItems.held} + ${shopItems.sold} < ${shopItems.stock})`))
    .returning({ id: shopItems.id });
  return rows.length === 1;
}

/** Takes one seat of an active departure of the item, the same way as holdItem. */
export async function holdSeat(tx: Db, travelTimeId: number, itemId: number): Promise<boolean> {
  const rows = await tx
    .update(travelTimes)
    .set({ held: sql`${travelTimes.held} + 1` })
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

/** Gives back held units, item by item in id order (a fixed lock order keeps concurrent releases from deadlocking). */
export async function releaseItems(tx: Db, counts: Map<number, number>): Promise<void> {
  for (const [itemId, count] of [...counts].sort(([a], [b]) => a - b)) {
    await tx.update(shopItems).set({ held: sql`${shopItems.held} - ${count}` }).where(eq(shopItems.id, itemId));
  }
}

export async function releaseSeats(tx: Db, counts: Map<number, number>): Promise<void> {
  for (const [travelTimeId, count] of [...counts].sort(([a], [b]) => a - b)) {
    await tx.update(travelTimes).set({ held: sql`${travelTimes.held} - ${count}` }).where(eq(travelTimes.id, travelTimeId));
  }
}

export async function listTravelTimesByIds(db: Db, ids: number[]): Promise<{ id: number; departsAt: Date }[]> {
  if (!ids.length) return [];
  return db.select({ id: travelTimes.id, departsAt: travelTimes.departsAt }).from(travelTimes).where(inArray(travelTimes.id, ids));
}

export async function insertCartProduct(tx: Db, values: typeof cartProducts.$inferInsert): Promise<CartProductRow> {
  const [row] = await tx.insert(cartProducts).values(values).returning();
  return row!;
}

export async function updateCartProduct(
  tx: Db,
  id: number,
  values: Pick<typeof cartProducts.$inferInsert, 'fullName' | 'email' | 'age' | 'travelTimeId'>,
): Promise<CartProductRow> {
  const [row] = await tx.update(cartProducts).set(values).where(eq(cartProducts.id, id)).returning();
  return row!;
}

export async function deleteCartProduct(tx: Db, cartId: number, id: number): Promise<CartProductRow | undefined> {
  const [row] = await tx.delete(cartProducts).where(and(eq(cartProducts.id, id), eq(cartProducts.cartId, cartId))).returning();
  return row;
}

export async function insertCartMerchandise(tx: Db, values: typeof cartMerchandise.$inferInsert): Promise<CartMerchandiseRow> {
  const [row] = await tx.insert(cartMerchandise).values(values).returning();
  return row!;
}

export async function deleteCartMerchandise(tx: Db, cartId: number, id: number): Promise<CartMerchandiseRow | undefined> {
  const [row] = await tx.delete(cartMerchandise).where(and(eq(cartMerchandise.id, id), eq(cartMerchandise.cartId, cartId))).returning();
  return row;
}

/**
 * Open carts whose time is up, locked; carts another instance is ending right now are skipped
 * (SKIP LOCKED), so any number of sweepers can run against one database.
 */
export async function lockExpiredCarts(tx: Db, now: Date, limit: number): Promise<number[]> {
  const rows = await tx
    .select({ id: carts.id })
    .from(carts)
    .where(and(eq(carts.status, 'open'), lte(carts.expiresAt, now)))
    .orderBy(asc(carts.expiresAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return rows.map((row) => row.id);
}

/** Ends open carts and counts what their lines held, per item and per departure. */
export async function endCarts(
  tx: Db,
  cartIds: number[],
  status: 'expired' | 'checked_out',
): Promise<{ items: Map<number, number>; seats: Map<number, number> }> {
  const items = new Map<number, number>();
  const seats = new Map<number, number>();
  if (!cartIds.length) return { items, seats };
  const ended = await tx
    .update(carts)
    .set({ status, endedAt: sql`now()` })
    .where(and(inArray(carts.id, cartIds), eq(carts.status, 'open')))
    .returning({ id: carts.id });
  const endedIds = ended.map((row) => row.id);
  if (!endedIds.length) return { items, seats };
  const [products, merchandise] = await Promise.all([
    tx.select({ itemId: cartProducts.shopItemId, travelTimeId: cartProducts.travelTimeId }).from(cartProducts).where(inArray(cartProducts.cartId, endedIds)),
    tx.select({ itemId: cartMerchandise.shopItemId }).from(cartMerchandise).where(inArray(cartMerchandise.cartId, endedIds)),
  ]);
  for (const line of [...products, ...merchandise]) items.set(line.itemId, (items.get(line.itemId) ?? 0) + 1);
  for (const line of products) if (line.travelTimeId !== null) seats.set(line.travelTimeId, (seats.get(line.travelTimeId) ?? 0) + 1);
  return { items, seats };
}
