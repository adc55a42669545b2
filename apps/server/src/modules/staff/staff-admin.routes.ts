import { STAFF_AUDIT_PAGE, messages, staffAdminMessages } from '@festival/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error';
import { registerGuardedStaffRoute, type StaffGuard } from '../../http/api-route';
import { actorOf, staffEmail, type StaffAccounts, type StaffChangeRefusal, type StaffMemberView } from './staff-accounts';

/** A member as the back office's staff page lists them. */
export const memberRow = (member: StaffMemberView) => ({
  id: member.id,
  email: member.email,
  name: member.name,
  role: member.role,
  second_factor: member.secondFactor === 'set up',
  disabled: member.disabledAt !== null,
  created_at: member.createdAt.toISOString(),
});

const refusalText: Record<StaffChangeRefusal, string> = {
  yourself: staffAdminMessages.notYourself,
  'last-admin': staffAdminMessages.lastAdmin,
};

/** The admins' staff page and audit log (issue 22 point 1): the same service as `npm run staff`. */
export function registerStaffAdminRoutes(app: FastifyInstance, deps: { accounts: StaffAccounts; guard: StaffGuard<StaffMemberView> }): void {
  const { accounts, guard } = deps;

  registerGuardedStaffRoute(app, 'staff-members', guard, async () => ({ members: (await accounts.list()).map(memberRow) }));

  registerGuardedStaffRoute(app, 'staff-add-member', guard, async (input, member) => {
    const email = staffEmail(input.email);
    if (!email) throw new AppError('INVALID_INPUT', messages.server.invalidInput, { email: ['Enter an e-mail address such as name@example.org.'] });
    const added = await accounts.add(actorOf(member), { email, name: input.name, role: input.role });
    if (!added) throw new AppError('CONFLICT', staffAdminMessages.emailTaken, { email: [staffAdminMessages.emailTaken] });
    return { member: memberRow(added.member), password: added.password };
  });

  registerGuardedStaffRoute(app, 'staff-change-member', guard, async (input, member) => {
    const who = { id: input.id };
    const changed =
      input.action === 'disable'
        ? await accounts.disable(actorOf(member), who)
        : input.action === 'reset-second-factor'
          ? await accounts.resetSecondFactor(actorOf(member), who)
          : await accounts.setRole(actorOf(member), who, input.role);
    if (!changed) throw new AppError('NOT_FOUND', staffAdminMessages.memberNotFound);
    if ('refused' in changed) throw new AppError('CONFLICT', refusalText[changed.refused]);
    return { member: memberRow(changed) };
  });

  registerGuardedStaffRoute(app, 'staff-audit', guard, async (input) => {
    const entries = await accounts.audit({ limit: STAFF_AUDIT_PAGE + 1, beforeId: input.before_id, target: input.target || undefined });
    const page = entries.slice(0, STAFF_AUDIT_PAGE);
    return {
      entries: page.map((entry) => ({ id: entry.id, actor: entry.actor, action: entry.action, target: entry.target, before: entry.before, after: entry.after, at: entry.at.toISOString() })),
      next_before_id: entries.length > STAFF_AUDIT_PAGE ? page[page.length - 1]!.id : null,
    };
  });
}
