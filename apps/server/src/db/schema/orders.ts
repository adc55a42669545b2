import { sql } from 'drizzle-orm';
import type { AnswerValue } from '@festival/contract';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './accounts';
import { carts } from './cart';
import { createdAt, productQuestions, shopItems, travelTimes, tstz, updatedAt, vouchers, type PaymentPlanJson } from './catalog';
import { emailKey, nameKeys, prefixIndexed } from './search-keys';

/**
 * A guest list (issue 37 point 3, decision 0100): the organiser's named lists ("Artists", "Crew",
 * "Press") that complimentary tickets are issued to from the back office. A name is unique
 * whatever its case.
 */
export const guestLists = pgTable(
  'guest_lists',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('guest_lists_name_lower').on(sql`lower(${table.name})`)],
);

export const paymentStatuses = ['pending', 'partial', 'processing', 'problem', 'paid', 'cancelled', 'abandoned'] as const;

/**
 * An order copies names, prices and fees at purchase time; later catalogue changes never
 * change what a customer bought.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** One order per cart: a repeated or concurrent checkout of the same cart finds this row. */
    cartId: integer('cart_id').references(() => carts.id, { onDelete: 'set null' }),
    channel: text('channel'),
    totalPrice: integer('total_price').notNull(),
    totalPaid: integer('total_paid').notNull().default(0),
    totalRefunded: integer('total_refunded').notNull().default(0),
    discountAmount: integer('discount_amount').notNull().default(0),
    discountName: text('discount_name'),
    voucherId: integer('voucher_id').references(() => vouchers.id),
    shippingAmount: integer('shipping_amount').notNull().default(0),
    /** The recipient's name on the parcel (the shipping address's name). */
    shippingName: text('shipping_name'),
    /** The carrier and service the merchandise ships by (the shipping rate's name at checkout, such as "PostNL parcel"); invoices name it. */
    shippingMethod: text('shipping_method'),
    shippingCountry: text('shipping_country'),
    shippingAddress: jsonb('shipping_address').$type<Record<string, string>>(),
    shippingRefunded: integer('shipping_refunded').notNull().default(0),
    /** Card money that arrived when the order no longer owed it and went back automatically (decision 0026); never part of totalPaid. */
    returnedAmount: integer('returned_amount').notNull().default(0),
    billingCountry: text('billing_country'),
    billingAddress: jsonb('billing_address').$type<Record<string, string>>(),
    paymentMethod: text('payment_method').notNull(),
    paymentStatus: text('payment_status', { enum: paymentStatuses }).notNull().default('pending'),
    paymentPlan: jsonb('payment_plan').$type<PaymentPlanJson>(),
    /** Card payments started for the order itself (not its instalments); at the configured maximum no more are allowed. */
    paymentAttempts: integer('payment_attempts').notNull().default(0),
    /** What a bank transfer must carry to be matched to the order (the configured prefix and the order code). */
    paymentReference: text('payment_reference'),
    /** When an unpaid card order gives its stock back (the reservation time after checkout). */
    payBy: tstz('pay_by'),
    /**
     * The language the order was placed in (the page's, decision 0094): every e-mail and document
     * about the order is in it, also those sent later by the organiser, the sweeper or a refund
     * round. Null for orders from before languages, and the box office's: the shop's default.
     */
    language: text('language'),
    /**
     * A complimentary order (decision 0100): tickets issued to a guest on this list, for nothing,
     * with the issuing member's reason. Never revenue: no invoice, no payment, counted apart.
     */
    guestListId: integer('guest_list_id').references(() => guestLists.id),
    complimentaryReason: text('complimentary_reason'),
    acceptedTermsAt: tstz('accepted_terms_at'),
    paidAt: tstz('paid_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('orders_cart').on(table.cartId),
    // With the id: the back office's search reads a buyer's newest orders from the index alone.
    index('orders_customer').on(table.customerId, table.id),
    index('orders_unpaid_pay_by').on(table.paymentStatus, table.payBy),
    // A scanner's sync: orders whose change revokes or validates their tickets (updated_at kept by a trigger).
    index('orders_updated_at').on(table.updatedAt),
    // The back office's dashboard: today's orders and the per-minute sales chart of an on-sale (decision 0043).
    index('orders_created_at').on(table.createdAt),
    // A voucher's uses per customer at checkout (decision 0096) and the orders the back office lists with it.
    index('orders_voucher_customer').on(table.voucherId, table.customerId).where(sql`${table.voucherId} IS NOT NULL`),
    // The guest lists' tickets, newest first, and their counts per list (the dashboard, the exports).
    index('orders_guest_list').on(table.guestListId, table.id).where(sql`${table.guestListId} IS NOT NULL`),
    // A complimentary order has its reason and costs nothing (decision 0100).
    check('orders_complimentary', sql`${table.guestListId} IS NULL OR (${table.complimentaryReason} IS NOT NULL AND ${table.totalPrice} = 0 AND ${table.totalPaid} = 0)`),
    check('orders_language_code', sql`${table.language} ~ '^[a-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$'`),
    check('orders_money_non_negative', sql`${table.totalPrice} >= 0 AND ${table.totalPaid} >= 0 AND ${table.totalRefunded} >= 0`),
  ],
);

