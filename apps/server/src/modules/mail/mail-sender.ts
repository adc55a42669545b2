import { setTimeout as sleep } from 'node:timers/promises';
import { isValidEmail, type ShopConfigFile } from '@festival/contract';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import type { Db } from '../../db/client';
import * as queries from './mail.queries';
import type { ClaimedMail } from './mail.queries';
import { DISPLAY_NAME_MAX_LENGTH, SUBJECT_MAX_LENGTH, headerText } from './header-text';
import { senderAddress, type Mailbox } from './sender-address';

export interface RetryPolicy {
  /** The wait after the first failed attempt; it doubles after each further one. */
  firstDelayMs: number;
  /** The longest wait between two attempts. */
  maxDelayMs: number;
  /** After this many attempts a message is marked failed and an error is logged. */
  maxAttempts: number;
}

/** 5 s, 10 s, 20 s … 15 min: twenty attempts span about three hours. */
export const DEFAULT_RETRY: RetryPolicy = { firstDelayMs: 5_000, maxDelayMs: 15 * 60_000, maxAttempts: 20 };

/** The wait before the next attempt after `attempts` failed ones, or null to give up. */
export function retryDelayMs(attempts: number, policy: RetryPolicy = DEFAULT_RETRY): number | null {
  if (attempts >= policy.maxAttempts) return null;
  return Math.min(policy.firstDelayMs * 2 ** Math.max(0, attempts - 1), policy.maxDelayMs);
}

export interface MailerOptions {
  db: Db;
  config: Pick<ShopConfigFile, 'name' | 'publicBaseUrl'>;
  /** smtp:// or smtps:// URL of the server that takes the mail; unset keeps messages in the outbox. */
  smtpUrl?: string | undefined;
  /** MAIL_FROM; see senderAddress. */
  mailFrom?: string | undefined;
  logger?: FastifyBaseLogger | undefined;
  /** How often the outbox is checked for due messages (ms); wake() checks at once. */
  pollMs?: number;
  /** How long a claim keeps other instances off a message (ms). */
  leaseMs?: number;
  /** The longest one delivery may take before it is abandoned as failed (ms). */
  sendTimeoutMs?: number;
  /** Messages claimed per transaction. */
  batchSize?: number;
  retry?: Partial<RetryPolicy>;
}

export interface Mailer {
  /** True when messages go to an SMTP server; false when they are kept (the development mailbox). */
  readonly delivering: boolean;
  /** Starts polling the outbox (the app's onReady). */
  start(): void;
  /** Checks the outbox now: call it after a transaction that enqueued mail has committed. */
  wake(): void;
  /** Stops polling, hands back claimed messages not yet tried, and waits for a send in progress. */
  stop(): Promise<void>;
}

export const DEFAULT_MAIL_POLL_MS = 1000;
const DEFAULT_LEASE_MS = 60_000;
const DEFAULT_SEND_TIMEOUT_MS = 20_000;
const DEFAULT_BATCH_SIZE = 20;
const LAST_ERROR_LENGTH = 1000;
/** The last error of a message whose recipient is not one mailbox. */
export const NOT_ONE_MAILBOX = 'not sent: the recipient is not one e-mail address';

/**
 * Delivers the transactional outbox (email_outbox) through nodemailer. Every instance runs one;
 * they share the work through row locks:
 *
 * 1. A short transaction locks due messages (FOR UPDATE SKIP LOCKED), marks them 'sending' with
 *    a lease (locked_until) and counts the attempt, then commits. Only this instance sends them.
 * 2. Each is sent outside any transaction, and only while its lease has room for a whole send
 *    (connection and socket timeouts, and an abort at `sendTimeoutMs`), so no other instance can
 *    take it over mid-send.
 * 3. Right after the SMTP server accepts it, it is marked 'sent'. A failure sets it pending again
 *    after an exponential back-off, or 'failed' (logged as an error) after the last attempt.
 *
 * A message left 'sending' by an instance that stopped is claimed again once its lease ends. The
 * one window for a second copy: an instance dying between the SMTP server's acceptance and the
 * 'sent' update (a few milliseconds), or the database refusing that update until the lease ends.
 */
