import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { executeRows } from '../../db/raw-rows';
import { onsales } from '../../db/schema';
import { activeCount, firstAndLastOpen, type OnsaleSettingsRow } from '../onsale/onsale.queries';

/** An on-sale as the back office shows it, with what its live figures are estimated from (one statement for all). */
export interface OnsaleBoardRow extends OnsaleSettingsRow {
  active: boolean;
  made_here: boolean;
  event_code: string;
  title: string;
  timezone: string;
  admitted_count: number;
  prequeue_count: number | null;
  /** Before the first step after the opening: the pre-queue's size, counted from the index (null once prequeue_count holds it). */
  prequeue_counted: number | null;
  first_open: string | number | null;
  last_open: string | number | null;
  active_count: number;
  sold_out_at: Date | string | null;
  products: { code: string; name: string; kind: 'tickets' | 'merchandise'; stock: number | null; sold: number; held: number }[];
}

/**
 * Every on-sale (switched-off ones too) with its products' counts and what its live figures come
 * from, by opening. Cheap enough to ask every few seconds during an on-sale with a million places:
 * the queue is never counted, only the ends of its after-opening range read (as the waiting rooms'
 * state), the active shoppers through the partial index, and the pre-queue counted from the index
 * only until the first step after the opening settles its size.
 */
export async function listOnsaleBoard(db: Db): Promise<OnsaleBoardRow[]> {
  return executeRows<OnsaleBoardRow>(
    db,
    sql`SELECT o.id, o.code, o.active, e.external_code AS event_code, e.name AS title, e.timezone, o.opens_at, o.room_opens_at, o.closes_at, o.admission_mode, o.admission_limit, o.admission_rate_limit,
               o.steer_min, o.steer_target_ms, o.steer_rate, o.steer_change, o.steer_p99_ms, o.steered_at, o.session_minutes, o.proof_of_work_bits, o.paused_at, o.made_here, o.admitted_count, o.prequeue_count, o.sold_out_at, now() AS db_now,
               CASE WHEN o.prequeue_count IS NULL THEN (SELECT count(*)::int FROM queue_places q WHERE q.onsale_id = o.id AND q.phase = 0) END AS prequeue_counted,
               ${firstAndLastOpen},
               ${activeCount} AS active_count,
               (SELECT coalesce(json_agg(json_build_object('code', s.external_code, 'name', s.name, 'kind', s.shop_item_type, 'stock', s.stock, 'sold', s.sold, 'held', s.held) ORDER BY s.external_code), '[]'::json)
                  FROM onsale_products op JOIN shop_items s ON s.id = op.shop_item_id WHERE op.onsale_id = o.id) AS products
        FROM onsales o JOIN events e ON e.id = o.event_id
        ORDER BY o.opens_at, o.code`,
  );
}

/** What an on-sale change reads under the row's lock, with the database's clock (the clock the queue's phases follow). */
export interface OnsaleChangeRow extends OnsaleSettingsRow {
  active: boolean;
}

/**
 * The on-sale of this code, locked for the rest of the transaction: an admission step (which takes
 * it `FOR NO KEY UPDATE SKIP LOCKED`) skips it meanwhile, and two changes queue.
 */
export async function lockOnsaleForChange(tx: Db, code: string): Promise<OnsaleChangeRow | undefined> {
  const [row] = await executeRows<OnsaleChangeRow>(
    tx,
    sql`SELECT id, code, active, opens_at, room_opens_at, closes_at, admission_mode, admission_limit, admission_rate_limit,
               steer_min, steer_target_ms, steer_rate, steer_change, steer_p99_ms, steered_at, session_minutes, proof_of_work_bits, paused_at, now() AS db_now
        FROM onsales WHERE code = ${code} FOR NO KEY UPDATE`,
  );
  return row;
}

export type OnsaleSettings = Pick<typeof onsales.$inferInsert, 'opensAt' | 'roomOpensAt' | 'closesAt' | 'admissionMode' | 'admissionLimit' | 'admissionRateLimit' | 'steerMin' | 'steerTargetMs' | 'sessionMinutes' | 'proofOfWorkBits'>;

