import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reusableInsertRows } from '../../db/reusable-statement';
import { emailOutbox } from '../../db/schema';
import { SUBJECT_MAX_LENGTH, headerText } from './header-text';
import { isWalkInAddress } from '../orders/walk-in';

/** A message for one recipient, with a plain-text and an HTML body. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * Sending the same logical message twice (a retried request, two instances) keeps one: the
   * outbox's unique dedupe key. Null for messages that may repeat (each password reset request).
   */
  dedupeKey?: string | null;
  /**
   * The message carries a password or a one-time link. Once sent its bodies are removed from the
   * outbox: the recipient has it, and a copy of the database must not hold working secrets.
   */
  holdsSecret?: boolean;
}

/** What a sent message that held a secret keeps of its bodies. */
export const REMOVED_SECRET_BODY = '(removed once sent: this message held a password or a one-time link)';

/**
 * Writes a message to the transactional outbox, in the caller's transaction: the message exists
 * exactly when the change that causes it was committed. The mail sender delivers it later.
 */
export async function enqueueMail(db: Db, mail: OutgoingMail): Promise<void> {
  await enqueueMails(db, [mail]);
}

/** Several messages written to the outbox at once (one statement), as enqueueMail writes each. */
export async function enqueueMails(db: Db, all: readonly OutgoingMail[]): Promise<void> {
  // A walk-in buyer's account has no address (decision 0076): nothing is written for it.
  const mails = all.filter((mail) => !isWalkInAddress(mail.to));
  if (!mails.length) return;
  const rows = mails.map((mail) => ({
    toAddress: mail.to,
    // Names customers wrote go into subjects: only their own text, on one line (decision 0029).
    subject: headerText(mail.subject, SUBJECT_MAX_LENGTH),
    textBody: mail.text,
    htmlBody: mail.html,
    dedupeKey: mail.dedupeKey ?? null,
    holdsSecret: mail.holdsSecret ?? false,
  }));
  await insertOutboxRows(db, rows);
}

/** The outbox's insert, built once per connection for up to four messages (a purchase writes one or two; decision 0086). */
const insertOutboxRows = reusableInsertRows(emailOutbox, { fixed: { nextAttemptAt: sql`now()` }, onConflictDoNothing: { target: emailOutbox.dedupeKey } });
