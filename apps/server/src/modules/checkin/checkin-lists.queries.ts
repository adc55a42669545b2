import { and, asc, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { executeRows } from '../../db/raw-rows';
import { checkinCounts, checkinListProducts, checkinLists, checkins, checkinStates, events, scanners, shopItems, tickets } from '../../db/schema';

/** What the catalogue import writes for one list (the code matches it; the rest is updated). */
export type CheckinListValues = Omit<typeof checkinLists.$inferInsert, 'id' | 'active' | 'backOfficeFields' | 'createdAt' | 'updatedAt'>;

/** A list as the organiser reads it: its event's name and the products it admits. */
export interface CheckinListRow {
  id: number;
  code: string;
  name: string;
  eventId: number;
  eventCode: string;
  eventName: string;
  eventTimezone: string;
  entry: 'single' | 'alternating';
  opensAt: Date | null;
  closesAt: Date | null;
  boardingBeforeMinutes: number;
  boardingAfterMinutes: number;
  dayCutoverMinutes: number;
  gates: string[];
  active: boolean;
  /** The fields set in the back office (decision 0097). */
  backOfficeFields: string[];
  /** In the shop's listing order; days: the festival days it admits on (null: every day the list is open). */
  products: { externalCode: string; name: string; type: string; days: string[] | null }[];
}

/**
 * Matched by code; a list that was switched off comes back on when the file has it again (unless
 * it was archived in the back office and the file does not win: `active` false).
 */
export async function upsertCheckinList(db: Db, values: CheckinListValues & { active?: boolean; backOfficeFields?: string[] }): Promise<number> {
  const row = { ...values, active: values.active ?? true, backOfficeFields: values.backOfficeFields ?? [] };
  const [inserted] = await db
    .insert(checkinLists)
    .values(row)
    .onConflictDoUpdate({ target: checkinLists.code, set: { ...row, updatedAt: sql`now()` } })
    .returning({ id: checkinLists.id });
  return inserted!.id;
}

/** A list made in the back office. */
export async function insertCheckinList(db: Db, values: CheckinListValues & { backOfficeFields: string[] }): Promise<number> {
  const [row] = await db.insert(checkinLists).values(values).returning({ id: checkinLists.id });
  return row!.id;
}

/** A list changed in the back office (its code stays). */
export async function updateCheckinList(db: Db, id: number, values: Partial<CheckinListValues> & { active?: boolean; backOfficeFields: string[] }): Promise<void> {
  await db
    .update(checkinLists)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(checkinLists.id, id));
}

/** The list's row, locked until the transaction ends: two admins saving it at once save one after the other. */
export async function lockCheckinList(tx: Db, id: number) {
  const [row] = await tx.select().from(checkinLists).where(eq(checkinLists.id, id)).for('no key update');
  return row;
}

export async function findCheckinListIdByCode(db: Db, code: string): Promise<number | undefined> {
  const [row] = await db.select({ id: checkinLists.id }).from(checkinLists).where(eq(checkinLists.code, code));
  return row?.id;
}

/** Whether tickets have been scanned on the list (any scan: it then keeps its event). */
export async function hasScans(db: Db, listId: number): Promise<boolean> {
  const [row] = await db.select({ id: checkins.id }).from(checkins).where(eq(checkins.listId, listId)).limit(1);
  return row !== undefined;
}

/** The lists that have scans, of these. */
export async function listsWithScans(db: Db, listIds: number[]): Promise<Set<number>> {
  if (!listIds.length) return new Set();
  const rows = await executeRows<{ list_id: number }>(
    db,
    sql`SELECT l.id AS list_id FROM ${checkinLists} l WHERE l.id IN (${sql.join(listIds.map((id) => sql`${id}`), sql`, `)}) AND EXISTS (SELECT 1 FROM ${checkins} c WHERE c.list_id = l.id)`,
  );
  return new Set(rows.map((row) => row.list_id));
}

