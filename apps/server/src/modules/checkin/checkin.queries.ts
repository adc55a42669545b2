import { and, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { executeRows } from '../../db/raw-rows';
import { DAY_MS, PASS_AFTER_MS, UNANCHORED_MS } from './ticket-keys';
import { checkinCounts, checkinListProducts, checkinLists, checkins, checkinStates, events, orders, productQuestions, questionAnswers, scanners, scannerSessions, shopItems, tickets, travelTimes } from '../../db/schema';

/** An active list by its code, with its event's time zone and the products it admits. */
export async function findActiveList(db: Db, code: string) {
  const [row] = await db
    .select({ list: checkinLists, eventTimezone: events.timezone, eventName: events.name })
    .from(checkinLists)
    .innerJoin(events, eq(events.id, checkinLists.eventId))
    .where(and(eq(checkinLists.code, code), eq(checkinLists.active, true)));
  if (!row) return null;
  const products = await db.select({ id: checkinListProducts.shopItemId, days: checkinListProducts.days }).from(checkinListProducts).where(eq(checkinListProducts.listId, row.list.id));
  return {
    ...row,
    productIds: products.map((product) => product.id),
    /** The products that admit on some festival days only (decision 0064). */
    productDays: new Map(products.flatMap((product) => (product.days ? [[product.id, product.days] as const] : []))),
  };
}

export type ActiveList = NonNullable<Awaited<ReturnType<typeof findActiveList>>>;

/** The active lists with their figures (tickets ever admitted, inside now), summed from their shards. */
export async function listActiveListsWithCounts(db: Db) {
  return db
    .select({
      code: checkinLists.code,
      name: checkinLists.name,
      event: events.name,
      entry: checkinLists.entry,
      gates: checkinLists.gates,
      admitted: sql<number>`(SELECT coalesce(sum(${checkinCounts.admitted}), 0)::int FROM ${checkinCounts} WHERE ${checkinCounts.listId} = ${checkinLists.id})`,
      inside: sql<number>`(SELECT coalesce(sum(${checkinCounts.inside}), 0)::int FROM ${checkinCounts} WHERE ${checkinCounts.listId} = ${checkinLists.id})`,
    })
    .from(checkinLists)
    .innerJoin(events, eq(events.id, checkinLists.eventId))
    .where(eq(checkinLists.active, true))
    .orderBy(events.id, checkinLists.code);
}

const ticketFacts = {
  id: tickets.id,
  code: tickets.code,
  status: tickets.status,
  orderStatus: orders.paymentStatus,
  productId: tickets.shopItemId,
  productName: tickets.productName,
  holder: tickets.fullName,
  age: tickets.age,
  createdAt: tickets.createdAt,
  eventId: shopItems.eventId,
  eventStartsAt: events.startsAt,
  departsAt: travelTimes.departsAt,
  itemTravelTime: shopItems.travelTime,
};

function ticketQuery(db: Db) {
  return db
    .select(ticketFacts)
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .innerJoin(shopItems, eq(shopItems.id, tickets.shopItemId))
    .leftJoin(events, eq(events.id, shopItems.eventId))
    .leftJoin(travelTimes, eq(travelTimes.id, tickets.travelTimeId));
}

const ticketLookups = (db: Db) => ({
  byId: ticketQuery(db).where(eq(tickets.id, sql.placeholder('id'))).prepare('scanned_ticket_by_id'),
  byCode: ticketQuery(db).where(eq(tickets.code, sql.placeholder('code'))).prepare('scanned_ticket_by_code'),
});

/** Every scan runs one of these: built once per database and prepared, not built again per scan. */
const preparedLookups = new WeakMap<Db, ReturnType<typeof ticketLookups>>();

/** What the gate needs of a ticket, by its id (a pass) or its code (typed in). */
export async function findScannedTicket(db: Db, by: { id: number } | { code: string }) {
  let lookups = preparedLookups.get(db);
  if (!lookups) preparedLookups.set(db, (lookups = ticketLookups(db)));
  const [row] = 'id' in by ? await lookups.byId.execute({ id: by.id }) : await lookups.byCode.execute({ code: by.code });
  return row ?? null;
}

export type ScannedTicketRow = NonNullable<Awaited<ReturnType<typeof findScannedTicket>>>;

/** The shards a list's figures are kept in (by ticket id): enough that busy gates rarely wait for one another. */
export const COUNT_SHARDS = 16;

/**
 * `passWindow` in SQL, for a statement that must agree with it to the millisecond: true when `at`
 * is inside the window of a ticket issued at `issuedAt` with `anchor` (both millisecond
 * timestamps, as JavaScript reads them). Whole minutes by the epoch and fixed milliseconds, not
 * calendar intervals, so no session time zone or daylight-saving change moves it.
 */
export function insidePassWindowSql(at: Date | Placeholder, issuedAt: SQL, anchor: SQL): SQL {
  const ms = (value: number) => sql.raw(`interval '${value} milliseconds'`);
  const validFrom = sql`to_timestamp(floor(extract(epoch FROM ${issuedAt}) / 60) * 60)`;
  const end = sql`coalesce(${anchor}, ${issuedAt} + ${ms(UNANCHORED_MS)}) + ${ms(PASS_AFTER_MS)}`;
  return sql`(${at}::timestamptz >= ${validFrom} AND ${at}::timestamptz < greatest(${end}, ${validFrom} + ${ms(DAY_MS)}))`;
}

type PassScan = { ticketId: number; listId: number; alternating: boolean; direction: 'in' | 'out'; gate: string; at: Date } & ({ log: true; scannerId: number; nonce: string } | { log: false });

/** A statement's value: given, or a placeholder of a prepared statement. */
type Value<T> = T | Placeholder;

/** What an entry or exit writes (for a statement built once, placeholders). */
interface PassValues {
  ticketId: Value<number>;
  listId: Value<number>;
  gate: Value<string>;
  at: Value<Date>;
  shard: Value<number>;
  scannerId?: Value<number>;
  nonce?: Value<string>;
}

/**
 * The common-table expressions of an entry or exit: `changed` (the ticket's state, changed only if
 * it may change, and only where `allowed` holds), `logged` and `counted` (moved only by a change).
 */
function passChanges(shape: { direction: 'in' | 'out'; alternating: boolean; log: boolean }, v: PassValues, allowed: SQL | null): SQL {
  const { ticketId, listId, gate, at, shard } = v;
  const change =
    shape.direction === 'in'
      ? sql`INSERT INTO ${checkinStates} (ticket_id, list_id, inside, entries, first_in_at, last_at, last_gate)
          ${allowed ? sql`SELECT ${ticketId}::integer, ${listId}::integer, true, 1, ${at}::timestamptz, ${at}::timestamptz, ${gate}::text WHERE ${allowed}` : sql`VALUES (${ticketId}, ${listId}, true, 1, ${at}, ${at}, ${gate})`}
          ON CONFLICT (ticket_id, list_id) DO UPDATE SET inside = true, entries = ${checkinStates}.entries + 1, last_at = excluded.last_at, last_gate = excluded.last_gate
          WHERE ${shape.alternating ? sql`NOT ${checkinStates}.inside` : sql`false`}
          RETURNING (xmax = 0) AS first`
      : sql`UPDATE ${checkinStates} SET inside = false, last_at = ${at}, last_gate = ${gate}
          WHERE ticket_id = ${ticketId} AND list_id = ${listId} AND inside${allowed ? sql` AND ${allowed}` : sql``}
          RETURNING false AS first`;
  return sql`changed AS (${change}),
      ${
        shape.log
          ? sql`logged AS (
        INSERT INTO ${checkins} (ticket_id, list_id, scanner_id, gate, kind, scanned_at, nonce, offline)
        SELECT ${ticketId}, ${listId}, ${v.scannerId}, ${gate}, ${shape.direction}, ${at}, ${v.nonce}, false FROM changed
      ),`
          : sql``
      }
      counted AS (
        INSERT INTO ${checkinCounts} (list_id, shard, admitted, inside)
        SELECT ${listId}, ${shard}, CASE WHEN first THEN 1 ELSE 0 END, ${shape.direction === 'in' ? 1 : -1} FROM changed
        ON CONFLICT (list_id, shard) DO UPDATE SET admitted = ${checkinCounts}.admitted + excluded.admitted, inside = ${checkinCounts}.inside + excluded.inside
      )`;
}

/**
 * An entry or exit in one statement: the conditional change of the ticket's state decides (the
 * first of two gates at once wins: PostgreSQL makes the second wait for the first and then find it
 * inside), and only a change it makes moves the list's figures (admitted counts a ticket's first
 * entry, inside every entry and exit) and, for an online scan, is logged in `checkins` with its
 * nonce. An offline upload logs its scan itself first (claiming the scanner's nonce) and passes
 * `log: false`. Null: not let through (already in, or not inside to leave).
 */
export async function passOnce(db: Db, scan: PassScan): Promise<{ first: boolean } | null> {
  const values = { ...scan, shard: scan.ticketId % COUNT_SHARDS, ...(scan.log ? { scannerId: scan.scannerId, nonce: scan.nonce } : {}) };
  const rows = await executeRows<{ first: boolean }>(db, sql`WITH ${passChanges(scan, values, null)} SELECT first FROM changed`);
  return rows[0] ?? null;
}

/** What the gate judged a scanned pass by, before reading the ticket: its claims, with its departure's time. */
export interface ExpectedTicket {
  code: string;
  eventId: number;
  productId: number;
  departure: Date | null;
}

/**
 * A pass's scan in one round trip: the ticket read and its entry or exit made in the same
 * statement, but only if the ticket is valid (active, its order paid, the pass's code its current
 * one) and is the ticket the gate judged (`expected`: the same event, product and departure, and
 * its own window, computed as `passWindow` does, around `at`). The caller judged `expected` with
 * the gate's rule first, so a change made here is the one the full judgement on the ticket's
 * record would allow. Null when there is no ticket of that id; `allowed` false when it is not the
 * valid ticket the gate judged (the caller then judges its record the long way); `allowed` but not
 * `passed`: its state did not let it (already in, or not inside to leave).
 */
type OnlineScan = PassScan & { log: true };
type PassAsExpectedRow = { allowed: boolean; passed: boolean; first: boolean | null; holder: string; age: string | null; product_name: string };

/** The statement of `passIfAsExpected` for one kind of scan, with placeholders for its values. */
function passAsExpectedStatement(shape: { direction: 'in' | 'out'; alternating: boolean }): SQL {
  const p = (name: string) => sql.placeholder(name);
  const departure = sql`date_trunc('milliseconds', coalesce(${travelTimes.departsAt}, ${shopItems.travelTime}))`;
  const anchor = sql`coalesce(${departure}, date_trunc('milliseconds', ${events.startsAt}))`;
  return sql`WITH ticket AS (
        SELECT ${tickets.fullName} AS holder, ${tickets.age} AS age, ${tickets.productName} AS product_name,
          (${tickets.code} = ${p('code')}::text AND ${tickets.status} = 'active' AND ${orders.paymentStatus} = 'paid'
            AND coalesce(${shopItems.eventId}, 0) = ${p('eventId')}::integer AND ${tickets.shopItemId} = ${p('productId')}::integer
            AND ${departure} IS NOT DISTINCT FROM ${p('departure')}::timestamptz
            AND ${insidePassWindowSql(p('at'), sql`date_trunc('milliseconds', ${tickets.createdAt})`, anchor)}) AS allowed
        FROM ${tickets}
        JOIN ${orders} ON ${orders.id} = ${tickets.orderId}
        JOIN ${shopItems} ON ${shopItems.id} = ${tickets.shopItemId}
        LEFT JOIN ${events} ON ${events.id} = ${shopItems.eventId}
        LEFT JOIN ${travelTimes} ON ${travelTimes.id} = ${tickets.travelTimeId}
        WHERE ${tickets.id} = ${p('ticketId')}::integer
      ),
      ${passChanges({ ...shape, log: true }, { ticketId: p('ticketId'), listId: p('listId'), gate: p('gate'), at: p('at'), shard: p('shard'), scannerId: p('scannerId'), nonce: p('nonce') }, sql`coalesce((SELECT allowed FROM ticket), false)`)}
    SELECT ticket.allowed, ticket.holder, ticket.age, ticket.product_name, (SELECT first FROM changed) AS first, EXISTS (SELECT 1 FROM changed) AS passed FROM ticket`;
}

const dialect = new PgDialect();
const SHAPES = { in: { direction: 'in', alternating: false }, 'in-again': { direction: 'in', alternating: true }, out: { direction: 'out', alternating: true } } as const;
type Shape = keyof typeof SHAPES;
const passAsExpectedStatements = (db: Db) =>
  Object.fromEntries(
    (Object.keys(SHAPES) as Shape[]).map((shape) => [shape, db._.session.prepareQuery<{ execute: { rows: PassAsExpectedRow[] }; all: unknown; values: unknown }>(dialect.sqlToQuery(passAsExpectedStatement(SHAPES[shape])), undefined, `checkin_pass_${shape.replace('-', '_')}`, false)]),
  ) as Record<Shape, ReturnType<Db['_']['session']['prepareQuery']>>;

/** Every scan of a pass runs one of these: built once per database and prepared. */
const preparedPasses = new WeakMap<Db, ReturnType<typeof passAsExpectedStatements>>();

/**
 * A pass's scan in one round trip: the ticket read and its entry or exit made in the same
 * statement, but only if the ticket is valid (active, its order paid, the pass's code its current
 * one) and is the ticket the gate judged (`expected`: the same event, product and departure, and
 * its own window, computed as `passWindow` does, around `at`). The caller judged `expected` with
 * the gate's rule first, so a change made here is the one the full judgement on the ticket's
 * record would allow. Null when there is no ticket of that id; `allowed` false when it is not the
 * valid ticket the gate judged (the caller then judges its record the long way); `allowed` but not
 * `passed`: its state did not let it (already in, or not inside to leave).
 */
export async function passIfAsExpected(db: Db, scan: OnlineScan, expected: ExpectedTicket): Promise<{ allowed: boolean; passed: boolean; first: boolean; holder: string; age: string | null; productName: string } | null> {
  let statements = preparedPasses.get(db);
  if (!statements) preparedPasses.set(db, (statements = passAsExpectedStatements(db)));
  const shape: Shape = scan.direction === 'out' ? 'out' : scan.alternating ? 'in-again' : 'in';
  const result = (await statements[shape].execute({
    ticketId: scan.ticketId,
    listId: scan.listId,
    gate: scan.gate,
    at: scan.at,
    shard: scan.ticketId % COUNT_SHARDS,
    scannerId: scan.scannerId,
    nonce: scan.nonce,
    code: expected.code,
    eventId: expected.eventId,
    productId: expected.productId,
    departure: expected.departure,
  })) as unknown as { rows: PassAsExpectedRow[] };
  const row = result.rows[0];
  return row ? { allowed: row.allowed, passed: row.passed, first: row.first === true, holder: row.holder, age: row.age, productName: row.product_name } : null;
}

/** Where a ticket stands on a list (who won when a scan was not let through). */
export async function findState(db: Db, ticketId: number, listId: number) {
  const [row] = await db
    .select()
    .from(checkinStates)
    .where(and(eq(checkinStates.ticketId, ticketId), eq(checkinStates.listId, listId)));
  return row ?? null;
}

/** Records a counted scan; null when its nonce was taken before (an upload sent again): the first one stands. */
export async function recordCheckin(tx: Db, values: typeof checkins.$inferInsert): Promise<number | null> {
  const rows = await tx.insert(checkins).values(values).onConflictDoNothing({ target: checkins.nonce }).returning({ id: checkins.id });
  return rows[0]?.id ?? null;
}

/** An uploaded scan that could not be counted (the ticket was already in, or not inside to leave) is kept as a conflict for the organiser. */
export async function markConflict(tx: Db, checkinId: number, reason: 'already-in' | 'not-inside'): Promise<void> {
  await tx.update(checkins).set({ kind: 'conflict', reason }).where(eq(checkins.id, checkinId));
}

// ---- scanners ----

export async function insertScanner(db: Db, name: string, codeHash: string) {
  const [row] = await db.insert(scanners).values({ name, codeHash }).returning();
  return row!;
}

export async function listScanners(db: Db) {
  return db.select().from(scanners).orderBy(scanners.id);
}

export async function revokeScanner(db: Db, id: number, at: Date): Promise<typeof scanners.$inferSelect | null> {
  const [row] = await db
    .update(scanners)
    .set({ revokedAt: at })
    .where(and(eq(scanners.id, id), sql`${scanners.revokedAt} IS NULL`))
    .returning();
  if (row) await db.delete(scannerSessions).where(eq(scannerSessions.scannerId, id));
  return row ?? null;
}

/** A scanner's last sync, written at most once a minute (50 gates syncing every few seconds write little). */
export async function noteScannerSync(db: Db, id: number, at: Date): Promise<void> {
  await db
    .update(scanners)
    .set({ lastSyncAt: at })
    .where(and(eq(scanners.id, id), sql`(${scanners.lastSyncAt} IS NULL OR ${scanners.lastSyncAt} < ${new Date(at.getTime() - 60_000).toISOString()}::timestamptz)`));
}

export async function findLiveScannerByCodeHash(db: Db, codeHash: string) {
  const [row] = await db
    .select()
    .from(scanners)
    .where(and(eq(scanners.codeHash, codeHash), sql`${scanners.revokedAt} IS NULL`));
  return row ?? null;
}

export async function insertScannerSession(db: Db, scannerId: number, tokenHash: string, expiresAt: Date) {
  await db.insert(scannerSessions).values({ scannerId, tokenHash, expiresAt });
}

export async function deleteScannerSession(db: Db, tokenHash: string) {
  await db.delete(scannerSessions).where(eq(scannerSessions.tokenHash, tokenHash));
}

/** The signed-in scanner of a session token's hash: live session, scanner not revoked. */
export async function findScannerOfSession(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ id: scanners.id, name: scanners.name })
    .from(scannerSessions)
    .innerJoin(scanners, eq(scanners.id, scannerSessions.scannerId))
    .where(and(eq(scannerSessions.tokenHash, tokenHash), sql`${scannerSessions.expiresAt} > ${now}`, sql`${scanners.revokedAt} IS NULL`));
  return row ?? null;
}

