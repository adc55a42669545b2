import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { executeRows } from '../../db/raw-rows';
import { admitNow, type AdmissionControl } from './admission';
import { randomQueueKey } from './queue-order';

/**
 * The waiting room's queue in the database (issue 23, decision 0048). Joining is one insert (no
 * counter row every visitor would update); admission is a cursor in queue order, (phase,
 * random_key, id), that one admission step at a time moves forward under the on-sale row's lock
 * (`FOR UPDATE SKIP LOCKED`: an instance that finds it taken skips, another is stepping). A place
 * is admitted once the cursor is at or past it, so no place is admitted twice or skipped, whatever
 * the number of instances stepping.
 */

export interface Place {
  id: number;
  onsaleId: number;
  phase: 0 | 1;
  randomKey: bigint;
}

export type JoinResult = { joined: true; place: Place; isNew: boolean } | { joined: false; reason: 'no-such-onsale' | 'room-not-open' | 'room-closed' };

interface OnsaleRow {
  id: number;
  opens_at: Date | string;
  room_opens_at: Date | string;
  closes_at: Date | string | null;
  admission_mode: 'rate' | 'cap';
  admission_limit: number;
  cursor_phase: number;
  cursor_key: string | bigint;
  cursor_place: string | number;
  admitted_count: number;
  rate_carry: number;
  last_step_at: Date | string | null;
  db_now: Date | string;
}

const date = (value: Date | string) => (value instanceof Date ? value : new Date(value));

export function createQueue(deps: { db: Db }) {
  const { db } = deps;

  const toPlace = (row: { id: string | number; onsale_id: number; phase: number; random_key: string | bigint }): Place => ({
    id: Number(row.id),
    onsaleId: row.onsale_id,
    phase: row.phase === 0 ? 0 : 1,
    randomKey: BigInt(row.random_key),
  });

  return {
    /**
     * A place for this visitor (a keyed hash of who they are), or the place they already have:
     * one place per visitor and on-sale, whatever the number of tabs. Before the opening the place
     * is in the pre-queue with a random key; after it, behind everyone before, in arrival order.
     * The database's clock decides, so every instance agrees on who was early.
     */
    async join(onsaleCode: string, visitorKey: string): Promise<JoinResult> {
      const key = randomQueueKey().toString();
      const inserted = await executeRows<{ id: string; onsale_id: number; phase: number; random_key: string }>(
        db,
        sql`INSERT INTO queue_places (onsale_id, phase, random_key, visitor_key)
            SELECT id, CASE WHEN now() < opens_at THEN 0 ELSE 1 END, CASE WHEN now() < opens_at THEN ${key}::bigint ELSE 0 END, ${visitorKey}
            FROM onsales
            WHERE code = ${onsaleCode} AND active AND now() >= room_opens_at AND (closes_at IS NULL OR now() < closes_at)
            ON CONFLICT (onsale_id, visitor_key) DO NOTHING
            RETURNING id, onsale_id, phase, random_key`,
      );
      if (inserted[0]) return { joined: true, place: toPlace(inserted[0]), isNew: true };
      const [found] = await executeRows<{ id: string; onsale_id: number; phase: number; random_key: string; room_open: boolean; closed: boolean }>(
        db,
        sql`SELECT p.id, o.id AS onsale_id, p.phase, p.random_key, now() >= o.room_opens_at AS room_open, (o.closes_at IS NOT NULL AND now() >= o.closes_at) AS closed
            FROM onsales o LEFT JOIN queue_places p ON p.onsale_id = o.id AND p.visitor_key = ${visitorKey}
            WHERE o.code = ${onsaleCode} AND o.active`,
      );
      if (!found) return { joined: false, reason: 'no-such-onsale' };
      if (found.id !== null) return { joined: true, place: toPlace(found), isNew: false };
      return { joined: false, reason: found.closed ? 'room-closed' : 'room-not-open' };
    },

    /**
     * One admission step of an on-sale: null when another instance is stepping it (its row is
     * locked), otherwise how many places it admitted. Safe to run on every instance every second.
     */
    async step(onsaleId: number): Promise<{ admitted: number } | null> {
      return db.transaction(async (tx) => {
        const [onsale] = await executeRows<OnsaleRow>(
          tx,
          sql`SELECT id, opens_at, room_opens_at, closes_at, admission_mode, admission_limit, cursor_phase, cursor_key, cursor_place, admitted_count, rate_carry, last_step_at, now() AS db_now
              FROM onsales WHERE id = ${onsaleId} AND active FOR UPDATE SKIP LOCKED`,
        );
        if (!onsale) return null;
        const control: AdmissionControl = onsale.admission_mode === 'rate' ? { mode: 'rate', per_minute: onsale.admission_limit } : { mode: 'cap', active: onsale.admission_limit };
        const cursor = sql`(${onsale.cursor_phase}::int, ${String(onsale.cursor_key)}::bigint, ${String(onsale.cursor_place)}::bigint)`;
        const state = { admittedThrough: onsale.admitted_count, lastStepAt: onsale.last_step_at === null ? null : date(onsale.last_step_at), carry: onsale.rate_carry };
        const input = { ...state, control, now: date(onsale.db_now), openedAt: date(onsale.opens_at), activeShoppers: 0 };
        // What the control allows with enough people waiting; then how many wait, counted only up to that.
        const most = admitNow({ ...input, waiting: Number.MAX_SAFE_INTEGER }).admit;
        const [counted] = most
          ? await executeRows<{ waiting: number }>(
              tx,
              sql`SELECT count(*)::int AS waiting FROM (SELECT 1 FROM queue_places WHERE onsale_id = ${onsaleId} AND (phase, random_key, id) > ${cursor} ORDER BY phase, random_key, id LIMIT ${most}) AS ahead`,
            )
          : [{ waiting: 0 }];
        const next = admitNow({ ...input, waiting: counted?.waiting ?? 0 });
        let moved = sql``;
        if (next.admit > 0) {
          const [last] = await executeRows<{ phase: number; random_key: string; id: string }>(
            tx,
            sql`SELECT phase, random_key, id FROM queue_places WHERE onsale_id = ${onsaleId} AND (phase, random_key, id) > ${cursor}
                ORDER BY phase, random_key, id OFFSET ${next.admit - 1} LIMIT 1`,
          );
          moved = sql`, cursor_phase = ${last!.phase}, cursor_key = ${last!.random_key}::bigint, cursor_place = ${last!.id}::bigint`;
        }
        await tx.execute(
          sql`UPDATE onsales SET admitted_count = ${next.admittedThrough}, rate_carry = ${next.carry}, last_step_at = ${next.lastStepAt?.toISOString() ?? null}::timestamptz ${moved} WHERE id = ${onsaleId}`,
        );
        return { admitted: next.admit };
      });
    },

    /** Whether the cursor has reached this place. */
    async isAdmitted(place: Place): Promise<boolean> {
      const [row] = await executeRows<{ admitted: boolean }>(
        db,
        sql`SELECT (${place.phase}::int, ${place.randomKey.toString()}::bigint, ${place.id}::bigint) <= (cursor_phase, cursor_key, cursor_place) AS admitted FROM onsales WHERE id = ${place.onsaleId}`,
      );
      return row?.admitted ?? false;
    },
  };
}
export type Queue = ReturnType<typeof createQueue>;