export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    /** Unguessable: it is what the gate scans and what download links carry. */
    code: text('code').notNull().unique(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    shopItemId: integer('shop_item_id')
      .notNull()
      .references(() => shopItems.id),
    travelTimeId: integer('travel_time_id').references(() => travelTimes.id),
    /** The account that holds the ticket (changes when the ticket is reassigned). */
    holderCustomerId: integer('holder_customer_id').references(() => customers.id),
    productName: text('product_name').notNull(),
    productType: text('product_type').notNull(),
    fullName: text('full_name'),
    email: text('email'),
    age: text('age'),
    status: text('status').notNull().default('pending'),
    price: integer('price').notNull(),
    fee: integer('fee').notNull(),
    refundFee: integer('refund_fee').notNull().default(0),
    nameChanges: integer('name_changes').notNull().default(0),
    lastEditedAt: tstz('last_edited_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('tickets_order').on(table.orderId),
    index('tickets_email_lower').on(sql`lower(${table.email})`),
    // A customer's portal finds the tickets passed to them from other customers' orders.
    index('tickets_holder').on(table.holderCustomerId).where(sql`${table.holderCustomerId} IS NOT NULL`),
    // A scanner's sync asks what changed since its last one (updated_at is kept by a trigger, migration 0017).
    index('tickets_updated_at').on(table.updatedAt),
    // The back office's order search finds a holder by the start of their address or of a word of their name.
    index('tickets_email_prefix').on(prefixIndexed(emailKey(table.email), table.orderId, table.email)),
    ...nameKeys(table.fullName).map((key, word) => index(`tickets_name_prefix_${word}`).on(prefixIndexed(key, table.orderId, table.fullName))),
  ],
);

/**
 * The answers to product questions (decision 0106): a per-ticket question's with its ticket, a
 * per-order question's with the order alone. The question is referenced (never deleted while
 * answered: archived instead), and the answer kept as its kind keeps it (product-questions.ts).
 */
export const questionAnswers = pgTable(
  'question_answers',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    ticketId: integer('ticket_id').references(() => tickets.id),
    questionId: integer('question_id')
      .notNull()
      .references(() => productQuestions.id),
    value: jsonb('value').$type<AnswerValue>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('question_answers_ticket').on(table.ticketId, table.questionId).where(sql`${table.ticketId} IS NOT NULL`),
    uniqueIndex('question_answers_order').on(table.orderId, table.questionId).where(sql`${table.ticketId} IS NULL`),
    index('question_answers_question').on(table.questionId),
    // An order's answers, its tickets' included (the order pages, the export, the gate): never read from end to end.
    index('question_answers_order_id').on(table.orderId),
  ],
);

