import type { FastifyInstance } from 'fastify';
import { registerGuardedStaffRoute, type StaffGuard } from '../../http/api-route';
import { requestLocale } from '../../lib/language';
import { actorOf, type StaffMemberView } from '../staff/staff-accounts';
import { createBackofficeOrders, type BackofficeOrdersDeps } from './orders.service';

/**
 * The back office's orders (issue 22 point 3): search, the order page, and one call per action
 * (their roles differ), each guarded by the contract's access before the payload is read. The
 * order page they answer is in the request's language (the staff member's).
 */
export function registerBackofficeOrderRoutes(app: FastifyInstance, deps: BackofficeOrdersDeps & { guard: StaffGuard<StaffMemberView> }): void {
  const { guard } = deps;
  const orders = createBackofficeOrders(deps);
  registerGuardedStaffRoute(app, 'order-search', guard, (input) => orders.search(input));
  registerGuardedStaffRoute(app, 'order-detail', guard, (input, _member, request) => orders.detail(input, requestLocale(request)));
  registerGuardedStaffRoute(app, 'order-resend', guard, (input, member, request) => orders.resend(actorOf(member), input, requestLocale(request)));
  registerGuardedStaffRoute(app, 'order-mark-paid', guard, (input, member, request) => orders.markPaid(actorOf(member), input, requestLocale(request)));
  registerGuardedStaffRoute(app, 'order-cancel', guard, (input, member, request) => orders.cancel(actorOf(member), input, requestLocale(request)));
  registerGuardedStaffRoute(app, 'order-refund', guard, (input, member, request) => orders.refund(actorOf(member), input, requestLocale(request)));
  registerGuardedStaffRoute(app, 'order-tickets-pdf', guard, (input, member) => orders.ticketsPdf(actorOf(member), input));
  registerGuardedStaffRoute(app, 'order-refund-paid-out', guard, (input, member, request) => orders.refundPaidOut(actorOf(member), input, requestLocale(request)));
  registerGuardedStaffRoute(app, 'order-change-ticket', guard, (input, member, request) => orders.changeTicket(actorOf(member), input, requestLocale(request)));
  registerGuardedStaffRoute(app, 'order-change-answers', guard, (input, member, request) => orders.changeAnswers(actorOf(member), input, requestLocale(request)));
  registerGuardedStaffRoute(app, 'order-extend-deadline', guard, (input, member, request) => orders.extendDeadline(actorOf(member), input, requestLocale(request)));
}
