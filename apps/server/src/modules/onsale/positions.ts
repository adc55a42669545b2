/**
 * Where a queue place stands, estimated in constant time (issue 23: the waiting page shows a
 * position and a wait that improve as the queue moves; decision 0048: counting the places ahead of
 * every polling visitor would cost O(queue) per poll). Pure: the waiting room passes in what its
 * per-instance state holds (the cursor, the admitted count, the pre-queue's size and the ends of
 * the after-opening range).
 *
 * - After the opening, places are in arrival order by id: the places between the cursor and a
 *   place are about the difference of their ids (exact while ids are consecutive; a re-join that
 *   found a place, or another on-sale's joins, leave gaps that make the estimate a little high).
 * - In the pre-queue, places are in the order of their random keys, which are uniform over the
 *   64-bit range: the share of the pre-queue between the cursor's key and a place's key is about
 *   the share of the key range between them.
 */

export interface QueueSpot {
  phase: number;
  randomKey: bigint;
  placeId: number;
}

export interface StandingInput {
  place: QueueSpot;
  /** The admission cursor: every place at or before it is admitted ((-1, 0, 0) before anyone is). */
  cursor: QueueSpot;
  admittedCount: number;
  /** The pre-queue's size, counted by the first step after the opening (null before that). */
  prequeueCount: number | null;
  /** The first place that joined after the opening (null while none has). */
  firstOpenId: number | null;
}

export interface Standing {
  admitted: boolean;
  /** About how many places are before this one and not yet admitted (null: not known yet, before the opening). */
  ahead: number | null;
  /** About where the place stands counting from the first ever admitted (1 is the front); null when `ahead` is. */
  position: number | null;
}

const KEY_RANGE = 2 ** 64;
/** A random key's place in the key range, from 0 (the smallest key) to 1. */
const shareOf = (key: bigint) => (Number(key) + 2 ** 63) / KEY_RANGE;

/** Queue order: (phase, random key, place id). */
export function compareSpots(left: QueueSpot, right: QueueSpot): number {
  if (left.phase !== right.phase) return left.phase < right.phase ? -1 : 1;
  if (left.randomKey !== right.randomKey) return left.randomKey < right.randomKey ? -1 : 1;
  return left.placeId === right.placeId ? 0 : left.placeId < right.placeId ? -1 : 1;
}

export function estimateStanding({ place, cursor, admittedCount, prequeueCount, firstOpenId }: StandingInput): Standing {
  if (compareSpots(place, cursor) <= 0) return { admitted: true, ahead: 0, position: null };
  if (prequeueCount === null) return { admitted: false, ahead: null, position: null };
  let ahead: number;
  if (place.phase === 0) {
    const from = cursor.phase === 0 ? shareOf(cursor.randomKey) : 0;
    // Places strictly between: the expected count of uniform keys in the share between, less one for the cursor's own.
    ahead = Math.floor((shareOf(place.randomKey) - from) * prequeueCount);
  } else if (cursor.phase === 1) {
    ahead = place.placeId - cursor.placeId - 1;
  } else {
    ahead = Math.max(0, prequeueCount - admittedCount) + (firstOpenId === null ? 0 : place.placeId - firstOpenId);
  }
  ahead = Math.max(0, Math.round(ahead));
  return { admitted: false, ahead, position: admittedCount + ahead + 1 };
}

/** About how many places were taken: the pre-queue and the id range of the places taken after the opening (0 when not known yet). */
export function estimateJoined(input: { prequeueCount: number | null; firstOpenId: number | null; lastOpenId: number | null }): number {
  if (input.prequeueCount === null) return 0;
  const open = input.firstOpenId === null || input.lastOpenId === null ? 0 : input.lastOpenId - input.firstOpenId + 1;
  return input.prequeueCount + open;
}

/** About how many are in the queue and not yet admitted (0 when not known yet). */
export function estimateWaiting(input: { admittedCount: number; prequeueCount: number | null; firstOpenId: number | null; lastOpenId: number | null }): number {
  if (input.prequeueCount === null) return 0;
  return Math.max(0, estimateJoined(input) - input.admittedCount);
}
