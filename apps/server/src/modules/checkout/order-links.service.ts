import { type Order, type PaymentInstruction, type PaymentPlanPayment, type ShopConfigFile, type Ticket, type UserData, paymentMessages } from '@festival/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import { createRateLimiter, networkOf, type CountedAttempt } from '../../lib/rate-limit';
import { readerLanguage } from '../../lib/reader';
import type { CustomerRow } from '../accounts/session.queries';
import type { CatalogReader } from '../catalog/catalog-snapshot';
import type { CustomerData } from '../data/data.service';
import { customerOrdersAndRefunds } from '../orders/order-view';
import { enqueueMail } from '../mail/outbox';
import { bankTransferMail, bankTransferPayBy } from '../orders/orders.mail';
import * as orderQueries from '../orders/orders.queries';
import type { InstalmentRow, OrderRow } from '../orders/orders.queries';
import type { PaymentsService } from '../payments/payments.service';
import { ACCEPT_TERMS_LINK, instalmentLink, legacyChecksumMatches, orderLinkSignature, orderLinkSignatureMatches, type OrderLinkPurpose } from './order-links.signatures';

/**
 * Card attempts through order links without the owner's session (decision 0027): they do not
 * count toward the owner's attempts, so a link holder cannot use those up; instead they are
 * limited per link and per network address, which keeps a link from serving as a card-testing
 * bench and leaves the owner (logged in) able to pay whatever happened through the link.
 */
export const LINK_ATTEMPT_LIMITS = {
  /** Attempts per link (one order's accept-terms link, one instalment's link) per window. */
  perLink: 5,
  /** Attempts per network address per window, across all links. */
  perNetwork: 20,
  windowMs: 60 * 60_000,
};
export type LinkAttemptLimits = typeof LINK_ATTEMPT_LIMITS;

export interface OrderLinksDeps {
  db: Db;
  /** The bank details and deadline of a transfer accepted through the link. */
  config: ShopConfigFile;
  /** Tells the mail sender that a message is waiting. */
  mailQueued?: () => void;
  /** Signs the links this service makes (the page a payer returns to). */
  appSecret: string;
  /** Checks the links it is given: APP_SECRET, then previous ones still honoured. */
  linkSecrets: readonly string[];
  catalog: CatalogReader;
  customerData: CustomerData;
  payments: PaymentsService;
  now?: () => Date;
  attemptLimits?: Partial<LinkAttemptLimits> | undefined;
}

/** Who opened a link: the session's customer (null without one) and the network address. */
export interface LinkVisitor {
  customer: CustomerRow | null;
  ip: string;
}

const purposeKey = (purpose: OrderLinkPurpose) => (purpose.kind === 'instalment' ? `instalment:${purpose.reference}` : purpose.kind);
const isOpen = (instalment: InstalmentRow) => instalment.status !== 'paid' && instalment.status !== 'cancelled';

/** The parts of a ticket the accept-terms page shows: its product, holder's name and price. Its code (a download key), e-mail and age stay out. */
function shownTicket(ticket: Ticket): Ticket {
  return {
    code: '',
    product: ticket.product,
    full_name: ticket.full_name,
    email: null,
    age: null,
    status: '',
    pending: false,
    type: '',
    price: ticket.price,
    fee: 0,
    refund_fee: 0,
    refund_total: 0,
    shipping_refund: 0,
    is_ever_refundable: false,
    is_refundable: false,
    allow_name_changes: false,
    allow_email_changes: false,
    name_changes_left: null,
    allow_travel_time_changes: false,
    allow_download: false,
    recently_edited: false,
    transport_time_id: null,
    travel_time: null,
    travel_times: [],
    timezone: null,
    event_name: null,
    event_id: null,
  };
}

/**
 * An order as a link page gets it (decision 0027): the contract's Order shape, with only the
 * fields that page shows filled in and every other one empty, so a link answers no ticket code,
 * holder e-mail, age, download flag, refund or other link's signature.
 */