/**
 * Per list and gate: tickets let in there (each once, however often it went in), and tickets
 * inside now that last came in there; lists without a scan yet have one row with no gate.
 */
export interface CheckinStatsRow {
  list_code: string;
  list_name: string;
  event_name: string;
  active: boolean;
  gate: string | null;
  admitted: number;
  inside: number;
  conflicts: number;
  refused: number;
}

export async function checkinStats(db: Db): Promise<CheckinStatsRow[]> {
  return executeRows<CheckinStatsRow>(
    db,
    sql`
    SELECT l.code AS list_code, l.name AS list_name, e.name AS event_name, l.active, g.gate,
      (SELECT count(DISTINCT c.ticket_id)::int FROM ${checkins} c WHERE c.list_id = l.id AND c.gate = g.gate AND c.kind = 'in') AS admitted,
      (SELECT count(*)::int FROM ${checkinStates} s WHERE s.list_id = l.id AND s.inside AND s.last_gate = g.gate) AS inside,
      (SELECT count(*)::int FROM ${checkins} c WHERE c.list_id = l.id AND c.gate = g.gate AND c.kind = 'conflict') AS conflicts,
      (SELECT count(*)::int FROM ${checkins} c WHERE c.list_id = l.id AND c.gate = g.gate AND c.kind = 'refused') AS refused
    FROM ${checkinLists} l
    JOIN ${events} e ON e.id = l.event_id
    LEFT JOIN LATERAL (SELECT DISTINCT c.gate FROM ${checkins} c WHERE c.list_id = l.id) g ON true
    ORDER BY e.name, l.code, g.gate`,
  );
}

