import { STAFF_AUDIT_PAGE, messages, scannerAdminMessages, staffAccountFieldMessages, staffAdminMessages, type Shown } from '@festival/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error';
import { registerGuardedStaffRoute, type StaffGuard } from '../../http/api-route';
import type { Scanners } from '../checkin/scanners';
import { actorOf, auditActor, staffEmail, type StaffAccounts, type StaffChangeRefusal, type StaffMemberView } from './staff-accounts';
import { insertAudit } from './staff.queries';
import type { Db } from '../../db/client';

/** A member as the back office's staff page lists them. */
export const memberRow = (member: StaffMemberView) => ({
  id: member.id,
  email: member.email,
  name: member.name,
  role: member.role,
  second_factor: member.secondFactor === 'set up',
  disabled: member.disabledAt !== null,
  invited: member.invited,
  second_factor_by_link: member.secondFactorByLink,
  created_at: member.createdAt.toISOString(),
});

const refusalText: Record<StaffChangeRefusal, Shown> = {
  yourself: staffAdminMessages.notYourself,
  'last-admin': staffAdminMessages.lastAdmin,
  disabled: staffAdminMessages.memberDisabled,
};

/** A scanner as the back office lists it. */
const scannerRow = (row: { id: number; name: string; createdAt: Date; revokedAt: Date | null; lastSyncAt: Date | null }) => ({
  id: row.id,
  name: row.name,
  created_at: row.createdAt.toISOString(),
  revoked_at: row.revokedAt?.toISOString() ?? null,
  last_sync_at: row.lastSyncAt?.toISOString() ?? null,
});

/** The admins' staff page and audit log (issue 22 point 1): the same service as `npm run staff`. */
export function registerStaffAdminRoutes(app: FastifyInstance, deps: { db: Db; accounts: StaffAccounts; scanners: Scanners; guard: StaffGuard<StaffMemberView> }): void {
  const { accounts, guard, scanners } = deps;

  registerGuardedStaffRoute(app, 'staff-members', guard, async () => ({ members: (await accounts.list()).map(memberRow) }));

  registerGuardedStaffRoute(app, 'staff-add-member', guard, async (input, member) => {
    const email = staffEmail(input.email);
    if (!email) throw new AppError('INVALID_INPUT', messages.server.invalidInput, { email: [staffAccountFieldMessages.emailLike] });
    const invited = await accounts.invite(actorOf(member), { email, name: input.name, role: input.role });
    if ('refused' in invited) {
      const text = invited.refused === 'disabled' ? staffAdminMessages.emailDisabled : staffAdminMessages.emailTaken;
      throw new AppError('CONFLICT', text, { email: [text] });
    }
    return { member: memberRow(invited), message: staffAdminMessages.invited(invited.email) };
  });

  registerGuardedStaffRoute(app, 'staff-change-member', guard, async (input, member) => {
    const who = { id: input.id };
    const actor = actorOf(member);
    const changed =
      input.action === 'disable'
        ? await accounts.disable(actor, who)
        : input.action === 'enable'
          ? await accounts.enable(actor, who)
          : input.action === 'send-password-link'
            ? await accounts.sendPasswordLink(actor, who)
            : input.action === 'reset-second-factor'
              ? await accounts.resetSecondFactor(actor, who)
              : await accounts.setRole(actor, who, input.role);
    if (!changed) throw new AppError('NOT_FOUND', staffAdminMessages.memberNotFound);
    if ('refused' in changed) throw new AppError('CONFLICT', refusalText[changed.refused]);
    const message =
      input.action === 'enable'
        ? staffAdminMessages.enabled(changed.name)
        : input.action === 'send-password-link'
          ? changed.invited
            ? staffAdminMessages.invitationSentAgain(changed.name)
            : staffAdminMessages.passwordLinkSent(changed.name)
          : input.action === 'reset-second-factor'
            ? staffAdminMessages.secondFactorReset(changed.name)
            : input.action === 'disable'
              ? staffAdminMessages.disabled(changed.name)
              : staffAdminMessages.roleSet(changed.name, changed.role);
    return { member: memberRow(changed), message };
  });

  registerGuardedStaffRoute(app, 'staff-audit', guard, async (input) => {
    const entries = await accounts.audit({ limit: STAFF_AUDIT_PAGE + 1, beforeId: input.before_id, target: input.target || undefined });
    const page = entries.slice(0, STAFF_AUDIT_PAGE);
    return {
      entries: page.map((entry) => ({ id: entry.id, actor: entry.actor, action: entry.action, target: entry.target, before: entry.before, after: entry.after, at: entry.at.toISOString() })),
      next_before_id: entries.length > STAFF_AUDIT_PAGE ? page[page.length - 1]!.id : null,
    };
  });

  // The gate's scanner devices (decision 0063): the same service as `npm run checkin -- scanner`, each change in the audit log.
  registerGuardedStaffRoute(app, 'scanners', guard, async () => ({ scanners: (await scanners.list()).map(scannerRow) }));

  registerGuardedStaffRoute(app, 'scanner-add', guard, async (input, member) => {
    const added = await scanners.add(input.name, (tx, row) => insertAudit(tx, { ...auditActor(actorOf(member)), action: 'scanner.add', target: `scanner:${row.id}`, before: null, after: { name: row.name } }));
    return { scanner: scannerRow(added.row), code: added.code };
  });

  registerGuardedStaffRoute(app, 'scanner-revoke', guard, async (input, member) => {
    const revoked = await scanners.revokeWith(input.id, (tx, row) => insertAudit(tx, { ...auditActor(actorOf(member)), action: 'scanner.revoke', target: `scanner:${row.id}`, before: { name: row.name, revokedAt: null }, after: { name: row.name, revokedAt: row.revokedAt?.toISOString() ?? null } }));
    if (!revoked) throw new AppError('NOT_FOUND', scannerAdminMessages.notFound);
    return { scanner: scannerRow(revoked), message: scannerAdminMessages.revoked({ name: revoked.name }) };
  });
}
