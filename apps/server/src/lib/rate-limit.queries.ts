import { and, gt, inArray, eq, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { rateLimitHits } from '../db/schema';

/**
 * Counts one attempt against each key in a window, in one statement; the count of each key
 * after it, with the key's count in the window before (the limiter weighs it in). The keys are
 * taken in sorted order, so two instances counting the same keys at once lock their rows in the
 * same order and cannot deadlock.
 */
export async function countHits(db: Db, keys: readonly string[], windowStart: Date, previousStart: Date): Promise<Map<string, { hits: number; previous: number }>> {
  const sorted = [...new Set(keys)].sort();
  if (!sorted.length) return new Map();
  const counted = db
    .$with('counted')
    .as(
      db
        .insert(rateLimitHits)
        .values(sorted.map((key) => ({ key, windowStart, hits: 1 })))
        .onConflictDoUpdate({ target: [rateLimitHits.key, rateLimitHits.windowStart], set: { hits: sql`${rateLimitHits.hits} + 1` } })
        .returning({ key: rateLimitHits.key, hits: rateLimitHits.hits }),
    );
  const before = alias(rateLimitHits, 'before');
  const rows = await db
    .with(counted)
    .select({ key: counted.key, hits: counted.hits, previous: sql<number>`coalesce(${before.hits}, 0)`.mapWith(Number) })
    .from(counted)
    .leftJoin(before, and(eq(before.key, counted.key), eq(before.windowStart, previousStart)));
  return new Map(rows.map((row) => [row.key, { hits: row.hits, previous: row.previous }]));
}

/** Takes one counted attempt back from each key of a window (never below zero). */
export async function uncountHits(db: Db, keys: readonly string[], windowStart: Date): Promise<void> {
  if (!keys.length) return;
  await db
    .update(rateLimitHits)
    .set({ hits: sql`${rateLimitHits.hits} - 1` })
    .where(and(inArray(rateLimitHits.key, [...new Set(keys)]), eq(rateLimitHits.windowStart, windowStart), gt(rateLimitHits.hits, 0)));
}

/** Clears the counters of windows that started before `before`. */
export async function deleteHitsBefore(db: Db, before: Date): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.windowStart, before));
}

/** Forgets every window's count of some keys (a limit lifted by someone allowed to). */
export async function deleteHitsOf(db: Db, keys: readonly string[]): Promise<void> {
  if (!keys.length) return;
  await db.delete(rateLimitHits).where(inArray(rateLimitHits.key, [...keys]));
}
