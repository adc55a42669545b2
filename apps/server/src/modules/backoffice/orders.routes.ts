import type { FastifyInstance } from 'fastify';
import { registerGuardedStaffRoute, type StaffGuard } from '../../http/api-route';
import { actorOf, type StaffMemberView } from '../staff/staff-accounts';
import { createBackofficeOrders, type BackofficeOrdersDeps } from './orders.service';

/**
 * The back office's orders (issue 22 point 3): search, the order page, and one call per action
 * (their roles differ), each guarded by the contract's access before the payload is read.
 */
export function registerBackofficeOrderRoutes(app: FastifyInstance, deps: BackofficeOrdersDeps & { guard: StaffGuard<StaffMemberView> }): void {
  const { guard } = deps;
  const orders = createBackofficeOrders(deps);
  registerGuardedStaffRoute(app, 'order-search', guard, (input) => orders.search(input));
  registerGuardedStaffRoute(app, 'order-detail', guard, (input) => orders.detail(input));
  registerGuardedStaffRoute(app, 'order-resend', guard, (input, member) => orders.resend(actorOf(member), input));
  registerGuardedStaffRoute(app, 'order-mark-paid', guard, (input, member) => orders.markPaid(actorOf(member), input));
  registerGuardedStaffRoute(app, 'order-cancel', guard, (input, member) => orders.cancel(actorOf(member), input));
  registerGuardedStaffRoute(app, 'order-refund', guard, (input, member) => orders.refund(actorOf(member), input));
  registerGuardedStaffRoute(app, 'order-tickets-pdf', guard, (input, member) => orders.ticketsPdf(actorOf(member), input));
  registerGuardedStaffRoute(app, 'order-refund-paid-out', guard, (input, member) => orders.refundPaidOut(actorOf(member), input));
  registerGuardedStaffRoute(app, 'order-change-ticket', guard, (input, member) => orders.changeTicket(actorOf(member), input));
  registerGuardedStaffRoute(app, 'order-extend-deadline', guard, (input, member) => orders.extendDeadline(actorOf(member), input));
}
