import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { events, ticketKeys } from '../../db/schema';

export type TicketKeyRow = typeof ticketKeys.$inferSelect;

/** An event's keys that still verify, the newest generation first. */
export async function listLiveKeys(db: Db, eventKey: number): Promise<TicketKeyRow[]> {
  return db
    .select()
    .from(ticketKeys)
    .where(and(eq(ticketKeys.eventKey, eventKey), isNull(ticketKeys.retiredAt)))
    .orderBy(desc(ticketKeys.generation));
}

/** Every key, for the organiser's list. */
export async function listAllKeys(db: Db): Promise<(TicketKeyRow & { eventName: string | null })[]> {
  const rows = await db
    .select({ key: ticketKeys, eventName: events.name })
    .from(ticketKeys)
    .leftJoin(events, eq(events.id, ticketKeys.eventKey))
    .orderBy(asc(ticketKeys.eventKey), asc(ticketKeys.generation));
  return rows.map((row) => ({ ...row.key, eventName: row.eventName }));
}

/**
 * Adds the given generation of an event's key; when another instance or command added it first,
 * nothing (the unique generation decides, so racing callers make one key, not one each). Answers
 * whether this call added it.
 */
export async function insertKey(db: Db, eventKey: number, generation: number, salt: string, publicKey: string): Promise<boolean> {
  const rows = await db.insert(ticketKeys).values({ eventKey, generation, salt, publicKey }).onConflictDoNothing().returning({ id: ticketKeys.id });
  return rows.length > 0;
}

/** The newest generation an event has had (retired ones too), 0 for none. */
export async function newestGeneration(db: Db, eventKey: number): Promise<number> {
  const [row] = await db.select({ generation: sql<number>`coalesce(max(${ticketKeys.generation}), 0)::int` }).from(ticketKeys).where(eq(ticketKeys.eventKey, eventKey));
  return row?.generation ?? 0;
}

/** Retires an event's keys older than the given generation: passes they signed stop verifying. */
export async function retireKeysBefore(db: Db, eventKey: number, generation: number, at: Date): Promise<number> {
  const rows = await db
    .update(ticketKeys)
    .set({ retiredAt: at })
    .where(and(eq(ticketKeys.eventKey, eventKey), isNull(ticketKeys.retiredAt), sql`${ticketKeys.generation} < ${generation}`))
    .returning({ id: ticketKeys.id });
  return rows.length;
}

/** The events' ids (key rotation covers every event, and event 0). */
export async function listEventIds(db: Db): Promise<{ id: number; name: string }[]> {
  return db.select({ id: events.id, name: events.name }).from(events).orderBy(asc(events.id));
}
