import type { FastifyInstance } from 'fastify';
import { registerGuardedStaffRoute, type StaffGuard } from '../../http/api-route';
import { actorOf, type StaffMemberView } from '../staff/staff-accounts';
import type { RefundQueue } from './refunds.service';

/** The refund queue (issue 22 point 4): admins and customer service. */
export function registerRefundQueueRoutes(app: FastifyInstance, deps: { refunds: RefundQueue; guard: StaffGuard<StaffMemberView> }): void {
  const { refunds, guard } = deps;
  registerGuardedStaffRoute(app, 'refund-requests', guard, async () => refunds.list());
  registerGuardedStaffRoute(app, 'refund-decide', guard, async (input, member) =>
    input.decision === 'approve' ? refunds.approve(actorOf(member), input.refund_id) : refunds.reject(actorOf(member), input.refund_id, input.reason),
  );
}