function linkOrder(view: Order, shown: Partial<Order>): Order {
  return {
    id: 0,
    code: view.code,
    checksum: '',
    terms_checksum: '',
    created_at: view.created_at,
    staff: null,
    total_price: 0,
    total_paid: 0,
    total_refunded: 0,
    discount_amount: 0,
    discount_name: null,
    shipping_amount: 0,
    shipping_country: null,
    shipping_refunded: 0,
    payment_method: view.payment_method,
    payment_status: view.payment_status,
    has_refunds: false,
    fully_refunded: false,
    has_active_refunds: false,
    can_refund: false,
    has_invoice: false,
    accepted_ts_and_cs: false,
    has_payment_plan: false,
    payment_plan: null,
    payments: [],
    payment_attempts: 0,
    payment_reference: null,
    pay_by: null,
    // Paying by transfer instead needs the owner's session (pay-by-transfer).
    can_pay_by_transfer: false,
    // Money that went back is shown on the owner's order, not on a link's page.
    returned_amount: 0,
    tickets: [],
    cartProducts: [],
    cartMerchandise: [],
    merchandisePurchases: [],
    ...shown,
  };
}

/** The accept-terms page (spec section 2): code, received at, channel, totals, items at their price, shipping, terms and attempts. */
function termsPageOrder(view: Order): Order {
  return linkOrder(view, {
    staff: view.staff,
    total_price: view.total_price,
    total_paid: view.total_paid,
    fully_refunded: view.fully_refunded,
    shipping_amount: view.shipping_amount,
    accepted_ts_and_cs: view.accepted_ts_and_cs,
    // Once a transfer order's terms are accepted the page shows how to pay it (decision 0032): its
    // reference is the configured prefix and the order code the link already carries.
    payment_reference: view.accepted_ts_and_cs && view.payment_method === 'bank_transfer' ? view.payment_reference : null,
    // With the deadline the acceptance started (the bank-transfer mail names it too).
    pay_by: view.accepted_ts_and_cs ? view.pay_by : null,
    payment_attempts: view.payment_attempts,
    tickets: view.tickets.map(shownTicket),
    merchandisePurchases: view.merchandisePurchases.map((purchase) => ({
      code: '',
      merchandise: purchase.merchandise,
      price: purchase.price,
      fee: 0,
      status: '',
      refund_fee: 0,
      refund_total: 0,
      shipping_refund: 0,
      is_refundable: false,
    })),
  });
}

/**
 * The instalment page: this instalment in full (without its link's signature, which the page
 * already has), and of the others only how many there are and where this one stands ("2 of 4").
 */
function instalmentPageAnswer(view: Order, payment: PaymentPlanPayment): { order: Order; payment: PaymentPlanPayment } {
  const shown = { ...payment, checksum: '' };
  const placeholder = (other: PaymentPlanPayment): PaymentPlanPayment =>
    other.reference === payment.reference
      ? shown
      : { reference: '', amount: 0, paid_amount: 0, due_at: payment.due_at, paid_at: null, payment_status: 'pending', overdue: false, due: false, attempt: 0, checksum: '' };
  return {
    order: linkOrder(view, { has_payment_plan: true, has_refunds: view.has_refunds, payments: view.payments.map(placeholder) }),
    payment: shown,
  };
}

/**
 * The links that open one order without a session (spec section 6): accepting the terms of an
 * order (box-office orders are placed without them) and paying one instalment of a payment plan.
 * Each carries a signature of its own purpose (decision 0027); a wrong one answers exactly as an
 * unknown order does, and each answers only what its page shows.
 */
