import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { registerApiRoute } from '../../http/api-route';
import { findSessionCustomer } from '../accounts/session.service';
import type { OrderLinksService } from './order-links.service';

/**
 * The calls behind the accept-terms and instalment links (spec section 7); they work without a
 * session. The session, when one is sent, only tells the owner's own card attempts from a link
 * holder's (decision 0027), which are limited per link and network address.
 */
export function registerOrderLinkRoutes(app: FastifyInstance, deps: { db: Db; orderLinks: OrderLinksService }): void {
  const { db, orderLinks } = deps;
  registerApiRoute(app, 'get-terms-and-conditions-order', async (input) => ({ order: await orderLinks.termsOrder(input.order, input.checksum) }));
  registerApiRoute(app, 'accept-terms-and-conditions', async (input, request) =>
    orderLinks.acceptTerms(input.order, input.checksum, { customer: await findSessionCustomer(db, input.token), ip: request.ip }),
  );
  registerApiRoute(app, 'get-payment-plan-order-payment', async (input) => ({ data: await orderLinks.instalment(input.order, input.reference, input.checksum) }));
  registerApiRoute(app, 'pay-payment-plan-order-payment', async (input, request) => ({
    data: { payment: await orderLinks.payInstalment(input.order, input.reference, input.checksum, { customer: await findSessionCustomer(db, input.token), ip: request.ip }) },
  }));
}
