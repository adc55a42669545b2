import type { FastifyInstance } from 'fastify';
import { registerGuardedStaffRoute, type StaffGuard } from '../../http/api-route';
import { actorOf, type StaffMemberView } from '../staff/staff-accounts';
import type { QuestionAdmin } from './questions.service';

/** Questions per product (issue 37 point 4, decision 0106): admins only. */
export function registerQuestionRoutes(app: FastifyInstance, deps: { questions: QuestionAdmin; guard: StaffGuard<StaffMemberView> }): void {
  const { questions, guard } = deps;
  registerGuardedStaffRoute(app, 'question-list', guard, async (input) => questions.list(input));
  registerGuardedStaffRoute(app, 'question-save', guard, async (input, member) => questions.save(actorOf(member), input));
  registerGuardedStaffRoute(app, 'question-remove', guard, async (input, member) => questions.remove(actorOf(member), input));
  registerGuardedStaffRoute(app, 'question-order', guard, async (input, member) => questions.order(actorOf(member), input));
}
