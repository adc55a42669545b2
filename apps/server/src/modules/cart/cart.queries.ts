import type { Answers, PriceSchedule } from '@festival/contract';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cartMerchandise, cartProducts, carts, holdCounts, orders, shopItems, tickets, travelTimes } from '../../db/schema';
import { executeRows, rowFromJson, rowsFromJson } from '../../db/raw-rows';
import { readTogether } from '../../db/read-together';
import { reusableQuery, reusableRows } from '../../db/reusable-statement';
import { tallyUnits } from '../../lib/tally-units';

export type CartRow = typeof carts.$inferSelect;
export type CartProductRow = typeof cartProducts.$inferSelect;
export type CartMerchandiseRow = typeof cartMerchandise.$inferSelect;

/** The cart of a code, locked for the rest of the transaction so its lines change one call at a time. */
export async function lockCartByCode(tx: Db, code: string): Promise<CartRow | undefined> {
  const [row] = await lockCartStatement(tx, { code });
  return row;
}
const lockCartStatement = reusableQuery<CartRow[], { code: string }>((db) => db.select().from(carts).where(eq(carts.code, sql.placeholder('code'))).for('no key update'));

export async function attachCart(tx: Db, cartId: number, customerId: number): Promise<void> {
  await tx.update(carts).set({ customerId }).where(eq(carts.id, cartId));
}

/** The cart's lines, both kinds in one statement (it runs in every cart call and in the checkout). */
export async function listCartLines(db: Db, cartId: number): Promise<CartLines> {
  const [row] = await cartLinesStatement(db, { cartId });
  return cartLinesOf(row!);
}

export interface CartLines {
  products: CartProductRow[];
  merchandise: CartMerchandiseRow[];
}

/** A cart's lines as JSON columns of a statement's row (`cartLinesColumns`). */
export interface CartLinesJson {
  products: Record<string, unknown>[] | null;
  merchandise: Record<string, unknown>[] | null;
}

/** The select list of a cart's lines, both kinds, for the cart of the `cartId` placeholder: `products` and `merchandise`. */
export const cartLinesColumns = sql`(SELECT json_agg(p ORDER BY p.id) FROM ${cartProducts} p WHERE p.cart_id = ${sql.placeholder('cartId')}) AS products,
  (SELECT json_agg(m ORDER BY m.id) FROM ${cartMerchandise} m WHERE m.cart_id = ${sql.placeholder('cartId')}) AS merchandise`;

export const cartLinesOf = (row: CartLinesJson): CartLines => ({ products: rowsFromJson(cartProducts, row.products), merchandise: rowsFromJson(cartMerchandise, row.merchandise) });

const cartLinesStatement = reusableRows<CartLinesJson, { cartId: number }>(sql`SELECT ${cartLinesColumns}`);

/**
 * Takes one seat of an active departure of the item if one is left: held (a new travel time chosen
 * for a line already in a cart) or sold outright (the box office). The condition is evaluated on
 * the locked, current row: PostgreSQL re-checks it after waiting for a concurrent update, so seats
 * never oversell. False when none is left (or the departure is not the item's).
 */
export async function takeSeat(tx: Db, travelTimeId: number, itemId: number, as: 'held' | 'sold'): Promise<boolean> {
  const column = as === 'held' ? travelTimes.held : travelTimes.sold;
  const rows = await tx
    .update(travelTimes)
    .set({ [as]: sql`${column} + 1` })
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
  holder?: { fullName: string; email: string; age: string | null; answers?: Answers | null };
  /** The unit's price: one price, or the price tiers' schedule at the hold's moment, which prices the unit by its place among the units taken (decision 0099). */
  price: number | PriceSchedule;
  fee: number;
}

/**
 * The price of the unit an add takes, as SQL over `item.taken` (the units sold or held once this
 * one is taken, read from the item's row as the add's own update leaves it): two buyers racing
 * over a tier's last unit queue for that row, so each reads its own place, and the unit that
 * crosses the boundary has one price.
 */
function unitPriceSql(price: number | PriceSchedule) {
  if (typeof price === 'number' || price.steps.length === 0) return sql`${typeof price === 'number' ? price : price.otherwise}::int`;
  const cases = price.steps.map((step) => sql`WHEN item.taken <= ${step.units}::int THEN ${step.price}::int`);
  return sql`(SELECT CASE ${sql.join(cases, sql` `)} ELSE ${price.otherwise}::int END FROM item)`;
}

/** What made takeAndAdd refuse: no unit of the item left, no seat on the departure, or the hold cap of the cart's network address or network reached. */
export type TakeRefusal = 'sold_out' | 'seat_sold_out' | 'hold_cap';