export const merchandisePurchases = pgTable(
  'merchandise_purchases',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    shopItemId: integer('shop_item_id')
      .notNull()
      .references(() => shopItems.id),
    name: text('name').notNull(),
    status: text('status').notNull().default('pending'),
    price: integer('price').notNull(),
    fee: integer('fee').notNull(),
    refundFee: integer('refund_fee').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('merchandise_purchases_order').on(table.orderId)],
);

/** Instalments of a payment-plan order; the first is the initial payment. */
export const paymentPlanPayments = pgTable(
  'payment_plan_payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    reference: text('reference').notNull().unique(),
    amount: integer('amount').notNull(),
    paidAmount: integer('paid_amount').notNull().default(0),
    dueAt: tstz('due_at').notNull(),
    paidAt: tstz('paid_at'),
    status: text('status', { enum: ['paid', 'cancelled', 'pending', 'processing', 'partial', 'problem'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When the reminder before the due date was queued: it goes out once. */
    reminderSentAt: tstz('reminder_sent_at'),
    /** When the overdue notice was queued: it goes out once. */
    overdueNoticeSentAt: tstz('overdue_notice_sent_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('payment_plan_payments_order').on(table.orderId), index('payment_plan_payments_open_due').on(table.status, table.dueAt)],
);

/** One payment attempt with a provider (card, bank transfer, ...). */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    planPaymentId: integer('plan_payment_id').references(() => paymentPlanPayments.id),
    provider: text('provider').notNull(),
    providerReference: text('provider_reference'),
    /** The provider's own id of the payment (Stripe's Checkout Session, Mollie's payment), once created. */
    providerPaymentId: text('provider_payment_id'),
    method: text('method').notNull(),
    amount: integer('amount').notNull(),
    /**
     * 'refunded': paid when the order no longer owed it, and sent back through the gateway (decision 0026).
     * 'pending': the provider accepted it and the money settles later (bank methods; decision 0037).
     */
    status: text('status', { enum: ['open', 'pending', 'paid', 'failed', 'cancelled', 'expired', 'refunded'] })
      .notNull()
      .default('open'),
    attempt: integer('attempt').notNull().default(1),
    /**
     * Whether a decline of this attempt counts against the order's card attempts (decision 0066):
     * false for an attempt through an order link without the owner's session (decision 0027).
     */
    countsDecline: boolean('counts_decline').notNull().default(true),
    /** The method the buyer chose in the shop for the provider's page (`ideal`, `bancontact`, `card`…; decision 0067); null: the provider's page offers its own. */
    providerMethod: text('provider_method'),
    /** The provider's id of the refund of a payment the shop did not keep. */
    refundReference: text('refund_reference'),
    refundedAt: tstz('refunded_at'),
    /** A chargeback (Stripe: dispute) of this payment: opened, then won or lost (decision 0037). */
    disputeStatus: text('dispute_status', { enum: ['opened', 'won', 'lost'] }),
    /**
     * The member of staff who took the money (decision 0060): cash or the card terminal at the box
     * office (provider 'desk'), a bank transfer recorded in the back office. Null for money the
     * provider or the shop itself took.
     */
    takenBy: text('taken_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('payments_order').on(table.orderId),
    uniqueIndex('payments_provider_reference').on(table.provider, table.providerReference),
  ],
);

/** Provider notifications already applied: a replay finds its row and changes nothing. */
export const paymentNotifications = pgTable('payment_notifications', {
  id: serial('id').primaryKey(),
  provider: text('provider').notNull(),
  notificationId: text('notification_id').notNull().unique(),
  paymentId: integer('payment_id').references(() => payments.id),
  receivedAt: createdAt(),
});

/** What a customer changed on a ticket and why (the note), for the organiser's record. */
export const ticketChanges = pgTable(
  'ticket_changes',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** Each changed field with its old and new value ("travel_time_id", "holder" for a reassignment). */
    changes: jsonb('changes').$type<Record<string, { from: string | number | null; to: string | number | null }>>().notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (table) => [index('ticket_changes_ticket').on(table.ticketId)],
);