/** Offline scans that were not counted (conflicts and refusals), newest first, with the ticket, why, and where it was counted (for the organiser's report). */
export async function listConflicts(db: Db) {
  return db
    .select({
      scannedAt: checkins.scannedAt,
      gate: checkins.gate,
      listCode: checkinLists.code,
      ticketCode: tickets.code,
      holder: tickets.fullName,
      countedGate: checkinStates.lastGate,
      countedAt: checkinStates.firstInAt,
      scanner: scanners.name,
      kind: checkins.kind,
      reason: checkins.reason,
    })
    .from(checkins)
    .innerJoin(checkinLists, eq(checkinLists.id, checkins.listId))
    .innerJoin(tickets, eq(tickets.id, checkins.ticketId))
    .leftJoin(checkinStates, and(eq(checkinStates.ticketId, checkins.ticketId), eq(checkinStates.listId, checkins.listId)))
    .leftJoin(scanners, eq(scanners.id, checkins.scannerId))
    .where(inArray(checkins.kind, ['conflict', 'refused']))
    .orderBy(sql`${checkins.scannedAt} DESC`, sql`${checkins.id} DESC`);
}

// ---- a scanner's sync ----

/** Which tickets a sync sends: of the list's products, and all of them (since null) or those whose ticket or order changed after `since`. */
function syncedTickets(productIds: number[], since: Date | null) {
  const products = sql`${tickets.shopItemId} IN (${sql.join(productIds.map((id) => sql`${id}`), sql`, `)})`;
  const changed = since
    ? sql`${tickets.id} IN (
        SELECT t.id FROM ${tickets} t WHERE t.updated_at > ${since}
        UNION
        SELECT t.id FROM ${orders} o JOIN ${tickets} t ON t.order_id = o.id WHERE o.updated_at > ${since})`
    : sql`true`;
  return { products, changed };
}

