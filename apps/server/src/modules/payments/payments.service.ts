import { randomBytes } from 'node:crypto';
import { type PaymentInstruction, type ShopConfigFile, paymentMessages, staffOrderFieldMessages, staffOrderMessages } from '@festival/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import { readerLanguage, wordsFor } from '../../lib/reader';
import { returnSoldStock, returnVoucherUse } from '../checkout/checkout.queries';
import { issueInvoice } from '../invoicing/invoicing.service';
import { enqueueMail, enqueueMails } from '../mail/outbox';
import { instalmentLink, invoiceDownloadPath, orderLinkSignature } from '../checkout/order-links.signatures';
import { confirmationFacts } from '../orders/confirmation';
import { bankTransferOffered, customerOrdersAndRefunds, OVERDUE_AFTER_MS } from '../orders/order-view';
import type { CatalogSnapshot } from '../catalog/catalog-snapshot';
import { bankTransferMail, bankTransferPayBy, confirmationMail, instalmentMail, instalmentReceiptMail, partPaymentMail, ticketsReadyMails } from '../orders/orders.mail';
import { disputeMail, paymentReturnedMail } from './payments.mail';
import { paymentsMessages } from './payments.messages';
import * as orderQueries from '../orders/orders.queries';
import type { InstalmentRow, OrderRow } from '../orders/orders.queries';
import type { DisputeFact, PaymentFact, PaymentGateway, PaymentStatusFact, ProviderMethod, VerifiedReturn } from './gateway';
import { applyRefundFact } from './provider-refunds';
import { reinstateAbandonedOrder } from './reinstate';
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
  // 'pending': the provider accepted the attempt and its money settles now (decision 0037).
  if (payment.status !== 'open' && payment.status !== 'pending') return 'attempt-closed';
  if (order.paymentStatus === 'paid') return 'order-paid';
  if (order.paymentStatus === 'abandoned' || order.paymentStatus === 'cancelled') return 'order-closed';
  if (instalment && (instalment.status === 'paid' || instalment.status === 'cancelled')) return 'instalment-closed';
  if (order.totalPaid + payment.amount > order.totalPrice) return 'overpaid';
  return null;
}

export const NOTIFY_PATH = (provider: string) => `/payments/notify/${provider}`;
export const RETURN_PATH = (provider: string) => `/payments/return/${provider}`;

/** A provider's page must take money this long at least (Stripe: 30 minutes after creation); a minute more for clocks. */
export const MIN_PROVIDER_PAGE_MS = 31 * 60_000;
/** And at most this long (Stripe: 24 hours). */
export const MAX_PROVIDER_PAGE_MS = 23 * 60 * 60_000;

/**
 * When an attempt's page at the provider stops taking money: the order's time to pay, but never
 * sooner than the provider allows (decision 0037). Derived from the attempt alone, so the same
 * attempt asked for again sends the same request (idempotency keys demand it). The order is
 * abandoned at its own time and its attempt cancelled at the provider then.
 */
export function providerPageExpiry(attemptCreatedAt: Date, orderPayBy: Date | null): Date {
  const earliest = attemptCreatedAt.getTime() + MIN_PROVIDER_PAGE_MS;
  const latest = attemptCreatedAt.getTime() + MAX_PROVIDER_PAGE_MS;
  return new Date(Math.min(latest, Math.max(earliest, orderPayBy?.getTime() ?? 0)));
}

