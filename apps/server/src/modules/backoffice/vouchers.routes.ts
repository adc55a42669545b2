import type { FastifyInstance } from 'fastify';
import { registerGuardedStaffRoute, type StaffGuard } from '../../http/api-route';
import { actorOf, type StaffMemberView } from '../staff/staff-accounts';
import type { VoucherAdmin } from './vouchers.service';

/** The vouchers (issue 37 point 3, decision 0096): admins only. */
export function registerVoucherRoutes(app: FastifyInstance, deps: { vouchers: VoucherAdmin; guard: StaffGuard<StaffMemberView> }): void {
  const { vouchers, guard } = deps;
  registerGuardedStaffRoute(app, 'voucher-list', guard, async (input) => vouchers.list(input));
  registerGuardedStaffRoute(app, 'voucher-save', guard, async (input, member) => vouchers.save(actorOf(member), input));
  registerGuardedStaffRoute(app, 'voucher-generate', guard, async (input, member) => vouchers.generate(actorOf(member), input));
}
