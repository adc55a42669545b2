import type { Db } from '../../db/client';
import { admitNow, type AdmissionControl } from './admission';
import { countActivePlaces, countPlacesAfter, cursorHasPassed, cursorOf, findQueuePlace, insertQueuePlace, lockOnsaleForStep, markAdmitted, placeAfter, saveStep, settlePrequeueCount, type PlaceRow } from './onsale.queries';
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

const date = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** Cap mode: how long an admitted place counts as active before its visitor comes to take the admission (a visitor who left frees it then). */
export const ADMISSION_GRACE_SECONDS = 120;

export function createQueue(deps: { db: Db }) {
  const { db } = deps;

  const toPlace = (row: PlaceRow): Place => ({
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
      const inserted = await insertQueuePlace(db, onsaleCode, visitorKey, randomQueueKey());
      if (inserted) return { joined: true, place: toPlace(inserted), isNew: true };
      const found = await findQueuePlace(db, onsaleCode, visitorKey);
      if (!found) return { joined: false, reason: 'no-such-onsale' };
      if (found.id !== null) return { joined: true, place: toPlace({ ...found, id: found.id }), isNew: false };
      return { joined: false, reason: found.closed ? 'room-closed' : 'room-not-open' };
    },

    /**
     * One admission step of an on-sale: null when another instance is stepping it (its row is
     * locked), otherwise how many places it admitted. Safe to run on every instance every second.
     */
    async step(onsaleId: number): Promise<{ admitted: number } | null> {
      return db.transaction(async (tx) => {
        const onsale = await lockOnsaleForStep(tx, onsaleId);
        if (!onsale) return null;
        const control: AdmissionControl = onsale.admission_mode === 'rate' ? { mode: 'rate', per_minute: onsale.admission_limit } : { mode: 'cap', active: onsale.admission_limit };
        const cursor = cursorOf(onsale);
        const state = { admittedThrough: onsale.admitted_count, lastStepAt: onsale.last_step_at === null ? null : date(onsale.last_step_at), carry: onsale.rate_carry };
        const now = date(onsale.db_now);
        const openedAt = date(onsale.opens_at);
        // The first step after the opening counts the pre-queue once: positions are estimated from it.
        if (now >= openedAt && onsale.cursor_phase < 0) await settlePrequeueCount(tx, onsaleId);
        const activeShoppers = control.mode === 'cap' && now >= openedAt ? await countActivePlaces(tx, onsaleId) : 0;
        const input = { ...state, control, now, openedAt, activeShoppers };
        // What the control allows with enough people waiting; then how many wait, counted only up to that.
        const most = admitNow({ ...input, waiting: Number.MAX_SAFE_INTEGER }).admit;
        const waiting = most ? await countPlacesAfter(tx, onsaleId, cursor, most) : 0;
        const next = admitNow({ ...input, waiting });
        const moved = next.admit > 0 ? await placeAfter(tx, onsaleId, cursor, next.admit) : undefined;
        // Cap mode: those just admitted count as active shoppers from now on.
        if (moved && control.mode === 'cap') await markAdmitted(tx, onsaleId, cursor, moved, ADMISSION_GRACE_SECONDS);
        await saveStep(tx, onsaleId, { admittedCount: next.admittedThrough, carry: next.carry, lastStepAt: next.lastStepAt, cursor: moved ?? null });
        return { admitted: next.admit };
      });
    },

    /** Whether the cursor has reached this place. */
    async isAdmitted(place: Place): Promise<boolean> {
      return cursorHasPassed(db, place.onsaleId, { phase: place.phase, randomKey: place.randomKey, placeId: place.id });
    },
  };
}
export type Queue = ReturnType<typeof createQueue>;
