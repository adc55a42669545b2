import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './accounts';
import { createdAt, tstz, updatedAt } from './catalog';
import { merchandisePurchases, orders, payments, tickets } from './orders';

export type BankDetailsJson = {
  ownerFullName: string;
  ownerAddress: Record<string, string>;
  bankName: string;
  bankCity: string | null;
  bankCountry: string;
  bic: string;
  iban: string | null;
  account: string | null;
};

export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    status: text('status').notNull().default('active'),
    total: integer('total').notNull(),
    shippingRefund: integer('shipping_refund').notNull().default(0),
    bankDetails: jsonb('bank_details').$type<BankDetailsJson>(),
    note: text('note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: tstz('completed_at'),
  },
  (table) => [index('refunds_order').on(table.orderId), index('refunds_customer').on(table.customerId)],
);

export const refundItems = pgTable(
  'refund_items',
  {
    id: serial('id').primaryKey(),
    refundId: integer('refund_id')
      .notNull()
      .references(() => refunds.id, { onDelete: 'cascade' }),
    ticketId: integer('ticket_id').references(() => tickets.id),
    merchandisePurchaseId: integer('merchandise_purchase_id').references(() => merchandisePurchases.id),
    amount: integer('amount').notNull(),
    status: text('status').notNull().default('refund'),
  },
  (table) => [
    index('refund_items_refund').on(table.refundId),
    // An item is in at most one active request; the service checks first, these make it certain.
    uniqueIndex('refund_items_active_ticket').on(table.ticketId).where(sql`${table.status} = 'refund'`),
    uniqueIndex('refund_items_active_merchandise').on(table.merchandisePurchaseId).where(sql`${table.status} = 'refund'`),
    check(
      'refund_items_one_target',
      sql`(${table.ticketId} IS NULL) <> (${table.merchandisePurchaseId} IS NULL)`,
    ),
  ],
);

/**
 * Money sent back through the provider for a paid payment: a part of a refund the organiser
 * processed (refundId), one row per payment it is taken from (decision 0037). The idempotency key
 * makes asking again (a command run twice, a crash between the provider's yes and our commit)
 * the same refund at the provider; the row is 'requested' until the provider answered, then
 * 'pending' or 'succeeded' or 'failed' as the provider says.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    refundId: integer('refund_id').references(() => refunds.id),
    amount: integer('amount').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    providerRefundId: text('provider_refund_id'),
    status: text('status', { enum: ['requested', 'pending', 'succeeded', 'failed'] })
      .notNull()
      .default('requested'),
    /** A part paid out at the box office (a desk payment's money, decision 0060): who paid it out, and when. */
    paidOutBy: text('paid_out_by'),
    paidOutAt: tstz('paid_out_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('payment_refunds_payment').on(table.paymentId),
    index('payment_refunds_refund').on(table.refundId),
    uniqueIndex('payment_refunds_provider_refund').on(table.providerRefundId),
    check('payment_refunds_amount_positive', sql`${table.amount} > 0`),
  ],
);

export { updatedAt };
