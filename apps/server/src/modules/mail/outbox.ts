import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailOutbox } from '../../db/schema';

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
}

/**
 * Writes a message to the transactional outbox, in the caller's transaction: the message exists
 * exactly when the change that causes it was committed. The mail sender delivers it later.
 */
export async function enqueueMail(db: Db, mail: OutgoingMail): Promise<void> {
  await db
    .insert(emailOutbox)
    .values({ toAddress: mail.to, subject: mail.subject, textBody: mail.text, htmlBody: mail.html, dedupeKey: mail.dedupeKey ?? null, nextAttemptAt: sql`now()` })
    .onConflictDoNothing({ target: emailOutbox.dedupeKey });
}
