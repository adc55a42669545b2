import { answerDayIn, type AnswerForm, type QuestionDefinition, allowedPaymentMethods, shippingShares, waitsForBankDetails, type StaffRefundability, type Order, type RefundWaysOpen, type ShopConfigFile, type Refund, type ShopItem, type Ticket, type UserData, type Locale } from '@festival/contract';
import type { Db } from '../../db/client';
import type { CatalogSnapshot } from '../catalog/catalog-snapshot';
import { listAnswersOfOrders, loadCustomerOrders, loadCustomerRefunds, type OrderRow as OrderRowOf } from './orders.queries';
import { listQuestionsOf, questionOfRow } from '../catalog/questions.queries';
import { shownAnswersOf } from './answers-shown';
import { readTogether } from '../../db/read-together';
import { openRefundWays, waysWithoutBankDetails } from '../payments/refund-plan';
import { ACCEPT_TERMS_LINK, creditNoteLink, INVOICE_LINK, instalmentLink, orderLinkSignature } from '../checkout/order-links.signatures';

/** A ticket edited (name, e-mail, travel time) cannot be edited again for this long (spec section 9). */
export const EDIT_LOCK_MS = 15 * 60_000;
/** An instalment unpaid this long after its due date is overdue rather than due (decision 0016). */
export const OVERDUE_AFTER_MS = 7 * 24 * 60 * 60_000;

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);
const within = (now: Date, from: Date | null, until: Date | null) => (!from || from <= now) && (!until || now < until);
/** Refund requests that ended without money: withdrawn by the customer, or refused by the organiser. */
const ENDED_REFUND_STATUSES: ReadonlySet<string> = new Set(['cancelled', 'rejected']);

/** What staff may do with an item (decision 0076): refund it by the customer's rules, only with an override, or never; and why not. */
export interface StaffRefundRule {
  refundable: StaffRefundability;
  refund_rule: string | null;
}

/** The words for why an item is refundable only with an override, or not at all. */
export const staffRefundRules = {
  refunded: 'Refunded already.',
  cancelled: 'Cancelled.',
  inRefund: 'In a refund already.',
  notIssued: 'Not issued: the order is not paid yet.',
  notPaid: 'The order is not paid.',
  complimentary: 'A guest ticket: nothing was paid. Cancel it on its guest list.',
  passedOn: 'Passed on to another customer.',
  productNotRefundable: 'The product is not refundable.',
  windowNotOpen: 'The product’s refund window has not opened yet.',
  windowOver: 'The product’s refund window is over.',
} as const;

/**
 * An item's refundability for staff (decision 0076): `yes` exactly when the customer's order view
 * says is_refundable; `override` when only the product's refund flag or window stand in the way
 * (staff are not bound by them, with a reason); `no` when the item cannot be refunded at all.
 */
export function staffRefundRule(facts: {
  status: string;
  paidEnough: boolean;
  /** Of a guest list (decision 0100): nothing to refund; it is cancelled on its list. */
  complimentary?: boolean;
  inOpenRefund: boolean;
  productRefundable: boolean;
  refundFrom: Date | null;
  refundUntil: Date | null;
  now: Date;
}): StaffRefundRule {
  const no = (rule: string): StaffRefundRule => ({ refundable: 'no', refund_rule: rule });
  if (facts.status === 'refunded') return no(staffRefundRules.refunded);
  if (facts.status === 'cancelled') return no(staffRefundRules.cancelled);
  if (facts.inOpenRefund || facts.status === 'refund') return no(staffRefundRules.inRefund);
  if (facts.status !== 'active') return no(staffRefundRules.notIssued);
  if (facts.complimentary) return no(staffRefundRules.complimentary);
  if (!facts.paidEnough) return no(staffRefundRules.notPaid);
  const override = (rule: string): StaffRefundRule => ({ refundable: 'override', refund_rule: rule });
  if (!facts.productRefundable) return override(staffRefundRules.productNotRefundable);
  if (facts.refundFrom && facts.now < facts.refundFrom) return override(staffRefundRules.windowNotOpen);
  if (facts.refundUntil && facts.now >= facts.refundUntil) return override(staffRefundRules.windowOver);
  return { refundable: 'yes', refund_rule: null };
}

