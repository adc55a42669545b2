import type { Db } from '../../db/client';
import { rawDate as date } from '../../db/raw-rows';
import { admitNow, controlOf } from './admission';
import { countActivePlaces, countNoShows, countPlacesAfter, cursorHasPassed, cursorOf, findQueuePlace, insertQueuePlaces, lockOnsaleForStep, markAdmitted, placeAfter, saveStep, settlePrequeueCount, type Joiner, type PlaceRow } from './onsale.queries';
import { randomQueueKey } from './queue-order';
import { steerInStep } from './steering-step';

/**
 * The waiting room's queue in the database (issue 23, decision 0048). Joining is one insert (no
 * counter row every visitor would update); admission is a cursor in queue order, (phase,
 * random_key, id), that one admission step at a time moves forward under the on-sale row's lock
 * (`FOR NO KEY UPDATE SKIP LOCKED`: an instance that finds it taken skips, another is stepping;
 * a join inserting its place only key-share locks the row, and is not in the way). A place is
 * admitted once the cursor is at or past it, so no place is admitted twice or skipped, whatever
 * the number of instances stepping.
 */

export interface Place {
  id: number;
  onsaleId: number;
  phase: 0 | 1;
  randomKey: bigint;
}

export type JoinResult = { joined: true; place: Place; isNew: boolean } | { joined: false; reason: 'no-such-onsale' | 'room-not-open' | 'room-closed' };


/** Cap mode: how long an admitted place counts as active before its visitor comes to take the admission (a visitor who left frees it then). */
export const ADMISSION_GRACE_SECONDS = 120;

/** The most joins one insert takes. */
const JOIN_BATCH_MAX = 500;

type Inserted = { visitorKey: string; row: PlaceRow | null } | null;

/**
 * Joins written in batches: while one insert is on its way, the joins that arrive wait and go
 * together in the next, in arrival order (one statement and one commit for hundreds of joins at
 * an on-sale's opening, instead of one each). A lone join goes at once. A join by session token is
 * written without a read before it, so its place follows the moment its request came.
 */
function createJoinBatcher(db: Db, now: () => Date) {
  interface Pending {
    onsaleCode: string;
    joiner: Joiner;
    resolve(result: Inserted): void;
    reject(error: unknown): void;
  }
  let pending: Pending[] = [];
  let flushing = false;

  async function flush(): Promise<void> {
    flushing = true;
    try {
      while (pending.length) {
        const batch = pending.slice(0, JOIN_BATCH_MAX);
        pending = pending.slice(batch.length);
        for (const onsaleCode of new Set(batch.map((join) => join.onsaleCode))) {
          const joins = batch.filter((join) => join.onsaleCode === onsaleCode);
          try {
            const rows = await insertQueuePlaces(db, onsaleCode, joins.map((join) => ({ ...join.joiner, randomKey: randomQueueKey() })), now());
            const byOrdinal = new Map(rows.map((row) => [Number(row.ord), row]));
            // The same visitor twice in a batch (two tabs at once): the first gets the new place, the others find it.
            const placed = new Set<string>();
            joins.forEach((join, index) => {
              const row = byOrdinal.get(index + 1);
              if (!row) return join.resolve(null);
              const isNew = row.id !== null && !placed.has(row.visitor_key);
              placed.add(row.visitor_key);
              join.resolve({ visitorKey: row.visitor_key, row: isNew ? { id: row.id!, onsale_id: row.onsale_id!, phase: row.phase!, random_key: row.random_key! } : null });
            });
          } catch (error) {
            for (const join of joins) join.reject(error);
          }
        }
      }
    } finally {
      flushing = false;
    }
  }

  return {
    /** Null for an unknown session; otherwise the visitor's key and their new place (null when they have one or the room takes none). */
    insert(onsaleCode: string, joiner: Joiner): Promise<Inserted> {
      return new Promise((resolve, reject) => {
        pending.push({ onsaleCode, joiner, resolve, reject });
        if (!flushing) void flush();
      });
    },
  };
}

