import { and, asc, eq, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { executeRows } from '../../db/raw-rows';
import { events, onsaleProducts, onsales, shopItems } from '../../db/schema';

/**
 * The first and last place that joined the on-sale `o` after its opening (`first_open`,
 * `last_open`): two index reads at the ends of the phase-1 range, from which the waiting pages and
 * the back office estimate the queue's length without counting it (positions.ts).
 */
export const firstAndLastOpen = sql.raw(`(SELECT q.id FROM queue_places q WHERE q.onsale_id = o.id AND q.phase = 1 AND q.random_key = 0 ORDER BY q.phase, q.random_key, q.id LIMIT 1) AS first_open,
               (SELECT q.id FROM queue_places q WHERE q.onsale_id = o.id AND q.phase = 1 AND q.random_key = 0 ORDER BY q.phase DESC, q.random_key DESC, q.id DESC LIMIT 1) AS last_open`);

/** The on-sale `o`'s admitted places that still count as active shoppers: a range of the partial index, as long as the active ones (not the queue). */
export const activeCount = sql.raw(`(SELECT count(*)::int FROM queue_places q WHERE q.onsale_id = o.id AND q.active_until IS NOT NULL AND q.active_until > now())`);

export type OnsaleValues = Omit<typeof onsales.$inferInsert, 'id' | 'active' | 'createdAt' | 'updatedAt'>;

/** An on-sale by its code, switched on (again). */
export async function upsertOnsale(db: Db, values: OnsaleValues): Promise<number> {
  const [row] = await db
    .insert(onsales)
    .values({ ...values, active: true, madeHere: false })
    // An on-sale made in the back office that the file names is the file's from now on (decision 0098).
    .onConflictDoUpdate({ target: onsales.code, set: { ...values, active: true, madeHere: false, updatedAt: sql`now()` } })
    .returning({ id: onsales.id });
  return row!.id;
}

/** The room guards exactly these items from now on. */
export async function replaceOnsaleProducts(db: Db, onsaleId: number, shopItemIds: number[]): Promise<void> {
  await db.delete(onsaleProducts).where(eq(onsaleProducts.onsaleId, onsaleId));
  if (shopItemIds.length) await db.insert(onsaleProducts).values(shopItemIds.map((shopItemId) => ({ onsaleId, shopItemId })));
}

/**
 * On-sales the file no longer has are switched off (their rows stay: queue places will refer to
 * them); those made in the back office and never in the file are left alone (decision 0098).
 */
export async function deactivateOtherOnsales(db: Db, keepIds: number[]): Promise<void> {
  const conditions = [eq(onsales.active, true), eq(onsales.madeHere, false)];
  if (keepIds.length) conditions.push(notInArray(onsales.id, keepIds));
  await db
    .update(onsales)
    .set({ active: false, updatedAt: sql`now()` })
    .where(and(...conditions));
}

/** The rooms of the active on-sales made in the back office and not named by these codes (the file's), by product code. */
export async function listMadeHereRooms(db: Db, fileCodes: string[]): Promise<Map<string, { name: string; from: number; until: number }[]>> {
  const rows = await db
    .select({ code: onsales.code, roomOpensAt: onsales.roomOpensAt, closesAt: onsales.closesAt, item: shopItems.externalCode })
    .from(onsales)
    .innerJoin(onsaleProducts, eq(onsaleProducts.onsaleId, onsales.id))
    .innerJoin(shopItems, eq(shopItems.id, onsaleProducts.shopItemId))
    .where(and(eq(onsales.active, true), eq(onsales.madeHere, true), fileCodes.length ? notInArray(onsales.code, fileCodes) : undefined));
  const rooms = new Map<string, { name: string; from: number; until: number }[]>();
  for (const row of rows) {
    const span = { name: row.code, from: row.roomOpensAt.getTime(), until: row.closesAt ? row.closesAt.getTime() : Infinity };
    const list = rooms.get(row.item);
    if (list) list.push(span);
    else rooms.set(row.item, [span]);
  }
  return rooms;
}

export interface OnsaleListRow {
  onsale: typeof onsales.$inferSelect;
  eventCode: string;
  products: string[];
}

/** Every on-sale (switched-off ones too), by opening: for `npm run onsale -- status`. */
export async function listOnsales(db: Db): Promise<OnsaleListRow[]> {
  const rows = await db
    .select({ onsale: onsales, eventCode: events.externalCode })
    .from(onsales)
    .innerJoin(events, eq(events.id, onsales.eventId))
    .orderBy(asc(onsales.opensAt), asc(onsales.code));
  const products = await db
    .select({ onsaleId: onsaleProducts.onsaleId, code: shopItems.externalCode })
    .from(onsaleProducts)
    .innerJoin(shopItems, eq(shopItems.id, onsaleProducts.shopItemId))
    .orderBy(asc(shopItems.externalCode));
  return rows.map((row) => ({ ...row, products: products.filter((product) => product.onsaleId === row.onsale.id).map((product) => product.code) }));
}

/** A queue place as stored (bigint columns come back as text on one engine, numbers or bigints on the other). */
export interface PlaceRow {
  id: string | number;
  onsale_id: number;
  phase: number;
  random_key: string | bigint;
}

/** A place's visitor key is its customer account's (decision 0048): `customer:<id>`. */
export const VISITOR_KEY_PREFIX = 'customer:';

/** Who joins: a visitor key, or the hash of a session token whose live session names the customer. */
export type Joiner = { visitorKey: string; tokenHash?: undefined } | { tokenHash: string; visitorKey?: undefined };

/**
 * New places in the on-sale's queue for a batch of joins, in the order given (ids follow it:
 * arrival order), if its room takes places now: the pre-queue (phase 0, each its random key)
 * before the opening, arrivals (phase 1, key 0) after it, decided by the database's clock. A join
 * by session token finds its customer in the same statement (a live session: not revoked, not
 * expired at `now`). One row per join whose visitor is known, in order, with the new place, or
 * without one (they have a place already, or the room takes none); nothing for an unknown session.
 */
export async function insertQueuePlaces(db: Db, onsaleCode: string, joins: (Joiner & { randomKey: bigint })[], now: Date) {
  const items = JSON.stringify(joins.map((join) => [join.visitorKey ?? null, join.tokenHash ?? null, join.randomKey.toString()]));
  return executeRows<{ ord: string | number; visitor_key: string; id: string | number | null; onsale_id: number | null; phase: number | null; random_key: string | bigint | null }>(
    db,
    sql`WITH v AS (
          SELECT x.item->>0 AS given_key, x.item->>1 AS token_hash, (x.item->>2)::bigint AS random_key, x.ord
          FROM jsonb_array_elements(${items}::jsonb) WITH ORDINALITY AS x(item, ord)),
        who AS (
          SELECT v.ord, v.random_key, coalesce(v.given_key, ${VISITOR_KEY_PREFIX} || s.customer_id) AS visitor_key
          FROM v LEFT JOIN sessions s ON v.given_key IS NULL AND s.token_hash = v.token_hash AND s.revoked_at IS NULL AND s.expires_at > ${now.toISOString()}::timestamptz),
        ins AS (
          INSERT INTO queue_places (onsale_id, phase, random_key, visitor_key)
          SELECT o.id, CASE WHEN now() < o.opens_at THEN 0 ELSE 1 END, CASE WHEN now() < o.opens_at THEN who.random_key ELSE 0 END, who.visitor_key
          FROM onsales o, who
          WHERE who.visitor_key IS NOT NULL AND o.code = ${onsaleCode} AND o.active AND now() >= o.room_opens_at AND (o.closes_at IS NULL OR now() < o.closes_at)
          ORDER BY who.ord
          ON CONFLICT (onsale_id, visitor_key) WHERE ended_at IS NULL DO NOTHING
          RETURNING id, onsale_id, phase, random_key, visitor_key)
        SELECT who.ord, who.visitor_key, ins.id, ins.onsale_id, ins.phase, ins.random_key
        FROM who LEFT JOIN ins ON ins.visitor_key = who.visitor_key
        WHERE who.visitor_key IS NOT NULL
        ORDER BY who.ord`,
  );
}

/** A place taken back (its network was over its limit). */
export async function deleteQueuePlace(db: Db, placeId: number): Promise<void> {
  await db.execute(sql`DELETE FROM queue_places WHERE id = ${placeId}`);
}

/** The active on-sale and the visitor's place in it (id null when they have none), with whether its room is open or closed now. */
export async function findQueuePlace(db: Db, onsaleCode: string, visitorKey: string) {
  const [row] = await executeRows<Omit<PlaceRow, 'id'> & { id: string | number | null; room_open: boolean; closed: boolean }>(
    db,
    sql`SELECT p.id, o.id AS onsale_id, p.phase, p.random_key, now() >= o.room_opens_at AS room_open, (o.closes_at IS NOT NULL AND now() >= o.closes_at) AS closed
        FROM onsales o LEFT JOIN queue_places p ON p.onsale_id = o.id AND p.visitor_key = ${visitorKey} AND p.ended_at IS NULL
        WHERE o.code = ${onsaleCode} AND o.active`,
  );
  return row;
}

/** What an admission step reads of its on-sale, with the database's clock. */
export interface StepRow {
  id: number;
  /** Admissions paused (decision 0098): the step admits nobody. */
  paused_at: Date | string | null;
  opens_at: Date | string;
  room_opens_at: Date | string;
  closes_at: Date | string | null;
  admission_mode: 'rate' | 'cap' | 'steer';
  admission_limit: number;
  admission_rate_limit: number | null;
  steer_min: number | null;
  steer_target_ms: number | null;
  steer_rate: number | null;
  steer_change: string | null;
  steer_p99_ms: number | null;
  steer_decreased_at: Date | string | null;
  steered_at: Date | string | null;
  cursor_phase: number;
  cursor_key: string | bigint;
  cursor_place: string | number;
  admitted_count: number;
  rate_carry: number;
  last_step_at: Date | string | null;
  db_now: Date | string;
}

/** The active on-sale's row locked for one admission step, or none when another step holds it (SKIP LOCKED) or it is switched off. */
export async function lockOnsaleForStep(tx: Db, onsaleId: number): Promise<StepRow | undefined> {
  const [row] = await executeRows<StepRow>(
    tx,
    sql`SELECT id, opens_at, room_opens_at, closes_at, admission_mode, admission_limit, admission_rate_limit,
               steer_min, steer_target_ms, steer_rate, steer_change, steer_p99_ms, steer_decreased_at, steered_at,
               cursor_phase, cursor_key, cursor_place, admitted_count, rate_carry, last_step_at, paused_at, now() AS db_now
        FROM onsales WHERE id = ${onsaleId} AND active FOR NO KEY UPDATE SKIP LOCKED`,
  );
  return row;
}

/** A position in queue order, (phase, random key, place id), as a row value. */
export interface QueuePosition {
  phase: number;
  randomKey: bigint | string;
  placeId: number | string;
}

const rowValue = (position: QueuePosition): SQL => sql`(${position.phase}::int, ${String(position.randomKey)}::bigint, ${String(position.placeId)}::bigint)`;
export const cursorOf = (row: Pick<StepRow, 'cursor_phase' | 'cursor_key' | 'cursor_place'>): QueuePosition => ({ phase: row.cursor_phase, randomKey: row.cursor_key, placeId: row.cursor_place });

/** How many places wait after the position, counted no further than `most` (the index range read stops there). */
export async function countPlacesAfter(tx: Db, onsaleId: number, after: QueuePosition, most: number): Promise<number> {
  const [row] = await executeRows<{ waiting: number }>(
    tx,
    sql`SELECT count(*)::int AS waiting FROM (SELECT 1 FROM queue_places WHERE onsale_id = ${onsaleId} AND (phase, random_key, id) > ${rowValue(after)} ORDER BY phase, random_key, id LIMIT ${most}) AS ahead`,
  );
  return row?.waiting ?? 0;
}

/** The place `count` places after the position in queue order (count ≥ 1). */
export async function placeAfter(tx: Db, onsaleId: number, after: QueuePosition, count: number): Promise<QueuePosition | undefined> {
  const [row] = await executeRows<PlaceRow>(
    tx,
    sql`SELECT id, onsale_id, phase, random_key FROM queue_places WHERE onsale_id = ${onsaleId} AND (phase, random_key, id) > ${rowValue(after)}
        ORDER BY phase, random_key, id OFFSET ${count - 1} LIMIT 1`,
  );
  return row && { phase: row.phase, randomKey: row.random_key, placeId: row.id };
}

/** An admission step's result: the counter, the carry, the step's time and (when it admitted anyone) the cursor's new position. */
export async function saveStep(
  tx: Db,
  onsaleId: number,
  step: { admittedCount: number; carry: number; lastStepAt: Date | null; cursor: QueuePosition | null },
): Promise<void> {
  const moved = step.cursor
    ? sql`, cursor_phase = ${step.cursor.phase}, cursor_key = ${String(step.cursor.randomKey)}::bigint, cursor_place = ${String(step.cursor.placeId)}::bigint`
    : sql``;
  await tx.execute(
    sql`UPDATE onsales SET admitted_count = ${step.admittedCount}, rate_carry = ${step.carry}, last_step_at = ${step.lastStepAt?.toISOString() ?? null}::timestamptz ${moved} WHERE id = ${onsaleId}`,
  );
}

/** Steer mode: the controller's state after a step, with the database's clock as the step's moment (the next window starts there). */
export async function saveSteering(
  tx: Db,
  onsaleId: number,
  state: { rate: number; change: string; p99Ms: number | null; lastDecreaseAt: Date | null },
): Promise<void> {
  await tx.execute(
    sql`UPDATE onsales SET steer_rate = ${state.rate}, steer_change = ${state.change}, steer_p99_ms = ${state.p99Ms === null ? null : Math.round(state.p99Ms)},
               steer_decreased_at = ${state.lastDecreaseAt?.toISOString() ?? null}::timestamptz, steered_at = now()
        WHERE id = ${onsaleId}`,
  );
}

/** One instance's admitted stock calls of the last second, a histogram per on-sale (call-timings.ts), as one insert. */
export async function insertCallTimings(db: Db, rows: { onsaleId: number; calls: number; buckets: number[] }[]): Promise<void> {
  if (!rows.length) return;
  const items = JSON.stringify(rows.map((row) => [row.onsaleId, row.calls, row.buckets]));
  await db.execute(
    sql`INSERT INTO onsale_call_timings (onsale_id, calls, buckets)
        SELECT (x.item->>0)::int, (x.item->>1)::int, ARRAY(SELECT jsonb_array_elements_text(x.item->2)::int)
        FROM jsonb_array_elements(${items}::jsonb) AS x(item)
        WHERE EXISTS (SELECT 1 FROM onsales o WHERE o.id = (x.item->>0)::int)`,
  );
}

/** The on-sale's call timings added after `since` (a step's moment) up to now: the next window of the controller. */
export async function readCallTimings(tx: Db, onsaleId: number, since: Date): Promise<{ calls: number; buckets: number[] }[]> {
  const rows = await executeRows<{ calls: number; buckets: unknown }>(
    tx,
    sql`SELECT calls, array_to_json(buckets) AS buckets FROM onsale_call_timings WHERE onsale_id = ${onsaleId} AND at > ${since.toISOString()}::timestamptz AND at <= now()`,
  );
  return rows.map((row) => {
    const buckets = typeof row.buckets === 'string' ? (JSON.parse(row.buckets) as unknown) : row.buckets;
    return { calls: Number(row.calls), buckets: Array.isArray(buckets) ? buckets.map(Number) : [] };
  });
}

/** Timings older than any window a step reads (a minute) go. */
export async function pruneCallTimings(tx: Db, onsaleId: number): Promise<void> {
  await tx.execute(sql`DELETE FROM onsale_call_timings WHERE onsale_id = ${onsaleId} AND at < now() - interval '1 minute'`);
}

/** Whether the on-sale's cursor is at or past the position. */
export async function cursorHasPassed(db: Db, onsaleId: number, position: QueuePosition): Promise<boolean> {
  const [row] = await executeRows<{ admitted: boolean }>(
    db,
    sql`SELECT ${rowValue(position)} <= (cursor_phase, cursor_key, cursor_place) AS admitted FROM onsales WHERE id = ${onsaleId}`,
  );
  return row?.admitted ?? false;
}

/** Cap mode: admitted places still counting as active shoppers. The partial index holds only places ever admitted. */
export async function countActivePlaces(tx: Db, onsaleId: number): Promise<number> {
  const [row] = await executeRows<{ active: number }>(tx, sql`SELECT ${activeCount} AS active FROM onsales o WHERE o.id = ${onsaleId}`);
  return row?.active ?? 0;
}

/**
 * Rate mode: the places admitted whose grace to come ran out since the last step without their
 * admission being taken (no-shows; the partial index of admitted places finds them). Each is
 * counted by the one step whose window its grace ends in.
 */
export async function countNoShows(tx: Db, onsaleId: number, since: Date): Promise<number> {
  const [row] = await executeRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM queue_places
        WHERE onsale_id = ${onsaleId} AND active_until IS NOT NULL AND active_until > ${since.toISOString()}::timestamptz AND active_until <= now() AND taken_at IS NULL`,
  );
  return row?.n ?? 0;
}

/** The places a step just admitted count as active for a grace time in which to come and shop. */
export async function markAdmitted(tx: Db, onsaleId: number, after: QueuePosition, through: QueuePosition, graceSeconds: number): Promise<void> {
  await tx.execute(
    sql`UPDATE queue_places SET active_until = now() + make_interval(secs => ${graceSeconds})
        WHERE onsale_id = ${onsaleId} AND (phase, random_key, id) > ${rowValue(after)} AND (phase, random_key, id) <= ${rowValue(through)}`,
  );
}

/** The pre-queue's size, counted once by the first step after the opening (the waiting pages' positions are estimated from it). */
export async function settlePrequeueCount(tx: Db, onsaleId: number): Promise<void> {
  await tx.execute(
    sql`UPDATE onsales SET prequeue_count = (SELECT count(*)::int FROM queue_places WHERE onsale_id = ${onsaleId} AND phase = 0) WHERE id = ${onsaleId} AND prequeue_count IS NULL`,
  );
}

/**
 * A shopper's whole time from their first taking of the admission: this many sessions. Renewals
 * keep an active shopper in within it; past it the place ends, so a cap's slot cannot be held for
 * ever by renewing.
 */
export const ADMISSION_SESSIONS_MAX = 2;

/**
 * Takes or renews the admission of an admitted place that has not ended: active for a session from
 * now, but never past ADMISSION_SESSIONS_MAX sessions from the first taking. The seconds it is
 * active for, or null when nothing was taken: the place is not theirs, not reached by the cursor,
 * or ended (describePlace says which).
 */
export async function takeAdmission(db: Db, onsaleCode: string, placeId: number, visitorKey: string): Promise<{ activeSeconds: number } | null> {
  const [row] = await executeRows<{ active_seconds: number | string }>(
    db,
    sql`UPDATE queue_places p
           SET active_until = least(now() + make_interval(mins => o.session_minutes), coalesce(p.taken_at, now()) + make_interval(mins => o.session_minutes * ${ADMISSION_SESSIONS_MAX})),
               taken_at = coalesce(p.taken_at, now())
        FROM onsales o
        WHERE p.id = ${placeId} AND o.id = p.onsale_id AND o.code = ${onsaleCode} AND o.active AND p.visitor_key = ${visitorKey} AND p.ended_at IS NULL
          AND (p.taken_at IS NULL OR now() < p.taken_at + make_interval(mins => o.session_minutes * ${ADMISSION_SESSIONS_MAX}))
          AND (p.phase, p.random_key, p.id) <= (o.cursor_phase, o.cursor_key, o.cursor_place)
        RETURNING extract(epoch FROM p.active_until - now())::float8 AS active_seconds`,
  );
  return row ? { activeSeconds: Number(row.active_seconds) } : null;
}

/**
 * Why `takeAdmission` took nothing: whose the place is, whether the cursor has reached it, and
 * whether its shopping has ended. A place whose shopping time ran out is ended here, so its
 * holder's next join takes a new place.
 */
export async function describePlace(db: Db, onsaleCode: string, placeId: number) {
  const [row] = await executeRows<{ visitor_key: string; admitted: boolean; ended: boolean }>(
    db,
    sql`WITH place AS (
          SELECT p.id, p.visitor_key, (p.phase, p.random_key, p.id) <= (o.cursor_phase, o.cursor_key, o.cursor_place) AS admitted, p.ended_at,
                 p.taken_at IS NOT NULL AND now() >= p.taken_at + make_interval(mins => o.session_minutes * ${ADMISSION_SESSIONS_MAX}) AS time_up
          FROM queue_places p JOIN onsales o ON o.id = p.onsale_id WHERE p.id = ${placeId} AND o.code = ${onsaleCode}),
        ended AS (
          UPDATE queue_places q SET ended_at = now(), active_until = least(q.active_until, now())
          FROM place WHERE q.id = place.id AND place.ended_at IS NULL AND place.time_up
          RETURNING q.id)
        SELECT place.visitor_key, place.admitted, place.ended_at IS NOT NULL OR place.time_up AS ended FROM place`,
  );
  return row;
}

/** An admission pass's place, as a stock call names it: the on-sale, the place id and its holder. */
export interface AdmittedPlace {
  onsaleId: number;
  placeId: number;
  visitorKey: string;
}

/**
 * Whether an admission pass's place may still shop, as its row stands: the holder's, not ended (a
 * checkout, or re-admission found its time up), its admission taken and still active, and within
 * the longest shopping time a place allows. A deleted place matches nothing.
 */
const placeShops = (place: AdmittedPlace) =>
  sql`p.id = ${place.placeId} AND p.onsale_id = ${place.onsaleId} AND p.visitor_key = ${place.visitorKey} AND p.ended_at IS NULL
      AND p.taken_at IS NOT NULL AND p.active_until > now() AND now() < p.taken_at + make_interval(mins => o.session_minutes * ${ADMISSION_SESSIONS_MAX})`;

/**
 * The place an admission pass names, if it may still shop, share-locked until the caller's
 * transaction ends: a checkout ending it meanwhile waits for that transaction, and a stock call
 * reading it after such a checkout waits for its commit and then finds it ended. One primary-key
 * read; only the place's row is locked (`OF p`), never the on-sale's, which the admission step takes.
 */
export async function holdShoppingPlace(tx: Db, place: AdmittedPlace): Promise<boolean> {
  const rows = await executeRows<{ id: unknown }>(tx, sql`SELECT p.id FROM queue_places p JOIN onsales o ON o.id = p.onsale_id WHERE ${placeShops(place)} FOR SHARE OF p`);
  return rows.length > 0;
}

/**
 * A checkout ends the place its admission pass names (no more stock calls or admissions from it;
 * buying again means queueing again) and it stops counting as active. A conditional update: of
 * two checkouts with one pass, the second waits for the first's row lock and then matches
 * nothing, so a place checks out once. False when the place may not shop (any more).
 */
export async function endShoppingPlace(tx: Db, place: AdmittedPlace): Promise<boolean> {
  const rows = await executeRows<{ id: unknown }>(
    tx,
    sql`UPDATE queue_places p SET ended_at = now(), active_until = least(p.active_until, now())
        FROM onsales o WHERE o.id = p.onsale_id AND ${placeShops(place)}
        RETURNING p.id`,
  );
  return rows.length > 0;
}

/**
 * A preview's stock call (decision 0098), where the stock is taken: the on-sale is still before
 * its opening and not closed (closing it before the opening moves the opening to now, so it ends
 * every preview at once, on every instance).
 */
export async function previewStillOpen(tx: Db, onsaleId: number): Promise<boolean> {
  const rows = await executeRows<{ id: unknown }>(tx, sql`SELECT id FROM onsales WHERE id = ${onsaleId} AND active AND now() < opens_at AND (closes_at IS NULL OR now() < closes_at) FOR SHARE`);
  return rows.length > 0;
}

/** Every product of the on-sale was seen sold out: the first time is kept. */
export async function markSoldOut(db: Db, onsaleId: number): Promise<void> {
  await db.execute(sql`UPDATE onsales SET sold_out_at = now() WHERE id = ${onsaleId} AND sold_out_at IS NULL`);
}

/** An on-sale's times and admission settings as its row holds them, with the database's clock. */
export interface OnsaleSettingsRow {
  id: number;
  code: string;
  opens_at: Date | string;
  room_opens_at: Date | string;
  closes_at: Date | string | null;
  admission_mode: 'rate' | 'cap' | 'steer';
  admission_limit: number;
  /** Cap mode's ramp: at most this many new shoppers a minute; null: none. */
  admission_rate_limit: number | null;
  /** Steer mode: the fewest new shoppers a minute and the p99 target (null in the other modes). */
  steer_min: number | null;
  steer_target_ms: number | null;
  /** Steer mode: the rate its last step set, why, by which p99, and when (null before the first step). */
  steer_rate: number | null;
  steer_change: string | null;
  steer_p99_ms: number | null;
  steered_at: Date | string | null;
  session_minutes: number;
  proof_of_work_bits: number;
  /** Admissions paused by an admin since then (decision 0098); null: not paused. */
  paused_at: Date | string | null;
  db_now: Date | string;
}

/** A product an on-sale guards, by the shop item's id, code and name, with its stock, held and sold units when read. */
export interface RoomProduct {
  id: number;
  code: string;
  name: string;
  /** Which shop sells it: the waiting page sends an admitted visitor to its product page. */
  shop: 'tickets' | 'merchandise';
  stock: number | null;
  held: number;
  sold: number;
}

/** What a waiting room keeps of an on-sale between its refreshes (every active on-sale, one statement). */
export interface RoomRow extends OnsaleSettingsRow {
  title: string;
  cursor_phase: number;
  cursor_key: string | bigint;
  cursor_place: string | number;
  admitted_count: number;
  prequeue_count: number | null;
  sold_out_at: Date | string | null;
  first_open: string | number | null;
  last_open: string | number | null;
  products: RoomProduct[];
}

/**
 * Every active on-sale with its products (a merchandise group's variants with it: the group's code
 * stands for its sizes, decision 0104) and what positions are estimated from: the first and last
 * place that joined after the opening (two index reads at the ends of the phase-1 range).
 */
export async function listRooms(db: Db): Promise<RoomRow[]> {
  return executeRows<RoomRow>(
    db,
    sql`SELECT o.id, o.code, e.name AS title, o.opens_at, o.room_opens_at, o.closes_at, o.admission_mode, o.admission_limit, o.admission_rate_limit,
               o.steer_min, o.steer_target_ms, o.steer_rate, o.steer_change, o.steer_p99_ms, o.steered_at, o.session_minutes, o.proof_of_work_bits, o.paused_at,
               o.cursor_phase, o.cursor_key, o.cursor_place, o.admitted_count, o.prequeue_count, o.sold_out_at, now() AS db_now,
               ${firstAndLastOpen},
               (SELECT coalesce(json_agg(json_build_object('id', s.id, 'code', s.external_code, 'name', s.name, 'shop', s.shop_item_type, 'stock', s.stock, 'held', s.held, 'sold', s.sold) ORDER BY s.external_code), '[]'::json)
                  FROM onsale_products op JOIN shop_items s ON s.id = op.shop_item_id OR s.variant_of = op.shop_item_id WHERE op.onsale_id = o.id) AS products
        FROM onsales o JOIN events e ON e.id = o.event_id
        WHERE o.active
        ORDER BY o.opens_at, o.code`,
  );
}

/** An on-sale's live figures for the organiser: who waits (counted exactly: a command, not a page), who is in, who shops now. */
export async function onsaleFigures(db: Db, onsaleId: number): Promise<{ waiting: number; admitted: number; active: number }> {
  const [row] = await executeRows<{ waiting: number; admitted: number; active: number }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM queue_places q WHERE q.onsale_id = o.id AND (q.phase, q.random_key, q.id) > (o.cursor_phase, o.cursor_key, o.cursor_place)) AS waiting,
               o.admitted_count AS admitted,
               ${activeCount} AS active
        FROM onsales o WHERE o.id = ${onsaleId}`,
  );
  return row ?? { waiting: 0, admitted: 0, active: 0 };
}