/**
 * The tickets of a list's products whose standing a scanner must learn: all of them (since null),
 * or those whose ticket or order changed after `since` (the two indexed halves of a union, so
 * neither scans the other's table). Valid: the ticket admits (active, its order paid).
 */
export async function syncTickets(db: Db, productIds: number[], since: Date | null) {
  if (!productIds.length) return [];
  const { products, changed } = syncedTickets(productIds, since);
  return db
    .select({
      id: tickets.id,
      code: tickets.code,
      valid: sql<boolean>`(${tickets.status} = 'active' AND ${orders.paymentStatus} = 'paid')`,
      holder: tickets.fullName,
      age: tickets.age,
      productId: tickets.shopItemId,
      departsAt: travelTimes.departsAt,
    })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .leftJoin(travelTimes, eq(travelTimes.id, tickets.travelTimeId))
    .where(and(products, changed))
    .orderBy(tickets.id);
}

/** Where tickets stand on a list: every state (since null) or those changed after `since`. */
export async function syncStates(db: Db, listId: number, since: Date | null) {
  return db
    .select({ ticketId: checkinStates.ticketId, inside: checkinStates.inside, lastAt: checkinStates.lastAt, lastGate: checkinStates.lastGate })
    .from(checkinStates)
    .where(and(eq(checkinStates.listId, listId), since ? sql`${checkinStates.updatedAt} > ${since}` : undefined))
    .orderBy(checkinStates.ticketId);
}