export function createMailer(options: MailerOptions): Mailer {
  const { db, logger } = options;
  const pollMs = options.pollMs ?? DEFAULT_MAIL_POLL_MS;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const sendTimeoutMs = Math.min(options.sendTimeoutMs ?? DEFAULT_SEND_TIMEOUT_MS, leaseMs / 2);
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const retry: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
  const from = senderAddress(options.mailFrom, options.config);
  const transport = options.smtpUrl ? createSmtpTransport(options.smtpUrl, sendTimeoutMs) : null;

  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> | undefined;
  let wokenDuringRound = false;

  const schedule = (delayMs: number) => {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(runRound, delayMs);
    timer.unref();
  };

  function runRound() {
    if (round) {
      wokenDuringRound = true;
      return;
    }
    round = deliverDue()
      .catch((error: unknown) => logger?.error({ err: error }, 'delivering e-mail failed'))
      .finally(() => {
        round = undefined;
        const again = wokenDuringRound;
        wokenDuringRound = false;
        schedule(again ? 0 : pollMs);
      });
  }

  /** Claims and sends batches until nothing is due. */
  async function deliverDue(): Promise<void> {
    while (!stopped) {
      // Measured before the claim: the lease the database grants ends no earlier than this + leaseMs.
      const claimedAt = performance.now();
      const claimed = await db.transaction(async (tx) => queries.claimMails(tx, await queries.lockDueMails(tx, batchSize), leaseMs));
      const leaseEnd = claimedAt + leaseMs;
      for (const [index, mail] of claimed.entries()) {
        // Start a send only if it ends, even at its timeout, before the lease does.
        if (stopped || performance.now() + sendTimeoutMs + 1000 > leaseEnd) {
          await queries.releaseClaims(db, claimed.slice(index));
          break;
        }
        await deliver(mail, leaseEnd);
      }
      if (claimed.length < batchSize) return;
    }
  }

  async function deliver(mail: ClaimedMail, leaseEnd: number): Promise<void> {
    // Exactly one envelope recipient, and only one mailbox (decision 0029): a stored address that
    // is a list, or carries a name or anything else a mail library would read, is never sent to.
    const to = mail.toAddress.trim();
    if (!isValidEmail(to)) {
      logger?.error({ mailId: mail.id }, 'an e-mail is addressed to something that is not one mailbox; it is marked failed and not sent');
      await queries.markAttemptFailed(db, mail, NOT_ONE_MAILBOX, null);
      return;
    }
    try {
      await transport!.sendMail({
        from: { name: headerText(from.name, DISPLAY_NAME_MAX_LENGTH), address: from.address },
        // An address object and an explicit envelope: nodemailer parses no list out of either.
        to: { name: '', address: to },
        envelope: { from: from.address, to: [to] },
        subject: headerText(mail.subject, SUBJECT_MAX_LENGTH),
        text: mail.textBody,
        html: mail.htmlBody,
        // The same Message-ID on every attempt: mail systems that see a copy twice can tell.
        messageId: messageIdOf(mail, from),
        headers: { 'Auto-Submitted': 'auto-generated' },
        signal: AbortSignal.timeout(sendTimeoutMs),
      });
    } catch (error) {
      await recordFailure(mail, error);
      return;
    }
    await recordSent(mail, leaseEnd);
  }

  /** Marks a delivered message sent, trying again while the lease keeps others off it. */
  async function recordSent(mail: ClaimedMail, leaseEnd: number): Promise<void> {
    for (;;) {
      try {
        const ours = await queries.markSent(db, mail);
        if (!ours) logger?.warn({ mailId: mail.id }, 'an e-mail was sent after its claim had passed to another instance');
        return;
      } catch (error) {
        if (performance.now() + 500 > leaseEnd) {
          logger?.error({ err: error, mailId: mail.id }, 'an e-mail was sent but could not be marked sent; it will be sent again');
          return;
        }
        await sleep(250);
      }
    }
  }

  async function recordFailure(mail: ClaimedMail, error: unknown): Promise<void> {
    const reason = describeError(error);
    const retryInMs = retryDelayMs(mail.attempts, retry);
    try {
      await queries.markAttemptFailed(db, mail, reason, retryInMs);
    } catch (updateError) {
      // The message stays 'sending' and is tried again when its lease ends.
      logger?.error({ err: updateError, mailId: mail.id }, 'could not record a failed e-mail attempt');
      return;
    }
    if (retryInMs === null) {
      logger?.error({ mailId: mail.id, attempts: mail.attempts, reason }, 'gave up sending an e-mail; it is marked failed (docs/operations.md says how to send it again)');
    } else {
      logger?.warn({ mailId: mail.id, attempts: mail.attempts, retryInMs, reason }, 'sending an e-mail failed; it will be tried again');
    }
  }

  return {
    delivering: transport !== null,
    start() {
      if (started || stopped) return;
      started = true;
      if (!transport) {
        logger?.warn('SMTP_URL is not set: e-mail is kept in the outbox and not sent');
        return;
      }
      schedule(0);
    },
    wake() {
      if (!started || stopped || !transport) return;
      if (round) wokenDuringRound = true;
      else schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await round;
      transport?.close();
    },
  };
}

function createSmtpTransport(smtpUrl: string, sendTimeoutMs: number) {
  return createTransport({
    url: smtpUrl,
    // One reused connection: sends are sequential so each stays inside its claim's lease.
    pool: true,
    maxConnections: 1,
    // The outbox retries, with its back-off and attempt count; the pool must not resend on its own.
    maxRequeues: 0,
    connectionTimeout: Math.min(10_000, sendTimeoutMs),
    greetingTimeout: Math.min(10_000, sendTimeoutMs),
    socketTimeout: sendTimeoutMs,
  });
}

function messageIdOf(mail: Pick<ClaimedMail, 'id' | 'createdAt'>, from: Mailbox): string {
  const domain = from.address.split('@')[1] ?? 'localhost';
  return `<outbox-${mail.id}.${mail.createdAt.getTime()}@${domain}>`;
}

function describeError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, LAST_ERROR_LENGTH);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox's sender: `app.mailer.wake()` after a transaction that enqueued mail committed. */
    mailer: Mailer;
  }
}
