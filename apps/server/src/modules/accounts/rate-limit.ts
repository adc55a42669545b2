import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateLimitHits } from '../../db/schema';
import { AppError } from '../../http/app-error';

export interface Limit {
  /** What is counted, such as "login:email:jane@example.org". */
  key: string;
  /** Attempts allowed per window. */
  max: number;
}

/**
 * Fixed-window attempt counters kept in the database, so a limit holds across server
 * instances. Every attempt counts toward each of its limits (per account and per address); when
 * one is over, the attempt is refused with `message` before any work is done.
 */
export function createRateLimiter(db: Db, windowMs: number, message: string) {
  let sinceCleanup = 0;
  return {
    async hit(limits: Limit[], now = new Date()): Promise<void> {
      const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
      const counts = await Promise.all(
        limits.map(async (limit) => {
          const [row] = await db
            .insert(rateLimitHits)
            .values({ key: limit.key, windowStart, hits: 1 })
            .onConflictDoUpdate({ target: [rateLimitHits.key, rateLimitHits.windowStart], set: { hits: sql`${rateLimitHits.hits} + 1` } })
            .returning({ hits: rateLimitHits.hits });
          return row!.hits > limit.max;
        }),
      );
      // Old windows are of no use: clear them now and then.
      sinceCleanup += 1;
      if (sinceCleanup >= 500) {
        sinceCleanup = 0;
        await db.delete(rateLimitHits).where(lt(rateLimitHits.windowStart, new Date(now.getTime() - 2 * windowMs)));
      }
      if (counts.some(Boolean)) throw new AppError('TOO_MANY_REQUESTS', message);
    },
  };
}