/** Where the payer is sent after the provider's page, as the return decides it from what the shop knows (never from what the browser says). */
export type ReturnOutcome = 'paid' | 'declined' | 'cancelled' | 'waiting';

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

  const publicBase = config.publicBaseUrl.replace(/\/+$/, '');

  /** The provider's methods per amount and country, kept a minute: every checkout page asks, the provider's list changes rarely. */
  const methodCache = new Map<string, { at: number; methods: Promise<ProviderMethod[]> }>();
  const METHODS_KEPT_MS = 60_000;

  /**
   * The provider's payment of an attempt, created (or, for the same attempt again, found: the
   * idempotency key is the attempt's), and its id kept. `returnTo`: a page of the shop's to send
   * the payer back to (the link they paid from) instead of the order.
   */
  async function instructionFor(tx: Db, gateway: PaymentGateway, payment: PaymentRow, order: OrderRow, email: string, returnTo?: string): Promise<PaymentInstruction> {
    const reference = payment.providerReference!;
    const returnPath = `${RETURN_PATH(gateway.provider)}?reference=${encodeURIComponent(reference)}` + (returnTo ? `&then=${encodeURIComponent(returnTo)}` : '');
    const created = await gateway.createPayment({
      reference,
      orderCode: order.code,
      amount: payment.amount,
      currency: config.currency,
      // Shown to the buyer on the provider's page: in the order's language (decision 0094).
      description: wordsFor(config, readerLanguage(config, order.language)).say(paymentsMessages.description({ code: order.code })),
      customerEmail: email,
      returnPath,
      notifyPath: NOTIFY_PATH(gateway.provider),
      returnUrl: publicBase + returnPath,
      cancelUrl: `${publicBase}${returnPath}&outcome=cancelled`,
      notifyUrl: publicBase + NOTIFY_PATH(gateway.provider),
      expiresAt: providerPageExpiry(payment.createdAt, order.payBy),
      idempotencyKey: `payment:${order.code}:${payment.attempt}:${reference}`,
      method: payment.providerMethod,
    });
    if (created.providerPaymentId && created.providerPaymentId !== payment.providerPaymentId) await queries.setProviderPaymentId(tx, payment.id, created.providerPaymentId);
    return created.instruction;
  }

  /**
   * Issues the tickets and merchandise of an order that has money in, and confirms it by e-mail
   * once. A payment plan's confirmation only says when its tickets come (they download once the
   * order is paid in full); `ticketsNowReady` marks that moment after it, and the buyer gets them
   * then. Holders of another address get theirs once the order is paid (each message once).
   * `order`: the order as this transaction inserted or last wrote it, locked by it.
   */
  async function fulfil(tx: Db, order: OrderRow, ticketsNowReady = false): Promise<void> {
    await orderQueries.setOrderItemsStatus(tx, order.id, 'pending', 'active');
    const loaded = await orderQueries.loadOrderForMail(tx, order);
    // Paid in full: the invoice is issued in the transaction that takes the money (decision 0033)
    // and numbered as it commits, so payments at an on-sale wait for each other's number only
    // while PostgreSQL commits (decision 0048). The confirmation prints its VAT.
    const invoice = order.paymentStatus === 'paid' ? await issueInvoice(tx, config, order.id, now(), { numbering: 'at-commit', lockedOrder: order }) : null;
    const facts = await confirmationFacts(tx, deps.appSecret, order, loaded, invoice);
    // The confirmation and, paid in full, the tickets' messages: one statement.
    await enqueueMails(tx, [
      await confirmationMail(config, readerLanguage(config, order.language), loaded.customer, order, facts),
      ...(order.paymentStatus === 'paid' ? await ticketsReadyMails(config, readerLanguage(config, order.language), loaded.customer, order, facts.tickets, ticketsNowReady) : []),
    ]);
  }

  /** The receipt of a paid instalment: the amount, the schedule as it stands, and the invoice once the plan is paid in full. */
  async function sendInstalmentReceipt(tx: Db, order: OrderRow, instalment: { id: number; amount: number }): Promise<void> {
    const { customer, instalments } = await orderQueries.loadOrderForMail(tx, order);
    const invoicePath = order.paymentStatus === 'paid' ? invoiceDownloadPath(deps.appSecret, order.code) : null;
    await enqueueMail(tx, await instalmentReceiptMail(config, readerLanguage(config, order.language), customer, order, instalment, instalments, invoicePath));
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
    const firstMoney = order.totalPaid === 0 || order.paymentStatus === 'pending' || order.paymentStatus === 'processing';
    const updated = await orderQueries.updateOrder(tx, order.id, {
      totalPaid,
      paymentStatus: status,
      // A partly paid order (no payment plan) keeps its deadline: the rest is still due by then (decision 0060).
      payBy: status === 'partial' && !order.paymentPlan?.length ? order.payBy : null,
      ...(status === 'paid' ? { paidAt: now() } : {}),
    });
    // Paid in full issues the tickets and confirms; a payment plan does so at its initial payment
    // (the confirmation's dedupe key keeps it to one message).
    if (status === 'paid' || (firstMoney && order.paymentPlan?.length)) await fulfil(tx, updated, status === 'paid' && !firstMoney && Boolean(order.paymentPlan?.length));
    // A later instalment gets its receipt (the first one's is the confirmation).
    if (instalmentId !== null && !firstMoney) await sendInstalmentReceipt(tx, updated, { id: instalmentId, amount });
    return updated;
  }

  interface AttemptOptions {
      /** The instalment to pay (its own page); otherwise the order's next amount. */
      chosen?: InstalmentRow;
      /** The shop's page to send the payer back to. */
      returnTo?: string;
      /** The order was inserted by this transaction and has no attempt yet (the checkout). */
      firstOfNewOrder?: boolean;
      /**
       * False for an attempt through an order link without the owner's session (decision 0027): the
       * caller limits those per link and network, and their declines leave the owner's attempts as
       * they are.
       */
      counted?: boolean;
      /** The method the buyer chose for the provider's page (decision 0067); none: the provider's page offers its own. */
      providerMethod?: string | null;
  }

  /**
   * Starts a card attempt, refusing once the configured maximum of declined attempts is reached
   * (decision 0066: only a decline counts; a payment page left with Back, a cancel or an expiry
   * does not). Without an instalment
   * it pays the order (a payment-plan order's next open instalment, its initial payment at
   * checkout), counted on the order; an instalment's own page pays that instalment, counted on it.
   * Runs in the caller's transaction with the order locked; answers what the payer's browser does next.
   */
  async function startAttempt(tx: Db, order: OrderRow, email: string, options: AttemptOptions = {}): Promise<PaymentInstruction> {
    const payment = await openAttempt(tx, order, options);
    return instructionFor(tx, cardGateway(), payment, order, email, options.returnTo);
  }

  /**
   * The attempt of startAttempt, recorded without asking the provider yet: the checkout records it
   * in its transaction and creates the provider's payment after the commit (openInstruction), so
   * no call over the network runs while an on-sale's transaction holds its locks and connection.
   */
  async function openAttempt(tx: Db, order: OrderRow, options: Omit<AttemptOptions, 'returnTo'> = {}): Promise<PaymentRow> {
    const { chosen, firstOfNewOrder = false, counted = true } = options;
    const gateway = cardGateway();
    const instalment = chosen ?? (order.paymentPlan?.length ? await orderQueries.findFirstOpenInstalment(tx, order.id) : undefined);
    // Declined attempts so far: the order's (its page, the checkout, the terms page), or the instalment's own page's.
    const declinedSoFar = firstOfNewOrder ? 0 : chosen ? chosen.attempts : order.paymentAttempts;
    if (declinedSoFar >= config.maxCreditCardAttempts) throw new AppError('CONFLICT', paymentMessages.maxAttemptsReached);
    const amount = instalment ? instalment.amount - instalment.paidAmount : order.totalPrice - order.totalPaid;
    if (amount <= 0 || (instalment && (instalment.status === 'paid' || instalment.status === 'cancelled'))) throw new AppError('CONFLICT', paymentMessages.notPayable);
    // The attempt's number among the order's; its decline, not its start, counts (applyOutcome).
    // A new order has none yet, so the checkout skips the count.
    const attempt = firstOfNewOrder ? 1 : (await queries.countAttempts(tx, order.id)) + 1;
    // One open attempt per order: the earlier ones can no longer pay it (decision 0026). A new
    // order has none, so the checkout skips the statement.
    if (!firstOfNewOrder) await cancelAtGateway(await queries.cancelOpenAttempts(tx, order.id), order);
    return queries.insertPayment(tx, {
      orderId: order.id,
      planPaymentId: instalment?.id ?? null,
      provider: gateway.provider,
      providerReference: `pay_${randomBytes(16).toString('hex')}`,
      method: 'credit_card',
      amount,
      attempt,
      countsDecline: counted,
      providerMethod: options.providerMethod ?? null,
    });
  }

  /**
   * Tells the provider that attempts the shop closed must not take money. Best effort: the local
   * status already decides (money still arriving for them is refunded), so a provider that cannot
   * be reached does not stop the new attempt.
   */
  async function cancelAtGateway(closed: queries.ClosedAttempt[], order: Pick<OrderRow, 'code'>): Promise<void> {
    for (const { provider, reference, providerPaymentId } of closed) {
      if (!reference || !deps.gateway || provider !== deps.gateway.provider) continue;
      try {
        const answer = await deps.gateway.cancelAttempt({ reference, providerPaymentId });
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
      providerPaymentId: payment.providerPaymentId,
      amount: payment.amount,
      currency: config.currency,
      idempotencyKey: `refund:${payment.provider}:${payment.providerReference}`,
      reason,
      description: wordsFor(config, readerLanguage(config, order.language)).say(paymentsMessages.refundDescription({ code: order.code })),
    });
    await queries.setRefundedAndAddToOrder(tx, payment, refundId);
    const customer = await orderQueries.findOrderCustomer(tx, order.customerId);
    await enqueueMail(tx, await paymentReturnedMail(config, readerLanguage(config, order.language), customer, order, payment));
    deps.logger?.warn({ order: order.code, reference: payment.providerReference, amount: payment.amount, reason, refundId }, 'a card payment the order did not need was refunded automatically');
  }

  /**
   * Applies verified facts, each once: a replayed or duplicated one (same id) changes nothing,
   * nor does a fact about an attempt that is past it (a paid attempt stays paid whatever arrives
   * after, out of order or not). Each fact runs in its own transaction with the order locked
   * first, so two deliveries of one order, on one instance or several, are decided one after the
   * other (decision 0026). Money for an attempt or order that no longer owes it is refunded, never
   * counted.
   */
  async function applyFacts(facts: readonly PaymentFact[]): Promise<NotificationResult[]> {
    const results: NotificationResult[] = [];
    for (const fact of facts) results.push(await applyFact(fact));
    if (results.some((result) => result === 'applied' || result === 'refunded')) deps.mailQueued?.();
    return results;
  }

  async function applyFact(fact: PaymentFact): Promise<NotificationResult> {
    const gateway = cardGateway();
    return db.transaction(async (tx): Promise<NotificationResult> => {
      const order = await queries.lockOrderOfPayment(tx, gateway.provider, fact.reference);
      if (!order) return 'unknown-payment';
      const found = await queries.lockPaymentAndRecordNotification(tx, gateway.provider, fact.reference, fact.id);
      if (!found) return 'unknown-payment';
      if (!found.recorded) return 'duplicate';
      const { payment } = found;
      if (fact.currency.toUpperCase() !== config.currency.toUpperCase() || (fact.kind === 'payment' && fact.amount !== payment.amount) || fact.amount > payment.amount) {
        deps.logger?.error({ reference: payment.providerReference, fact }, 'a payment notification does not match its payment');
        return 'mismatch';
      }
      if (fact.kind === 'payment') return applyOutcome(tx, gateway, order, payment, fact);
      if (fact.kind === 'dispute') return applyDispute(tx, order, payment, fact);
      return applyRefundFact(tx, { config, logger: deps.logger, now }, { order, payment, fact });
    });
  }

  async function applyOutcome(tx: Db, gateway: PaymentGateway, order: OrderRow, payment: PaymentRow, fact: PaymentStatusFact): Promise<NotificationResult> {
    // A second outcome for an attempt whose money came (and was kept or sent back) changes nothing.
    if (payment.status === 'paid' || payment.status === 'refunded') return 'applied';
    const instalment = payment.planPaymentId !== null ? await queries.findInstalmentById(tx, payment.planPaymentId) : undefined;
    if (fact.outcome === 'pending') {
      // Accepted, settling later (bank methods): the order is processing, and the sweeper leaves it be.
      if (payment.status !== 'open') return 'applied';
      await queries.setPaymentStatus(tx, payment.id, 'pending');
      if (instalment?.status === 'pending') await orderQueries.updateInstalment(tx, instalment.id, { status: 'processing' });
      if (order.paymentStatus === 'pending') await orderQueries.updateOrder(tx, order.id, { paymentStatus: 'processing' });
      return 'applied';
    }
    if (fact.outcome !== 'paid') {
      if (payment.status !== 'open' && payment.status !== 'pending') return 'applied';
      await queries.setPaymentStatus(tx, payment.id, fact.outcome === 'declined' ? 'failed' : fact.outcome === 'expired' ? 'expired' : 'cancelled');
      // Only a decline uses up one of the configured attempts (decision 0066): a page left with Back,
      // a cancel or an expiry does not. The order counts its own attempts and, for a payment plan,
      // the instalment its own page's; an attempt through a link without the owner's session counts neither.
      if (fact.outcome === 'declined' && payment.countsDecline) {
        if (instalment) await orderQueries.updateInstalment(tx, instalment.id, { attempts: instalment.attempts + 1 });
        await orderQueries.updateOrder(tx, order.id, { paymentAttempts: order.paymentAttempts + 1 });
      }
      // A payment that was settling failed after all: the order owes its money again (and is
      // abandoned by the sweeper if its time to pay is over).
      if (payment.status === 'pending') {
        if (instalment?.status === 'processing') await orderQueries.updateInstalment(tx, instalment.id, { status: 'pending' });
        if (order.paymentStatus === 'processing') await orderQueries.updateOrder(tx, order.id, { paymentStatus: 'pending' });
      }
      return 'applied';
    }
    let current = order;
    let reason = refundReason(payment, current, instalment);
    // Paid after the order was abandoned for want of it: kept, if its stock and seats are still there (decision 0037).
    if (current.paymentStatus === 'abandoned' && payment.status === 'expired' && payment.planPaymentId === null) {
      const reinstated = await reinstateAbandonedOrder(tx, current, { logger: deps.logger });
      if (reinstated) {
        current = reinstated;
        reason = refundReason({ ...payment, status: 'open' }, current);
      }
    }
    if (reason) {
      await refundPayment(tx, gateway, payment, current, reason);
      return 'refunded';
    }
    await queries.setPaymentStatus(tx, payment.id, 'paid');
    await receive(tx, current, payment.amount, payment.planPaymentId);
    return 'applied';
  }

  /**
   * A chargeback: the order is flagged `problem` and the organiser is told, by e-mail to the
   * shop's contact address and in the log. Won, the order is what its money says again; lost, it
   * stays flagged for the organiser to settle. An outcome is final: an "opened" that arrives after
   * it (out of order) changes nothing.
   */
  async function applyDispute(tx: Db, order: OrderRow, payment: PaymentRow, fact: DisputeFact): Promise<NotificationResult> {
    const previous = payment.disputeStatus;
    if (previous === fact.status || (fact.status === 'opened' && (previous === 'won' || previous === 'lost'))) return 'applied';
    await queries.setDisputeStatus(tx, payment.id, fact.status);
    if (fact.status === 'won') {
      if (order.paymentStatus === 'problem' && !(await queries.hasOpenDispute(tx, order.id))) {
        await orderQueries.updateOrder(tx, order.id, { paymentStatus: order.totalPaid >= order.totalPrice ? 'paid' : order.totalPaid > 0 ? 'partial' : 'pending' });
      }
    } else if (order.paymentStatus !== 'problem') {
      await orderQueries.updateOrder(tx, order.id, { paymentStatus: 'problem' });
    }
    const log = { order: order.code, reference: payment.providerReference, dispute: fact.providerDisputeId, amount: fact.amount, status: fact.status };
    if (fact.status === 'won') deps.logger?.info(log, 'a chargeback was decided for the organiser');
    else deps.logger?.error(log, fact.status === 'opened' ? 'a payment was charged back: the order is flagged problem' : 'a chargeback was lost: the order stays flagged problem');
    await enqueueMail(tx, await disputeMail(config, readerLanguage(config), order, payment, fact));
    return 'applied';
  }

  /** Queues the reminders that are due now, each once (the instalment row records it in the same transaction). */
  async function remind(kind: 'due' | 'overdue', batch: number): Promise<number> {
    const windowMs = kind === 'due' ? REMIND_BEFORE_MS : OVERDUE_AFTER_MS;
    return db.transaction(async (tx) => {
      const rows = await orderQueries.lockInstalmentsToRemind(tx, kind, now(), windowMs, batch);
      for (const { instalment, order } of rows) {
        const customer = await orderQueries.findOrderCustomer(tx, order.customerId);
        const link = `/payment-plan-payment/${encodeURIComponent(order.code)}/${orderLinkSignature(deps.appSecret, order.code, instalmentLink(instalment.reference))}/${encodeURIComponent(instalment.reference)}`;
        await enqueueMail(tx, await instalmentMail(config, readerLanguage(config, order.language), kind, customer, order, instalment, link));
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
    openAttempt,

    /**
     * The methods the configured provider offers for this amount and billing country (decision
     * 0067), none with the sandbox (which takes cards alone) or without a gateway. A provider that
     * does not answer leaves the list empty: the checkout then offers the card, and the provider's
     * page its own methods.
     */
    async methodsFor(amount: number, country: string | null): Promise<ProviderMethod[]> {
      const gateway = deps.gateway;
      if (!gateway?.listMethods || amount <= 0) return [];
      const key = `${country ?? ''}:${amount}`;
      const at = now().getTime();
      const kept = methodCache.get(key);
      if (kept && at - kept.at < METHODS_KEPT_MS) return kept.methods;
      const methods = gateway.listMethods({ amount, currency: config.currency, country }).catch((error: unknown) => {
        deps.logger?.warn({ err: error, country, amount }, 'the payment provider did not list its methods: the checkout offers the card');
        methodCache.delete(key);
        return [];
      });
      if (methodCache.size > 500) methodCache.clear();
      methodCache.set(key, { at, methods });
      return methods;
    },

    /** The instruction of an order's open card payment, for a checkout submitted again. */
    async openInstruction(order: OrderRow, email: string, attempt?: PaymentRow): Promise<PaymentInstruction | null> {
      if (order.paymentMethod !== 'credit_card' || order.paymentStatus !== 'pending') return null;
      // The attempt just recorded (the checkout's, after its commit) needs no reading back.
      const payment = attempt ?? (await queries.findLatestOpenPayment(db, order.id));
      return payment && deps.gateway ? instructionFor(db, deps.gateway, payment, order, email) : null;
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
     * An unpaid card order of this customer paid by bank transfer instead (decision 0066): after
     * its card attempts are used up, or by choice. Allowed as the order view's can_pay_by_transfer
     * says (the shop takes transfers, the order's events allow them for its billing country,
     * nothing is paid, no payment plan, still inside its time). Its open card attempts end (the
     * provider is told after the commit; money still arriving for one is refunded), its time to pay
     * becomes a transfer's, and the bank details are e-mailed once.
     */
    async payByTransfer(orderCode: string, customer: { id: number; email: string; fullName: string }, snapshot: CatalogSnapshot): Promise<void> {
      const { order, closed } = await db.transaction(async (tx) => {
        const order = await orderQueries.lockOrder(tx, { code: orderCode });
        if (!order || order.customerId !== customer.id) throw new AppError('NOT_FOUND', paymentMessages.orderNotFound);
        const [view] = (await customerOrdersAndRefunds(tx, customer.id, snapshot, deps.appSecret, now(), order.id, bankTransferOffered(config))).orders;
        if (!view?.can_pay_by_transfer) throw new AppError('CONFLICT', paymentMessages.transferNotPossible);
        const closed = await queries.cancelOpenAttempts(tx, order.id);
        const updated = await orderQueries.updateOrder(tx, order.id, {
          paymentMethod: 'bank_transfer',
          paymentReference: `${config.bankTransfer?.referencePrefix ?? ''}${order.code}`,
          payBy: bankTransferPayBy(config, now()),
        });
        await enqueueMail(tx, await bankTransferMail(config, readerLanguage(config, updated.language), { email: customer.email, fullName: customer.fullName }, updated, view.tickets.length > 0));
        return { order: updated, closed };
      });
      await cancelAtGateway(closed, order);
      deps.mailQueued?.();
      deps.logger?.info({ order: order.code }, 'an unpaid card order is paid by bank transfer instead');
    },

    applyFacts,

    /**
     * The payer is back from the provider's page: where they go follows what the shop knows of the
     * attempt, never what the browser says (decision 0037). An attempt still open means the
     * provider's news has not arrived yet: the provider is asked once (its answer is as verified as
     * its news), and otherwise the page waits. Null for a reference we never issued.
     */
    async settleReturn(returned: VerifiedReturn): Promise<{ orderCode: string; outcome: ReturnOutcome } | null> {
      const gateway = deps.gateway;
      if (!gateway) return null;
      let payment = await queries.findPaymentByReference(db, gateway.provider, returned.reference);
      if (!payment) return null;
      if (payment.status === 'open') {
        try {
          await applyFacts(await gateway.readPayment({ reference: returned.reference, providerPaymentId: payment.providerPaymentId }));
          payment = (await queries.findPaymentByReference(db, gateway.provider, returned.reference)) ?? payment;
        } catch (error) {
          deps.logger?.warn({ reference: returned.reference, err: error }, 'the payment provider did not answer about a returning payer: the page waits for its news');
        }
      }
      const orderCode = await orderQueries.findOrderCode(db, payment.orderId);
      if (!orderCode) return null;
      return { orderCode, outcome: returnOutcome(payment.status, returned.outcome) };
    },

    /**
     * A bank transfer received for an order (npm run orders -- mark-paid): a partial amount
     * leaves the order partly paid; the full amount pays it, issues the tickets and confirms it.
     * `recorded` runs in the same transaction (the back office writes its audit entry there).
     */
    async recordTransfer(orderCode: string, amount: number, recorded?: (tx: Db, before: OrderRow, after: OrderRow) => Promise<void>, takenBy = 'command line'): Promise<OrderRow> {
      if (!Number.isSafeInteger(amount) || amount <= 0) throw new AppError('INVALID_INPUT', staffOrderFieldMessages.amountNotPositive, { amount: [staffOrderFieldMessages.amountNotPositive] });
      const order = await db.transaction(async (tx) => {
        const order = await orderQueries.lockOrder(tx, { code: orderCode });
        if (!order) throw new AppError('NOT_FOUND', staffOrderMessages.orderNotFound);
        // Also when another member recorded it a moment ago (the back office checked before the lock).
        if (order.paymentStatus === 'paid') throw new AppError('CONFLICT', staffOrderMessages.alreadyPaid);
        // A surplus would show the order as settled with money nobody can see or refund: the
        // organiser records what is open and pays the rest back (the back office says so).
        if (amount > order.totalPrice - order.totalPaid) throw new AppError('INVALID_INPUT', staffOrderMessages.moreThanOpen, { amount: [staffOrderMessages.moreThanOpen] });
        await queries.insertPayment(tx, {
          orderId: order.id,
          provider: 'bank_transfer',
          method: 'bank_transfer',
          amount,
          status: 'paid',
          attempt: 1,
          takenBy,
        });
        const after = await receive(tx, order, amount, null);
        // Partly paid: the customer is told what arrived and what is still open, and by when.
        if (after.paymentStatus === 'partial' && !after.paymentPlan?.length) await enqueueMail(tx, await partPaymentMail(config, readerLanguage(config, after.language), await orderQueries.findOrderCustomer(tx, after.customerId), after, amount));
        // The back office's audit entry, in this transaction (decision 0041).
        await recorded?.(tx, order, after);
        return after;
      });
      deps.mailQueued?.();
      return order;
    },

    /**
     * Ends unpaid card orders whose time to pay has passed: abandoned, their tickets and
     * merchandise cancelled, their stock and seats and the voucher use given back. Safe on any
     * number of instances (the orders are taken with SKIP LOCKED).
     */
    /** Tells the provider that attempts the shop closed must not take money (best effort; the back office's cancel). */
    closeAttemptsAtGateway: cancelAtGateway,

    async abandonOverdue(batch = 100): Promise<number> {
      let abandoned = 0;
      for (;;) {
        const expired: queries.ClosedAttempt[] = [];
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

/** Where a returning payer goes, from the attempt's own state; the return's claim only tells a still-open attempt's cancel from a wait. */
export function returnOutcome(status: PaymentRow['status'], claimed: VerifiedReturn['outcome']): ReturnOutcome {
  if (status === 'paid') return 'paid';
  if (status === 'failed') return 'declined';
  if (status === 'cancelled' || status === 'expired') return 'cancelled';
  if (status === 'open' && (claimed === 'declined' || claimed === 'cancelled')) return claimed;
  return 'waiting';
}
