import type { FastifyInstance } from 'fastify';
import { registerGuardedStaffRoute, type StaffGuard } from '../../http/api-route';
import { requestLocale } from '../../lib/language';
import { actorOf, type StaffMemberView } from '../staff/staff-accounts';
import type { RefundQueue } from './refunds.service';

/** The refund queue (issue 22 point 4): admins and customer service, in the request's language (the staff member's). */
export function registerRefundQueueRoutes(app: FastifyInstance, deps: { refunds: RefundQueue; guard: StaffGuard<StaffMemberView> }): void {
  const { refunds, guard } = deps;
  registerGuardedStaffRoute(app, 'refund-requests', guard, async (_input, _member, request) => refunds.list(requestLocale(request)));
  registerGuardedStaffRoute(app, 'refund-decide', guard, async (input, member, request) =>
    input.decision === 'approve' ? refunds.approve(actorOf(member), input.refund_id, requestLocale(request)) : refunds.reject(actorOf(member), input.refund_id, input.reason, requestLocale(request)),
  );
}
