import type { Shown } from '@festival/contract';
import type { Db } from '../db/client';
import { AppError } from '../http/app-error';
import { networkPrefixesOf } from './network-keys';
import { countHits, deleteHitsBefore, uncountHits } from './rate-limit.queries';

export interface Limit {
  /** What is counted, such as "login:email:jane@example.org". */
  key: string;
  /** Attempts allowed per window. */
  max: number;
}

/** An attempt that was counted; `takeBack` uncounts it when it turned out not to matter (a voucher code that was right). */
export interface CountedAttempt {
  takeBack(): Promise<void>;
}

/** Counters are kept this long at least, whichever limiter clears them: the longest window any limiter uses (a day, the staff's second-factor budget) twice over, so a limiter with a short window never clears a longer one's counts. */
export const RATE_LIMIT_KEEP_MS = 2 * 24 * 60 * 60_000;

/** A counted attempt and whether it was over a limit (`count`): the caller decides what over means. */
export interface Tally extends CountedAttempt {
  over: boolean;
}

/**
 * Attempt counters kept in the database, so a limit holds across server instances. Every attempt
 * counts toward each of its limits (per account and per address) before any work is done; when one
 * is over, the attempt is refused with `message` (429) and uncounted. Counting first, rather than
 * looking and counting afterwards, keeps a burst of simultaneous attempts from slipping past a
 * limit before any of them is counted.
 *
 * Counts are kept per fixed window, and a limit is held over a sliding one: an attempt is weighed
 * against its window's count plus the window before's, weighted by how much of that window the
 * last `windowMs` still covers (`slidingCount`). So the limit does not start afresh at a window's
 * edge: `max` attempts just before it and `max` just after would be twice the limit within
 * moments, and a sequence of attempts is judged the same wherever the edge falls.
 */
export function createRateLimiter(db: Db, windowMs: number, message: Shown) {
  let sinceCleanup = 0;
  /**
   * Counts an attempt toward each limit and says whether it went over one, refusing nothing:
   * for a check whose right answer may pass over the limit (an unguessable scanner code) or
   * that notes the refusal first.
   */
  async function count(limits: Limit[], now = new Date()): Promise<Tally> {
    const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
    const keys = limits.map((limit) => limit.key);
    const counts = await countHits(db, keys, windowStart, new Date(windowStart.getTime() - windowMs));
    const elapsed = (now.getTime() - windowStart.getTime()) / windowMs;
    // Old windows are of no use: clear them now and then.
    sinceCleanup += 1;
    if (sinceCleanup >= 500) {
      sinceCleanup = 0;
      await deleteHitsBefore(db, new Date(now.getTime() - Math.max(2 * windowMs, RATE_LIMIT_KEEP_MS)));
    }
    let taken = false;
    return {
      over: limits.some((limit) => slidingCount(counts.get(limit.key), elapsed) > limit.max),
      async takeBack() {
        if (taken) return;
        taken = true;
        await uncountHits(db, keys, windowStart);
      },
    };
  }
  return {
    count,
    async hit(limits: Limit[], now = new Date()): Promise<CountedAttempt> {
      const attempt = await count(limits, now);
      if (attempt.over) {
        // A refused attempt did nothing, so it does not count either: otherwise one account
        // hammering its own limit would use up the limit of everyone behind its network address.
        await attempt.takeBack();
        throw new AppError('TOO_MANY_REQUESTS', message);
      }
      return attempt;
    },
    /** The refusal `hit` throws over a limit. */
    refusal: () => new AppError('TOO_MANY_REQUESTS', message),
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/**
 * The attempts over the last window: this window's count and the share of the window before's
 * that the last window still covers (`elapsed`: how far into its window the attempt is, 0 to 1),
 * the attempts before taken as spread evenly over their window. Not rounded: just past an edge
 * the window before counts nearly whole, as it should.
 */
export function slidingCount(count: { hits: number; previous: number } | undefined, elapsed: number): number {
  if (!count) return 0;
  return count.hits + count.previous * (1 - Math.min(1, Math.max(0, elapsed)));
}

/**
 * The network the limits of an address count: an IPv4 address itself (also written as an
 * IPv4-mapped IPv6 address), and for IPv6 its /64, since one subscriber commonly gets a whole
 * /64 and could otherwise take a fresh address for every attempt (networkPrefixesOf's `address`).
 */
export function networkOf(ip: string): string {
  return networkPrefixesOf(ip).address;
}
