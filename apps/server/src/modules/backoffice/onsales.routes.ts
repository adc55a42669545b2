import type { FastifyInstance } from 'fastify';
import { registerGuardedStaffRoute, type StaffGuard } from '../../http/api-route';
import { actorOf, type StaffMemberView } from '../staff/staff-accounts';
import type { OnsaleAdmin } from './onsales.service';

/** The on-sales (issue 23 points 1 and 6): their live figures for the roles that see the dashboard, changes for admins. */
export function registerOnsaleRoutes(app: FastifyInstance, deps: { onsales: OnsaleAdmin; guard: StaffGuard<StaffMemberView> }): void {
  const { onsales, guard } = deps;
  registerGuardedStaffRoute(app, 'onsales-overview', guard, async () => onsales.overview());
  registerGuardedStaffRoute(app, 'onsale-change', guard, async (input, member) => onsales.change(actorOf(member), input));
}