/** The lists' figures (tickets ever admitted, inside now) from the counter shards, and their scans still to resolve. */
export async function listFigures(db: Db): Promise<Map<number, { admitted: number; inside: number; openConflicts: number }>> {
  const rows = await executeRows<{ id: number; admitted: number; inside: number; open_conflicts: number }>(
    db,
    sql`SELECT l.id,
          (SELECT coalesce(sum(c.admitted), 0)::int FROM ${checkinCounts} c WHERE c.list_id = l.id) AS admitted,
          (SELECT coalesce(sum(c.inside), 0)::int FROM ${checkinCounts} c WHERE c.list_id = l.id) AS inside,
          (SELECT count(*)::int FROM ${checkins} c WHERE c.list_id = l.id AND c.kind IN ('conflict', 'refused') AND c.resolved_at IS NULL) AS open_conflicts
        FROM ${checkinLists} l`,
  );
  return new Map(rows.map((row) => [row.id, { admitted: row.admitted, inside: row.inside, openConflicts: row.open_conflicts }]));
}

/** Every event a list can be for. */
export function listEventsForLists(db: Db) {
  return db.select({ id: events.id, code: events.externalCode, name: events.name, timezone: events.timezone }).from(events).orderBy(asc(events.name), asc(events.id));
}

/**
 * The items a list can name (products of an event) and those it cannot (merchandise), with each
 * product's days on the active lists naming it: its own days where they all agree (as the export
 * writes them on the product), else null.
 */
export async function listListableItems(db: Db) {
  const [items, entries] = await Promise.all([
    db
      .select({ id: shopItems.id, code: shopItems.externalCode, name: shopItems.name, type: shopItems.type, kind: shopItems.shopItemType, event: events.externalCode })
      .from(shopItems)
      .leftJoin(events, eq(events.id, shopItems.eventId))
      .orderBy(asc(shopItems.sortOrder), asc(shopItems.id)),
    db
      .select({ shopItemId: checkinListProducts.shopItemId, days: checkinListProducts.days })
      .from(checkinListProducts)
      .innerJoin(checkinLists, eq(checkinLists.id, checkinListProducts.listId))
      .where(eq(checkinLists.active, true)),
  ]);
  const daysOf = new Map<number, string[] | null | 'differ'>();
  for (const entry of entries) {
    const days = entry.days ? [...entry.days].sort() : null;
    const seen = daysOf.get(entry.shopItemId);
    if (seen === undefined) daysOf.set(entry.shopItemId, days);
    else if (seen !== 'differ' && JSON.stringify(seen) !== JSON.stringify(days)) daysOf.set(entry.shopItemId, 'differ');
  }
  return items.map((item) => {
    const days = daysOf.get(item.id);
    return { ...item, days: days === undefined || days === 'differ' ? null : days };
  });
}

export interface GateFigures {
  list_id: number;
  gate: string;
  admitted: number;
  inside: number;
}

/**
 * Per list and gate (as `npm run checkin -- stats` and the dashboard): tickets let in there (each
 * once) and tickets inside now that last came in there. A gate only refused uploads named is no
 * gate of the figures.
 */
export function listGateFigures(db: Db): Promise<GateFigures[]> {
  return executeRows<GateFigures>(
    db,
    sql`SELECT g.list_id, g.gate,
          (SELECT count(DISTINCT c.ticket_id)::int FROM ${checkins} c WHERE c.list_id = g.list_id AND c.gate = g.gate AND c.kind = 'in') AS admitted,
          (SELECT count(*)::int FROM ${checkinStates} s WHERE s.list_id = g.list_id AND s.inside AND s.last_gate = g.gate) AS inside
        FROM (SELECT DISTINCT c.list_id, c.gate FROM ${checkins} c WHERE c.kind <> 'refused') g
        ORDER BY g.list_id, g.gate`,
  );
}

const conflictColumns = {
  id: checkins.id,
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
};

/** Offline scans that were not counted (conflicts and refusals) and are not resolved yet, newest first, and how many there are. */
export async function listOpenConflicts(db: Db, limit: number) {
  const open = and(inArray(checkins.kind, ['conflict', 'refused']), isNull(checkins.resolvedAt));
  const [rows, [total]] = await Promise.all([
    db
      .select(conflictColumns)
      .from(checkins)
      .innerJoin(checkinLists, eq(checkinLists.id, checkins.listId))
      .innerJoin(tickets, eq(tickets.id, checkins.ticketId))
      .leftJoin(checkinStates, and(eq(checkinStates.ticketId, checkins.ticketId), eq(checkinStates.listId, checkins.listId)))
      .leftJoin(scanners, eq(scanners.id, checkins.scannerId))
      .where(open)
      .orderBy(desc(checkins.scannedAt), desc(checkins.id))
      .limit(limit),
    db.select({ count: sql<number>`count(*)::int` }).from(checkins).where(open),
  ]);
  return { rows, total: total?.count ?? 0 };
}

