import { answerDayIn, atDesk, type AnswerForm, portalMessages, refundWayMessages, staffOrderMessages, waitsForBankDetails, type RefundWays, type ShopConfigFile, type StaffApiAnswer, type StaffApiInput, type Shown } from '@festival/contract';
import type { FastifyBaseLogger } from 'fastify';
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { Worded } from '../../http/api-route';
import type { CatalogReader } from '../catalog/catalog-snapshot';
import { returnSoldStock, returnVoucherUse } from '../checkout/checkout.queries';
import { enqueueMail } from '../mail/outbox';
import { confirmationFacts } from '../orders/confirmation';
import { confirmationMail, ticketsReadyMails } from '../orders/orders.mail';
import * as orderQueries from '../orders/orders.queries';
import type { OrderRow } from '../orders/orders.queries';
import type { PaymentGateway } from '../payments/gateway';
import { expireOpenPayments, type ClosedAttempt } from '../payments/payments.queries';
import type { PaymentsService } from '../payments/payments.service';
import * as portalQueries from '../portal/portal.queries';
import { insertRefundRequest } from '../portal/portal.service';
import { markRefundProcessed, payOutAtDesk } from '../portal/refunds-command';
import { refundRequestedMail } from '../portal/portal.mail';
import { DESK_PROVIDER } from '../payments/payments.queries';
import { planRefund, waysOf } from '../payments/provider-refunds';
import { auditActor, type Actor } from '../staff/staff-accounts';
import { insertAudit } from '../staff/staff.queries';
import { orderCancelledMail, resent } from './orders.mail';
import { auditActionLabel, isWalkInAddress, paymentMethodLabel, statusLabel, type Locale } from '@festival/contract';
import { readerLanguage, wordsFor, type Words } from '../../lib/reader';
import { BOX_OFFICE_CHANNEL } from '../orders/box-office';
import { timelineMessages as timelineTexts } from './timeline.messages';
import { refundWaysForStaffIn } from './refund-ways.words';

/**
 * A stored code (a payment method, a status) inside a sentence of the timeline, in the reader's
 * language: the sentence's own `select` words the known codes; a code the shop adds later reads
 * as its words (`label`), lower case as the code is written.
 */
const codeLabel = (words: Words, label: Shown, lower: (label: string) => string) => (typeof label === 'string' ? lower(label) : words.say(label));
/** A method's words inside a sentence: "Some method" → "some method", while names such as SEPA keep their capitals. */
const lowerLabel = (label: string) => (/^[A-Z][a-z]/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label);
const lowerCase = (label: string) => label.toLowerCase();
const asItIs = (label: string) => label;

import * as queries from './orders.queries';
import type { DocumentsService } from '../documents/documents.service';
import { customerOrdersAndRefunds, staffRefundRules, type StaffRefundRule } from '../orders/order-view';
import { shownAnswersOf } from '../orders/answers-shown';
import { listQuestionsOf, questionOfRow } from '../catalog/questions.queries';
import { readTogether } from '../../db/read-together';
import { mailAnswersChanged, replaceScopeAnswers, type AnswerScope } from '../portal/answers-change';

export interface BackofficeOrdersDeps {
  db: Db;
  config: ShopConfigFile;
  catalog: CatalogReader;
  payments: PaymentsService;
  /** The shop's payment provider (null: none; every refund is then paid out by bank). */
  gateway: PaymentGateway | null;
  appSecret: string;
  now: () => Date;
  mailQueued?: () => void;
  logger?: FastifyBaseLogger;
  /** The ticket PDFs customers download, for the desk to print an order's tickets (decision 0076). */
  documents: Pick<DocumentsService, 'orderTicketsPdf'>;
}

type Detail = StaffApiAnswer<'order-detail'>;
type TimelineEntry = Detail['timeline'][number];

const orderNotFound = () => new AppError('NOT_FOUND', staffOrderMessages.orderNotFound);
const refused = (message: Shown) => new AppError('INVALID_INPUT', message);
const conflict = (message: Shown) => new AppError('CONFLICT', message);
const iso = (at: Date | string | null | undefined) => (at === null || at === undefined ? null : new Date(at).toISOString());
/** Order codes are upper case; staff may type them in any case. */
const orderCode = (code: string) => code.trim().toUpperCase();
const before = (now: Date, until: Date | null) => !until || now < until;

/** What the audit log keeps of an order: its state and money, never a secret. */
const orderState = (order: OrderRow) => ({
  payment_status: order.paymentStatus,
  total_price: order.totalPrice,
  total_paid: order.totalPaid,
  total_refunded: order.totalRefunded,
  pay_by: iso(order.payBy),
});

