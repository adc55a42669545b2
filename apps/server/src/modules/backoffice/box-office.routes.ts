import type { FastifyInstance } from 'fastify';
import { registerGuardedStaffRoute, type StaffGuard } from '../../http/api-route';
import { requestLocale } from '../../lib/language';
import { actorOf, type StaffMemberView } from '../staff/staff-accounts';
import { createBoxOffice, type BoxOfficeDeps } from './box-office.service';

/** The box office (issue 22 point 5): admins and box-office staff sell at the desk. */
export function registerBoxOfficeRoutes(app: FastifyInstance, deps: BoxOfficeDeps & { guard: StaffGuard<StaffMemberView> }): void {
  const boxOffice = createBoxOffice(deps);
  registerGuardedStaffRoute(app, 'box-office-items', deps.guard, async () => boxOffice.items());
  registerGuardedStaffRoute(app, 'box-office-sell', deps.guard, async (input, member, request) => boxOffice.sell(actorOf(member), input, requestLocale(request)));
  registerGuardedStaffRoute(app, 'box-office-email-tickets', deps.guard, async (input, member) => boxOffice.emailTickets(actorOf(member), input));
}
