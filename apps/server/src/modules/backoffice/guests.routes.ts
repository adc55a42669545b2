import type { FastifyInstance } from 'fastify';
import { registerGuardedStaffRoute, type StaffGuard } from '../../http/api-route';
import { actorOf, type StaffMemberView } from '../staff/staff-accounts';
import type { GuestLists } from './guests.service';

/** Guest lists (issue 37 point 3, decision 0100): the desk's roles issue and cancel, admins make and rename lists (the contract's access). */
export function registerGuestRoutes(app: FastifyInstance, deps: { guests: GuestLists; guard: StaffGuard<StaffMemberView> }): void {
  const { guests, guard } = deps;
  registerGuardedStaffRoute(app, 'guest-lists', guard, async () => guests.lists());
  registerGuardedStaffRoute(app, 'guest-list-save', guard, async (input, member) => guests.save(actorOf(member), input));
  registerGuardedStaffRoute(app, 'guest-issue', guard, async (input, member) => guests.issue(actorOf(member), input));
  registerGuardedStaffRoute(app, 'guest-cancel', guard, async (input, member) => guests.cancel(actorOf(member), input));
}
