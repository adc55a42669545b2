import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { staffAudit, staffMembers, type StaffRole } from '../../db/schema';

export type StaffMemberRow = typeof staffMembers.$inferSelect;

/** A new member, or null when the address is taken (another member has it). */
export async function insertMember(db: Db, values: { email: string; name: string; role: StaffRole; passwordHash: string }): Promise<StaffMemberRow | null> {
  const [row] = await db.insert(staffMembers).values(values).onConflictDoNothing({ target: staffMembers.email }).returning();
  return row ?? null;
}

export async function findMemberByEmail(db: Db, email: string): Promise<StaffMemberRow | null> {
  const [row] = await db.select().from(staffMembers).where(eq(staffMembers.email, email));
  return row ?? null;
}

export function listMembers(db: Db): Promise<StaffMemberRow[]> {
  return db.select().from(staffMembers).orderBy(staffMembers.id);
}

export async function updateMember(db: Db, id: number, values: Partial<Pick<StaffMemberRow, 'disabledAt' | 'totpSecret' | 'totpEnabledAt' | 'totpLastStep' | 'recoveryCodes' | 'role'>>): Promise<StaffMemberRow | null> {
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

export function listAudit(db: Db, limit: number) {
  return db.select().from(staffAudit).orderBy(desc(staffAudit.id)).limit(limit);
}
