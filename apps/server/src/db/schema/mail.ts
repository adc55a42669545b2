import { boolean, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, tstz } from './catalog';

/**
 * Transactional outbox: a message is written in the same transaction as the change that
 * causes it, and a worker sends it later. dedupe_key makes "send once" a database fact.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: serial('id').primaryKey(),
    dedupeKey: text('dedupe_key').unique(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** The message carries a password or a one-time link: its bodies are removed once it is sent. */
    holdsSecret: boolean('holds_secret').notNull().default(false),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tstz('next_attempt_at').notNull().defaultNow(),
    lockedUntil: tstz('locked_until'),
    lastError: text('last_error'),
    sentAt: tstz('sent_at'),
    createdAt: createdAt(),
  },
  (table) => [
    index('email_outbox_due').on(table.status, table.nextAttemptAt),
    // The back office's order page lists the messages sent to an order's buyer and holders.
    index('email_outbox_to').on(table.toAddress),
  ],
);