export function createOrderLinksService(deps: OrderLinksDeps) {
  const { db, payments } = deps;
  const now = deps.now ?? (() => new Date());
  const limits: LinkAttemptLimits = { ...LINK_ATTEMPT_LIMITS, ...deps.attemptLimits };
  const limiter = createRateLimiter(db, limits.windowMs, paymentMessages.linkAttemptsLimited);
  const notFound = () => new AppError('NOT_FOUND', paymentMessages.orderNotFound);
  const normalised = (code: string | number) => String(code).trim().toUpperCase();

  /**
   * The order a link opens. Its own purpose's signature opens it. The checksum all links shared
   * before decision 0027 (links already mailed) opens only a page the order still needs: the
   * accept-terms page while the terms wait for acceptance, an instalment's page while that
   * instalment is open; it never opens an invoice.
   */
  async function linkedOrder(on: Db, code: string, purpose: OrderLinkPurpose, checksum: string, lock: boolean): Promise<{ order: OrderRow; instalment: InstalmentRow | null }> {
    const signed = orderLinkSignatureMatches(deps.linkSecrets, code, purpose, checksum);
    if (!signed && !legacyChecksumMatches(deps.linkSecrets, code, checksum)) throw notFound();
    const order = lock ? await orderQueries.lockOrder(on, { code }) : await orderQueries.findOrderByCode(on, code);
    if (!order) throw notFound();
    const instalment = purpose.kind === 'instalment' ? ((await orderQueries.findInstalment(on, order.id, purpose.reference)) ?? null) : null;
    if (purpose.kind === 'instalment' && !instalment) throw notFound();
    if (!signed) {
      const stillNeeded = purpose.kind === 'accept-terms' ? order.acceptedTermsAt === null : instalment !== null && isOpen(instalment);
      if (!stillNeeded) throw notFound();
    }
    return { order, instalment };
  }

  async function viewOf(order: OrderRow): Promise<Order> {
    const { orders } = await customerOrdersAndRefunds(db, order.customerId, await deps.catalog.current(), deps.appSecret, now(), order.id);
    return orders[0]!;
  }

  /** The customer's data when the session is theirs: a link opened by someone else answers no data. */
  async function dataFor(order: OrderRow, customer: CustomerRow | null): Promise<UserData | null> {
    return customer && customer.id === order.customerId ? deps.customerData(await deps.catalog.current(), customer) : null;
  }

  /**
   * Counts a card attempt through a link before it starts. The owner's own session counts it on
   * the owner's attempts as the portal does (null here); anyone else's counts on the link and
   * their network, outside the transaction that starts it (PGlite has one connection).
   */
  async function countLinkAttempt(code: string, purpose: OrderLinkPurpose, visitor: LinkVisitor, order: OrderRow): Promise<CountedAttempt | null> {
    if (visitor.customer && visitor.customer.id === order.customerId) return null;
    return limiter.hit([
      { key: `order-link:${purposeKey(purpose)}:${code}`, max: limits.perLink },
      { key: `order-link:ip:${networkOf(visitor.ip)}`, max: limits.perNetwork },
    ], now());
  }

  /** Runs `start`, keeping the counted link attempt only when it did start a payment. */
  async function withLinkAttempt<T>(counted: CountedAttempt | null, start: () => Promise<{ result: T; started: boolean }>): Promise<T> {
    try {
      const { result, started } = await start();
      if (!started) await counted?.takeBack();
      return result;
    } catch (error) {
      await counted?.takeBack();
      throw error;
    }
  }

  /**
   * The e-mail address the provider's page is given: the owner's to their own session; to anyone
   * else none (the instruction would hand the owner's address to whoever holds the link), and the
   * provider asks the payer for theirs.
   */
  async function payerEmail(tx: Db, order: OrderRow, ownersOwn: boolean): Promise<string> {
    return ownersOwn ? (await orderQueries.findOrderCustomer(tx, order.customerId)).email : '';
  }

  /**
   * Records the acceptance. An unpaid transfer order (the box office's) starts its time to pay now
   * and gets the bank-transfer e-mail the page's "check your email" promises (decision 0032).
   */
  async function acceptOnce(tx: Db, order: OrderRow): Promise<OrderRow> {
    const awaitingTransfer = order.paymentMethod === 'bank_transfer' && order.paymentStatus === 'pending' && order.totalPaid < order.totalPrice;
    const accepted = await orderQueries.updateOrder(tx, order.id, { acceptedTermsAt: now(), ...(awaitingTransfer && !order.payBy ? { payBy: bankTransferPayBy(deps.config, now()) } : {}) });
    if (awaitingTransfer) {
      const { customer, tickets } = await orderQueries.loadOrderForMail(tx, accepted);
      await enqueueMail(tx, await bankTransferMail(deps.config, readerLanguage(deps.config, accepted.language), customer, accepted, tickets.length > 0));
    }
    return accepted;
  }

  const needsCardPayment = (order: OrderRow) =>
    order.paymentMethod === 'credit_card' && (order.paymentStatus === 'pending' || order.paymentStatus === 'partial') && order.totalPaid < order.totalPrice;

  return {
    async termsOrder(orderCode: string | number, checksum: string): Promise<Order> {
      const { order } = await linkedOrder(db, normalised(orderCode), ACCEPT_TERMS_LINK, checksum, false);
      return termsPageOrder(await viewOf(order));
    },

    /**
     * Records the acceptance once (a second acceptance keeps the first time), then answers the
     * payment to make when the order still waits for a card payment: a box-office order the
     * customer pays online, or one whose payment failed.
     */
    async acceptTerms(orderCode: string | number, checksum: string, visitor: LinkVisitor): Promise<{ data: UserData | null; payment: PaymentInstruction | null }> {
      const code = normalised(orderCode);
      const { order: seen } = await linkedOrder(db, code, ACCEPT_TERMS_LINK, checksum, false);
      // Only a call that would start a card attempt is counted against the link.
      const counted = needsCardPayment(seen) ? await countLinkAttempt(code, ACCEPT_TERMS_LINK, visitor, seen) : null;
      const { order, payment } = await withLinkAttempt(counted, async () => {
        const result = await db.transaction(async (tx) => {
          const { order } = await linkedOrder(tx, code, ACCEPT_TERMS_LINK, checksum, true);
          if (order.paymentStatus === 'abandoned' || order.paymentStatus === 'cancelled') throw new AppError('CONFLICT', paymentMessages.notPayable);
          const accepted = order.acceptedTermsAt ? order : await acceptOnce(tx, order);
          if (!needsCardPayment(accepted)) return { order: accepted, payment: null };
          const page = `/accept-tcs/${encodeURIComponent(accepted.code)}/${orderLinkSignature(deps.appSecret, accepted.code, ACCEPT_TERMS_LINK)}`;
          const ownersOwn = visitor.customer?.id === accepted.customerId;
          return { order: accepted, payment: await payments.startAttempt(tx, accepted, await payerEmail(tx, accepted, ownersOwn), { returnTo: page, counted: ownersOwn }) };
        });
        return { result, started: result.payment !== null };
      });
      // A transfer's instructions may be waiting (acceptOnce); a wake-up too many costs one poll.
      if (order.paymentMethod === 'bank_transfer') deps.mailQueued?.();
      return { data: await dataFor(order, visitor.customer), payment };
    },

    async instalment(orderCode: string | number, reference: string, checksum: string): Promise<{ order: Order; payment: PaymentPlanPayment }> {
      const purpose = instalmentLink(reference.trim());
      const { order } = await linkedOrder(db, normalised(orderCode), purpose, checksum, false);
      const view = await viewOf(order);
      const payment = view.payments.find((candidate) => candidate.reference === purpose.reference);
      if (!payment) throw notFound();
      return instalmentPageAnswer(view, payment);
    },

    /** A card attempt for one instalment; a paid or cancelled instalment cannot be paid again. */
    async payInstalment(orderCode: string | number, reference: string, checksum: string, visitor: LinkVisitor): Promise<PaymentInstruction> {
      const code = normalised(orderCode);
      const purpose = instalmentLink(reference.trim());
      const { order: seen } = await linkedOrder(db, code, purpose, checksum, false);
      const counted = await countLinkAttempt(code, purpose, visitor, seen);
      return withLinkAttempt(counted, async () => {
        const result = await db.transaction(async (tx) => {
          const { order, instalment } = await linkedOrder(tx, code, purpose, checksum, true);
          if (order.paymentStatus === 'abandoned' || order.paymentStatus === 'cancelled' || order.paymentStatus === 'paid') throw new AppError('CONFLICT', paymentMessages.notPayable);
          const page = `/payment-plan-payment/${encodeURIComponent(order.code)}/${orderLinkSignature(deps.appSecret, order.code, purpose)}/${encodeURIComponent(instalment!.reference)}`;
          const ownersOwn = visitor.customer?.id === order.customerId;
          return payments.startAttempt(tx, order, await payerEmail(tx, order, ownersOwn), { chosen: instalment!, returnTo: page, counted: ownersOwn });
        });
        return { result, started: true };
      });
    },
  };
}

export type OrderLinksService = ReturnType<typeof createOrderLinksService>;
