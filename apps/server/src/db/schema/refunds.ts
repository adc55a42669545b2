import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './accounts';
import { createdAt, tstz, updatedAt } from './catalog';
import { merchandisePurchases, orders, tickets } from './orders';

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

export { updatedAt };