/** The list's products with their fixed departure (if any), and the travel times a pass may name. */
export async function syncProducts(db: Db, productIds: number[]) {
  if (!productIds.length) return { products: [], departures: [] };
  const [products, departures] = await Promise.all([
    db.select({ id: shopItems.id, name: shopItems.name, departsAt: shopItems.travelTime }).from(shopItems).where(inArray(shopItems.id, productIds)).orderBy(shopItems.id),
    db.select({ id: travelTimes.id, departsAt: travelTimes.departsAt }).from(travelTimes).where(inArray(travelTimes.shopItemId, productIds)).orderBy(travelTimes.id),
  ]);
  return { products, departures };
}

/** A list's figures: tickets admitted and inside now, summed from its shards. */
export async function listCounts(db: Db, listId: number) {
  const [row] = await db
    .select({ admitted: sql<number>`coalesce(sum(${checkinCounts.admitted}), 0)::int`, inside: sql<number>`coalesce(sum(${checkinCounts.inside}), 0)::int` })
    .from(checkinCounts)
    .where(eq(checkinCounts.listId, listId));
  return row ?? { admitted: 0, inside: 0 };
}

/** The database's clock (a sync's cursor comes from the same clock the triggers use). */
export async function databaseNow(db: Db): Promise<Date> {
  const [row] = await executeRows<{ now: Date | string }>(db, sql`SELECT now() AS now`);
  return new Date(row!.now);
}

