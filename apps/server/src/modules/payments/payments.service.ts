import { randomBytes } from 'node:crypto';
import { type PaymentInstruction, type ShopConfigFile, paymentMessages } from '@festival/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import { returnSoldStock, returnVoucherUse } from '../checkout/checkout.queries';
import { issueInvoice } from '../invoicing/invoicing.service';
import { enqueueMail } from '../mail/outbox';
import { instalmentLink, orderLinkSignature } from '../checkout/order-links.signatures';
import { OVERDUE_AFTER_MS } from '../orders/order-view';
import { confirmationMail, instalmentMail, ticketsReadyMails } from '../orders/orders.mail';
import { paymentReturnedMail } from './payments.mail';
import * as orderQueries from '../orders/orders.queries';
import type { InstalmentRow, OrderRow } from '../orders/orders.queries';
import type { PaymentGateway, VerifiedNotification } from './gateway';
import * as queries from './payments.queries';
import type { PaymentRow } from './payments.queries';

export interface PaymentsDeps {
  db: Db;
  config: ShopConfigFile;
  /** Null when the shop has no usable gateway: card payments are then not offered (decision 0026). */
  gateway: PaymentGateway | null;
  logger?: FastifyBaseLogger | undefined;
  /** Tells the mail sender that a message is waiting. */
  mailQueued?: () => void;
  /** Signs the instalment links in reminders (APP_SECRET). */
  appSecret: string;
  now?: () => Date;
}

/** A reminder goes out this long before an instalment's due date. */
export const REMIND_BEFORE_MS = 3 * 24 * 60 * 60_000;

export type NotificationResult = 'applied' | 'refunded' | 'duplicate' | 'unknown-payment' | 'mismatch';

/** Why money that arrived is not kept (decision 0026). */
export type RefundReason = 'attempt-closed' | 'order-paid' | 'order-closed' | 'instalment-closed' | 'overpaid';

/**
 * Whether a paid attempt's money may count for its order, or why not: an attempt that was
 * cancelled (a newer one replaced it), expired or declined, an order already paid or ended, an
 * instalment already paid, or more than the order still owes. Decided under the order's lock.
 */
export function refundReason(payment: Pick<PaymentRow, 'status' | 'amount'>, order: Pick<OrderRow, 'paymentStatus' | 'totalPaid' | 'totalPrice'>, instalment?: Pick<InstalmentRow, 'status'>): RefundReason | null {
  if (payment.status !== 'open') return 'attempt-closed';
  if (order.paymentStatus === 'paid') return 'order-paid';
  if (order.paymentStatus === 'abandoned' || order.paymentStatus === 'cancelled') return 'order-closed';
  if (instalment && (instalment.status === 'paid' || instalment.status === 'cancelled')) return 'instalment-closed';
  if (order.totalPaid + payment.amount > order.totalPrice) return 'overpaid';
  return null;
}

export const NOTIFY_PATH = (provider: string) => `/payments/notify/${provider}`;
export const RETURN_PATH = (provider: string) => `/payments/return/${provider}`;

/**
 * Payments of orders: card attempts through the gateway, the provider's notifications (the only
 * way an order becomes paid by card), bank transfers recorded by the organiser, and unpaid card
 * orders that give their stock back when their time is up.
 */
