import { randomBytes } from 'node:crypto';

/**
 * The waiting room's order (issue 23, "Fair order"): visitors who join before the opening form
 * the pre-queue and are put in random order at the opening, so refreshing at 09:59:59.9 or running
 * a bot earns nothing; visitors who join after the opening come after the whole pre-queue, first
 * come, first served. Positions count from 1; the admission counter admits every place whose
 * position is at most `admitted_through`.
 *
 * The random order is drawn when a place is created, not at the opening: each place gets a
 * random key of 64 bits from the operating system's generator, and the pre-queue is sorted by it.
 * Sorting independent uniform keys gives every order of the pre-queue the same chance (ties
 * aside: with 1,000,000 places, two keys are equal with probability about n²/2⁶⁵ ≈ 3·10⁻⁸, and are
 * then ordered by id, which only fixes the order; it favours nobody measurably). Nothing about
 * the key depends on when, how often or from where a visitor came, and the key is never shown.
 *
 * In SQL the same order is
 *   ORDER BY (joined_at >= opens_at), CASE WHEN joined_at < opens_at THEN random_key END, sequence, id
 * with joined_at taken from the database's clock, so every instance agrees who was early.
 */

export interface QueuePlace {
  id: number;
  /** From `randomQueueKey`, stored with the place. */
  randomKey: bigint;
  /** Arrival order (a database sequence): orders the places that joined after the opening. */
  sequence: number;
  joinedAt: Date;
}

/**
 * 64 random bits as a signed 64-bit integer: exactly the range of a PostgreSQL `bigint`, so
 * the key is stored whole (Drizzle: `bigint('random_key', { mode: 'bigint' })`) and the
 * database's ORDER BY agrees with JavaScript's comparison of bigints. A JavaScript number would
 * keep only 53 of the bits, and a decimal string sorts by characters ("-1" < "-2", "10" < "9").
 */
export function randomQueueKey(): bigint {
  return randomBytes(8).readBigInt64BE(0);
}

/** Whether the place joined before the opening (the pre-queue): at the opening instant itself, it did not. */
export function isPreQueue(place: Pick<QueuePlace, 'joinedAt'>, openedAt: Date): boolean {
  return place.joinedAt.getTime() < openedAt.getTime();
}

const compareNumbers = (left: number | bigint, right: number | bigint) => (left < right ? -1 : left > right ? 1 : 0);

/** The queue's order as a comparator: the pre-queue by random key, then the rest by arrival; ids settle ties. */
export function compareQueuePlaces(openedAt: Date): (left: QueuePlace, right: QueuePlace) => number {
  return (left, right) => {
    const leftEarly = isPreQueue(left, openedAt);
    const rightEarly = isPreQueue(right, openedAt);
    if (leftEarly !== rightEarly) return leftEarly ? -1 : 1;
    return (leftEarly ? compareNumbers(left.randomKey, right.randomKey) : compareNumbers(left.sequence, right.sequence)) || compareNumbers(left.id, right.id);
  };
}

/** The places in queue order, each with its position (1 is the front). */
export function queueOrder<Place extends QueuePlace>(places: readonly Place[], openedAt: Date): Array<Place & { position: number }> {
  return [...places].sort(compareQueuePlaces(openedAt)).map((place, index) => ({ ...place, position: index + 1 }));
}
