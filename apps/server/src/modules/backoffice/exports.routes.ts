import type { FastifyInstance } from 'fastify';
import { registerGuardedStaffRoute, type StaffGuard } from '../../http/api-route';
import { requestLocale } from '../../lib/language';
import { actorOf, type StaffMemberView } from '../staff/staff-accounts';
import type { Exports } from './exports.service';

/** The exports (issue 22 point 7): admins and customer service; the box office may not hand customers' data out. Answers to questions in the member's language. */
export function registerExportRoutes(app: FastifyInstance, deps: { exports: Exports; guard: StaffGuard<StaffMemberView> }): void {
  registerGuardedStaffRoute(app, 'staff-export', deps.guard, async (input, member, request) => deps.exports.export(actorOf(member), input, requestLocale(request)));
}