/** Each order's items' refundability for staff, by item code (the buyer's own view: a ticket passed on is not in it). */
export type StaffRefundRules = Map<number, { tickets: Map<string, StaffRefundRule>; merchandise: Map<string, StaffRefundRule> }>;

type Loaded = Awaited<ReturnType<typeof loadCustomerOrders>>;

/** The parts of a received order (one with a ticket passed on to the customer) that are the buyer's alone. */
const receivedOrderBase = {
  checksum: '',
  terms_checksum: '',
  total_refunded: 0,
  discount_amount: 0,
  discount_name: null,
  shipping_amount: 0,
  shipping_country: null,
  shipping_refunded: 0,
  has_refunds: false,
  fully_refunded: false,
  has_active_refunds: false,
  can_refund: false,
  has_invoice: false,
  has_payment_plan: false,
  payment_plan: null,
  payments: [],
  payment_attempts: 0,
  payment_reference: null,
  pay_by: null,
  can_pay_by_transfer: false,
  returned_amount: 0,
  cartProducts: [],
  cartMerchandise: [],
  merchandisePurchases: [],
} satisfies Partial<Order>;
type TicketRow = Loaded['tickets'][number];

/** The shop takes bank transfers: the method is configured, and so are the bank details the customer is given. */
export function bankTransferOffered(config: Pick<ShopConfigFile, 'paymentMethods' | 'bankTransfer'>): boolean {
  return 'bank_transfer' in config.paymentMethods && Boolean(config.bankTransfer);
}

/**
 * An unpaid card order the customer may still pay by bank transfer instead (decision 0066): nothing
 * paid, no payment plan (its instalments are paid by card), still inside its time to pay.
 */
export function mayTurnToTransfer(order: Pick<OrderRowOf, 'paymentMethod' | 'paymentStatus' | 'totalPaid' | 'paymentPlan' | 'payBy' | 'acceptedTermsAt'>, now: Date): boolean {
  return (
    order.paymentMethod === 'credit_card' &&
    order.paymentStatus === 'pending' &&
    order.totalPaid === 0 &&
    !order.paymentPlan?.length &&
    order.acceptedTermsAt !== null &&
    order.payBy !== null &&
    order.payBy > now
  );
}

/** Spec section 5's rule for bank transfer, for a placed order: every event of its tickets allows it for the billing country. */
export function transferAllowedFor(billingCountry: string | null, tickets: readonly { event_id: number | null }[], snapshot: Pick<CatalogSnapshot, 'eventSettings'>): boolean {
  const eventIds = [...new Set(tickets.map((ticket) => ticket.event_id).filter((id): id is number => id !== null))];
  const events = eventIds.map((id) => snapshot.eventSettings[String(id)]).filter((settings) => settings !== undefined);
  return allowedPaymentMethods({ events, country: billingCountry, offered: { creditCard: false, bankTransfer: true } }).includes('bank_transfer');
}

/**
 * The customer's orders and refunds as get-data answers them (spec section 3), with the
 * per-ticket permissions of section 6 computed at `now`. Ticket and refund rules beyond these
 * flags (editing, requesting) live with the portal.
 */
