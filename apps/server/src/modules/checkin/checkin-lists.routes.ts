import type { FastifyInstance } from 'fastify';
import { registerGuardedStaffRoute, type StaffGuard } from '../../http/api-route';
import { actorOf, type StaffMemberView } from '../staff/staff-accounts';
import type { CheckinListAdmin } from './checkin-lists.service';

/** The check-in lists in the back office (issue 37 point 5, decision 0097): admins only. */
export function registerCheckinListRoutes(app: FastifyInstance, deps: { lists: CheckinListAdmin; guard: StaffGuard<StaffMemberView> }): void {
  const { lists, guard } = deps;
  registerGuardedStaffRoute(app, 'checkin-list-overview', guard, async () => lists.overview());
  registerGuardedStaffRoute(app, 'checkin-list-save', guard, async (input, member) => lists.save(actorOf(member), input));
  registerGuardedStaffRoute(app, 'checkin-list-archive', guard, async (input, member) => lists.archive(actorOf(member), input));
  registerGuardedStaffRoute(app, 'checkin-conflict-resolve', guard, async (input, member) => lists.resolveConflict(actorOf(member), input));
}
