import type { FastifyInstance } from 'fastify';
import { registerGuardedStaffRoute, type StaffGuard } from '../../http/api-route';
import { actorOf, type StaffMemberView } from '../staff/staff-accounts';
import type { OnsaleAdmin } from './onsales.service';

/** The on-sales (issue 23 points 1 and 6): their live figures for the roles that see the dashboard, changes, new on-sales and their live control for admins (decision 0098). */
export function registerOnsaleRoutes(app: FastifyInstance, deps: { onsales: OnsaleAdmin; guard: StaffGuard<StaffMemberView> }): void {
  const { onsales, guard } = deps;
  registerGuardedStaffRoute(app, 'onsales-overview', guard, async () => onsales.overview());
  registerGuardedStaffRoute(app, 'onsale-change', guard, async (input, member) => onsales.change(actorOf(member), input));
  registerGuardedStaffRoute(app, 'onsale-create', guard, async (input, member) => onsales.create(actorOf(member), input));
  registerGuardedStaffRoute(app, 'onsale-control', guard, async (input, member) => onsales.control(actorOf(member), input));
  registerGuardedStaffRoute(app, 'onsale-preview', guard, async (input, member) => onsales.previewLink(actorOf(member), input));
}