export function createPaymentsService(deps: PaymentsDeps) {
  const { db, config } = deps;
  const now = deps.now ?? (() => new Date());
  const cardGateway = (): PaymentGateway => {
    if (!deps.gateway) throw new AppError('CONFLICT', paymentMessages.cardPaymentsUnavailable);
    return deps.gateway;
  };

  /** `returnTo`: a page of the shop's to send the payer back to (the link they paid from) instead of the order. */
  const instructionFor = (gateway: PaymentGateway, payment: PaymentRow, order: OrderRow, email: string, returnTo?: string): Promise<PaymentInstruction> =>
    gateway.createPayment({
      reference: payment.providerReference!,
      amount: payment.amount,
      currency: config.currency,
      description: `Order ${order.code}`,
      customerEmail: email,
      returnPath: RETURN_PATH(gateway.provider) + (returnTo ? `?then=${encodeURIComponent(returnTo)}` : ''),
      notifyPath: NOTIFY_PATH(gateway.provider),
    });

  /**
   * Issues the tickets and merchandise of an order that has money in, and confirms it by e-mail
   * once. A payment plan's confirmation only says when its tickets come (they download once the
   * order is paid in full); `ticketsNowReady` marks that moment after it, and the buyer gets them
   * then. Holders of another address get theirs once the order is paid (each message once).
   */
  async function fulfil(tx: Db, order: OrderRow, ticketsNowReady = false): Promise<void> {
    await orderQueries.setOrderItemsStatus(tx, order.id, 'pending', 'active');
    // Paid in full: the invoice is issued, and numbered, in the transaction that takes the money (decision 0033).
    if (order.paymentStatus === 'paid') await issueInvoice(tx, config, order.id, now());
    const { customer, tickets, purchases, lastDueAt } = await orderQueries.loadOrderForMail(tx, order);
    const active = tickets.filter((ticket) => ticket.status === 'active');
    await enqueueMail(tx, await confirmationMail(config, customer, order, active, purchases, lastDueAt));
    if (order.paymentStatus === 'paid') for (const mail of await ticketsReadyMails(config, customer, order, active, ticketsNowReady)) await enqueueMail(tx, mail);
  }

  /** Adds money to an order: paid in full, or partly (a payment-plan instalment, a partial transfer). */
  async function receive(tx: Db, order: OrderRow, amount: number, instalmentId: number | null): Promise<OrderRow> {
    const totalPaid = order.totalPaid + amount;
    if (order.paymentStatus === 'abandoned' || order.paymentStatus === 'cancelled') {
      // A bank transfer for an order whose stock went back on sale (card money never gets here: it
      // is refunded): an organiser refunds the payer or re-issues by hand.
      deps.logger?.error({ order: order.code, amount }, 'payment received for an order that was abandoned or cancelled: its status is now problem');
      return orderQueries.updateOrder(tx, order.id, { totalPaid, paymentStatus: 'problem' });
    }
    if (instalmentId !== null) await orderQueries.updateInstalment(tx, instalmentId, { status: 'paid', paidAmount: amount, paidAt: now() });
    const status = totalPaid >= order.totalPrice ? 'paid' : 'partial';
    const firstMoney = order.totalPaid === 0 || order.paymentStatus === 'pending';
    const updated = await orderQueries.updateOrder(tx, order.id, {
      totalPaid,
      paymentStatus: status,
      payBy: null,
      ...(status === 'paid' ? { paidAt: now() } : {}),
    });
    // Paid in full issues the tickets and confirms; a payment plan does so at its initial payment
    // (the confirmation's dedupe key keeps it to one message).
    if (status === 'paid' || (firstMoney && order.paymentPlan?.length)) await fulfil(tx, updated, status === 'paid' && !firstMoney && Boolean(order.paymentPlan?.length));
    return updated;
  }

  /**
   * Starts a card attempt and counts it, refusing at the configured maximum. Without an instalment
   * it pays the order (a payment-plan order's next open instalment, its initial payment at
   * checkout), counted on the order; an instalment's own page pays that instalment, counted on it.
   * Runs in the caller's transaction with the order locked.
   */
  async function startAttempt(
    tx: Db,
    order: OrderRow,
    email: string,
    options: {
      /** The instalment to pay (its own page); otherwise the order's next amount. */
      chosen?: InstalmentRow;
      /** The shop's page to send the payer back to. */
      returnTo?: string;
      /** The order was inserted by this transaction with its first attempt counted already (the checkout). */
      firstOfNewOrder?: boolean;
      /**
       * False for an attempt through an order link without the owner's session (decision 0027): the
       * caller limits those per link and network, and they leave the owner's attempts as they are.
       */
      counted?: boolean;
    } = {},
  ): Promise<PaymentInstruction> {
    const { chosen, returnTo, firstOfNewOrder = false, counted = true } = options;
    const gateway = cardGateway();
    const instalment = chosen ?? (order.paymentPlan?.length ? await orderQueries.findFirstOpenInstalment(tx, order.id) : undefined);
    const attemptsSoFar = firstOfNewOrder ? 0 : chosen ? chosen.attempts : order.paymentAttempts;
    if (attemptsSoFar >= config.maxCreditCardAttempts) throw new AppError('CONFLICT', paymentMessages.maxAttemptsReached);
    const amount = instalment ? instalment.amount - instalment.paidAmount : order.totalPrice - order.totalPaid;
    if (amount <= 0 || (instalment && (instalment.status === 'paid' || instalment.status === 'cancelled'))) throw new AppError('CONFLICT', paymentMessages.notPayable);
    const attempt = attemptsSoFar + 1;
    if (counted && !chosen && !firstOfNewOrder) await orderQueries.updateOrder(tx, order.id, { paymentAttempts: attempt });
    if (counted && instalment) await orderQueries.updateInstalment(tx, instalment.id, { attempts: instalment.attempts + 1 });
    // One open attempt per order: the earlier ones can no longer pay it (decision 0026). A new
    // order has none, so the checkout skips the statement.
    if (!firstOfNewOrder) await cancelAtGateway(await queries.cancelOpenAttempts(tx, order.id), order);
    const payment = await queries.insertPayment(tx, {
      orderId: order.id,
      planPaymentId: instalment?.id ?? null,
      provider: gateway.provider,
      providerReference: `pay_${randomBytes(16).toString('hex')}`,
      method: 'credit_card',
      amount,
      attempt,
    });
    return instructionFor(gateway, payment, order, email, returnTo);
  }

  /**
   * Tells the provider that attempts the shop closed must not take money. Best effort: the local
   * status already decides (money still arriving for them is refunded), so a provider that cannot
   * be reached does not stop the new attempt.
   */
  async function cancelAtGateway(closed: { provider: string; reference: string | null }[], order: Pick<OrderRow, 'code'>): Promise<void> {
    for (const { provider, reference } of closed) {
      if (!reference || !deps.gateway || provider !== deps.gateway.provider) continue;
      try {
        const answer = await deps.gateway.cancelAttempt(reference);
        if (answer === 'too-late') deps.logger?.warn({ order: order.code, reference }, 'the gateway could not cancel an earlier attempt: its money will be refunded when its notification arrives');
      } catch (error) {
        deps.logger?.warn({ order: order.code, reference, err: error }, 'the gateway did not answer the cancellation of an earlier attempt: its money will be refunded if it is paid');
      }
    }
  }

  /**
   * Sends a payment's money back through the gateway, records it on the payment and the order,
   * and tells the customer, in the notification's transaction under the order's lock. The
   * idempotency key is the attempt's own, so a retried notification (after a failure here rolled
   * everything back) asks for the same refund and the provider makes it once.
   */
  async function refundPayment(tx: Db, gateway: PaymentGateway, payment: PaymentRow, order: OrderRow, reason: RefundReason): Promise<void> {
    const { refundId } = await gateway.refund({
      reference: payment.providerReference!,
      amount: payment.amount,
      currency: config.currency,
      idempotencyKey: `refund:${payment.provider}:${payment.providerReference}`,
      reason,
    });
    await queries.setRefundedAndAddToOrder(tx, payment, refundId);
    const customer = await orderQueries.findOrderCustomer(tx, order.customerId);
    await enqueueMail(tx, await paymentReturnedMail(config, customer, order, payment));
    deps.logger?.warn({ order: order.code, reference: payment.providerReference, amount: payment.amount, reason, refundId }, 'a card payment the order did not need was refunded automatically');
  }

  /** Queues the reminders that are due now, each once (the instalment row records it in the same transaction). */
  async function remind(kind: 'due' | 'overdue', batch: number): Promise<number> {
    const windowMs = kind === 'due' ? REMIND_BEFORE_MS : OVERDUE_AFTER_MS;
    return db.transaction(async (tx) => {
      const rows = await orderQueries.lockInstalmentsToRemind(tx, kind, now(), windowMs, batch);
      for (const { instalment, order } of rows) {
        const customer = await orderQueries.findOrderCustomer(tx, order.customerId);
        const link = `/payment-plan-payment/${encodeURIComponent(order.code)}/${orderLinkSignature(deps.appSecret, order.code, instalmentLink(instalment.reference))}/${encodeURIComponent(instalment.reference)}`;
        await enqueueMail(tx, await instalmentMail(config, kind, customer, order, instalment, link));
        await orderQueries.updateInstalment(tx, instalment.id, kind === 'due' ? { reminderSentAt: now() } : { overdueNoticeSentAt: now() });
      }
      return rows.length;
    });
  }

  return {
    fulfil,

    /** Reminders before due dates and notices of overdue instalments; safe on any number of instances. */
    async sendInstalmentReminders(batch = 100): Promise<number> {
      const sent = (await remind('due', batch)) + (await remind('overdue', batch));
      if (sent) deps.mailQueued?.();
      return sent;
    },

    startAttempt,

    /** The instruction of an order's open card payment, for a checkout submitted again. */
    async openInstruction(order: OrderRow, email: string): Promise<PaymentInstruction | null> {
      if (order.paymentMethod !== 'credit_card' || order.paymentStatus !== 'pending') return null;
      const payment = await queries.findLatestOpenPayment(db, order.id);
      return payment && deps.gateway ? instructionFor(deps.gateway, payment, order, email) : null;
    },

    /**
     * Another card attempt for a pending order of this customer (pay-order): after a declined or
     * cancelled attempt, while the order still holds its items.
     */
    async payOrder(orderCode: string, customer: { id: number; email: string }): Promise<PaymentInstruction> {
      return db.transaction(async (tx) => {
        const order = await orderQueries.lockOrder(tx, { code: orderCode });
        if (!order || order.customerId !== customer.id) throw new AppError('NOT_FOUND', paymentMessages.orderNotFound);
        // Pending (or a payment plan's next instalment), terms accepted, and still inside its time to
        // pay; a box-office order has no such time (decision 0018).
        const payable =
          order.paymentMethod === 'credit_card' &&
          (order.paymentStatus === 'pending' || order.paymentStatus === 'partial') &&
          order.acceptedTermsAt !== null &&
          (order.payBy === null || order.payBy > now());
        if (!payable) throw new AppError('CONFLICT', paymentMessages.notPayable);
        return startAttempt(tx, order, customer.email);
      });
    },

    /**
     * Applies a verified notification once: a replayed or duplicated one (same id) changes
     * nothing, nor does a second outcome for an attempt that already has one. Money for an
     * attempt or order that no longer owes it is refunded, never counted (decision 0026). The
     * order is locked first, so two notifications of one order are decided one after the other.
     */
    async applyNotification(notification: VerifiedNotification): Promise<NotificationResult> {
      const gateway = cardGateway();
      const result = await db.transaction(async (tx): Promise<NotificationResult> => {
        const order = await queries.lockOrderOfPayment(tx, gateway.provider, notification.reference);
        if (!order) return 'unknown-payment';
        const found = await queries.lockPaymentAndRecordNotification(tx, gateway.provider, notification.reference, notification.id);
        if (!found) return 'unknown-payment';
        if (!found.recorded) return 'duplicate';
        const { payment } = found;
        if (notification.amount !== payment.amount || notification.currency !== config.currency) {
          deps.logger?.error({ reference: payment.providerReference, notification }, 'a payment notification does not match its payment');
          return 'mismatch';
        }
        // A second outcome for an attempt whose money came (and was kept or sent back) changes nothing.
        if (payment.status === 'paid' || payment.status === 'refunded') return 'applied';
        if (notification.outcome !== 'paid') {
          if (payment.status === 'open') await queries.setPaymentStatus(tx, payment.id, notification.outcome === 'declined' ? 'failed' : 'cancelled');
          return 'applied';
        }
        const instalment = payment.planPaymentId !== null ? await queries.findInstalmentById(tx, payment.planPaymentId) : undefined;
        const reason = refundReason(payment, order, instalment);
        if (reason) {
          await refundPayment(tx, gateway, payment, order, reason);
          return 'refunded';
        }
        await queries.setPaymentStatus(tx, payment.id, 'paid');
        await receive(tx, order, payment.amount, payment.planPaymentId);
        return 'applied';
      });
      if (result === 'applied' || result === 'refunded') deps.mailQueued?.();
      return result;
    },

    /** Where the payer goes after the provider's page: the order's code for a reference we issued. */
    async orderCodeOfPayment(reference: string): Promise<string | null> {
      if (!deps.gateway) return null;
      const payment = await queries.findPaymentByReference(db, deps.gateway.provider, reference);
      if (!payment) return null;
      return (await orderQueries.findOrderCode(db, payment.orderId)) ?? null;
    },

    /**
     * A bank transfer received for an order (npm run orders -- mark-paid): a partial amount
     * leaves the order partly paid; the full amount pays it, issues the tickets and confirms it.
     */
    async recordTransfer(orderCode: string, amount: number): Promise<OrderRow> {
      if (!Number.isSafeInteger(amount) || amount <= 0) throw new AppError('INVALID_INPUT', 'The amount must be more than zero.');
      const order = await db.transaction(async (tx) => {
        const order = await orderQueries.lockOrder(tx, { code: orderCode });
        if (!order) throw new AppError('NOT_FOUND', `There is no order ${orderCode}.`);
        if (order.paymentStatus === 'paid') throw new AppError('CONFLICT', `Order ${order.code} is paid already.`);
        await queries.insertPayment(tx, {
          orderId: order.id,
          provider: 'bank_transfer',
          method: 'bank_transfer',
          amount,
          status: 'paid',
          attempt: 1,
        });
        return receive(tx, order, amount, null);
      });
      deps.mailQueued?.();
      return order;
    },

    /**
     * Ends unpaid card orders whose time to pay has passed: abandoned, their tickets and
     * merchandise cancelled, their stock and seats and the voucher use given back. Safe on any
     * number of instances (the orders are taken with SKIP LOCKED).
     */
    async abandonOverdue(batch = 100): Promise<number> {
      let abandoned = 0;
      for (;;) {
        const expired: { provider: string; reference: string | null }[] = [];
        const count = await db.transaction(async (tx) => {
          const overdue = await orderQueries.lockOverdueUnpaidOrders(tx, now(), batch);
          for (const order of overdue) {
            await orderQueries.updateOrder(tx, order.id, { paymentStatus: 'abandoned', payBy: null });
            await orderQueries.setOrderItemsStatus(tx, order.id, 'pending', 'cancelled');
            await orderQueries.cancelOpenInstalments(tx, order.id);
            expired.push(...(await queries.expireOpenPayments(tx, order.id)));
            await returnSoldStock(tx, await orderQueries.countOrderHolds(tx, order.id));
            if (order.voucherId !== null) await returnVoucherUse(tx, order.voucherId);
          }
          return overdue.length;
        });
        // Outside the transaction: the order's stock is back on sale whatever the provider answers.
        await cancelAtGateway(expired, { code: 'abandoned orders' });
        abandoned += count;
        if (count < batch) return abandoned;
      }
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
