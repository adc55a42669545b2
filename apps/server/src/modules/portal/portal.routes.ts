import { messages } from '@festival/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { registerApiRoute } from '../../http/api-route';
import { AppError } from '../../http/app-error';
import { findSessionCustomer } from '../accounts/session.service';
import type { PortalService } from './portal.service';

/** change-ticket, set-travel-time, request-refund and cancel-refund (spec section 7): logged-in customers only. */
export function registerPortalRoutes(app: FastifyInstance, deps: { db: Db; portal: PortalService }): void {
  const { db, portal } = deps;
  const customerOf = async (token: string | null | undefined) => {
    const customer = await findSessionCustomer(db, token);
    if (!customer) throw new AppError('UNAUTHENTICATED', messages.server.unauthenticated);
    return customer;
  };
  registerApiRoute(app, 'change-ticket', async (input) => portal.changeTicket(input, await customerOf(input.token)));
  registerApiRoute(app, 'set-travel-time', async (input) => portal.setTravelTime(input, await customerOf(input.token)));
  registerApiRoute(app, 'request-refund', async (input) => portal.requestRefund(input, await customerOf(input.token)));
  registerApiRoute(app, 'cancel-refund', async (input) => portal.cancelRefund(input, await customerOf(input.token)));
}