/** Marks an open conflict or refused scan resolved (one conditional update: resolving twice resolves once); its row, or null. */
export async function resolveConflict(tx: Db, id: number, at: Date) {
  const [row] = await tx
    .update(checkins)
    .set({ resolvedAt: at })
    .where(and(eq(checkins.id, id), inArray(checkins.kind, ['conflict', 'refused']), isNull(checkins.resolvedAt)))
    .returning({ id: checkins.id, listId: checkins.listId, ticketId: checkins.ticketId, gate: checkins.gate, kind: checkins.kind, reason: checkins.reason });
  return row ?? null;
}

/** The list admits exactly these products from now on, each on its days (null: every day the list is open). */
export async function replaceCheckinListProducts(db: Db, listId: number, products: { shopItemId: number; days: string[] | null }[]): Promise<void> {
  await db.delete(checkinListProducts).where(eq(checkinListProducts.listId, listId));
  if (products.length) await db.insert(checkinListProducts).values(products.map(({ shopItemId, days }) => ({ listId, shopItemId, days })));
}

/**
 * Lists other than these stop admitting; their rows stay because check-ins refer to them. With
 * `keepBackOffice`, lists made or changed in the back office stay as they are (decision 0097).
 */
export async function deactivateOtherCheckinLists(db: Db, keepIds: number[], options: { keepBackOffice?: boolean } = {}): Promise<void> {
  const conditions = [eq(checkinLists.active, true)];
  if (keepIds.length) conditions.push(notInArray(checkinLists.id, keepIds));
  if (options.keepBackOffice) conditions.push(sql`${checkinLists.backOfficeFields} = '[]'::jsonb`);
  await db
    .update(checkinLists)
    .set({ active: false, updatedAt: sql`now()` })
    .where(and(...conditions));
}

/** Every list (switched-off ones too, marked by `active`), by event, then code: for `npm run checkin -- lists` and the back office; or the lists of these ids or codes. */
export async function listCheckinLists(db: Db, only?: { ids?: number[]; codes?: string[] }): Promise<CheckinListRow[]> {
  if ((only?.ids && !only.ids.length) || (only?.codes && !only.codes.length)) return [];
  const lists = await db
    .select({ list: checkinLists, eventCode: events.externalCode, eventName: events.name, eventTimezone: events.timezone })
    .from(checkinLists)
    .innerJoin(events, eq(events.id, checkinLists.eventId))
    .where(and(only?.ids ? inArray(checkinLists.id, only.ids) : undefined, only?.codes ? inArray(checkinLists.code, only.codes) : undefined))
    .orderBy(asc(events.name), asc(events.id), asc(checkinLists.code));
  if (!lists.length) return [];
  const products = await db
    .select({ listId: checkinListProducts.listId, externalCode: shopItems.externalCode, name: shopItems.name, type: shopItems.type, days: checkinListProducts.days })
    .from(checkinListProducts)
    .innerJoin(shopItems, eq(shopItems.id, checkinListProducts.shopItemId))
    .where(inArray(checkinListProducts.listId, lists.map((row) => row.list.id)))
    .orderBy(asc(shopItems.sortOrder), asc(shopItems.id));
  return lists.map(({ list, eventCode, eventName, eventTimezone }) => ({
    id: list.id,
    code: list.code,
    name: list.name,
    eventId: list.eventId,
    eventCode,
    eventName,
    eventTimezone,
    entry: list.entry,
    opensAt: list.opensAt,
    closesAt: list.closesAt,
    boardingBeforeMinutes: list.boardingBeforeMinutes,
    boardingAfterMinutes: list.boardingAfterMinutes,
    dayCutoverMinutes: list.dayCutoverMinutes,
    gates: list.gates,
    active: list.active,
    backOfficeFields: list.backOfficeFields,
    products: products.filter((product) => product.listId === list.id).map(({ externalCode, name, type, days }) => ({ externalCode, name, type, days })),
  }));
}
