import type { Db } from '../../db/client';
import { STAFF_ROLES, type StaffRole } from '../../db/schema';
import { generatePassword, hashPassword } from '../accounts/passwords';
import * as queries from './staff.queries';

/** Who did it, for the audit log: a signed-in member, or the organiser's command line. */
export type Actor = { staffId: number; email: string } | { commandLine: true };

/** A member as the organiser sees one: never a hash or a secret. */
export interface StaffMemberView {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  secondFactor: 'not needed' | 'not set up' | 'set up';
  disabledAt: Date | null;
  createdAt: Date;
}

/** Every role but gate signs in with a second factor (issue 22). */
export const needsSecondFactor = (role: StaffRole): boolean => role !== 'gate';

export function viewOf(row: queries.StaffMemberRow): StaffMemberView {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    secondFactor: !needsSecondFactor(row.role) ? 'not needed' : row.totpEnabledAt ? 'set up' : 'not set up',
    disabledAt: row.disabledAt,
    createdAt: row.createdAt,
  };
}

/** What the audit log keeps of a member: the view, never a hash or a secret. */
const audited = (row: queries.StaffMemberRow | null) => (row ? { ...viewOf(row), disabledAt: row.disabledAt?.toISOString() ?? null, createdAt: row.createdAt.toISOString() } : null);

export const isStaffRole = (text: string): text is StaffRole => (STAFF_ROLES as readonly string[]).includes(text);

/** An address as staff type it: trimmed, lower case; null when it cannot be one. */
export function staffEmail(text: string): string | null {
  const email = text.trim().toLowerCase();
  return email.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email : null;
}

/**
 * The organiser's staff (issue 22, decision 0041): members added with a generated password shown
 * once, changed, disabled; every change written to the audit log in the same transaction.
 */
export function createStaffAccounts(deps: { db: Db }) {
  const { db } = deps;
  const actorFields = (actor: Actor) => ('commandLine' in actor ? { staffId: null, actor: 'command line' } : { staffId: actor.staffId, actor: actor.email });

  return {
    /** A new member with a generated password (answered once, stored as argon2id); null when the address is taken. */
    async add(actor: Actor, input: { email: string; name: string; role: StaffRole }): Promise<{ member: StaffMemberView; password: string } | null> {
      const password = generatePassword(16);
      const passwordHash = await hashPassword(password);
      return db.transaction(async (tx) => {
        const row = await queries.insertMember(tx, { ...input, passwordHash });
        if (!row) return null;
        await queries.insertAudit(tx, { ...actorFields(actor), action: 'staff.add', target: `staff:${row.id}`, before: null, after: audited(row) });
        return { member: viewOf(row), password };
      });
    },

    list: async () => (await queries.listMembers(db)).map(viewOf),

    /** Access ends: a disabled member cannot sign in and is signed out at once. Null: no such member. */
    async disable(actor: Actor, email: string): Promise<StaffMemberView | null> {
      return db.transaction(async (tx) => {
        const before = await queries.findMemberByEmail(tx, email);
        if (!before) return null;
        if (before.disabledAt) return viewOf(before);
        const after = await queries.updateMember(tx, before.id, { disabledAt: new Date() });
        await queries.deleteMemberSessions(tx, before.id);
        await queries.insertAudit(tx, { ...actorFields(actor), action: 'staff.disable', target: `staff:${before.id}`, before: audited(before), after: audited(after) });
        return after && viewOf(after);
      });
    },

    /** A lost phone: the member is signed out and sets up a new second factor at the next sign-in; old codes and recovery codes stop working. */
    async resetSecondFactor(actor: Actor, email: string): Promise<StaffMemberView | null> {
      return db.transaction(async (tx) => {
        const before = await queries.findMemberByEmail(tx, email);
        if (!before) return null;
        const after = await queries.updateMember(tx, before.id, { totpSecret: null, totpEnabledAt: null, totpLastStep: null, recoveryCodes: [] });
        await queries.deleteMemberSessions(tx, before.id);
        await queries.insertAudit(tx, { ...actorFields(actor), action: 'staff.reset-second-factor', target: `staff:${before.id}`, before: audited(before), after: audited(after) });
        return after && viewOf(after);
      });
    },

    audit: (limit: number) => queries.listAudit(db, limit),
  };
}

export type StaffAccounts = ReturnType<typeof createStaffAccounts>;
