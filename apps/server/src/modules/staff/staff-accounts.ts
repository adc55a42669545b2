import type { Db } from '../../db/client';
import { STAFF_ROLES, type StaffLinkPurpose, type StaffRole } from '../../db/schema';
import { generatePassword, hashPassword, newSecretToken } from '../accounts/passwords';
import { hashToken } from '../accounts/session.service';
import { enqueueMail } from '../mail/outbox';
import * as queries from './staff.queries';
import { deleteHitsOf } from '../../lib/rate-limit.queries';
import { readerLanguage } from '../../lib/reader';
import { STAFF_LINK_MS, staffLinkMail, type StaffMailConfig } from './staff.mail';

/** The counter of a member's wrong second factors (staff-sessions.ts's budget). */
export const secondFactorBudgetKey = (staffId: number) => `staff-second-factor:staff:${staffId}`;

/** Who did it, for the audit log: a signed-in member, or the organiser's command line. */
export type Actor = { staffId: number; email: string } | { commandLine: true };

/** Who an audit entry names: the member (their id and address), or the command line. */
export const auditActor = (actor: Actor): { staffId: number | null; actor: string } => ('commandLine' in actor ? { staffId: null, actor: 'command line' } : { staffId: actor.staffId, actor: actor.email });

/** A member named by their number (the back office) or their address (the command line). */
export type MemberKey = { id: number } | { email: string };
/** Why a change of a member was refused. */
export type StaffChangeRefusal = 'yourself' | 'last-admin' | 'disabled';

