import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { registerApiRoute } from '../../http/api-route';
import { requestLocale } from '../../lib/language';
import { requireSessionCustomer } from '../accounts/session.service';
import type { PortalService } from './portal.service';

/** change-ticket, set-travel-time, request-refund and cancel-refund (spec section 7): logged-in customers only. */
export function registerPortalRoutes(app: FastifyInstance, deps: { db: Db; portal: PortalService }): void {
  const { db, portal } = deps;
  registerApiRoute(app, 'change-ticket', async (input) => portal.changeTicket(input, await requireSessionCustomer(db, input.token)));
  registerApiRoute(app, 'change-answers', async (input, request) => portal.changeAnswers(input, await requireSessionCustomer(db, input.token), requestLocale(request)));
  registerApiRoute(app, 'set-travel-time', async (input) => portal.setTravelTime(input, await requireSessionCustomer(db, input.token)));
  registerApiRoute(app, 'request-refund', async (input, request) => portal.requestRefund(input, await requireSessionCustomer(db, input.token), requestLocale(request)));
  registerApiRoute(app, 'cancel-refund', async (input) => portal.cancelRefund(input, await requireSessionCustomer(db, input.token)));
  registerApiRoute(app, 'refund-bank-details', async (input, request) => portal.giveRefundBankDetails(input, await requireSessionCustomer(db, input.token), requestLocale(request)));
}
