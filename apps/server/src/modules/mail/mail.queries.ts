import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import { REMOVED_SECRET_BODY } from './outbox';

export type OutboxRow = typeof emailOutbox.$inferSelect;

/** A message this instance claimed, with the end of its lease as the database set it. */
export type ClaimedMail = Pick<OutboxRow, 'id' | 'toAddress' | 'subject' | 'textBody' | 'htmlBody' | 'attempts' | 'createdAt'> & { lockedUntil: Date };

/**
 * Locks up to `limit` messages that are due: pending ones whose time has come, and ones left
 * 'sending' by an instance whose lease ran out (it stopped mid-send) or without a lease (set by hand). Rows another instance is
 * claiming right now are skipped, not waited for.
 */
export async function lockDueMails(tx: Db, limit: number): Promise<number[]> {
  const rows = await tx
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      or(
        and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, sql`now()`)),
        and(eq(emailOutbox.status, 'sending'), or(isNull(emailOutbox.lockedUntil), lte(emailOutbox.lockedUntil, sql`now()`))),
      ),
    )
    .orderBy(asc(emailOutbox.nextAttemptAt), asc(emailOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return rows.map((row) => row.id);
}

/**
 * Marks locked messages as being sent by this instance until the lease ends, counting the
 * attempt now so that an instance dying mid-send still uses one up. The lease end is cut to
 * milliseconds so it round-trips through a JavaScript Date and can identify this claim later.
 */
export async function claimMails(tx: Db, ids: number[], leaseMs: number): Promise<ClaimedMail[]> {
  if (!ids.length) return [];
  const rows = await tx
    .update(emailOutbox)
    .set({
      status: 'sending',
      attempts: sql`${emailOutbox.attempts} + 1`,
      lockedUntil: sql`date_trunc('milliseconds', now()) + make_interval(secs => ${leaseMs / 1000})`,
    })
    .where(inArray(emailOutbox.id, ids))
    .returning({
      id: emailOutbox.id,
      toAddress: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      textBody: emailOutbox.textBody,
      htmlBody: emailOutbox.htmlBody,
      attempts: emailOutbox.attempts,
      createdAt: emailOutbox.createdAt,
      lockedUntil: emailOutbox.lockedUntil,
    });
  return rows
    .map((row) => ({ ...row, lockedUntil: row.lockedUntil! }))
    .sort((a, b) => a.id - b.id);
}

/** This claim of the message and no later one: another instance may have taken it over. */
const ownClaim = (mail: Pick<ClaimedMail, 'id' | 'lockedUntil'>) =>
  and(eq(emailOutbox.id, mail.id), eq(emailOutbox.status, 'sending'), eq(emailOutbox.lockedUntil, mail.lockedUntil));

/** A message's bodies, or the note that replaces them when it held a secret and is done with. */
const bodiesUnlessSecret = {
  textBody: sql`case when ${emailOutbox.holdsSecret} then ${REMOVED_SECRET_BODY} else ${emailOutbox.textBody} end`,
  htmlBody: sql`case when ${emailOutbox.holdsSecret} then ${REMOVED_SECRET_BODY} else ${emailOutbox.htmlBody} end`,
};

/** Records a delivery (removing the bodies of a message that held a secret); false when the claim was no longer this instance's. */
export async function markSent(db: Db, mail: Pick<ClaimedMail, 'id' | 'lockedUntil'>): Promise<boolean> {
  const rows = await db
    .update(emailOutbox)
    .set({ status: 'sent', sentAt: sql`now()`, lockedUntil: null, lastError: null, ...bodiesUnlessSecret })
    .where(ownClaim(mail))
    .returning({ id: emailOutbox.id });
  return rows.length > 0;
}

/** Records a failed attempt: pending again after `retryInMs`, or failed for good when `retryInMs` is null. */
export async function markAttemptFailed(db: Db, mail: Pick<ClaimedMail, 'id' | 'lockedUntil'>, error: string, retryInMs: number | null): Promise<boolean> {
  const rows = await db
    .update(emailOutbox)
    .set(
      retryInMs === null
        ? { status: 'failed', lockedUntil: null, lastError: error }
        : { status: 'pending', lockedUntil: null, lastError: error, nextAttemptAt: sql`now() + make_interval(secs => ${retryInMs / 1000})` },
    )
    .where(ownClaim(mail))
    .returning({ id: emailOutbox.id });
  return rows.length > 0;
}

/** Hands claimed messages that were not tried back at once (shutting down), without using up an attempt. */
export async function releaseClaims(db: Db, mails: Pick<ClaimedMail, 'id' | 'lockedUntil'>[]): Promise<void> {
  for (const mail of mails) {
    await db
      .update(emailOutbox)
      .set({ status: 'pending', lockedUntil: null, attempts: sql`greatest(${emailOutbox.attempts} - 1, 0)` })
      .where(ownClaim(mail));
  }
}

/** The newest messages first, for the development mailbox. */
export async function listOutbox(db: Db, limit: number): Promise<Pick<OutboxRow, 'id' | 'toAddress' | 'subject' | 'status' | 'createdAt'>[]> {
  return db
    .select({ id: emailOutbox.id, toAddress: emailOutbox.toAddress, subject: emailOutbox.subject, status: emailOutbox.status, createdAt: emailOutbox.createdAt })
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(limit);
}

export async function findOutboxMail(db: Db, id: number): Promise<OutboxRow | null> {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row ?? null;
}

/** How many messages are in each status. */
export async function countOutbox(db: Db): Promise<Record<OutboxRow['status'], number>> {
  const rows = await db.select({ status: emailOutbox.status, n: sql<number>`count(*)::int` }).from(emailOutbox).groupBy(emailOutbox.status);
  const counts = { pending: 0, sending: 0, sent: 0, failed: 0 };
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

/** Messages that failed for good, or are waiting after at least one failed attempt: what an operator looks at. */
export async function listTroubledMails(db: Db, limit: number): Promise<Pick<OutboxRow, 'id' | 'toAddress' | 'subject' | 'status' | 'attempts' | 'lastError' | 'nextAttemptAt' | 'createdAt'>[]> {
  return db
    .select({
      id: emailOutbox.id,
      toAddress: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      status: emailOutbox.status,
      attempts: emailOutbox.attempts,
      lastError: emailOutbox.lastError,
      nextAttemptAt: emailOutbox.nextAttemptAt,
      createdAt: emailOutbox.createdAt,
    })
    .from(emailOutbox)
    .where(or(eq(emailOutbox.status, 'failed'), and(eq(emailOutbox.status, 'pending'), sql`${emailOutbox.attempts} > 0`)))
    .orderBy(asc(emailOutbox.id))
    .limit(limit);
}

/** Failed messages (all, or those with these ids) pending again with a fresh count of attempts; returns their ids. */
export async function retryFailedMails(db: Db, ids?: number[]): Promise<number[]> {
  const rows = await db
    .update(emailOutbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, lastError: null, lockedUntil: null })
    .where(and(eq(emailOutbox.status, 'failed'), ids ? inArray(emailOutbox.id, ids) : undefined))
    .returning({ id: emailOutbox.id });
  return rows.map((row) => row.id);
}

/**
 * Messages not sent yet (these ids, or every pending one) marked failed with a note instead of
 * sent: for a demo database's kept mail before SMTP_URL is set. Returns their ids.
 */
export async function discardUnsentMails(db: Db, ids: number[] | 'all-pending'): Promise<number[]> {
  const rows = await db
    .update(emailOutbox)
    .set({ status: 'failed', lastError: 'discarded by an operator', lockedUntil: null, ...bodiesUnlessSecret })
    .where(ids === 'all-pending' ? eq(emailOutbox.status, 'pending') : and(inArray(emailOutbox.id, ids), inArray(emailOutbox.status, ['pending', 'failed'])))
    .returning({ id: emailOutbox.id });
  return rows.map((row) => row.id);
}