/** A member as the organiser sees one: never a hash or a secret. */
export interface StaffMemberView {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  secondFactor: 'not needed' | 'not set up' | 'set up';
  /** Invited, and no password chosen yet with the e-mailed link. */
  invited: boolean;
  /** The second factor was reset: a new one is set up only with the e-mailed link (decision 0062). */
  secondFactorByLink: boolean;
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
    invited: row.passwordSetAt === null,
    secondFactorByLink: row.secondFactorByLink,
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
export function createStaffAccounts(deps: {
  db: Db;
  /** Told after a change of a member is committed (the sessions' cache forgets them). */
  changed?: (staffId: number) => void;
  /** Where the one-time links go (decision 0062); without it (some tests) a link is made but not mailed. */
  mail?: { config: StaffMailConfig; mailQueued?: () => void };
  now?: () => Date;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  /**
   * A one-time link for a member, in the caller's transaction: only its token's hash is stored,
   * the member's older unused links of the purpose stop working, and the mail goes to the outbox.
   */
  async function issueLink(tx: Db, member: queries.StaffMemberRow, purpose: StaffLinkPurpose): Promise<void> {
    const token = newSecretToken();
    const at = now();
    await queries.voidLinks(tx, member.id, at, [purpose]);
    await queries.insertLink(tx, { staffId: member.id, purpose, tokenHash: hashToken(token), expiresAt: new Date(at.getTime() + STAFF_LINK_MS[purpose]) });
    // An admin (or the organiser's command) sends it for another member: in the shop's default language.
    if (deps.mail) await enqueueMail(tx, await staffLinkMail(deps.mail.config, readerLanguage(deps.mail.config), purpose, member, token));
  }
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
    decide: (tx: Db, before: queries.StaffMemberRow) => Promise<{ values: Parameters<typeof queries.updateMember>[2]; /** Written to the audit log even when the member's row stays as it was (a link sent). */ noted?: boolean; mailed?: boolean } | { refused: StaffChangeRefusal }>,
  ): Promise<StaffMemberView | { refused: StaffChangeRefusal } | null> {
    let mailed = false;
    const result = await db.transaction(async (tx) => {
      // The admins' rows first, always in the same order, then the member's: two changes at once
      // (two admins disabling each other) wait for each other instead of deadlocking.
      await queries.lockActiveAdmins(tx);
      const before = 'id' in who ? await queries.findMemberById(tx, who.id, { lock: true }) : await queries.findMemberByEmail(tx, who.email, { lock: true });
      if (!before) return null;
      const decision = await decide(tx, before);
      if ('refused' in decision) return decision;
      if (Object.keys(decision.values).length === 0 && !decision.noted) return viewOf(before);
      const after = Object.keys(decision.values).length ? await queries.updateMember(tx, before.id, decision.values) : before;
      await queries.insertAudit(tx, { ...auditActor(actor), action, target: `staff:${before.id}`, before: audited(before), after: audited(after) });
      mailed ||= decision.mailed === true;
      return after && viewOf(after);
    });
    if (result && !('refused' in result)) deps.changed?.(result.id);
    if (mailed) deps.mail?.mailQueued?.();
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

    /**
     * A new member invited by e-mail (decision 0062): a one-time link to choose their password, never
     * a password shown or mailed; until then the stored hash is of a password nobody knows. A refusal
     * when the address is taken ('disabled' when its member is disabled: enable them instead).
     */
    async invite(actor: Actor, input: { email: string; name: string; role: StaffRole }): Promise<StaffMemberView | { refused: 'taken' | 'disabled' }> {
      const passwordHash = await hashPassword(newSecretToken());
      const result = await db.transaction(async (tx) => {
        const row = await queries.insertMember(tx, { ...input, passwordHash, passwordSetAt: null });
        if (!row) {
          const existing = await queries.findMemberByEmail(tx, input.email);
          return { refused: existing?.disabledAt ? ('disabled' as const) : ('taken' as const) };
        }
        await issueLink(tx, row, 'invitation');
        await queries.insertAudit(tx, { ...auditActor(actor), action: 'staff.invite', target: `staff:${row.id}`, before: null, after: audited(row) });
        return viewOf(row);
      });
      if (!('refused' in result)) deps.mail?.mailQueued?.();
      return result;
    },

    list: async () => (await queries.listMembers(db)).map(viewOf),

    /** A disabled member can sign in again, with their password and second factor as they were. */
    enable: (actor: Actor, who: MemberKey) =>
      change(actor, who, 'staff.enable', async (_tx, before) => ({ values: before.disabledAt ? { disabledAt: null } : {} })),

    /**
     * A one-time link by e-mail to choose a new password (the invitation again for a member who has
     * not joined yet); the current password works until the link is used. Admins do it for others;
     * each member changes their own password themselves.
     */
    sendPasswordLink: (actor: Actor, who: MemberKey) =>
      change(actor, who, 'staff.send-password-link', async (tx, before) => {
        if (isSelf(actor, before)) return { refused: 'yourself' as const };
        if (before.disabledAt) return { refused: 'disabled' as const };
        await issueLink(tx, before, before.passwordSetAt === null ? 'invitation' : 'password-reset');
        return { values: {}, noted: true, mailed: true };
      }),

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
        // Links already sent stop working: a disabled member joins or comes back only as an admin decides.
        await queries.voidLinks(tx, before.id, now());
        return { values: { disabledAt: new Date() } };
      }),

    /**
     * A lost phone: the member is signed out, old codes and recovery codes stop working, and a new
     * second factor is set up only with the one-time link e-mailed now and the password (decision
     * 0062): the password alone, which a thief may have, no longer sets one up.
     */
    resetSecondFactor: (actor: Actor, who: MemberKey) =>
      change(actor, who, 'staff.reset-second-factor', async (tx, before) => {
        if (before.disabledAt) return { refused: 'disabled' as const };
        await queries.deleteMemberSessions(tx, before.id);
        // An admin stepped in: the wrong codes given so far no longer hold the member back.
        await deleteHitsOf(tx, [secondFactorBudgetKey(before.id)]);
        const byLink = needsSecondFactor(before.role) && before.passwordSetAt !== null;
        if (byLink) await issueLink(tx, before, 'second-factor');
        return { values: { totpSecret: null, totpEnabledAt: null, totpLastStep: null, recoveryCodes: [], secondFactorByLink: byLink }, mailed: byLink };
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
