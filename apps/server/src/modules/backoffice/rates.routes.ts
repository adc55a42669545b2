import type { FastifyInstance } from 'fastify';
import { registerGuardedStaffRoute, type StaffGuard } from '../../http/api-route';
import { actorOf, type StaffMemberView } from '../staff/staff-accounts';
import type { RateAdmin } from './rates.service';

/** Tax rates and shipping rates (issue 37 point 1, decision 0101): admins only. */
export function registerRateRoutes(app: FastifyInstance, deps: { rates: RateAdmin; guard: StaffGuard<StaffMemberView> }): void {
  const { rates, guard } = deps;
  registerGuardedStaffRoute(app, 'rate-list', guard, async () => rates.list());
  registerGuardedStaffRoute(app, 'tax-rate-save', guard, async (input, member) => rates.saveTaxRate(actorOf(member), input));
  registerGuardedStaffRoute(app, 'shipping-rate-save', guard, async (input, member) => rates.saveShippingRate(actorOf(member), input));
}
