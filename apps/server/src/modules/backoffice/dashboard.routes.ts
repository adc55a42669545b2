import { dashboardMessages } from '@festival/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error';
import { registerGuardedStaffRoute, type StaffGuard } from '../../http/api-route';
import type { StaffMemberView } from '../staff/staff-accounts';
import type { DashboardService } from './dashboard.service';

/** The back office's dashboard of an event (issue 22 point 2, decision 0043): a read, not audited. */
export function registerDashboardRoutes(app: FastifyInstance, deps: { dashboard: DashboardService; guard: StaffGuard<StaffMemberView> }): void {
  registerGuardedStaffRoute(app, 'dashboard', deps.guard, async (input) => {
    const result = await deps.dashboard.dashboard(input.event);
    if (!result.found) throw new AppError('NOT_FOUND', result.reason === 'no-events' ? dashboardMessages.noEvents : dashboardMessages.noSuchEvent);
    return result.answer;
  });
}
