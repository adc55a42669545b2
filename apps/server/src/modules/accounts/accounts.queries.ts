import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customerNetworks, customers, orders, passwordResets, sessions, tickets } from '../../db/schema';
import type { CustomerRow } from './session.queries';

export async function findCustomerByEmail(db: Db, email: string): Promise<CustomerRow | undefined> {
  const [row] = await db
    .select()
    .from(customers)
    .where(sql`lower(${customers.email}) = lower(${email})`);
  return row;
}

/** A new customer, or undefined when the address already has an account (also one made a moment ago). */
export async function insertCustomer(db: Db, values: { email: string; fullName: string; passwordHash: string; language?: string | null }): Promise<CustomerRow | undefined> {
  const [row] = await db.insert(customers).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateCustomer(
  db: Db,
  id: number,
  values: Partial<Pick<CustomerRow, 'email' | 'fullName' | 'passwordHash' | 'country' | 'address' | 'language'>>,
): Promise<CustomerRow> {
  const [row] = await db
    .update(customers)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(customers.id, id))
    .returning();
  return row!;
}

export async function insertSession(db: Db, customerId: number, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.insert(sessions).values({ customerId, tokenHash, expiresAt });
}

export async function revokeSession(db: Db, tokenHash: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
}

/** Ends every session of a customer, but the one they are using when given. */
export async function revokeSessionsOf(db: Db, customerId: number, keepTokenHash?: string): Promise<void> {
  const conditions = [eq(sessions.customerId, customerId), isNull(sessions.revokedAt)];
  if (keepTokenHash) conditions.push(ne(sessions.tokenHash, keepTokenHash));
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(...conditions));
}

export async function insertPasswordReset(db: Db, customerId: number, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.insert(passwordResets).values({ customerId, tokenHash, expiresAt });
}

/**
 * Uses a reset token: only an unused, unexpired one, and only once even when two requests
 * race (the update's condition is checked on the locked row). The customer it was for, if any.
 */
export async function consumePasswordReset(db: Db, tokenHash: string, now: Date): Promise<number | undefined> {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
    .returning({ customerId: passwordResets.customerId });
  return row?.customerId;
}

/** Issued tickets whose holder e-mail is this address, for re-sending them (not those of orders still awaiting payment). */
/**
 * The tickets of an address that download now: issued, of a paid order (the download's own rule,
 * documents.service). A payment plan's tickets are issued at its first payment but download only
 * once it is paid in full: a re-sent link must not answer 404.
 */
export async function listTicketsForEmail(db: Db, email: string) {
  return db
    .select({ code: tickets.code, fullName: tickets.fullName, email: tickets.email, product: tickets.productName, status: tickets.status })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .where(and(sql`lower(${tickets.email}) = lower(${email})`, eq(tickets.status, 'active'), eq(orders.paymentStatus, 'paid')))
    .orderBy(tickets.id);
}


/**
 * The customer of an address (lower-cased match) and whether they logged in, or set a new password
 * through a reset link, from a network (its keyed hash) since `since`: one statement, so an
 * unknown address costs the same round trips as a known one.
 */
export async function findCustomerOnNetwork(db: Db, email: string, networkKey: string, since: Date): Promise<{ customer: CustomerRow | undefined; recognised: boolean }> {
  const [row] = await db
    .select({
      customer: customers,
      recognised: sql<boolean>`EXISTS (SELECT 1 FROM ${customerNetworks} WHERE ${customerNetworks.customerId} = ${customers.id} AND ${customerNetworks.networkKey} = ${networkKey} AND ${customerNetworks.lastSeenAt} >= ${since.toISOString()}::timestamptz)`,
    })
    .from(customers)
    .where(sql`lower(${customers.email}) = lower(${email})`);
  return { customer: row?.customer, recognised: row?.recognised === true };
}

/** Remembers that a customer proved who they are (password or reset link) from a network. */
export async function recordCustomerNetwork(db: Db, customerId: number, networkKey: string, now: Date): Promise<void> {
  await db
    .insert(customerNetworks)
    .values({ customerId, networkKey, lastSeenAt: now })
    .onConflictDoUpdate({ target: [customerNetworks.customerId, customerNetworks.networkKey], set: { lastSeenAt: now } });
}