export function createQueue(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const batcher = createJoinBatcher(db, deps.now ?? (() => new Date()));

  const toPlace = (row: PlaceRow): Place => ({
    id: Number(row.id),
    onsaleId: row.onsale_id,
    phase: row.phase === 0 ? 0 : 1,
    randomKey: BigInt(row.random_key),
  });

  /** A join's outcome: its new place, or the place it had, or why the room took none. */
  async function settle(onsaleCode: string, visitorKey: string, row: PlaceRow | null): Promise<JoinResult> {
    if (row) return { joined: true, place: toPlace(row), isNew: true };
    const found = await findQueuePlace(db, onsaleCode, visitorKey);
    if (!found) return { joined: false, reason: 'no-such-onsale' };
    if (found.id !== null) return { joined: true, place: toPlace({ ...found, id: found.id }), isNew: false };
    return { joined: false, reason: found.closed ? 'room-closed' : 'room-not-open' };
  }

  async function joinAs(onsaleCode: string, joiner: { visitorKey: string }): Promise<JoinResult> {
    const inserted = await batcher.insert(onsaleCode, joiner);
    return settle(onsaleCode, joiner.visitorKey, inserted?.row ?? null);
  }

  return {
    /**
     * A place for this visitor (a keyed hash of who they are), or the place they already have:
     * one place per visitor and on-sale, whatever the number of tabs. Before the opening the place
     * is in the pre-queue with a random key; after it, behind everyone before, in arrival order.
     * The database's clock decides, so every instance agrees on who was early.
     */
    async join(onsaleCode: string, visitorKey: string): Promise<JoinResult> {
      return joinAs(onsaleCode, { visitorKey });
    },

    /**
     * The same for the customer of a session token's hash (null: no live session), found in the
     * insert itself: a join at the opening costs one statement, shared with the joins beside it.
     */
    async joinBySession(onsaleCode: string, tokenHash: string): Promise<(JoinResult & { visitorKey: string }) | null> {
      const inserted = await batcher.insert(onsaleCode, { tokenHash });
      if (!inserted) return null;
      return { ...(await settle(onsaleCode, inserted.visitorKey, inserted.row)), visitorKey: inserted.visitorKey };
    },

    /**
     * One admission step of an on-sale: null when another instance is stepping it (its row is
     * locked), otherwise how many places it admitted. Safe to run on every instance every second.
     */
    async step(onsaleId: number): Promise<{ admitted: number } | null> {
      return db.transaction(async (tx) => {
        const onsale = await lockOnsaleForStep(tx, onsaleId);
        if (!onsale) return null;
        const cursor = cursorOf(onsale);
        const state = { admittedThrough: onsale.admitted_count, lastStepAt: onsale.last_step_at === null ? null : date(onsale.last_step_at), carry: onsale.rate_carry };
        const now = date(onsale.db_now);
        const openedAt = date(onsale.opens_at);
        // Admissions paused by an admin (decision 0098), read under the lock the pause takes: nobody
        // is admitted. The step's moment moves on, so resuming credits no rate for the pause.
        if (onsale.paused_at !== null) {
          if (now >= openedAt) await saveStep(tx, onsaleId, { admittedCount: onsale.admitted_count, carry: onsale.rate_carry, lastStepAt: now, cursor: null });
          return { admitted: 0 };
        }
        // A self-steering rate first moves with the admitted buyers' latest stock calls (decision 0079).
        const steerRate = onsale.admission_mode === 'steer' && now >= openedAt ? await steerInStep(tx, onsale, now) : null;
        const control = controlOf(onsale.admission_mode, onsale.admission_limit, onsale.admission_rate_limit, steerRate);
        // The first step after the opening counts the pre-queue once: positions are estimated from it.
        if (now >= openedAt && onsale.cursor_phase < 0) await settlePrequeueCount(tx, onsaleId);
        const activeShoppers = control.mode === 'cap' && now >= openedAt ? await countActivePlaces(tx, onsaleId) : 0;
        // Rate mode: the turns of no-shows (admitted, grace over, admission never taken) go to the
        // next in the queue, on top of the rate, so visitors who left do not waste the shop's
        // capacity. (Cap mode frees them by counting only the active.)
        const noShows = control.mode === 'rate' && state.lastStepAt ? await countNoShows(tx, onsaleId, state.lastStepAt) : 0;
        const input = { ...state, control, now, openedAt, activeShoppers };
        // What the control allows with enough people waiting; then how many wait, counted only up to
        // one past that (whether anyone is left waiting decides what a cap with a ramp carries).
        const most = admitNow({ ...input, waiting: Number.MAX_SAFE_INTEGER }).admit;
        const waiting = most + noShows ? await countPlacesAfter(tx, onsaleId, cursor, most + noShows + 1) : 0;
        const next = admitNow({ ...input, waiting });
        const admit = next.admit + Math.min(noShows, Math.max(0, waiting - next.admit));
        const moved = admit > 0 ? await placeAfter(tx, onsaleId, cursor, admit) : undefined;
        // Those just admitted count as active shoppers from now on, for a grace time to come.
        if (moved) await markAdmitted(tx, onsaleId, cursor, moved, ADMISSION_GRACE_SECONDS);
        await saveStep(tx, onsaleId, { admittedCount: next.admittedThrough + admit - next.admit, carry: next.carry, lastStepAt: next.lastStepAt, cursor: moved ?? null });
        return { admitted: admit };
      });
    },

    /** Whether the cursor has reached this place. */
    async isAdmitted(place: Place): Promise<boolean> {
      return cursorHasPassed(db, place.onsaleId, { phase: place.phase, randomKey: place.randomKey, placeId: place.id });
    },
  };
}
export type Queue = ReturnType<typeof createQueue>;