/**
 * The back office's orders (issue 22 point 3): search, the order page with one timeline, and the
 * staff's actions. Each action runs the shop's own rules (the portal's for tickets and refund
 * requests, the payments service's for transfers, the refund command's for processing) with the
 * order locked, and writes its audit entry in the same transaction as its change.
 */
export function createBackofficeOrders(deps: BackofficeOrdersDeps) {
  const { db, config, now } = deps;

  async function audit(tx: Db, actor: Actor, action: string, code: string, beforeValue: unknown, afterValue: unknown): Promise<void> {
    await insertAudit(tx, { ...auditActor(actor), action, target: `order:${code}`, before: beforeValue, after: afterValue });
  }

  /** The order locked for the rest of the transaction, or 404. */
  async function lockOrder(tx: Db, code: string): Promise<OrderRow> {
    const order = await orderQueries.lockOrder(tx, { code: orderCode(code) });
    if (!order) throw orderNotFound();
    return order;
  }

  /** The order page, its timeline and refund lines in `language` (the staff member's). */
  async function detail(code: string, language: Locale): Promise<Detail> {
    const words = wordsFor(config, language);
    const amount = words.amount;
    const page = await queries.loadOrderPage(db, orderCode(code));
    if (!page) throw orderNotFound();
    const { order, buyer } = page;
    // What staff may refund now: the customer's own rules, or only with an override (decision 0076).
    const { staffRefunds } = await customerOrdersAndRefunds(db, order.customerId, await deps.catalog.current(), deps.appSecret, now(), order.id);
    const rules = staffRefunds.get(order.id);
    // A ticket passed on to another customer is not in the buyer's view: it is theirs to refund.
    const ruleOf = (kind: 'tickets' | 'merchandise', code: string): StaffRefundRule => rules?.[kind].get(code) ?? { refundable: 'no', refund_rule: staffRefundRules.passedOn };
    const ticketCodeOf = new Map(page.tickets.map(({ ticket }) => [ticket.id, ticket.code]));
    // The answers to the products' questions (decision 0106) in the member's language, dates in words; an archived question's too.
    const [answerRows, askedRows] = await readTogether(db, [() => orderQueries.listAnswersOfOrders(db, [order.id]), () => listQuestionsOf(db, [...new Set(page.tickets.map(({ ticket }) => ticket.shopItemId))])] as const);
    const answers = shownAnswersOf(answerRows, language, { day: answerDayIn(words.intlLocale) });
    // The questions asked now with the answers as kept, for staff to change them (order-change-answers): an archived question is shown, not asked again.
    const valuesOf = (ticketId: number | null, itemId: number): AnswerForm['values'] =>
      Object.fromEntries(answerRows.filter((row) => row.ticketId === ticketId && row.question.shopItemId === itemId && !row.question.archived).map((row) => [row.question.code, row.value as AnswerForm['values'][string]]));
    const formOf = (item: { id: number; code: string; name: string }, per: 'ticket' | 'order', ticketId: number | null, active: boolean): AnswerForm | undefined => {
      const questions = askedRows.filter((row) => row.shopItemId === item.id && row.per === per).map(questionOfRow);
      return questions.length ? { product: item.code, name: item.name, questions, values: valuesOf(ticketId, item.id), allow_changes: active } : undefined;
    };
    const orderItems = [...new Map(page.tickets.map(({ ticket, item }) => [ticket.shopItemId, { id: ticket.shopItemId, ...item }])).values()];
    const answerForms = orderItems.flatMap((item) => formOf(item, 'order', null, page.tickets.some(({ ticket }) => ticket.shopItemId === item.id && ticket.status === 'active')) ?? []);
    const tickets = page.tickets.map(({ ticket, departure, item }) => ({
      code: ticket.code,
      product: ticket.productName,
      type: ticket.productType,
      holder_name: ticket.fullName,
      holder_email: ticket.email,
      age: ticket.age,
      status: ticket.status,
      price: ticket.price,
      fee: ticket.fee,
      refund_fee: ticket.refundFee,
      name_changes: ticket.nameChanges,
      transport_time_id: ticket.travelTimeId,
      travel_time: iso(departure),
      travel_times: page.departures
        .filter((time) => time.shopItemId === ticket.shopItemId)
        .map((time) => ({ id: time.id, travel_time: iso(time.travelTime)!, seats_left: time.seats === null ? null : Math.max(0, time.seats - time.held - time.sold) })),
      answers: answers.byTicket.get(ticket.id) ?? [],
      ...((form) => (form ? { answer_form: form } : {}))(formOf({ id: ticket.shopItemId, ...item }, 'ticket', ticket.id, ticket.status === 'active')),
      ...ruleOf('tickets', ticket.code),
    }));
    const paymentOf = new Map(page.payments.map(({ payment }) => [payment.id, payment]));
    const waysOfRefund = new Map<number, RefundWays>();
    for (const refund of page.refunds) {
      const own = page.refundParts.filter((part) => part.refundId === refund.id);
      const parts = own.length
        ? own.map((part) => ({ ...part, provider: paymentOf.get(part.paymentId)?.provider ?? '', method: paymentOf.get(part.paymentId)?.method ?? '' }))
        : refund.status === 'active'
          ? (await planRefund(db, order.id, refund.total, deps.gateway?.provider ?? null)).parts
          : [];
      waysOfRefund.set(refund.id, waysOf(refund.total, parts, refund.bankDetails !== null));
    }
    const refunds = page.refunds.map((refund) => ({
      id: refund.id,
      status: refund.status,
      total: refund.total,
      shipping_refund: refund.shippingRefund,
      note: refund.note,
      bank: refund.bankDetails
        ? { owner: refund.bankDetails.ownerFullName, account: refund.bankDetails.iban ?? refund.bankDetails.account, bic: refund.bankDetails.bic, bank_name: refund.bankDetails.bankName, country: refund.bankDetails.bankCountry }
        : null,
      created_at: iso(refund.createdAt)!,
      completed_at: iso(refund.completedAt),
      items: page.refundItems
        .filter(({ item }) => item.refundId === refund.id)
        .map(({ item, ticketCode, purchaseCode }) => ({ ticket_code: ticketCode, merchandise_code: purchaseCode, amount: item.amount, status: item.status })),
      to_card: page.refundParts
        .filter((part) => part.refundId === refund.id && paymentOf.get(part.paymentId)?.provider !== DESK_PROVIDER)
        .map((part) => ({ amount: part.amount, status: part.status, provider_refund_id: part.providerRefundId })),
      ways: waysOfRefund.get(refund.id)!,
      ways_text: refundWaysForStaffIn(words, waysOfRefund.get(refund.id)!),
    }));

    const timeline: TimelineEntry[] = [];
    const add = (kind: TimelineEntry['kind'], at: Date | string | null, text: string) => {
      if (at !== null) timeline.push({ kind, at: iso(at)!, text });
    };
    const say = words.say;
    const methodIn = (method: string) => say(timelineTexts.method({ method, label: codeLabel(words, paymentMethodLabel(method), lowerLabel) }));
    const paymentBy = (method: string) => say(timelineTexts.payment({ method, label: codeLabel(words, paymentMethodLabel(method), asItIs) }));
    const statusIn = (status: string) => say(timelineTexts.status({ status, label: codeLabel(words, statusLabel(status), lowerCase) }));
    const placed = { amount: amount(order.totalPrice), method: methodIn(order.paymentMethod) };
    const channel = order.channel === null ? '' : order.channel === BOX_OFFICE_CHANNEL ? 'box_office' : order.channel === 'Online' ? 'online' : 'other';
    add('order', order.createdAt, say(order.channel ? timelineTexts.orderPlacedThrough({ ...placed, channel: say(timelineTexts.channel({ channel, name: order.channel })) }) : timelineTexts.orderPlaced(placed)));
    add('order', order.acceptedTermsAt, say(timelineTexts.termsAccepted));
    add('order', order.paidAt, say(timelineTexts.paidInFull({ amount: amount(order.totalPaid) })));
    for (const { payment, instalmentReference } of page.payments) {
      if (payment.takenBy !== null) {
        const way = payment.provider === DESK_PROVIDER ? (payment.method === 'cash' ? 'cash' : 'card') : 'bank';
        add('payment', payment.createdAt, say(timelineTexts.paymentTaken({ way, amount: amount(payment.amount), who: payment.takenBy })));
      } else {
        const paid = { payment: paymentBy(payment.method), amount: amount(payment.amount), provider: payment.provider, attempt: String(payment.attempt), status: statusIn(payment.status) };
        add('payment', payment.createdAt, say(instalmentReference ? timelineTexts.providerInstalmentPayment({ ...paid, instalment: instalmentReference }) : timelineTexts.providerPayment(paid)));
      }
      add('payment', payment.refundedAt, say(timelineTexts.paymentSentBack({ amount: amount(payment.amount) })));
      if (payment.disputeStatus) add('payment', payment.updatedAt, say(timelineTexts.chargeback({ amount: amount(payment.amount), dispute: payment.disputeStatus })));
    }
    for (const instalment of page.instalments) {
      add('instalment', instalment.dueAt, say(timelineTexts.instalmentDue({ instalment: instalment.reference, amount: amount(instalment.amount), status: statusIn(instalment.status) })));
      add('instalment', instalment.paidAt, say(timelineTexts.instalmentPaid({ instalment: instalment.reference, amount: amount(instalment.paidAmount) })));
    }
    for (const refund of refunds) {
      const id = String(refund.id);
      add('refund', refund.created_at, say(timelineTexts.refundRequested({ refund: id, amount: amount(refund.total) })));
      for (const part of page.refundParts.filter((candidate) => candidate.refundId === refund.id && candidate.paidOutBy !== null)) {
        add('refund', part.paidOutAt, say(timelineTexts.refundPaidOut({ refund: id, amount: amount(part.amount), who: part.paidOutBy! })));
      }
      add('refund', refund.completed_at, say(timelineTexts.refundProcessed({ refund: id, ways: refund.ways_text || amount(refund.total) })));
    }
    for (const mail of page.mails) add('email', mail.createdAt, say(timelineTexts.email({ to: mail.to, subject: mail.subject, status: statusIn(mail.status) })));
    for (const { change, ticketCode } of page.changes) {
      const fields = Object.entries(change.changes)
        .map(([field, { from, to }]) => say(timelineTexts.changedField({ field, name: field.startsWith('answer.') ? say(timelineTexts.answerField({ code: field.slice('answer.'.length) })) : field.replace(/_/g, ' '), from: String(from ?? '—'), to: String(to ?? '—') })))
        .join('; ');
      const ticket = String(ticketCode ?? ticketCodeOf.get(change.ticketId) ?? '');
      add('ticket-change', change.createdAt, say(change.note ? timelineTexts.ticketChangedWithNote({ ticket, fields, note: change.note }) : timelineTexts.ticketChanged({ ticket, fields })));
    }
    for (const { checkin, ticketCode, list } of page.checkins) {
      const reason = checkin.reason ?? say(timelineTexts.noReasonKept);
      add('check-in', checkin.scannedAt, say(timelineTexts.checkin({ ticket: String(ticketCode), kind: checkin.kind, reason, gate: String(checkin.gate), list: String(list) })));
    }
    for (const entry of page.audit) add('staff', entry.at, say(timelineTexts.staffAction({ actor: entry.actor, action: say(auditActionLabel(entry.action)) })));
    timeline.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));

    return {
      currency: config.currency,
      order: {
        code: order.code,
        payment_status: order.paymentStatus,
        payment_method: order.paymentMethod,
        channel: order.channel,
        created_at: iso(order.createdAt)!,
        updated_at: iso(order.updatedAt)!,
        paid_at: iso(order.paidAt),
        pay_by: iso(order.payBy),
        accepted_terms_at: iso(order.acceptedTermsAt),
        total_price: order.totalPrice,
        total_paid: order.totalPaid,
        total_refunded: order.totalRefunded,
        returned_amount: order.returnedAmount,
        discount_amount: order.discountAmount,
        discount_name: order.discountName,
        shipping_amount: order.shippingAmount,
        shipping_refunded: order.shippingRefunded,
        shipping_name: order.shippingName,
        shipping_method: order.shippingMethod,
        shipping_country: order.shippingCountry,
        shipping_address: order.shippingAddress ?? null,
        billing_country: order.billingCountry,
        billing_address: order.billingAddress ?? null,
        payment_reference: order.paymentReference,
        payment_attempts: order.paymentAttempts,
        has_payment_plan: Boolean(order.paymentPlan?.length),
      },
      buyer,
      tickets,
      answers: answers.byOrder.get(order.id) ?? [],
      answer_forms: answerForms,
      merchandise: page.purchases.map((purchase) => ({ code: purchase.code, name: purchase.name, status: purchase.status, price: purchase.price, fee: purchase.fee, refund_fee: purchase.refundFee, ...ruleOf('merchandise', purchase.code) })),
      payments: page.payments.map(({ payment, instalmentReference }) => ({
        id: payment.id,
        provider: payment.provider,
        method: payment.method,
        amount: payment.amount,
        status: payment.status,
        attempt: payment.attempt,
        reference: payment.providerReference,
        instalment_reference: instalmentReference,
        dispute_status: payment.disputeStatus,
        refunded_at: iso(payment.refundedAt),
        taken_by: payment.takenBy,
        created_at: iso(payment.createdAt)!,
        updated_at: iso(payment.updatedAt)!,
      })),
      instalments: page.instalments.map((instalment) => ({
        reference: instalment.reference,
        amount: instalment.amount,
        paid_amount: instalment.paidAmount,
        due_at: iso(instalment.dueAt)!,
        paid_at: iso(instalment.paidAt),
        status: instalment.status,
        attempts: instalment.attempts,
      })),
      refunds,
      emails: page.mails.map((mail) => ({ id: mail.id, to: mail.to, subject: mail.subject, status: mail.status, attempts: mail.attempts, created_at: iso(mail.createdAt)!, sent_at: iso(mail.sentAt) })),
      ticket_changes: page.changes.map(({ change, ticketCode }) => ({ ticket_code: ticketCode ?? ticketCodeOf.get(change.ticketId) ?? '', changes: change.changes, note: change.note, at: iso(change.createdAt)! })),
      check_ins: page.checkins.map(({ checkin, ticketCode, list }) => ({ ticket_code: ticketCode, list, gate: checkin.gate, kind: checkin.kind, at: iso(checkin.scannedAt)! })),
      audit: page.audit.map((entry) => ({ id: entry.id, actor: entry.actor, action: entry.action, before: entry.before, after: entry.after, at: iso(entry.at)! })),
      timeline,
    };
  }

  /** An action's answer: its text and the order page as it is now. */
  const answer = async (message: Shown, code: string, language: Locale) => ({ message, order: await detail(code, language) });

  return {
    async search(input: StaffApiInput<'order-search'>): Promise<StaffApiAnswer<'order-search'>> {
      const hits = await queries.searchOrders(db, input.query);
      return {
        orders: hits.map((hit) => ({
          code: hit.code,
          buyer_name: hit.buyer_name,
          buyer_email: hit.buyer_email,
          created_at: iso(hit.created_at)!,
          payment_status: hit.payment_status,
          total_price: hit.total_price,
          total_paid: hit.total_paid,
          item_count: hit.item_count,
          matched: hit.exact ? 'code' : 'name-or-email',
        })),
        currency: config.currency,
      };
    },

    detail: (input: StaffApiInput<'order-detail'>, language: Locale) => detail(input.code, language),

    /** The confirmation or the tickets e-mailed again, through the outbox, as the shop sent them when the order was paid. */
    async resend(actor: Actor, input: StaffApiInput<'order-resend'>, language: Locale): Promise<Worded<StaffApiAnswer<'order-resend'>>> {
      const code = await db.transaction(async (tx) => {
        const order = await lockOrder(tx, input.code);
        const loaded = await orderQueries.loadOrderForMail(tx, order);
        const { customer } = loaded;
        // A walk-in buyer has no address (decision 0076): nothing would arrive.
        if (isWalkInAddress(customer.email)) throw conflict(staffOrderMessages.noBuyerAddress);
        const facts = await confirmationFacts(tx, deps.appSecret, order, loaded);
        const active = facts.tickets;
        const key = `${input.what}:${order.id}:${randomBytes(6).toString('hex')}`;
        const paidEnough = order.paymentStatus === 'paid' || (Boolean(order.paymentPlan?.length) && order.paymentStatus === 'partial');
        let mails;
        if (input.what === 'confirmation') {
          if (!paidEnough) throw conflict(staffOrderMessages.nothingToResend);
          mails = [await confirmationMail(config, readerLanguage(config, order.language), customer, order, facts)];
        } else {
          if (order.paymentStatus !== 'paid') throw conflict(staffOrderMessages.nothingToResend);
          if (!active.length) throw conflict(staffOrderMessages.noTickets);
          mails = await ticketsReadyMails(config, readerLanguage(config, order.language), customer, order, active, true);
        }
        for (const mail of mails) await enqueueMail(tx, resent(mail, key));
        await audit(tx, actor, `order.resend-${input.what}`, order.code, null, { to: mails.map((mail) => mail.to) });
        return order.code;
      });
      deps.mailQueued?.();
      return answer(staffOrderMessages.resent, code, language);
    },

    /** A bank transfer received (npm run orders -- mark-paid): partial amounts leave the order partly paid. */
    async markPaid(actor: Actor, input: StaffApiInput<'order-mark-paid'>, language: Locale): Promise<Worded<StaffApiAnswer<'order-mark-paid'>>> {
      const found = await orderQueries.findOrderByCode(db, orderCode(input.code));
      if (!found) throw orderNotFound();
      if (found.paymentStatus === 'paid') throw conflict(staffOrderMessages.alreadyPaid);
      const order = await deps.payments.recordTransfer(found.code, input.amount, (tx, beforeOrder, afterOrder) =>
        audit(tx, actor, 'order.mark-paid', found.code, orderState(beforeOrder), { ...orderState(afterOrder), received: input.amount }),
        auditActor(actor).actor,
      );
      return answer(staffOrderMessages.markedPaid, order.code, language);
    },

    /**
     * Cancels an order that holds no money: its live tickets (revoked at the gate: they are no longer
     * active) and merchandise cancelled, their stock and seats and the voucher use back on sale,
     * open payment attempts closed (and at the provider), open instalments cancelled, and the buyer
     * e-mailed. Money paid in is refunded first (order-refund), so a cancel never keeps money
     * silently. The order is locked: two staff cancelling at once cancel it once.
     */
    async cancel(actor: Actor, input: StaffApiInput<'order-cancel'>, language: Locale): Promise<Worded<StaffApiAnswer<'order-cancel'>>> {
      const closed: ClosedAttempt[] = [];
      const code = await db.transaction(async (tx) => {
        const order = await lockOrder(tx, input.code);
        if (order.paymentStatus === 'cancelled' || order.paymentStatus === 'abandoned') throw conflict(staffOrderMessages.alreadyEnded);
        if (await queries.hasOpenRefund(tx, order.id)) throw conflict(staffOrderMessages.refundOpen);
        if (order.totalPaid - order.totalRefunded > 0) throw conflict(staffOrderMessages.moneyHeld);
        const ids = await queries.cancelLiveItems(tx, order.id);
        await returnSoldStock(tx, await portalQueries.unitsOf(tx, ids));
        if (order.voucherId !== null) await returnVoucherUse(tx, order.voucherId);
        await orderQueries.cancelOpenInstalments(tx, order.id);
        closed.push(...(await expireOpenPayments(tx, order.id)));
        const after = await orderQueries.updateOrder(tx, order.id, { paymentStatus: 'cancelled', payBy: null });
        const customer = await orderQueries.findOrderCustomer(tx, order.customerId);
        await enqueueMail(tx, await orderCancelledMail(config, readerLanguage(config, order.language), customer, order, ids.tickets.length + ids.purchases.length));
        await audit(tx, actor, 'order.cancel', order.code, orderState(order), { ...orderState(after), cancelled_tickets: ids.tickets.length, cancelled_merchandise: ids.purchases.length, note: input.note || null });
        return order.code;
      });
      // Outside the transaction: the order's stock is back on sale whatever the provider answers.
      await deps.payments.closeAttemptsAtGateway(closed, { code });
      deps.mailQueued?.();
      return answer(staffOrderMessages.cancelled, code, language);
    },

    /**
     * Refunds items of a paid order, by the portal's rules, amounts and texts (a refund request of
     * the buyer's, without bank details), processed at once as `npm run refunds -- mark-processed`
     * does: the card part through the payment provider, the rest recorded as paid out by bank.
     * The request and its audit entry are one transaction under the order's lock, and the items move
     * only from active: two staff refunding the same items at once make one refund.
     */
    async refund(actor: Actor, input: StaffApiInput<'order-refund'>, language: Locale): Promise<Worded<StaffApiAnswer<'order-refund'>>> {
      const at = now();
      const words = wordsFor(config, language);
      const snapshot = await deps.catalog.current();
      // Outside the refund rules only with a reason, which the audit keeps (decision 0076).
      const override = input.override === true;
      const reason = input.override_reason?.trim() || null;
      if (override && !reason) throw refused(staffOrderMessages.overrideNeedsReason);
      const created = await db.transaction(async (tx) => {
        const order = await lockOrder(tx, input.code);
        const { refund, items, overridden } = await insertRefundRequest(tx, { appSecret: deps.appSecret, snapshot, at }, order, {
          tickets: input.tickets,
          merchandise: input.merchandise,
          note: input.note || null,
          bankDetails: () => null,
          staff: { override },
        });
        // The money goes back the way it came (decision 0060). A bank part needs the customer's bank
        // details, which staff never have: the refund stays open and the customer is asked for them.
        const plan = await planRefund(tx, order.id, refund.total, deps.gateway?.provider ?? null);
        const ways = waysOf(refund.total, plan.parts, false);
        const waiting = waitsForBankDetails(ways);
        // In the order's language, whatever the language of the member's page (decision 0094).
        if (waiting) await enqueueMail(tx, await refundRequestedMail(config, readerLanguage(config, order.language), await orderQueries.findOrderCustomer(tx, order.customerId), refund, order.code, items, ways));
        // Items only the override let through (those the customer's rules keep back) are audited with the reason.
        const outsideRules = overridden.tickets.length + overridden.merchandise.length > 0;
        await audit(tx, actor, outsideRules ? 'order.refund-override' : 'order.refund', order.code, orderState(order), {
          refund: refund.id,
          total: refund.total,
          tickets: input.tickets,
          merchandise: input.merchandise,
          note: input.note || null,
          // In the shop's default language, as every audit entry is, whoever made it.
          ways: refundWaysForStaffIn(wordsFor(config, readerLanguage(config)), ways),
          ...(outsideRules ? { override: { reason, ...overridden } } : {}),
        });
        return { refund, code: order.code, waiting, ways };
      });
      if (created.waiting) {
        deps.mailQueued?.();
        const { ways, refund } = created;
        return {
          ...(await answer(refundWayMessages.waitsForBankDetails, created.code, language)),
          refund: { id: refund.id, status: 'active', total: refund.total, to_card: ways.card, by_bank: ways.bank, at_desk: atDesk(ways), ways, provider_error: null },
        };
      }
      const done = await markRefundProcessed({ db, config, gateway: deps.gateway, logger: deps.logger, now }, created.refund.id);
      deps.mailQueued?.();
      const toCard = done.parts.reduce((sum, part) => sum + part.amount, 0);
      const message = done.atDesk > 0 && done.ways.paid_out_by === null ? refundWayMessages.toPayOutAtDesk(words.amount(done.atDesk)) : staffOrderMessages.refundDone;
      return {
        ...(await answer(message, created.code, language)),
        refund: { id: done.id, status: done.status, total: done.total, to_card: toCard, by_bank: done.byBank, at_desk: done.atDesk, ways: done.ways, provider_error: done.providerError },
      };
    },

    /**
     * A paid order's tickets as one PDF to print at the desk (decision 0076), the pages customers
     * download: for a buyer without an e-mail address, or any paid order from its page. Audited,
     * since every page is a way in.
     */
    async ticketsPdf(actor: Actor, input: StaffApiInput<'order-tickets-pdf'>): Promise<StaffApiAnswer<'order-tickets-pdf'>> {
      const found = await orderQueries.findOrderByCode(db, orderCode(input.code));
      if (!found) throw orderNotFound();
      if (found.paymentStatus !== 'paid') throw conflict(staffOrderMessages.noTicketsToPrint);
      const printed = await deps.documents.orderTicketsPdf(found.code);
      if (!printed) throw conflict(staffOrderMessages.noTicketsToPrint);
      await audit(db, actor, 'order.print-tickets', found.code, null, { tickets: printed.tickets });
      return { filename: `tickets-${found.code}.pdf`, media_type: 'application/pdf', content: printed.pdf.toString('base64'), tickets: printed.tickets };
    },

    /** A refund's desk part paid out at the box office by the member signed in (decision 0060): once, audited. */
    async refundPaidOut(actor: Actor, input: StaffApiInput<'order-refund-paid-out'>, language: Locale): Promise<Worded<StaffApiAnswer<'order-refund-paid-out'>>> {
      const found = await orderQueries.findOrderByCode(db, orderCode(input.code));
      if (!found) throw orderNotFound();
      const who = auditActor(actor).actor;
      await payOutAtDesk({ db, config, logger: deps.logger, now }, input.refund_id, found.id, who, (tx, refund, amount, status) =>
        insertAudit(tx, { ...auditActor(actor), action: 'refund.paid-out-at-desk', target: `refund:${refund.id}`, before: { status: refund.status, order: found.code, total: refund.total }, after: { status, order: found.code, paid_out: amount } }),
      );
      deps.mailQueued?.();
      return answer(refundWayMessages.paidOut, found.code, language);
    },

    /**
     * A holder's name or a ticket's travel time, by the portal's rules and texts: an active ticket,
     * a name where the product allows name changes (staff corrections do not use up the customer's
     * own changes), a departure of the ticket's product with a seat left (taken by a conditional
     * update, the old one given back). Recorded as a ticket change and in the audit log.
     */
    async changeTicket(actor: Actor, input: StaffApiInput<'order-change-ticket'>, language: Locale): Promise<Worded<StaffApiAnswer<'order-change-ticket'>>> {
      const at = now();
      const code = await db.transaction(async (tx) => {
        const order = await lockOrder(tx, input.code);
        const row = await queries.lockOrderTicket(tx, order.id, input.ticket.trim());
        if (!row) throw new AppError('NOT_FOUND', staffOrderMessages.ticketNotFound);
        const { ticket, item } = row;
        if (ticket.status !== 'active') throw refused(portalMessages.ticketNotActive);
        const note = `by staff (${auditActor(actor).actor})`;
        const changedBy = ticket.holderCustomerId ?? order.customerId;
        if (input.action === 'holder-name') {
          const allowed = item.allowNameChanges && before(at, item.allowNameChangesUntil);
          if (!allowed) throw refused(portalMessages.nameChangesNotAllowed);
          if (input.full_name === (ticket.fullName ?? '').trim()) return order.code;
          await portalQueries.updateTicket(tx, ticket.id, { fullName: input.full_name });
          await portalQueries.insertTicketChange(tx, { ticketId: ticket.id, customerId: changedBy, changes: { full_name: { from: ticket.fullName, to: input.full_name } }, note });
          await audit(tx, actor, 'order.change-holder-name', order.code, { ticket: ticket.code, full_name: ticket.fullName }, { ticket: ticket.code, full_name: input.full_name });
          return order.code;
        }
        if (item.travelTimeType !== 'selectable' || !before(at, item.allowTravelTimeChangesUntil)) throw refused(portalMessages.travelTimeChangesClosed);
        if (ticket.travelTimeId === input.transport_time_id) throw refused(portalMessages.travelTimeUnchanged);
        const target = await portalQueries.findTravelTime(tx, input.transport_time_id);
        if (!target || target.shopItemId !== item.id || !target.active) throw refused(portalMessages.travelTimeUnknown);
        if (!(await portalQueries.moveSoldSeat(tx, item.id, ticket.travelTimeId, target.id))) throw conflict(portalMessages.travelTimeSoldOut);
        await portalQueries.updateTicket(tx, ticket.id, { travelTimeId: target.id });
        await portalQueries.insertTicketChange(tx, { ticketId: ticket.id, customerId: changedBy, changes: { travel_time_id: { from: ticket.travelTimeId, to: target.id } }, note });
        await audit(tx, actor, 'order.change-travel-time', order.code, { ticket: ticket.code, transport_time_id: ticket.travelTimeId }, { ticket: ticket.code, transport_time_id: target.id });
        return order.code;
      });
      return answer(staffOrderMessages.ticketChanged, code, language);
    },

    /**
     * A ticket's or the order's answers to the organiser's questions (decision 0109), changed by
     * staff at any time (not bound by the customer's change window) with the shop's rule, under
     * the ticket's or the order's row lock as the portal's change; an archived question keeps its
     * stored answer. Kept as the portal keeps it (a ticket's in its changes, noted as by staff; the
     * order's in the audit) and audited, and the buyer is told by e-mail.
     */
    async changeAnswers(actor: Actor, input: StaffApiInput<'order-change-answers'>, language: Locale): Promise<Worded<StaffApiAnswer<'order-change-answers'>>> {
      const ticketCode = input.ticket?.trim() ?? '';
      const productCode = input.product?.trim() ?? '';
      if (!ticketCode === !productCode) throw new AppError('NOT_FOUND', staffOrderMessages.ticketNotFound);
      const result = await db.transaction(async (tx) => {
        const order = await lockOrder(tx, input.code);
        let scope: AnswerScope;
        let changedBy = order.customerId;
        if (ticketCode) {
          const row = await queries.lockOrderTicket(tx, order.id, ticketCode);
          if (!row) throw new AppError('NOT_FOUND', staffOrderMessages.ticketNotFound);
          if (row.ticket.status !== 'active') throw refused(portalMessages.ticketNotActive);
          scope = { orderId: order.id, itemId: row.item.id, ticketId: row.ticket.id, ticketCode: row.ticket.code, productName: row.ticket.productName };
          changedBy = row.ticket.holderCustomerId ?? order.customerId;
        } else {
          const product = await portalQueries.findOrderProduct(tx, order.id, productCode);
          if (!product) throw new AppError('NOT_FOUND', staffOrderMessages.ticketNotFound);
          if (product.active === 0) throw refused(portalMessages.ticketNotActive);
          scope = { orderId: order.id, itemId: product.item.id, ticketId: null, productName: product.item.name };
        }
        const { changes, now: answersNow } = await replaceScopeAnswers(tx, scope, input.answers, language);
        if (!Object.keys(changes).length) return { code: order.code, changed: false };
        if (scope.ticketId !== null) await portalQueries.insertTicketChange(tx, { ticketId: scope.ticketId, customerId: changedBy, changes, note: `by staff (${auditActor(actor).actor})` });
        const target = scope.ticketId !== null ? { ticket: scope.ticketCode } : { product: productCode };
        await audit(tx, actor, 'order.staff-change-answers', order.code, null, { ...target, changes });
        await mailAnswersChanged(tx, config, order, scope, answersNow, 'staff');
        return { code: order.code, changed: true };
      });
      if (result.changed) deps.mailQueued?.();
      return answer(result.changed ? staffOrderMessages.answersChanged : staffOrderMessages.answersUnchanged, result.code, language);
    },

    /** More time to pay for an unpaid order (its items stay held until then; the sweeper abandons it after). */
    async extendDeadline(actor: Actor, input: StaffApiInput<'order-extend-deadline'>, language: Locale): Promise<Worded<StaffApiAnswer<'order-extend-deadline'>>> {
      const payBy = new Date(input.pay_by);
      const code = await db.transaction(async (tx) => {
        const order = await lockOrder(tx, input.code);
        // A partly paid order keeps its deadline for the rest (decision 0060), which may be extended too.
        if (order.paymentStatus !== 'pending' && order.paymentStatus !== 'partial') throw conflict(staffOrderMessages.notUnpaid);
        if (order.payBy === null) throw conflict(staffOrderMessages.noDeadline);
        if (!(payBy > order.payBy && payBy > now())) throw refused(staffOrderMessages.deadlineNotLater);
        const after = await orderQueries.updateOrder(tx, order.id, { payBy });
        await audit(tx, actor, 'order.extend-deadline', order.code, orderState(order), orderState(after));
        return order.code;
      });
      return answer(staffOrderMessages.deadlineExtended, code, language);
    },
  };
}

export type BackofficeOrders = ReturnType<typeof createBackofficeOrders>;