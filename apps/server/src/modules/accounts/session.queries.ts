import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, sessions } from '../../db/schema';

export type CustomerRow = typeof customers.$inferSelect;

/** The customer behind a live session token hash, if any. */
export async function findCustomerBySessionHash(db: Db, tokenHash: string, now: Date): Promise<CustomerRow | undefined> {
  const [row] = await db
    .select({ customer: customers })
    .from(sessions)
    .innerJoin(customers, eq(customers.id, sessions.customerId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
  return row?.customer;
}