// ---- the answers the gate is shown (decision 0106) ----

/** The questions of these products marked for the gate and still asked, in the order asked: only their answers ever reach a scanner. */
export async function listGateQuestions(db: Db, productIds: readonly number[]) {
  if (!productIds.length) return [];
  return db
    .select()
    .from(productQuestions)
    .where(and(inArray(productQuestions.shopItemId, [...productIds]), eq(productQuestions.atGate, true), eq(productQuestions.archived, false)))
    .orderBy(productQuestions.shopItemId, productQuestions.sortOrder, productQuestions.id);
}

/** A ticket's answers to these (gate) questions: its own, and its order's to per-order ones, in one statement. */
export async function listTicketGateAnswers(db: Db, ticketId: number, questionIds: readonly number[]) {
  if (!questionIds.length) return [];
  return db
    .select({ questionId: questionAnswers.questionId, value: questionAnswers.value })
    .from(questionAnswers)
    .where(
      and(
        inArray(questionAnswers.questionId, [...questionIds]),
        sql`(${questionAnswers.ticketId} = ${ticketId} OR (${questionAnswers.ticketId} IS NULL AND ${questionAnswers.orderId} = (SELECT t.order_id FROM ${tickets} t WHERE t.id = ${ticketId})))`,
      ),
    );
}

/** The synced tickets' answers (the same tickets as syncTickets) to their products' gate questions, in one statement. */
export async function syncGateAnswers(db: Db, productIds: number[], questionIds: readonly number[], since: Date | null) {
  if (!productIds.length || !questionIds.length) return [];
  const { products, changed } = syncedTickets(productIds, since);
  return db
    .select({ ticketId: tickets.id, questionId: questionAnswers.questionId, value: questionAnswers.value })
    .from(tickets)
    .innerJoin(productQuestions, eq(productQuestions.shopItemId, tickets.shopItemId))
    .innerJoin(
      questionAnswers,
      and(
        eq(questionAnswers.questionId, productQuestions.id),
        sql`(${questionAnswers.ticketId} = ${tickets.id} OR (${questionAnswers.ticketId} IS NULL AND ${questionAnswers.orderId} = ${tickets.orderId}))`,
      ),
    )
    .where(and(products, changed, inArray(productQuestions.id, [...questionIds])))
    .orderBy(tickets.id);
}
