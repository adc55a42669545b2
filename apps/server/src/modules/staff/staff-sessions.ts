import { staffLinkMessages, staffMessages, typedCode, type Locale } from '@festival/contract';
import type { Db } from '../../db/client';
import type { NetworkKeysOf } from '../../lib/network-keys';
import { createRateLimiter, type Limit } from '../../lib/rate-limit';
import { AppError } from '../../http/app-error';
import { enqueueMail } from '../mail/outbox';
import { dummyPasswordHash, hashPassword, newSecretToken, verifyPassword } from '../accounts/passwords';
import { hashToken } from '../accounts/session.service';
import { newCode } from '../../lib/new-code';
import { STAFF_PASSWORD_MIN_LENGTH } from '@festival/contract';
import { needsSecondFactor, secondFactorBudgetKey, staffEmail, viewOf, type StaffMemberView } from './staff-accounts';
import { noteAttack, type AttackKind } from './attack-audit';
import * as queries from './staff.queries';
import { openSecret, sealSecret } from './secret-box';
import { staffPasswordChangedMail, type StaffMailConfig } from './staff.mail';
import { base32Encode, matchTotp, newTotpSecret, otpauthUri } from './totp';

/** A signed-in member is signed out after this long without a call. */
export const STAFF_IDLE_MS = 30 * 60_000;
/** How long an instance trusts a signed-in session without asking the database: longer than the dashboard's 5-second refresh, so a polling dashboard asks the database nothing (decision 0041). */
export const STAFF_SESSION_CACHE_MS = 15_000;
/** However active, a session ends after a working day (and a long one). */
export const STAFF_SESSION_MS = 12 * 60 * 60_000;
/** Between the password and the second factor. */
export const STAFF_PENDING_MS = 10 * 60_000;
/** A session's last call is written at most this often (not on every call). */
const SEEN_EVERY_MS = 60_000;
export const RECOVERY_CODE_COUNT = 10;
/** Wrong codes a sign-in may give before it must start again with the password. */
export const MAX_SECOND_FACTOR_FAILURES = 5;
const TOTP_PURPOSE = 'staff-totp';

/**
 * Wrong passwords allowed per 15 minutes (decision 0050, the customers' design of decision 0025):
 * per network address and network whatever the account; per account on one network
 * (`perAccountNetwork`); and per account across the networks the member never signed in from
 * (`perAccount`), which a network the member signed in from skips, so a stranger elsewhere never
 * locks the member out there. Right passwords are taken back.
 */
export interface StaffSignInLimits {
  perAddress: number;
  perNetwork: number;
  perAccountNetwork: number;
  perAccount: number;
}
export const STAFF_SIGN_IN_LIMITS: StaffSignInLimits = { perAddress: 20, perNetwork: 100, perAccountNetwork: 10, perAccount: 30 };
const SIGN_IN_WINDOW_MS = 15 * 60_000;
/** How long a network a member signed in from stays theirs for the limits. */
export const STAFF_RECOGNISED_NETWORK_MS = 400 * 24 * 60 * 60_000;

/**
 * Wrong second factors (codes and recovery codes) an account may give over a sliding day,
 * across all its sign-ins: only someone with the password gets this far, and signing in again
 * must not give them more guesses. Ten a day at 3 in a million each (the step before, now and
 * after) is about one chance in 30,000 a day; right codes are taken back.
 */
export interface SecondFactorBudget {
  max: number;
  windowMs: number;
}
export const SECOND_FACTOR_BUDGET: SecondFactorBudget = { max: 10, windowMs: 24 * 60 * 60_000 };

/**
 * The link page's limits per 15 minutes (decision 0062): calls with a token that is no link, per
 * network address and network (a link's 256 bits are not guessed, but a script is kept from
 * hammering the page); and wrong passwords typed on a link or in a member's own password change,
 * per member (as the sign-in's account allowance). A working link and a right password are taken back.
 */
export interface StaffLinkLimits {
  perAddress: number;
  perNetwork: number;
  perMember: number;
}
export const STAFF_LINK_LIMITS: StaffLinkLimits = { perAddress: 20, perNetwork: 100, perMember: 10 };

/** Ten characters of the shop's code alphabet in two groups (about 50 bits): plenty for a code that works once. */
function newRecoveryCode(): string {
  const code = newCode(10);
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}
/** A recovery code as stored: hashed, whatever case and grouping it is typed in. */
const recoveryHash = (typed: string) => hashToken(`staff-recovery:${typedCode(typed)}`);