/** A hold count the add counts its unit toward (a cart's address_key or network_key) and its cap. */
export interface HoldKey {
  key: string;
  cap: number;
}

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
  cart: { id: number } | { code: string; customerId: number | null; expiresAt: Date; addressKey: string; networkKey: string },
  line: NewLine,
  holds: readonly HoldKey[],
): Promise<{ cart: CartRow; line: CartProductRow | CartMerchandiseRow } | TakeRefusal> {
  const travelTimeId = line.travelTimeId ?? null;
  // The unit counts toward the hold caps of the cart's network address and network (decision
  // 0025) in the same statement: the check constraint hold_counts_within_cap fails it as a whole
  // once a cap would be passed, so simultaneous adds from one address can never hold more than
  // the cap. Counters are taken before the item's row, in key order, as every release takes them.
  const heldSql = holds.length
    ? sql`, held AS (INSERT INTO hold_counts (key, units, cap)
          SELECT counted.key, 1, counted.cap FROM (VALUES ${sql.join(
            holds.map((hold) => sql`(${hold.key}::text, ${hold.cap}::int)`),
            sql`, `,
          )}) AS counted (key, cap) WHERE EXISTS (SELECT 1 FROM open) ORDER BY counted.key
          ON CONFLICT (key) DO UPDATE SET units = hold_counts.units + 1, cap = EXCLUDED.cap RETURNING 1)`
    : sql``;
  // Reading the count makes the counters come first: the cart (and everything after it) waits for them.
  const countedSql = holds.length ? sql` AND (SELECT count(*) FROM held) > 0` : sql``;
  // `open` reads the item's committed counters: once the last unit has gone, later adds (those
  // the snapshot does not refuse yet) find nothing here and end without inserting a cart or a
  // line and without failing on the check constraint, which would cost an error each (and a
  // line in PostgreSQL's log). Adds racing for the last units are still bounded by the constraint.
  const cartSql =
    'id' in cart
      ? sql`SELECT * FROM carts WHERE id = ${cart.id} AND EXISTS (SELECT 1 FROM open)${countedSql}`
      : sql`INSERT INTO carts (code, customer_id, expires_at, address_key, network_key)
            SELECT ${cart.code}, ${cart.customerId}::int, ${cart.expiresAt.toISOString()}::timestamptz, ${cart.addressKey}::text, ${cart.networkKey}::text FROM open WHERE TRUE${countedSql} RETURNING *`;
  const unitPrice = unitPriceSql(line.price);
  const lineSql = line.holder
    ? sql`INSERT INTO cart_products (cart_id, shop_item_id, travel_time_id, full_name, email, age, answers, price, fee)
          SELECT cart.id, ${line.itemId}, ${travelTimeId}::int, ${line.holder.fullName}, ${line.holder.email}, ${line.holder.age}, ${line.holder.answers ? JSON.stringify(line.holder.answers) : null}::jsonb, ${unitPrice}, ${line.fee} FROM cart RETURNING *`
    : sql`INSERT INTO cart_merchandise (cart_id, shop_item_id, price, fee) SELECT cart.id, ${line.itemId}, ${unitPrice}, ${line.fee} FROM cart RETURNING *`;
  const statement = sql`
    WITH open AS (SELECT 1 FROM shop_items WHERE id = ${line.itemId} AND (stock IS NULL OR held + sold < stock))${heldSql},
    cart AS (${cartSql}),
    seat AS (UPDATE travel_times SET held = held + 1 WHERE id = ${travelTimeId}::int AND shop_item_id = ${line.itemId} AND EXISTS (SELECT 1 FROM cart) RETURNING id),
    item AS (UPDATE shop_items SET held = held + 1 WHERE id = ${line.itemId} AND EXISTS (SELECT 1 FROM cart) RETURNING id, held + sold AS taken),
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
    if (constraint === 'hold_counts_within_cap') return 'hold_cap';
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
  values: Pick<typeof cartProducts.$inferInsert, 'fullName' | 'email' | 'age' | 'travelTimeId' | 'answers'>,
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
  await checkOutCartStatement(tx, { cartId });
}
const checkOutCartStatement = reusableQuery<unknown, { cartId: number }>((db) =>
  db
    .update(carts)
    .set({ status: 'checked_out', endedAt: sql`now()` })
    .where(and(eq(carts.id, sql.placeholder('cartId')), eq(carts.status, 'open'))),
);

/** Ends expired open carts and counts what their lines held: per item, per departure and per hold count (its network address and network). */
export async function expireCarts(tx: Db, cartIds: number[]): Promise<{ items: Map<number, number>; seats: Map<number, number>; holds: Map<string, number> }> {
  if (!cartIds.length) return { ...tallyUnits([]), holds: new Map() };
  const ended = await tx
    .update(carts)
    .set({ status: 'expired', endedAt: sql`now()` })
    .where(and(inArray(carts.id, cartIds), eq(carts.status, 'open')))
    .returning({ id: carts.id, addressKey: carts.addressKey, networkKey: carts.networkKey });
  const endedIds = ended.map((row) => row.id);
  if (!endedIds.length) return { ...tallyUnits([]), holds: new Map() };
  const [products, merchandise] = await readTogether(tx, [
    () =>
      tx
        .select({ cartId: cartProducts.cartId, itemId: cartProducts.shopItemId, travelTimeId: cartProducts.travelTimeId })
        .from(cartProducts)
        .where(inArray(cartProducts.cartId, endedIds)),
    () => tx.select({ cartId: cartMerchandise.cartId, itemId: cartMerchandise.shopItemId }).from(cartMerchandise).where(inArray(cartMerchandise.cartId, endedIds)),
  ]);
  const keysOf = new Map(ended.map((row) => [row.id, [row.addressKey, row.networkKey]]));
  const holds = new Map<string, number>();
  for (const line of [...products, ...merchandise]) {
    for (const key of keysOf.get(line.cartId) ?? []) if (key !== null) holds.set(key, (holds.get(key) ?? 0) + 1);
  }
  return { ...tallyUnits([...products, ...merchandise]), holds };
}

/**
 * Gives back units of hold counts (per key), in one statement that locks the counters in key
 * order first, the order every add takes them in (before any item row), so releases and adds
 * cannot deadlock. Never below zero.
 */
export async function releaseHolds(tx: Db, counts: Map<string, number>): Promise<void> {
  if (!counts.size) return;
  const released = JSON.stringify([...counts].map(([key, units]) => ({ key, units })));
  await executeRows(
    tx,
    // `key = ANY (ARRAY(…))` finds the counters through the primary key; a join with the
    // released rows would have the planner read the whole table.
    sql`WITH released AS (SELECT key, units FROM json_to_recordset(${released}::json) AS released (key text, units int)),
        locked AS (SELECT key FROM hold_counts WHERE key = ANY (ARRAY(SELECT key FROM released)) ORDER BY key FOR UPDATE)
        UPDATE hold_counts SET units = GREATEST(hold_counts.units - released.units, 0)
        FROM released
        WHERE hold_counts.key = ANY (ARRAY(SELECT key FROM released)) AND hold_counts.key = released.key AND (SELECT count(*) FROM locked) > 0`,
  );
}

/**
 * Deletes up to `limit` carts that ended as expired (their holds already given back) before
 * `before`, with their lines and the holders' names and e-mail addresses on them; never a cart an
 * order points to. Carts another instance is deleting are skipped. The number deleted.
 */
export async function deleteEndedCarts(db: Db, before: Date, limit: number): Promise<number> {
  const rows = await executeRows<{ id: number }>(
    db,
    sql`DELETE FROM carts WHERE id IN (
          SELECT c.id FROM carts c
          WHERE c.status = 'expired' AND c.expires_at < ${before.toISOString()}::timestamptz
            AND NOT EXISTS (SELECT 1 FROM ${orders} o WHERE o.cart_id = c.id)
          ORDER BY c.expires_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        RETURNING id`,
  );
  return rows.length;
}

/** Deletes hold counts no open cart uses any more (up to `limit`); an add recreates its row. */
export async function deleteIdleHoldCounts(db: Db, limit: number): Promise<number> {
  const rows = await executeRows<{ key: string }>(
    db,
    sql`DELETE FROM ${holdCounts} WHERE key IN (SELECT key FROM ${holdCounts} WHERE units = 0 LIMIT ${limit} FOR UPDATE SKIP LOCKED) AND units = 0 RETURNING key`,
  );
  return rows.length;
}

/**
 * The holders' names on a customer's tickets of these items that still stand (neither cancelled
 * nor refunded): those of their own orders and those passed to them, as the cart's add-on warning
 * counts them (get-data's existing_tickets). What an add-on's required products are checked against (decision 0104).
 */
export async function listOwnedTicketsOfItems(db: Db, customerId: number, itemIds: number[]): Promise<{ shopItemId: number; fullName: string | null }[]> {
  if (!itemIds.length) return [];
  return db
    .select({ shopItemId: tickets.shopItemId, fullName: tickets.fullName })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .where(and(inArray(tickets.shopItemId, itemIds), sql`(${orders.customerId} = ${customerId} OR ${tickets.holderCustomerId} = ${customerId})`, sql`${tickets.status} NOT IN ('cancelled', 'refunded')`));
}
