import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cartMerchandise, cartProducts, carts, shopItems, travelTimes } from '../../db/schema';
import { executeRows, rowFromJson, rowsFromJson } from '../../db/raw-rows';
import { readTogether } from '../../db/read-together';
import { tallyUnits } from '../../lib/tally-units';

export type CartRow = typeof carts.$inferSelect;
export type CartProductRow = typeof cartProducts.$inferSelect;
export type CartMerchandiseRow = typeof cartMerchandise.$inferSelect;

/** The cart of a code, locked for the rest of the transaction so its lines change one call at a time. */
export async function lockCartByCode(tx: Db, code: string): Promise<CartRow | undefined> {
  const [row] = await tx.select().from(carts).where(eq(carts.code, code)).for('update');
  return row;
}

export async function attachCart(tx: Db, cartId: number, customerId: number): Promise<void> {
  await tx.update(carts).set({ customerId }).where(eq(carts.id, cartId));
}

/** The cart's lines, both kinds in one statement (it runs in every cart call and in the checkout). */
export async function listCartLines(db: Db, cartId: number): Promise<{ products: CartProductRow[]; merchandise: CartMerchandiseRow[] }> {
  const [row] = await executeRows<{ products: Record<string, unknown>[] | null; merchandise: Record<string, unknown>[] | null }>(
    db,
    sql`SELECT (SELECT json_agg(p ORDER BY p.id) FROM ${cartProducts} p WHERE p.cart_id = ${cartId}) AS products,
               (SELECT json_agg(m ORDER BY m.id) FROM ${cartMerchandise} m WHERE m.cart_id = ${cartId}) AS merchandise`,
  );
  return { products: rowsFromJson(cartProducts, row!.products), merchandise: rowsFromJson(cartMerchandise, row!.merchandise) };
}

/**
 * Takes one seat of an active departure of the item if one is left (a new travel time chosen for
 * a line already in a cart). The condition is evaluated on the locked, current row: PostgreSQL
 * re-checks it after waiting for a concurrent update, so seats never oversell. False when none is left.
 */
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

/** A line and the holds it needs, for takeAndAdd. */
export interface NewLine {
  itemId: number;
  /** A tracked or untracked departure (transport with a selectable time); null for none. */
  travelTimeId?: number | null;
  /** Holder details; absent for merchandise. */
  holder?: { fullName: string; email: string; age: string | null };
  price: number;
  fee: number;
}

/** What made takeAndAdd refuse: no unit of the item left, or no seat on the departure. */
export type TakeRefusal = 'sold_out' | 'seat_sold_out';

/**
 * Adds a line to a cart (a new one, or an existing one locked by the caller) and takes its unit
 * and seat, all in ONE statement. Every buyer of an item on sale queues for the item's row; a
 * single statement holds that row only while the statement runs and commits, never while the
 * server waits for an answer, which is what keeps adds fast at an on-sale moment.
 *
 * The units are taken by increments that the tables' check constraints bound (held + sold never
 * above stock or seats). When one would pass its bound the statement fails as a whole, so the
 * cart, the line and the other hold are not there either, and the refusal says which ran out.
 * Run outside a transaction for a new cart (it commits on its own), or inside the caller's.
 */
