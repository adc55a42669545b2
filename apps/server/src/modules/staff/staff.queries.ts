import { and, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { staffAudit, staffLinks, staffMembers, staffNetworks, staffSessions, type StaffLinkPurpose, type StaffRole, type StaffSessionStage } from '../../db/schema';

export type StaffMemberRow = typeof staffMembers.$inferSelect;

/** A new member, or null when the address is taken (another member has it). */
export async function insertMember(db: Db, values: { email: string; name: string; role: StaffRole; passwordHash: string; passwordSetAt?: Date | null }): Promise<StaffMemberRow | null> {
  const [row] = await db.insert(staffMembers).values(values).onConflictDoNothing({ target: staffMembers.email }).returning();
  return row ?? null;
}

export async function findMemberByEmail(db: Db, email: string, options: { lock?: boolean } = {}): Promise<StaffMemberRow | null> {
  const query = db.select().from(staffMembers).where(eq(staffMembers.email, email));
  const [row] = options.lock ? await query.for('no key update') : await query;
  return row ?? null;
}

export async function findMemberById(db: Db, id: number, options: { lock?: boolean } = {}): Promise<StaffMemberRow | null> {
  const query = db.select().from(staffMembers).where(eq(staffMembers.id, id));
  const [row] = options.lock ? await query.for('no key update') : await query;
  return row ?? null;
}

/** The ids of the admins who can sign in, their rows locked until the transaction ends (the last-admin rule). */
export async function lockActiveAdmins(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: staffMembers.id })
    .from(staffMembers)
    .where(and(eq(staffMembers.role, 'admin'), isNull(staffMembers.disabledAt)))
    .orderBy(staffMembers.id)
    .for('no key update');
  return rows.map((row) => row.id);
}

export function listMembers(db: Db): Promise<StaffMemberRow[]> {
  return db.select().from(staffMembers).orderBy(staffMembers.id);
}

export async function updateMember(db: Db, id: number, values: Partial<Pick<StaffMemberRow, 'disabledAt' | 'totpSecret' | 'totpEnabledAt' | 'totpLastStep' | 'recoveryCodes' | 'role' | 'passwordHash' | 'passwordSetAt' | 'secondFactorByLink'>>): Promise<StaffMemberRow | null> {
  const [row] = await db
    .update(staffMembers)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(staffMembers.id, id))
    .returning();
  return row ?? null;
}

export type AuditEntry = { staffId: number | null; actor: string; action: string; target: string | null; before: unknown; after: unknown };

export async function insertAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(staffAudit).values({ ...entry, before: entry.before ?? null, after: entry.after ?? null });
}

/** The newest entries first, older than `beforeId` when given, about `target` when given. */
export function listAudit(db: Db, options: { limit: number; beforeId?: number; target?: string }) {
  return db
    .select()
    .from(staffAudit)
    .where(and(options.beforeId === undefined ? undefined : lt(staffAudit.id, options.beforeId), options.target === undefined ? undefined : eq(staffAudit.target, options.target)))
    .orderBy(desc(staffAudit.id))
    .limit(options.limit);
}

export async function insertSession(db: Db, values: { staffId: number; tokenHash: string; stage: StaffSessionStage; expiresAt: Date; lastSeenAt: Date }): Promise<void> {
  await db.insert(staffSessions).values(values);
}

/** A session with its member, whatever its stage or age (the caller judges). */
export async function findSession(db: Db, tokenHash: string) {
  const [row] = await db.select({ session: staffSessions, member: staffMembers }).from(staffSessions).innerJoin(staffMembers, eq(staffMembers.id, staffSessions.staffId)).where(eq(staffSessions.tokenHash, tokenHash));
  return row ?? null;
}

export async function updateSession(db: Db, id: number, values: Partial<Pick<typeof staffSessions.$inferSelect, 'stage' | 'lastSeenAt'>>): Promise<void> {
  await db.update(staffSessions).set(values).where(eq(staffSessions.id, id));
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.tokenHash, tokenHash));
}

export async function deleteMemberSessions(db: Db, staffId: number, keepTokenHash?: string): Promise<void> {
  await db.delete(staffSessions).where(and(eq(staffSessions.staffId, staffId), keepTokenHash === undefined ? undefined : ne(staffSessions.tokenHash, keepTokenHash)));
}

/** Voids a member's unused links (of these purposes; every one when none are named). */
export async function voidLinks(db: Db, staffId: number, at: Date, purposes?: readonly StaffLinkPurpose[]): Promise<void> {
  await db
    .update(staffLinks)
    .set({ usedAt: at })
    .where(and(eq(staffLinks.staffId, staffId), isNull(staffLinks.usedAt), purposes ? inArray(staffLinks.purpose, [...purposes]) : undefined));
}

