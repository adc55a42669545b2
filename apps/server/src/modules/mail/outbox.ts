import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reusableQuery } from '../../db/reusable-statement';
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
  const reusable = outboxInserts[rows.length - 1];
  if (!reusable) {
    await db
      .insert(emailOutbox)
      .values(rows.map((row) => ({ ...row, nextAttemptAt: sql`now()` })))
      .onConflictDoNothing({ target: emailOutbox.dedupeKey });
    return;
  }
  const values: Record<string, unknown> = {};
  rows.forEach((row, index) => {
    for (const [key, value] of Object.entries(row)) values[`${key}${index}`] = value;
  });
  await reusable(db, values);
}

/** The outbox's insert of 1 to 4 messages (a purchase writes one or two), built once per connection (decision 0086). */
const outboxInserts = [1, 2, 3, 4].map((count) =>
  reusableQuery<unknown, Record<string, unknown>>((db) =>
    db
      .insert(emailOutbox)
      .values(
        Array.from({ length: count }, (_, index) => ({
          toAddress: sql.placeholder(`toAddress${index}`),
          subject: sql.placeholder(`subject${index}`),
          textBody: sql.placeholder(`textBody${index}`),
          htmlBody: sql.placeholder(`htmlBody${index}`),
          dedupeKey: sql.placeholder(`dedupeKey${index}`),
          holdsSecret: sql.placeholder(`holdsSecret${index}`),
          nextAttemptAt: sql`now()`,
        })),
      )
      .onConflictDoNothing({ target: emailOutbox.dedupeKey }),
  ),
);
