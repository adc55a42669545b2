import { paymentMessages } from '@festival/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import { registerApiRoute } from '../../http/api-route';
import { requestLocale } from '../../lib/language';
import { findSessionCustomer, requireSessionCustomer } from '../accounts/session.service';
import type { CatalogReader } from '../catalog/catalog-snapshot';
import type { CustomerData } from '../data/data.service';
import type { PaymentsService } from '../payments/payments.service';
import type { CheckoutService } from './checkout.service';
import type { InvoiceService } from './invoice.service';

/** calculate-invoice, validate-voucher and checkout-cart (spec section 7), and our own pay-order and pay-by-transfer. */
export function registerCheckoutRoutes(
  app: FastifyInstance,
  deps: { db: Db; invoices: InvoiceService; checkout: CheckoutService; payments: PaymentsService; catalog: CatalogReader; customerData: CustomerData },
): void {
  const { db, invoices, checkout, payments } = deps;
  registerApiRoute(app, 'calculate-invoice', async (input) => ({
    invoice: await invoices.calculate(input.cart, input.country, await findSessionCustomer(db, input.token)),
  }));
  registerApiRoute(app, 'payment-methods', async (input) => {
    // The cart's amount as its invoice says (before a voucher): the provider's methods depend on it.
    const invoice = await invoices.calculate(input.cart, input.country, await findSessionCustomer(db, input.token));
    const country = input.country?.trim().toUpperCase() || null;
    return { methods: await payments.methodsFor(invoice.total, country) };
  });
  registerApiRoute(app, 'validate-voucher', async (input, request) => {
    const customer = await findSessionCustomer(db, input.token);
    return { voucher: await invoices.validateVoucher(input.code, input.cart, customer, { customerId: customer?.id ?? null, ip: request.ip }) };
  });
  registerApiRoute(app, 'checkout-cart', async (input, request) => {
    const customer = await findSessionCustomer(db, input.token);
    const chosen = input.order.payment_method === 'credit_card' ? input.order.provider_method : null;
    if (chosen && customer) {
      // A provider's method is one it lists for this cart and country (decision 0067), as the
      // page offered them (the same minute's list); a provider that lists none decides on its page.
      // A cart the invoice cannot be made for is the checkout's to refuse, with its own words.
      const invoice = await invoices.calculate(input.cart, input.customer.country, customer).catch(() => null);
      const offered = invoice ? await payments.methodsFor(invoice.total, input.customer.country?.trim().toUpperCase() || null) : [];
      if (offered.length && !offered.some((method) => method.id === chosen)) {
        throw new AppError('INVALID_INPUT', paymentMessages.methodNotOffered, { 'order.provider_method': [paymentMessages.methodNotOffered] });
      }
    }
    return checkout.checkout(input, customer, request.ip, request, requestLocale(request));
  });
  registerApiRoute(app, 'pay-order', async (input) => {
    const customer = await requireSessionCustomer(db, input.token);
    const payment = await payments.payOrder(String(input.order), customer);
    return { payment, data: await deps.customerData(await deps.catalog.current(), customer) };
  });
  registerApiRoute(app, 'pay-by-transfer', async (input) => {
    const customer = await requireSessionCustomer(db, input.token);
    const snapshot = await deps.catalog.current();
    await payments.payByTransfer(String(input.order), customer, snapshot);
    return { data: await deps.customerData(snapshot, customer) };
  });
}