export async function customerOrdersAndRefunds(
  db: Db,
  customerId: number,
  snapshot: CatalogSnapshot,
  appSecret: string,
  now: Date,
  /** Only this order of the customer's (the links that open one order without a session). */
  orderId?: number,
  /** The shop takes bank transfers (configured, with bank details): an unpaid card order may then be paid by transfer (decision 0066). */
  bankTransferOffered = false,
  /** The payment provider refunds go back through (decision 0060): which refunds wait for the customer's bank details. */
  refundProvider: string | null = null,
  /** The reader's language, for the answers' words; by default the snapshot's (the shop's default for its own texts). */
  language: Locale = snapshot.language ?? snapshot.defaultLanguage,
): Promise<{ orders: Order[]; refunds: Refund[]; staffRefunds: StaffRefundRules; existingTickets: UserData['existing_tickets'] }> {
  const [loaded, refundData] = await readTogether(db, [() => loadCustomerOrders(db, customerId, orderId), () => loadCustomerRefunds(db, customerId)]);
  const activeRefundTickets = new Set<number>();
  const activeRefundPurchases = new Set<number>();
  const refundsByOrder = new Map<number, { active: boolean }[]>();
  for (const { refund } of refundData.refunds) {
    // A withdrawn or refused request is history: the order has no refund from it (has_refunds, the instalments' labels).
    if (ENDED_REFUND_STATUSES.has(refund.status)) continue;
    const list = refundsByOrder.get(refund.orderId) ?? [];
    list.push({ active: refund.status === 'active' });
    refundsByOrder.set(refund.orderId, list);
  }
  const activeRefundIds = new Set(refundData.refunds.filter(({ refund }) => refund.status === 'active').map(({ refund }) => refund.id));
  for (const { item } of refundData.items) {
    if (!activeRefundIds.has(item.refundId)) continue;
    if (item.ticketId !== null) activeRefundTickets.add(item.ticketId);
    if (item.merchandisePurchaseId !== null) activeRefundPurchases.add(item.merchandisePurchaseId);
  }

  // The answers to the products' questions (decision 0106), in the reader's language: by ticket, and the order's own.
  const [answerRows, questionRows] = loaded.tickets.length
    ? await readTogether(db, [() => listAnswersOfOrders(db, loaded.orders.map((order) => order.id)), () => listQuestionsOf(db, [...new Set(loaded.tickets.map((row) => row.item.id))])] as const)
    : [[], []];
  // The questions asked now by product, and the answers as kept (by ticket, and by order and product), for the portal's forms (change-answers).
  const askedOf = new Map<number, QuestionDefinition[]>();
  for (const row of questionRows) askedOf.set(row.shopItemId, [...(askedOf.get(row.shopItemId) ?? []), questionOfRow(row)]);
  const ticketValues = new Map<number, AnswerForm['values']>();
  const orderValues = new Map<string, AnswerForm['values']>();
  for (const row of answerRows) {
    const value = { [row.question.code]: row.value as AnswerForm['values'][string] };
    if (row.ticketId !== null) ticketValues.set(row.ticketId, { ...ticketValues.get(row.ticketId), ...value });
    else orderValues.set(`${row.orderId}/${row.question.shopItemId}`, { ...orderValues.get(`${row.orderId}/${row.question.shopItemId}`), ...value });
  }
  const answersMayChange = (item: TicketRow['item']) => item.allowNameChanges && within(now, null, item.allowNameChangesUntil);
  const answersLanguage = language;
  const { byTicket: ticketAnswers, byOrder: orderAnswers } = shownAnswersOf(answerRows, answersLanguage, { day: answerDayIn(answersLanguage) });

  // What card and desk payments can still take back, for the customer's own paid orders (one query).
  const refundable = loaded.orders.filter((order) => order.customerId === customerId && (order.paymentStatus === 'paid' || (Boolean(order.paymentPlan?.length) && order.paymentStatus === 'partial')));
  const waysOpen = refundable.length ? await openRefundWays(db, refundable.map((order) => order.id), refundProvider) : new Map<number, RefundWaysOpen>();
  const staffRefunds: StaffRefundRules = new Map();
  const orders = loaded.orders.map((order): Order => {
    const paid = order.paymentStatus === 'paid';
    // A payment-plan order can be refunded from its initial payment on (spec section 9).
    // A complimentary order (decision 0100) holds no money: its tickets are cancelled on their list, never refunded.
    const complimentary = order.guestListId !== null;
    const refundablePayment = !complimentary && (paid || (Boolean(order.paymentPlan?.length) && order.paymentStatus === 'partial'));
    /**
     * An order another customer bought, shown because a ticket of it was passed to this one
     * (decision 0020): only those tickets, none of the buyer's money, links or refunds.
     */
    const received = order.customerId !== customerId;
    const staffRules = { tickets: new Map<string, StaffRefundRule>(), merchandise: new Map<string, StaffRefundRule>() };
    if (!received) staffRefunds.set(order.id, staffRules);
    const ticketView = ({ ticket, item, event }: TicketRow): Ticket => {
      const active = ticket.status === 'active';
      const listed: ShopItem | undefined = snapshot.byId.get(item.id);
      const departure = ticket.travelTimeId !== null ? listed?.travel_times.find((time) => time.id === ticket.travelTimeId)?.travel_time : null;
      staffRules.tickets.set(
        ticket.code,
        staffRefundRule({ status: ticket.status, paidEnough: refundablePayment, complimentary, inOpenRefund: activeRefundTickets.has(ticket.id), productRefundable: item.isRefundable, refundFrom: item.allowRefundRequestsFrom, refundUntil: item.allowRefundRequestsUntil, now }),
      );
      return {
        code: ticket.code,
        product: ticket.productName,
        full_name: ticket.fullName,
        email: ticket.email,
        age: ticket.age,
        status: ticket.status,
        pending: ticket.status === 'pending',
        type: ticket.productType,
        price: ticket.price,
        fee: ticket.fee,
        refund_fee: ticket.refundFee,
        refund_total: Math.max(0, ticket.price - ticket.refundFee),
        shipping_refund: 0,
        is_ever_refundable: item.isRefundable,
        is_refundable:
          !received && item.isRefundable && active && refundablePayment && within(now, item.allowRefundRequestsFrom, item.allowRefundRequestsUntil) && !activeRefundTickets.has(ticket.id),
        allow_name_changes: item.allowNameChanges && active && within(now, null, item.allowNameChangesUntil) && (item.nameChangeLimit === 0 || ticket.nameChanges < item.nameChangeLimit),
        allow_email_changes: item.allowEmailChanges && active,
        name_changes_left: item.nameChangeLimit === 0 ? null : Math.max(0, item.nameChangeLimit - ticket.nameChanges),
        allow_travel_time_changes: item.travelTimeType === 'selectable' && active && within(now, null, item.allowTravelTimeChangesUntil),
        allow_download: active && paid,
        recently_edited: ticket.lastEditedAt !== null && now.getTime() - ticket.lastEditedAt.getTime() < EDIT_LOCK_MS,
        transport_time_id: ticket.travelTimeId,
        travel_time: departure ?? iso(item.travelTime),
        travel_times: listed?.travel_times ?? [],
        timezone: event?.timezone ?? null,
        event_name: event?.name ?? null,
        event_id: event?.id ?? null,
        ...(ticketAnswers.has(ticket.id) ? { answers: ticketAnswers.get(ticket.id)! } : {}),
        ...answerFormOf(item, 'ticket', ticketValues.get(ticket.id), active),
      };
    };
    /** A product's questions of one scope as the portal's form (absent: none asked). */
    function answerFormOf(item: TicketRow['item'], per: 'ticket' | 'order', values: AnswerForm['values'] | undefined, active: boolean) {
      const questions = (askedOf.get(item.id) ?? []).filter((question) => question.per === per);
      if (!questions.length) return {};
      const form: AnswerForm = { product: item.externalCode, name: item.name, questions, values: values ?? {}, allow_changes: active && answersMayChange(item) };
      return per === 'ticket' ? { answer_form: form } : { answer_forms: [form] };
    }
    // A ticket passed on belongs to its new holder: its buyer no longer sees it.
    const heldHere = ({ ticket }: TicketRow) => (received ? ticket.holderCustomerId === customerId : ticket.holderCustomerId === null || ticket.holderCustomerId === customerId);
    const tickets = loaded.tickets.filter((row) => row.ticket.orderId === order.id && heldHere(row)).map(ticketView);
    /** The order's own questions by product (the buyer's orders only), changeable while a ticket of the product is active and its holder may be changed. */
    const orderAnswerForms = (id: number, passedOn: boolean) => {
      if (passedOn) return {};
      const rows = loaded.tickets.filter((row) => row.ticket.orderId === id);
      const forms = [...new Map(rows.map((row) => [row.item.id, row.item])).values()].flatMap(
        (item) => answerFormOf(item, 'order', orderValues.get(`${id}/${item.id}`), rows.some((row) => row.item.id === item.id && row.ticket.status === 'active')).answer_forms ?? [],
      );
      return forms.length ? { answer_forms: forms } : {};
    };
    const purchaseRows = received ? [] : loaded.merchandise.filter((row) => row.purchase.orderId === order.id);
    const shipping = shippingShares(order.shippingAmount, purchaseRows.length);
    const merchandisePurchases = purchaseRows.map(({ purchase, item }, index) => {
      staffRules.merchandise.set(
        purchase.code,
        staffRefundRule({ status: purchase.status, paidEnough: refundablePayment, complimentary, inOpenRefund: activeRefundPurchases.has(purchase.id), productRefundable: item.isRefundable, refundFrom: item.allowRefundRequestsFrom, refundUntil: item.allowRefundRequestsUntil, now }),
      );
      return {
        code: purchase.code,
        merchandise: purchase.name,
        price: purchase.price,
        fee: purchase.fee,
        status: purchase.status,
        refund_fee: purchase.refundFee,
        refund_total: Math.max(0, purchase.price - purchase.refundFee),
        shipping_refund: shipping[index] ?? 0,
        is_refundable:
          item.isRefundable && purchase.status === 'active' && refundablePayment && within(now, item.allowRefundRequestsFrom, item.allowRefundRequestsUntil) && !activeRefundPurchases.has(purchase.id),
      };
    });
    const payments = loaded.instalments
      .filter((row) => row.orderId === order.id && !received)
      .map((instalment) => {
        const open = instalment.status !== 'paid' && instalment.status !== 'cancelled';
        return {
          reference: instalment.reference,
          amount: instalment.amount,
          paid_amount: instalment.paidAmount,
          due_at: instalment.dueAt.toISOString(),
          paid_at: iso(instalment.paidAt),
          payment_status: instalment.status,
          overdue: open && now.getTime() - instalment.dueAt.getTime() > OVERDUE_AFTER_MS,
          due: open && instalment.dueAt <= now,
          attempt: instalment.attempts,
          // The owner's schedule links each instalment to its own page (decision 0027).
          checksum: orderLinkSignature(appSecret, order.code, instalmentLink(instalment.reference)),
        };
      });
    const orderRefunds = received ? [] : (refundsByOrder.get(order.id) ?? []);
    if (received) {
      const ticketsTotal = tickets.reduce((sum, ticket) => sum + ticket.price + ticket.fee, 0);
      return {
        ...receivedOrderBase,
        id: order.id,
        code: order.code,
        created_at: order.createdAt.toISOString(),
        staff: order.channel,
        total_price: ticketsTotal,
        total_paid: paid ? ticketsTotal : 0,
        payment_method: order.paymentMethod,
        payment_status: order.paymentStatus,
        accepted_ts_and_cs: true,
        tickets,
      };
    }
    return {
      id: order.id,
      code: order.code,
      // Each link of the owner's order view carries its own purpose's signature (decision 0027).
      checksum: orderLinkSignature(appSecret, order.code, INVOICE_LINK),
      terms_checksum: orderLinkSignature(appSecret, order.code, ACCEPT_TERMS_LINK),
      created_at: order.createdAt.toISOString(),
      staff: order.channel,
      total_price: order.totalPrice,
      total_paid: order.totalPaid,
      total_refunded: order.totalRefunded,
      discount_amount: order.discountAmount,
      discount_name: order.discountName,
      shipping_amount: order.shippingAmount,
      shipping_country: order.shippingCountry,
      shipping_refunded: order.shippingRefunded,
      payment_method: order.paymentMethod,
      payment_status: order.paymentStatus,
      has_refunds: orderRefunds.length > 0,
      fully_refunded: order.totalPaid > 0 && order.totalRefunded >= order.totalPaid,
      has_active_refunds: orderRefunds.some((refund) => refund.active),
      can_refund: tickets.some((ticket) => ticket.is_refundable) || merchandisePurchases.some((purchase) => purchase.is_refundable),
      has_invoice: paid,
      accepted_ts_and_cs: order.acceptedTermsAt !== null,
      has_payment_plan: Boolean(order.paymentPlan?.length),
      payment_plan: order.paymentPlan ?? null,
      payments,
      payment_attempts: order.paymentAttempts,
      payment_reference: order.paymentMethod === 'bank_transfer' ? order.paymentReference : null,
      // The sweeper abandons only pending orders past pay_by: a partly paid transfer keeps its
      // deadline for the rest (decision 0060); a card order's is its hold (decision 0066: the shop's banner names it).
      pay_by: (order.paymentMethod === 'bank_transfer' && (order.paymentStatus === 'pending' || order.paymentStatus === 'partial')) || (order.paymentMethod === 'credit_card' && order.paymentStatus === 'pending') ? iso(order.payBy) : null,
      can_pay_by_transfer: bankTransferOffered && mayTurnToTransfer(order, now) && transferAllowedFor(order.billingCountry, tickets, snapshot),
      refund_ways_open: waysOpen.get(order.id) ?? (refundablePayment ? { card: 0, cash: 0, card_terminal: 0 } : null),
      returned_amount: order.returnedAmount,
      tickets,
      ...(orderAnswers.has(order.id) ? { answers: orderAnswers.get(order.id)! } : {}),
      ...orderAnswerForms(order.id, received),
      cartProducts: [],
      cartMerchandise: [],
      merchandisePurchases,
    };
  });

  // Only active refunds without bank details are looked at (rare): the rest answer without a query.
  const bankWanted = new Map<number, number>();
  for (const { refund } of refundData.refunds) {
    const ways = await waysWithoutBankDetails(db, refund, refundProvider);
    if (ways && waitsForBankDetails(ways)) bankWanted.set(refund.id, ways.bank);
  }
  const refunds = refundData.refunds.map(({ refund, orderCode, creditNoteNumber }): Refund => ({
    id: refund.id,
    status: refund.status,
    created_at: refund.createdAt.toISOString(),
    completed_at: iso(refund.completedAt),
    total: refund.total,
    shipping_refund: refund.shippingRefund,
    order: { id: refund.orderId, code: orderCode },
    // The credit note's link is signed for this refund alone (decisions 0027, 0033).
    credit_note: creditNoteNumber ? { number: creditNoteNumber, checksum: orderLinkSignature(appSecret, orderCode, creditNoteLink(refund.id)) } : null,
    bank_details_wanted_for: bankWanted.get(refund.id) ?? null,
    items: refundData.items
      .filter(({ item }) => item.refundId === refund.id)
      .map(({ item, ticketCode, ticketName, purchaseCode, purchaseName }) => ({
        code: ticketCode ?? purchaseCode ?? '',
        name: ticketName ?? purchaseName ?? '',
        kind: item.ticketId !== null ? ('ticket' as const) : ('merchandise' as const),
        status: item.status,
        amount: item.amount,
      })),
  }));
  return { orders, refunds, staffRefunds, existingTickets: existingTicketsOf(loaded, customerId) };
}

/** Ticket states that no longer stand for a place at the event. */
const ENDED_TICKET_STATES = new Set(['cancelled', 'refunded']);

/**
 * The customer's tickets that still stand, for the cart's add-on warning (get-data's
 * existing_tickets): those of their own orders, whoever holds them now, and those passed to
 * them. Every one is among the tickets loaded with the orders (their orders and the orders of the
 * tickets they hold), so they are picked from those, in ticket order, without a statement of their own.
 */
function existingTicketsOf(loaded: Awaited<ReturnType<typeof loadCustomerOrders>>, customerId: number): UserData['existing_tickets'] {
  const theirOrders = new Set(loaded.orders.filter((order) => order.customerId === customerId).map((order) => order.id));
  return loaded.tickets
    .filter(({ ticket }) => (theirOrders.has(ticket.orderId) || ticket.holderCustomerId === customerId) && !ENDED_TICKET_STATES.has(ticket.status))
    .map(({ ticket, item }) => ({ full_name: ticket.fullName, email: ticket.email, age: ticket.age, event_id: item.eventId }));
}

