import type { Db } from '../../db/client';
import { STAFF_ROLES, type StaffRole } from '../../db/schema';
import { generatePassword, hashPassword } from '../accounts/passwords';
import * as queries from './staff.queries';
import { deleteHitsOf } from '../../lib/rate-limit.queries';

/** The counter of a member's wrong second factors (staff-sessions.ts's budget). */
export const secondFactorBudgetKey = (staffId: number) => `staff-second-factor:staff:${staffId}`;

/** Who did it, for the audit log: a signed-in member, or the organiser's command line. */
export type Actor = { staffId: number; email: string } | { commandLine: true };

/** Who an audit entry names: the member (their id and address), or the command line. */
export const auditActor = (actor: Actor): { staffId: number | null; actor: string } => ('commandLine' in actor ? { staffId: null, actor: 'command line' } : { staffId: actor.staffId, actor: actor.email });

/** A member named by their number (the back office) or their address (the command line). */
export type MemberKey = { id: number } | { email: string };
/** Why a change of a member was refused. */
export type StaffChangeRefusal = 'yourself' | 'last-admin';

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

/** A signed-in member as the actor of a change they make in the back office. */
export const actorOf = (member: StaffMemberView): Actor => ({ staffId: member.id, email: member.email });

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
export function createStaffAccounts(deps: { db: Db; /** Told after a change of a member is committed (the sessions' cache forgets them). */ changed?: (staffId: number) => void }) {
  const { db } = deps;
  const isSelf = (actor: Actor, member: queries.StaffMemberRow) => !('commandLine' in actor) && actor.staffId === member.id;
  /**
   * Whether an admin other than this member can still sign in. The active admins' rows are locked
   * first, so two admins demoting or disabling each other at once cannot both pass: the second
   * waits, and then counts without the first's change.
   */
  const anotherActiveAdmin = async (tx: Db, id: number) => (await queries.lockActiveAdmins(tx)).some((adminId) => adminId !== id);
  /** The last-admin rule holds for the back office; the organiser's command line may (it can always add an admin again). */
  const keepsAnAdmin = async (actor: Actor, tx: Db, member: queries.StaffMemberRow) =>
    'commandLine' in actor || member.role !== 'admin' || member.disabledAt !== null || (await anotherActiveAdmin(tx, member.id));

  /** One change of a member, its audit entry in the same transaction. */
  async function change(
    actor: Actor,
    who: MemberKey,
    action: string,
    decide: (tx: Db, before: queries.StaffMemberRow) => Promise<{ values: Parameters<typeof queries.updateMember>[2] } | { refused: StaffChangeRefusal }>,
  ): Promise<StaffMemberView | { refused: StaffChangeRefusal } | null> {
    const result = await db.transaction(async (tx) => {
      // The admins' rows first, always in the same order, then the member's: two changes at once
      // (two admins disabling each other) wait for each other instead of deadlocking.
      await queries.lockActiveAdmins(tx);
      const before = 'id' in who ? await queries.findMemberById(tx, who.id, { lock: true }) : await queries.findMemberByEmail(tx, who.email, { lock: true });
      if (!before) return null;
      const decision = await decide(tx, before);
      if ('refused' in decision) return decision;
      if (Object.keys(decision.values).length === 0) return viewOf(before);
      const after = await queries.updateMember(tx, before.id, decision.values);
      await queries.insertAudit(tx, { ...auditActor(actor), action, target: `staff:${before.id}`, before: audited(before), after: audited(after) });
      return after && viewOf(after);
    });
    if (result && !('refused' in result)) deps.changed?.(result.id);
    return result;
  }

  return {
    /** A new member with a generated password (answered once, stored as argon2id); null when the address is taken. */
    async add(actor: Actor, input: { email: string; name: string; role: StaffRole }): Promise<{ member: StaffMemberView; password: string } | null> {
      const password = generatePassword(16);
      const passwordHash = await hashPassword(password);
      return db.transaction(async (tx) => {
        const row = await queries.insertMember(tx, { ...input, passwordHash });
        if (!row) return null;
        await queries.insertAudit(tx, { ...auditActor(actor), action: 'staff.add', target: `staff:${row.id}`, before: null, after: audited(row) });
        return { member: viewOf(row), password };
      });
    },

    list: async () => (await queries.listMembers(db)).map(viewOf),

    /**
     * Access ends: a disabled member cannot sign in and is signed out at once. Null: no such
     * member; a refusal when it would leave the shop without an admin who can sign in, or when a
     * signed-in member disables themselves.
     */
    disable: (actor: Actor, who: MemberKey) =>
      change(actor, who, 'staff.disable', async (tx, before) => {
        if (before.disabledAt) return { values: {} };
        if (isSelf(actor, before)) return { refused: 'yourself' as const };
        if (!(await keepsAnAdmin(actor, tx, before))) return { refused: 'last-admin' as const };
        await queries.deleteMemberSessions(tx, before.id);
        return { values: { disabledAt: new Date() } };
      }),

    /** A lost phone: the member is signed out and sets up a new second factor at the next sign-in; old codes and recovery codes stop working. */
    resetSecondFactor: (actor: Actor, who: MemberKey) =>
      change(actor, who, 'staff.reset-second-factor', async (tx, before) => {
        await queries.deleteMemberSessions(tx, before.id);
        // An admin stepped in: the wrong codes given so far no longer hold the member back.
        await deleteHitsOf(tx, [secondFactorBudgetKey(before.id)]);
        return { values: { totpSecret: null, totpEnabledAt: null, totpLastStep: null, recoveryCodes: [] } };
      }),

    /** Another role: the member's sessions end (what they may do changed), and the shop keeps an admin. */
    setRole: (actor: Actor, who: MemberKey, role: StaffRole) =>
      change(actor, who, 'staff.set-role', async (tx, before) => {
        if (before.role === role) return { values: {} };
        if (isSelf(actor, before)) return { refused: 'yourself' as const };
        if (!(await keepsAnAdmin(actor, tx, before))) return { refused: 'last-admin' as const };
        await queries.deleteMemberSessions(tx, before.id);
        return { values: { role } };
      }),

    audit: (options: { limit: number; beforeId?: number; target?: string }) => queries.listAudit(db, options),
  };
}

export type StaffAccounts = ReturnType<typeof createStaffAccounts>;