export async function takeAndAdd(
  db: Db,
  cart: { id: number } | { code: string; customerId: number | null; expiresAt: Date },
  line: NewLine,
): Promise<{ cart: CartRow; line: CartProductRow | CartMerchandiseRow } | TakeRefusal> {
  const travelTimeId = line.travelTimeId ?? null;
  // `open` reads the item's committed counters: once the last unit has gone, later adds (those
  // the snapshot does not refuse yet) find nothing here and end without inserting a cart or a
  // line and without failing on the check constraint, which would cost an error each (and a
  // line in PostgreSQL's log). Adds racing for the last units are still bounded by the constraint.
  const cartSql =
    'id' in cart
      ? sql`SELECT * FROM carts WHERE id = ${cart.id} AND EXISTS (SELECT 1 FROM open)`
      : sql`INSERT INTO carts (code, customer_id, expires_at) SELECT ${cart.code}, ${cart.customerId}::int, ${cart.expiresAt.toISOString()}::timestamptz FROM open RETURNING *`;
  const lineSql = line.holder
    ? sql`INSERT INTO cart_products (cart_id, shop_item_id, travel_time_id, full_name, email, age, price, fee)
          SELECT cart.id, ${line.itemId}, ${travelTimeId}::int, ${line.holder.fullName}, ${line.holder.email}, ${line.holder.age}, ${line.price}, ${line.fee} FROM cart RETURNING *`
    : sql`INSERT INTO cart_merchandise (cart_id, shop_item_id, price, fee) SELECT cart.id, ${line.itemId}, ${line.price}, ${line.fee} FROM cart RETURNING *`;
  const statement = sql`
    WITH open AS (SELECT 1 FROM shop_items WHERE id = ${line.itemId} AND (stock IS NULL OR held + sold < stock)),
    cart AS (${cartSql}),
    seat AS (UPDATE travel_times SET held = held + 1 WHERE id = ${travelTimeId}::int AND shop_item_id = ${line.itemId} AND EXISTS (SELECT 1 FROM cart) RETURNING id),
    item AS (UPDATE shop_items SET held = held + 1 WHERE id = ${line.itemId} AND EXISTS (SELECT 1 FROM cart) RETURNING id),
    line AS (${lineSql}),
    durability AS (SELECT set_config('synchronous_commit', 'off', true))
    SELECT row_to_json(cart) AS cart, row_to_json(line) AS line, (SELECT count(*)::int FROM item) AS items, (SELECT count(*)::int FROM seat) AS seats
    FROM cart, line, durability`;
  try {
    const [row] = await executeRows<{ cart: Record<string, unknown>; line: Record<string, unknown>; items: number; seats: number }>(db, statement);
    // No row: the item's committed counters show nothing left (or the item is not there).
    if (!row) return 'sold_out';
    if (row.items !== 1) throw new Error(`item ${line.itemId} is not in the database`);
    if (travelTimeId !== null && row.seats !== 1) throw new Error(`travel time ${travelTimeId} is not one of item ${line.itemId}`);
    return { cart: rowFromJson(carts, row.cart), line: line.holder ? rowFromJson(cartProducts, row.line) : rowFromJson(cartMerchandise, row.line) };
  } catch (error) {
    const constraint = constraintOf(error);
    if (constraint === 'shop_items_within_stock') return 'sold_out';
    if (constraint === 'travel_times_within_seats') return 'seat_sold_out';
    throw error;
  }
}

/** The check constraint a failed statement broke (node-postgres and PGlite, wrapped by Drizzle or not). */
function constraintOf(error: unknown): string | undefined {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const { code, constraint } = current as { code?: string; constraint?: string };
    if (code === '23514') return constraint;
  }
  return undefined;
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

/**
 * Ends an open cart as checked out. Its holds become sales when the transaction commits (the
 * deferred trigger of migration 0007), not here.
 */
export async function checkOutCart(tx: Db, cartId: number): Promise<void> {
  await tx
    .update(carts)
    .set({ status: 'checked_out', endedAt: sql`now()` })
    .where(and(eq(carts.id, cartId), eq(carts.status, 'open')));
}

/** Ends expired open carts and counts what their lines held, per item and per departure. */
export async function expireCarts(tx: Db, cartIds: number[]): Promise<{ items: Map<number, number>; seats: Map<number, number> }> {
  if (!cartIds.length) return tallyUnits([]);
  const ended = await tx
    .update(carts)
    .set({ status: 'expired', endedAt: sql`now()` })
    .where(and(inArray(carts.id, cartIds), eq(carts.status, 'open')))
    .returning({ id: carts.id });
  const endedIds = ended.map((row) => row.id);
  if (!endedIds.length) return tallyUnits([]);
  const [products, merchandise] = await readTogether(tx, [
    () => tx.select({ itemId: cartProducts.shopItemId, travelTimeId: cartProducts.travelTimeId }).from(cartProducts).where(inArray(cartProducts.cartId, endedIds)),
    () => tx.select({ itemId: cartMerchandise.shopItemId }).from(cartMerchandise).where(inArray(cartMerchandise.cartId, endedIds)),
  ]);
  return tallyUnits([...products, ...merchandise]);
}
