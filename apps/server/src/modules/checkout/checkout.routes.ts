import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { registerApiRoute } from '../../http/api-route';
import { findSessionCustomer } from '../accounts/session.service';
import type { InvoiceService } from './invoice.service';

/** calculate-invoice and validate-voucher (spec section 7); checkout-cart comes with the payment flow. */
export function registerCheckoutRoutes(app: FastifyInstance, db: Db, invoices: InvoiceService): void {
  registerApiRoute(app, 'calculate-invoice', async (input) => ({
    invoice: await invoices.calculate(input.cart, input.country, await findSessionCustomer(db, input.token)),
  }));
  registerApiRoute(app, 'validate-voucher', async (input) => ({ voucher: await invoices.validateVoucher(input.code) }));
}
