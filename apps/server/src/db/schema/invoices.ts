import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tstz } from './catalog';
import { orders } from './orders';
import { refunds } from './refunds';

/**
 * The last number given in each numbered series (invoices, credit notes). A number is taken by
 * an insert-or-increment of the series' row inside the transaction that creates the document:
 * the row lock makes concurrent issues wait for each other, and a rollback gives the number back
 * with the document, so a series has no gaps and no doubles (decision 0033).
 */
export const documentSequences = pgTable('document_sequences', {
  series: text('series').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/**
 * Issued invoices and credit notes. What a document says is fixed when it is issued (`content`):
 * later changes to the order, the customer's account or the configuration do not change a
 * document a bookkeeper has filed.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['invoice', 'credit_note'] }).notNull(),
    series: text('series').notNull(),
    /**
     * The number in its series. Null only inside the transaction that issues a document numbered
     * at commit (a payment's invoice): a deferred trigger takes the series' next number as the
     * transaction commits and writes it here, so no other transaction ever sees it null.
     */
    sequence: integer('sequence'),
    /** The printed number: the series' prefix and the sequence (null while `sequence` is). */
    number: text('number').unique(),
    /** The prefix the number at commit is formed with; null once numbered. */
    pendingPrefix: text('pending_prefix'),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    /** The refund a credit note is for. */
    refundId: integer('refund_id').references(() => refunds.id),
    /** The invoice a credit note corrects. */
    correctsInvoiceId: integer('corrects_invoice_id'),
    issuedAt: tstz('issued_at').notNull(),
    content: jsonb('content').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('invoices_series_sequence').on(table.series, table.sequence),
    // One invoice per order, one credit note per refund.
    uniqueIndex('invoices_one_per_order').on(table.orderId).where(sql`${table.kind} = 'invoice'`),
    uniqueIndex('invoices_one_per_refund').on(table.refundId).where(sql`${table.refundId} IS NOT NULL`),
    index('invoices_order').on(table.orderId),
    check('invoices_credit_note_has_refund', sql`(${table.kind} = 'credit_note') = (${table.refundId} IS NOT NULL)`),
    // Numbered, or waiting for its number at commit with the prefix to form it from.
    check('invoices_numbered_or_pending', sql`(${table.sequence} IS NOT NULL AND ${table.number} IS NOT NULL AND ${table.pendingPrefix} IS NULL) OR (${table.sequence} IS NULL AND ${table.number} IS NULL AND ${table.pendingPrefix} IS NOT NULL)`),
  ],
);