/**
 * An on-sale's times and admission control as changed in the back office. A change of admission
 * mode, or a cap's ramp set or cleared, restarts the rate's carried fraction and the self-steering
 * state: the database does that on every path that changes them (migration 0036).
 */
export async function updateOnsaleSettings(tx: Db, id: number, values: OnsaleSettings): Promise<void> {
  await tx
    .update(onsales)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(onsales.id, id));
}

/** What a new on-sale may name (the page's choices): the events and the products and merchandise, by code. */
export async function listOnsaleChoices(db: Db): Promise<{ events: { code: string; name: string; timezone: string }[]; items: { code: string; name: string; kind: 'tickets' | 'merchandise'; event: string | null }[] }> {
  const [eventRows, itemRows] = [
    await executeRows<{ code: string; name: string; timezone: string }>(db, sql`SELECT external_code AS code, name, timezone FROM events ORDER BY id`),
    await executeRows<{ code: string; name: string; kind: 'tickets' | 'merchandise'; event: string | null }>(
      db,
      sql`SELECT s.external_code AS code, s.name, s.shop_item_type AS kind, e.external_code AS event FROM shop_items s LEFT JOIN events e ON e.id = s.event_id ORDER BY s.id`,
    ),
  ];
  return { events: eventRows, items: itemRows };
}

/** One on-sale made or changed in the back office at a time across the shop (and an import's on-sales): the rule of one room at a time over a product is checked against settled rooms. */
export const ONSALES_LOCK_KEY = 715_202_698;
export async function lockOnsaleRooms(tx: Db): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${ONSALES_LOCK_KEY})`);
}

/** What a new on-sale is checked against: the event of its code, its items, whether its code is taken, and the active rooms over its items. */
export async function readOnsaleSurroundings(tx: Db, onsale: { code: string; event: string; products: readonly string[] }) {
  const [event] = await executeRows<{ id: number; db_now: Date | string }>(tx, sql`SELECT (SELECT id FROM events WHERE external_code = ${onsale.event}) AS id, now() AS db_now`);
  const codes = [...new Set(onsale.products)];
  const items = codes.length
    ? await executeRows<{ id: number; code: string }>(tx, sql`SELECT id, external_code AS code FROM shop_items WHERE external_code IN (${sql.join(codes.map((code) => sql`${code}`), sql`, `)})`)
    : [];
  const [taken] = await executeRows<{ code: string }>(tx, sql`SELECT code FROM onsales WHERE code = ${onsale.code}`);
  const rooms = items.length
    ? await executeRows<{ code: string; item: string; room_opens_at: Date | string; closes_at: Date | string | null }>(
        tx,
        sql`SELECT o.code, s.external_code AS item, o.room_opens_at, o.closes_at FROM onsales o JOIN onsale_products op ON op.onsale_id = o.id JOIN shop_items s ON s.id = op.shop_item_id
            WHERE o.active AND op.shop_item_id IN (${sql.join(items.map((item) => sql`${item.id}`), sql`, `)})`,
      )
    : [];
  return { eventId: event!.id ?? null, dbNow: event!.db_now, itemIds: new Map(items.map((item) => [item.code, item.id])), codeTaken: taken !== undefined, rooms };
}

/** A new on-sale, made in the back office (active, the file's once an import names it). */
export async function insertOnsale(tx: Db, values: typeof onsales.$inferInsert): Promise<number> {
  const [row] = await tx.insert(onsales).values({ ...values, active: true, madeHere: true }).returning({ id: onsales.id });
  return row!.id;
}

/** An admin's live control (decision 0098): the columns it moves, under the row's lock. */
export async function controlOnsale(tx: Db, id: number, values: Partial<Pick<typeof onsales.$inferInsert, 'opensAt' | 'roomOpensAt' | 'closesAt' | 'pausedAt' | 'lastStepAt'>>): Promise<void> {
  await tx
    .update(onsales)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(onsales.id, id));
}
