import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, sessions } from '../../db/schema';

export type CustomerRow = typeof customers.$inferSelect;

const sessionLookup = (db: Db) =>
  db
    .select({ customer: customers })
    .from(sessions)
    .innerJoin(customers, eq(customers.id, sessions.customerId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql.placeholder('now'))))
    .prepare('session_customer');

/**
 * Every call with a token runs this: built once per database and prepared (PostgreSQL plans it
 * once per connection), not built and parsed again for each request.
 */
const prepared = new WeakMap<Db, ReturnType<typeof sessionLookup>>();

/** The customer behind a live session token hash, if any. */
export async function findCustomerBySessionHash(db: Db, tokenHash: string, now: Date): Promise<CustomerRow | undefined> {
  let lookup = prepared.get(db);
  if (!lookup) prepared.set(db, (lookup = sessionLookup(db)));
  const [row] = await lookup.execute({ tokenHash, now: now.toISOString() });
  return row?.customer;
}