export async function insertLink(db: Db, values: { staffId: number; purpose: StaffLinkPurpose; tokenHash: string; expiresAt: Date }): Promise<void> {
  await db.insert(staffLinks).values(values);
}

/** An unused, unexpired link by its token's hash, with its member; null otherwise. */
export async function findLiveLink(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ link: staffLinks, member: staffMembers })
    .from(staffLinks)
    .innerJoin(staffMembers, eq(staffMembers.id, staffLinks.staffId))
    .where(and(eq(staffLinks.tokenHash, tokenHash), isNull(staffLinks.usedAt), gt(staffLinks.expiresAt, now)));
  return row ?? null;
}

/**
 * Uses a link up: only an unused, unexpired one, in one conditional statement, so of two calls
 * racing with one link exactly one gets true.
 */
export async function consumeLink(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(staffLinks)
    .set({ usedAt: now })
    .where(and(eq(staffLinks.id, id), isNull(staffLinks.usedAt), gt(staffLinks.expiresAt, now)))
    .returning({ id: staffLinks.id });
  return rows.length === 1;
}

/**
 * Takes a TOTP step for a member: only if it is later than the last one taken, in one conditional
 * statement, so two sign-ins racing with the same code cannot both pass.
 */
export async function takeTotpStep(db: Db, staffId: number, step: number, enable: { at: Date; recoveryCodes: string[] } | null): Promise<boolean> {
  const rows = await db
    .update(staffMembers)
    .set({ totpLastStep: step, updatedAt: sql`now()`, ...(enable ? { totpEnabledAt: enable.at, recoveryCodes: enable.recoveryCodes, secondFactorByLink: false } : {}) })
    .where(and(eq(staffMembers.id, staffId), or(isNull(staffMembers.totpLastStep), lt(staffMembers.totpLastStep, step))))
    .returning({ id: staffMembers.id });
  return rows.length === 1;
}

/** Uses up one recovery code (by its hash): true once, however many sign-ins race with it. */
export async function takeRecoveryCode(db: Db, staffId: number, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(staffMembers)
    .set({ recoveryCodes: sql`${staffMembers.recoveryCodes} - ${codeHash}::text`, updatedAt: sql`now()` })
    .where(and(eq(staffMembers.id, staffId), sql`${staffMembers.recoveryCodes} ? ${codeHash}::text`))
    .returning({ id: staffMembers.id });
  return rows.length === 1;
}

/**
 * Claims one of a half-done sign-in's tries at a code, before the code is checked: one
 * conditional statement, so however many calls race on one session, at most `max` get a try.
 * The tries the session has had with this one; null when it has none left (or is gone).
 */
export async function claimSecondFactorTry(db: Db, id: number, max: number): Promise<number | null> {
  const [row] = await db
    .update(staffSessions)
    .set({ failures: sql`${staffSessions.failures} + 1` })
    .where(and(eq(staffSessions.id, id), lt(staffSessions.failures, max)))
    .returning({ failures: staffSessions.failures });
  return row?.failures ?? null;
}

/**
 * The member of an address and whether they signed in (second factor and all) from a network
 * (its keyed hash) since `since`: one statement, so an unknown address costs what a known one does.
 */
export async function findMemberOnNetwork(db: Db, email: string, networkKey: string | null, since: Date): Promise<{ member: StaffMemberRow | null; recognised: boolean }> {
  const [row] = await db
    .select({
      member: staffMembers,
      recognised:
        networkKey === null
          ? sql<boolean>`false`
          : sql<boolean>`EXISTS (SELECT 1 FROM ${staffNetworks} WHERE ${staffNetworks.staffId} = ${staffMembers.id} AND ${staffNetworks.networkKey} = ${networkKey} AND ${staffNetworks.lastSeenAt} >= ${since.toISOString()}::timestamptz)`,
    })
    .from(staffMembers)
    .where(eq(staffMembers.email, email));
  return { member: row?.member ?? null, recognised: row?.recognised === true };
}

/** Remembers that a member signed in from a network. */
export async function recordMemberNetwork(db: Db, staffId: number, networkKey: string, now: Date): Promise<void> {
  await db
    .insert(staffNetworks)
    .values({ staffId, networkKey, lastSeenAt: now })
    .onConflictDoUpdate({ target: [staffNetworks.staffId, staffNetworks.networkKey], set: { lastSeenAt: now } });
}