export type SignInStep =
  | { next: 'second-factor' }
  | { next: 'set-up'; secret: string; uri: string }
  | { next: 'signed-in'; member: StaffMemberView };

/**
 * Staff sign-in (issue 22, decision 0041): a password, then for every role but gate a TOTP code
 * (or a recovery code), set up at the first sign-in. Sessions end after STAFF_IDLE_MS without a
 * call, after STAFF_SESSION_MS in any case, when the member signs out, and at once when the member
 * is disabled. Every sign-in and second-factor change is in the audit log.
 */
export function createStaffSessions(deps: {
  db: Db;
  secrets: readonly string[];
  issuer: string;
  now?: () => Date;
  sessionCacheMs?: number;
  /** Keyed hashes of a caller's network address and network, for the sign-in limits. */
  networkKeys?: NetworkKeysOf;
  signInLimits?: StaffSignInLimits;
  secondFactorBudget?: SecondFactorBudget;
  linkLimits?: StaffLinkLimits;
  /** Where a member hears that their password changed. */
  mail?: { config: StaffMailConfig; mailQueued?: () => void };
}) {
  const linkLimits = deps.linkLimits ?? STAFF_LINK_LIMITS;
  const { db } = deps;
  const signInLimits = deps.signInLimits ?? STAFF_SIGN_IN_LIMITS;
  const budget = deps.secondFactorBudget ?? SECOND_FACTOR_BUDGET;
  const signInLimiter = createRateLimiter(db, SIGN_IN_WINDOW_MS, staffMessages.tooManyAttempts);
  const secondFactorLimiter = createRateLimiter(db, budget.windowMs, staffMessages.tooManyCodes);
  const linkLimiter = createRateLimiter(db, SIGN_IN_WINDOW_MS, staffMessages.tooManyAttempts);
  const linkNotWorking = () => new AppError('BAD_REQUEST', staffLinkMessages.linkNotWorking, { token: [staffLinkMessages.linkNotWorking] });
  /** A working link of a token, counted first against the caller's address and network (taken back when it works). */
  async function workingLink(token: string, ip: string | undefined) {
    const where = ip !== undefined && deps.networkKeys ? deps.networkKeys(ip) : null;
    const attempt = where
      ? await linkLimiter.count(
          [
            { key: `staff-link:address:${where.address}`, max: linkLimits.perAddress },
            { key: `staff-link:network:${where.network}`, max: linkLimits.perNetwork },
          ],
          now(),
        )
      : null;
    if (attempt?.over) {
      await attempt.takeBack();
      throw linkLimiter.refusal();
    }
    const found = await queries.findLiveLink(db, hashToken(token.trim()), now());
    if (!found || found.member.disabledAt) throw linkNotWorking();
    await attempt?.takeBack();
    return found;
  }
  /** A member's current password, typed on a link or in their own change: counted per member first, a right one taken back. */
  async function checkCurrentPassword(member: queries.StaffMemberRow, password: string, field: string): Promise<void> {
    const attempt = await linkLimiter.count([{ key: `staff-password:staff:${member.id}`, max: linkLimits.perMember }], now());
    if (attempt.over) {
      await attempt.takeBack();
      throw linkLimiter.refusal();
    }
    if (!(await verifyPassword(member.passwordHash, password))) {
      throw new AppError('INVALID_INPUT', staffLinkMessages.wrongPassword, { [field]: [staffLinkMessages.wrongPassword] });
    }
    await attempt.takeBack();
  }
  /** After a password: straight in (gate), the second factor, or a new one to set up. */
  async function nextStep(member: queries.StaffMemberRow): Promise<{ token: string; step: SignInStep }> {
    if (!needsSecondFactor(member.role)) {
      const token = await startSession(member, 'signed-in');
      await audit(db, member, 'staff.sign-in');
      return { token, step: { next: 'signed-in', member: viewOf(member) } };
    }
    if (member.totpEnabledAt) return { token: await startSession(member, 'second-factor'), step: { next: 'second-factor' } };
    // A new secret to set up, kept sealed until a code proves it.
    const secret = newTotpSecret();
    await queries.updateMember(db, member.id, { totpSecret: sealSecret(deps.secrets[0]!, TOTP_PURPOSE, secret), totpEnabledAt: null, totpLastStep: null, recoveryCodes: [] });
    return { token: await startSession(member, 'set-up'), step: { next: 'set-up', secret: base32Encode(secret), uri: otpauthUri(deps.issuer, member.email, secret) } };
  }
  const attack = (kind: AttackKind, member: queries.StaffMemberRow | null) => noteAttack(db, kind, member ? `staff:${member.id}` : null, now());
  /** A member's sign-in is done (second factor and all): the network is theirs from now on. */
  const proved = async (member: queries.StaffMemberRow, ip: string | undefined) => {
    if (ip !== undefined && deps.networkKeys) await queries.recordMemberNetwork(db, member.id, deps.networkKeys(ip).network, now());
  };
  const now = deps.now ?? (() => new Date());
  const sessionCacheMs = deps.sessionCacheMs ?? 0;
  /**
   * Signed-in sessions this instance trusts for sessionCacheMs (real time) without asking the
   * database, so a busy on-sale's queue for connections does not hold up every staff call (the
   * dashboard polls). The session's own ends still hold on a hit (its 12 hours, its idle time by
   * the last call the database knows); a change of the member made here (disabled, reset, another
   * role) or a sign-out forgets its entries at once, one made elsewhere counts within sessionCacheMs.
   */
  const cache = new Map<string, { until: number; staffId: number; member: StaffMemberView; expiresAt: number; lastSeenAt: number }>();
  const audit = (tx: Db, member: queries.StaffMemberRow, action: string) => queries.insertAudit(tx, { staffId: member.id, actor: member.email, action, target: `staff:${member.id}`, before: null, after: null });

  function forgetMember(staffId: number): void {
    for (const [hash, entry] of cache) if (entry.staffId === staffId) cache.delete(hash);
  }

  async function startSession(member: queries.StaffMemberRow, stage: 'second-factor' | 'set-up' | 'signed-in') {
    const token = newSecretToken();
    const at = now();
    const expiresAt = new Date(at.getTime() + (stage === 'signed-in' ? STAFF_SESSION_MS : STAFF_PENDING_MS));
    await queries.insertSession(db, { staffId: member.id, tokenHash: hashToken(token), stage, expiresAt, lastSeenAt: at });
    return token;
  }

  /** The live session of a token at one of the stages, with its member; null otherwise (and an ended one is removed). */
  async function liveSession(token: string, stages: readonly string[]) {
    const found = await queries.findSession(db, hashToken(token));
    if (!found) return null;
    const at = now().getTime();
    const idle = found.session.stage === 'signed-in' && at - found.session.lastSeenAt.getTime() > STAFF_IDLE_MS;
    if (found.member.disabledAt || at >= found.session.expiresAt.getTime() || idle) {
      await queries.deleteSession(db, hashToken(token));
      return null;
    }
    return stages.includes(found.session.stage) ? found : null;
  }

  return {
    /**
     * The first step: a right password of a member not disabled gives a session token and what
     * comes next; anything else null (the same for an unknown address, which takes as long).
     */
    async signIn(emailText: string, password: string, ip?: string): Promise<{ token: string; step: SignInStep } | null> {
      const email = staffEmail(emailText);
      const where = ip !== undefined && deps.networkKeys ? deps.networkKeys(ip) : null;
      const since = new Date(now().getTime() - STAFF_RECOGNISED_NETWORK_MS);
      const { member, recognised } = email ? await queries.findMemberOnNetwork(db, email, where?.network ?? null, since) : { member: null, recognised: false };
      // Counted before the password is checked (a burst cannot slip past), keyed by what was typed, so an unknown address is limited exactly like a member's.
      const account = `staff-login:account:${email ?? emailText.trim().toLowerCase()}`;
      const limits: Limit[] = [
        ...(where
          ? [
              { key: `staff-login:address:${where.address}`, max: signInLimits.perAddress },
              { key: `staff-login:network:${where.network}`, max: signInLimits.perNetwork },
              { key: `${account}:network:${where.network}`, max: signInLimits.perAccountNetwork },
            ]
          : []),
        ...(recognised ? [] : [{ key: account, max: signInLimits.perAccount }]),
      ];
      const attempt = await signInLimiter.count(limits, now());
      if (attempt.over) {
        // Refused whatever the password (a right guess answered otherwise would tell), and uncounted: it checked nothing.
        await attempt.takeBack();
        await attack('staff.sign-in-limit', member);
        throw signInLimiter.refusal();
      }
      const right = await verifyPassword(member?.passwordHash ?? (await dummyPasswordHash()), password);
      if (!member || !right || member.disabledAt) {
        await attack('staff.sign-in-failed', member);
        return null;
      }
      // Only wrong passwords count: the member's own sign-ins never use up a limit.
      await attempt.takeBack();
      // An admin reset the second factor: a new one is set up with the e-mailed link and the password, never the password alone (decision 0062).
      if (needsSecondFactor(member.role) && !member.totpEnabledAt && member.secondFactorByLink) throw new AppError('FORBIDDEN', staffLinkMessages.useTheLink);
      const next = await nextStep(member);
      if (next.step.next === 'signed-in') await proved(member, ip);
      return next;
    },

    /** What a working link is for and whose it is (the link page shows it); a refusal otherwise. Nothing is used up. */
    async peekLink(token: string, ip?: string) {
      const { link, member } = await workingLink(token, ip);
      return { purpose: link.purpose, email: member.email, name: member.name, expiresAt: link.expiresAt };
    },

    /**
     * Uses a one-time link (decision 0062): an invitation or a new password sets the typed password
     * (every other session of the member ends); a new second factor checks the member's current
     * password. Either way the link is used up in one conditional statement (of two calls at once,
     * one gets through) and the sign-in goes on at its next step. A wrong current password leaves
     * the link as it was.
     */
    async useLink(token: string, password: string, ip: string | undefined, language: Locale): Promise<{ token: string; step: SignInStep }> {
      const { link, member } = await workingLink(token, ip);
      if (link.purpose === 'second-factor') {
        await checkCurrentPassword(member, password, 'password');
        const used = await db.transaction(async (tx) => {
          if (!(await queries.consumeLink(tx, link.id, now()))) return false;
          await audit(tx, member, 'staff.second-factor-link-used');
          return true;
        });
        if (!used) throw linkNotWorking();
        return nextStep(member);
      }
      if (password.length < STAFF_PASSWORD_MIN_LENGTH) throw new AppError('INVALID_INPUT', staffLinkMessages.passwordTooShort, { password: [staffLinkMessages.passwordTooShort] });
      const passwordHash = await hashPassword(password);
      const mail = link.purpose === 'password-reset' && deps.mail ? await staffPasswordChangedMail(deps.mail.config, language, member) : null;
      const changed = await db.transaction(async (tx) => {
        if (!(await queries.consumeLink(tx, link.id, now()))) return null;
        const row = await queries.updateMember(tx, member.id, { passwordHash, passwordSetAt: now() });
        // Whoever knew the old password is out.
        await queries.deleteMemberSessions(tx, member.id);
        await audit(tx, member, link.purpose === 'invitation' ? 'staff.invitation-accepted' : 'staff.password-reset');
        if (mail) await enqueueMail(tx, mail);
        return row;
      });
      if (!changed) throw linkNotWorking();
      forgetMember(member.id);
      if (mail) deps.mail?.mailQueued?.();
      // The link came from the member's mailbox and they just chose the password: with the second
      // factor reset as well, this sets up the new one (the invitation's first sign-in does the same).
      return nextStep(changed);
    },

    /** A member's own new password, with their current one: every other session of theirs ends, and they hear of it by e-mail. */
    async changePassword(memberId: number, keepToken: string, current: string, next: string, language: Locale): Promise<void> {
      const member = await queries.findMemberById(db, memberId);
      if (!member || member.disabledAt) throw new AppError('UNAUTHENTICATED', staffMessages.notSignedIn);
      await checkCurrentPassword(member, current, 'current_password');
      if (current === next) throw new AppError('INVALID_INPUT', staffLinkMessages.samePassword, { new_password: [staffLinkMessages.samePassword] });
      const passwordHash = await hashPassword(next);
      const mail = deps.mail ? await staffPasswordChangedMail(deps.mail.config, language, member) : null;
      await db.transaction(async (tx) => {
        await queries.updateMember(tx, member.id, { passwordHash, passwordSetAt: now() });
        await queries.deleteMemberSessions(tx, member.id, hashToken(keepToken));
        await audit(tx, member, 'staff.password-change');
        if (mail) await enqueueMail(tx, mail);
      });
      // The other sessions this instance still trusts end now; this one is asked of the database again.
      forgetMember(member.id);
      if (mail) deps.mail?.mailQueued?.();
    },

    /**
     * The second step: a TOTP code (or, once set up, a recovery code). Signed in: the member, and
     * at set-up the recovery codes, shown once. 'wrong': a wrong, used or old code (the session
     * stays, to try again). Null: no session waiting for a second factor.
     */
    async secondFactor(token: string, typed: string, ip?: string): Promise<{ token: string; member: StaffMemberView; recoveryCodes: string[] | null } | 'wrong' | null> {
      const found = await liveSession(token, ['second-factor', 'set-up']);
      if (!found) return null;
      const { member, session } = found;
      // Both counts come before the code is checked, each in one statement: the account's budget
      // across its sign-ins, then one of this sign-in's tries. However many calls race, at most the
      // smaller of the two codes are ever checked. The budget comes first so that an attempt it
      // refuses leaves the sign-in as it was (a refused attempt changes nothing).
      const counted = await secondFactorLimiter.count([{ key: secondFactorBudgetKey(member.id), max: budget.max }], now());
      if (counted.over) {
        await counted.takeBack();
        await attack('staff.second-factor-limit', member);
        throw secondFactorLimiter.refusal();
      }
      const tries = await queries.claimSecondFactorTry(db, session.id, MAX_SECOND_FACTOR_FAILURES);
      if (tries === null) {
        // No tries left: the password again (and no code was checked, so the budget is not spent).
        await counted.takeBack();
        await queries.deleteSession(db, session.tokenHash);
        return null;
      }
      const secret = member.totpSecret ? openSecret(deps.secrets, TOTP_PURPOSE, member.totpSecret) : null;
      const settingUp = session.stage === 'set-up';
      const step = secret ? matchTotp(secret, typed, now(), member.totpLastStep) : null;
      let recoveryCodes: string[] | null = null;
      let taken = false;
      if (step !== null) {
        if (settingUp) recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
        taken = await db.transaction(async (tx) => {
          const ok = await queries.takeTotpStep(tx, member.id, step, settingUp ? { at: now(), recoveryCodes: recoveryCodes!.map(recoveryHash) } : null);
          if (ok) await audit(tx, member, settingUp ? 'staff.second-factor-set-up' : 'staff.sign-in');
          return ok;
        });
      } else if (secret && !settingUp && /^[A-Za-z0-9]{5}[\s-]?[A-Za-z0-9]{5}$/.test(typed.trim())) {
        taken = await db.transaction(async (tx) => {
          const ok = await queries.takeRecoveryCode(tx, member.id, recoveryHash(typed));
          if (ok) await audit(tx, member, 'staff.sign-in-with-recovery-code');
          return ok;
        });
      }
      if (!taken) {
        await attack('staff.second-factor-failed', member);
        // A few tries, then the password again: guessing six digits is not a matter of patience.
        if (tries >= MAX_SECOND_FACTOR_FAILURES) {
          await queries.deleteSession(db, session.tokenHash);
          return null;
        }
        return 'wrong';
      }
      // Only wrong codes use up the account's budget.
      await counted.takeBack();
      await proved(member, ip);
      // A new token once signed in: a token seen before the second factor is worth nothing after it.
      await queries.deleteSession(db, session.tokenHash);
      const fresh = (await queries.findMemberByEmail(db, member.email)) ?? member;
      return { token: await startSession(fresh, 'signed-in'), member: viewOf(fresh), recoveryCodes };
    },

    /** The signed-in member of a session token (its last call noted), or null. */
    async memberOf(token: string): Promise<StaffMemberView | null> {
      const hash = hashToken(token);
      const cached = cache.get(hash);
      const at = now();
      if (cached && cached.until > performance.now() && at.getTime() < cached.expiresAt && at.getTime() - cached.lastSeenAt <= STAFF_IDLE_MS) return cached.member;
      cache.delete(hash);
      const found = await liveSession(token, ['signed-in']);
      if (!found) return null;
      let lastSeenAt = found.session.lastSeenAt.getTime();
      if (at.getTime() - lastSeenAt >= SEEN_EVERY_MS) {
        await queries.updateSession(db, found.session.id, { lastSeenAt: at });
        lastSeenAt = at.getTime();
      }
      const member = viewOf(found.member);
      if (sessionCacheMs > 0) {
        if (cache.size > 10_000) cache.clear();
        cache.set(hash, { until: performance.now() + sessionCacheMs, staffId: member.id, member, expiresAt: found.session.expiresAt.getTime(), lastSeenAt });
      }
      return member;
    },

    /** Forgets what this instance trusted of a member's sessions: their change (disabled, reset, another role) counts at the next call. */
    forgetMember,

    async signOut(token: string): Promise<void> {
      cache.delete(hashToken(token));
      const found = await queries.findSession(db, hashToken(token));
      if (!found) return;
      await db.transaction(async (tx) => {
        await queries.deleteSession(tx, hashToken(token));
        if (found.session.stage === 'signed-in') await audit(tx, found.member, 'staff.sign-out');
      });
    },
  };
}

export type StaffSessions = ReturnType<typeof createStaffSessions>;
