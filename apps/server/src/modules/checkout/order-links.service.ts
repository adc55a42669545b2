import { type Order, type PaymentInstruction, type PaymentPlanPayment, type UserData, paymentMessages } from '@festival/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { CustomerRow } from '../accounts/session.queries';
import type { CatalogReader } from '../catalog/catalog-snapshot';
import type { CustomerData } from '../data/data.service';
import { customerOrdersAndRefunds, orderChecksum, orderChecksumMatches } from '../orders/order-view';
import * as orderQueries from '../orders/orders.queries';
import type { OrderRow } from '../orders/orders.queries';
import type { PaymentsService } from '../payments/payments.service';

export interface OrderLinksDeps {
  db: Db;
  appSecret: string;
  catalog: CatalogReader;
  customerData: CustomerData;
  payments: PaymentsService;
  now?: () => Date;
}

/**
 * The two links that open one order without a session (spec section 6): accepting the terms of
 * an order (box-office orders are placed without them) and paying one instalment of a payment
 * plan. Each carries the order's checksum, an HMAC under APP_SECRET compared in constant time;
 * a wrong checksum answers exactly as an unknown order does.
 */
export function createOrderLinksService(deps: OrderLinksDeps) {
  const { db, payments } = deps;
  const now = deps.now ?? (() => new Date());
  const notFound = () => new AppError('NOT_FOUND', paymentMessages.orderNotFound);

  async function linkedOrder(on: Db, code: string | number, checksum: string, lock: boolean): Promise<OrderRow> {
    const text = String(code).trim().toUpperCase();
    if (!orderChecksumMatches(deps.appSecret, text, checksum)) throw notFound();
    const order = lock ? await orderQueries.lockOrder(on, { code: text }) : await orderQueries.findOrderByCode(on, text);
    if (!order) throw notFound();
    return order;
  }

  async function viewOf(order: OrderRow): Promise<Order> {
    const { orders } = await customerOrdersAndRefunds(db, order.customerId, await deps.catalog.current(), deps.appSecret, now(), order.id);
    return orders[0]!;
  }

  /** The customer's data when the session is theirs: a link opened by someone else answers no data. */
  async function dataFor(order: OrderRow, customer: CustomerRow | null): Promise<UserData | null> {
    return customer && customer.id === order.customerId ? deps.customerData(await deps.catalog.current(), customer) : null;
  }

  const needsCardPayment = (order: OrderRow) =>
    order.paymentMethod === 'credit_card' && (order.paymentStatus === 'pending' || order.paymentStatus === 'partial') && order.totalPaid < order.totalPrice;

  return {
    async termsOrder(code: string | number, checksum: string): Promise<Order> {
      return viewOf(await linkedOrder(db, code, checksum, false));
    },

    /**
     * Records the acceptance once (a second acceptance keeps the first time), then answers the
     * payment to make when the order still waits for a card payment: a box-office order the
     * customer pays online, or one whose payment failed.
     */
    async acceptTerms(code: string | number, checksum: string, customer: CustomerRow | null): Promise<{ data: UserData | null; payment: PaymentInstruction | null }> {
      const { order, payment } = await db.transaction(async (tx) => {
        const order = await linkedOrder(tx, code, checksum, true);
        if (order.paymentStatus === 'abandoned' || order.paymentStatus === 'cancelled') throw new AppError('CONFLICT', paymentMessages.notPayable);
        const accepted = order.acceptedTermsAt ? order : await orderQueries.updateOrder(tx, order.id, { acceptedTermsAt: now() });
        if (!needsCardPayment(accepted)) return { order: accepted, payment: null };
        const owner = await orderQueries.findOrderCustomer(tx, accepted.customerId);
        const page = `/accept-tcs/${encodeURIComponent(accepted.code)}/${orderChecksum(deps.appSecret, accepted.code)}`;
        return { order: accepted, payment: await payments.startAttempt(tx, accepted, owner.email, { returnTo: page }) };
      });
      return { data: await dataFor(order, customer), payment };
    },

    async instalment(code: string | number, reference: string, checksum: string): Promise<{ order: Order; payment: PaymentPlanPayment }> {
      const order = await linkedOrder(db, code, checksum, false);
      const view = await viewOf(order);
      const payment = view.payments.find((candidate) => candidate.reference === reference.trim());
      if (!payment) throw notFound();
      return { order: view, payment };
    },

    /** A card attempt for one instalment, counted on it; a paid or cancelled instalment cannot be paid again. */
    async payInstalment(code: string | number, reference: string, checksum: string): Promise<PaymentInstruction> {
      return db.transaction(async (tx) => {
        const order = await linkedOrder(tx, code, checksum, true);
        const instalment = await orderQueries.findInstalment(tx, order.id, reference.trim());
        if (!instalment) throw notFound();
        if (order.paymentStatus === 'abandoned' || order.paymentStatus === 'cancelled' || order.paymentStatus === 'paid') throw new AppError('CONFLICT', paymentMessages.notPayable);
        const owner = await orderQueries.findOrderCustomer(tx, order.customerId);
        const page = `/payment-plan-payment/${encodeURIComponent(order.code)}/${orderChecksum(deps.appSecret, order.code)}/${encodeURIComponent(instalment.reference)}`;
        return payments.startAttempt(tx, order, owner.email, { chosen: instalment, returnTo: page });
      });
    },
  };
}

export type OrderLinksService = ReturnType<typeof createOrderLinksService>;
