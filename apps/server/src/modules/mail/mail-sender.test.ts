import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/databases';
import { BOUNCING_DOMAIN, freePort, startSmtpSink, type SmtpSink } from '../../../test/smtp-sink';
import { createTestShop, type TestShop } from '../../../test/test-shop';
import { buildApp } from '../../app';
import { openDatabase, type Database, type Db } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import { REPO_ROOT } from '../../env';
import { composeMail } from './compose';
import { retryFailedMails } from './mail.queries';
import { enqueueMail, REMOVED_SECRET_BODY } from './outbox';

/** The sender's timings scaled down: polls every 50 ms, retries after 20 ms doubling to 200 ms, gives up after 6 attempts. */
const FAST = { pollMs: 50, leaseMs: 5_000, sendTimeoutMs: 2_000, batchSize: 5, retry: { firstDelayMs: 20, maxDelayMs: 200, maxAttempts: 6 } };

const bodies = await composeMail({ shopName: 'Test Festival', greeting: 'Hello Jane,', paragraphs: ['Your password: Zq7-häpy'], action: { label: 'Log in', url: 'https://shop.example.org/login' } });
const mailTo = (to: string, subject = `Hello ${to}`) => ({ to, subject, ...bodies });

async function outboxRow(db: Db, to: string) {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
  return row!;
}

/** The row once it is marked sent, which happens right after the SMTP server's answer (after the sink has the message). */
const sentRow = (db: Db, to: string) =>
  until(async () => {
    const row = await outboxRow(db, to);
    return row.status === 'sent' && row;
  }, `the message to ${to} is marked sent`);

async function until<T>(check: () => Promise<T | undefined | false>, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(20);
  }
}

describe.each(testEngines())('the mail sender on %s', (engine) => {
  /** Polls once a minute: whatever arrives sooner was sent because something woke the sender. */
  describe('woken after enqueueing', () => {
    let sink: SmtpSink;
    let shop: TestShop;
    beforeAll(async () => {
      sink = await startSmtpSink();
      shop = await createTestShop(engine, {
        catalogue: false,
        app: { smtpUrl: sink.url, mail: { ...FAST, pollMs: 60_000 }, accountAnswerFloorMs: 0 },
      });
    });
    afterAll(async () => {
      await shop?.close();
      await sink?.close();
    });

    it('delivers an enqueued message at once, exactly once, with a plain-text and an HTML body', async () => {
      const mail = mailTo('jane@example.org', 'Your account at Test Festival');
      await enqueueMail(shop.database.db, mail);
      shop.app.mailer.wake();

      const [received] = await sink.waitFor('jane@example.org', 1, 3_000);
      expect(received!.headers.get('content-type')).toMatch(/^multipart\/alternative/);
      expect(received!.text).toBe(mail.text);
      expect(received!.html).toBe(mail.html);
      expect(received!.subject).toBe('Your account at Test Festival');
      expect(received!.headers.get('from')).toBe(`${shop.config.name} <no-reply@${new URL(shop.config.publicBaseUrl).hostname}>`);
      expect(received!.headers.get('auto-submitted')).toBe('auto-generated');
      const row = await sentRow(shop.database.db, 'jane@example.org');
      expect(row).toMatchObject({ attempts: 1, lockedUntil: null, lastError: null });
      expect(row.sentAt).toBeInstanceOf(Date);
      expect(received!.headers.get('message-id')).toBe(`<outbox-${row.id}.${row.createdAt.getTime()}@${new URL(shop.config.publicBaseUrl).hostname}>`);

      shop.app.mailer.wake();
      await sleep(300);
      expect(await sink.waitFor('jane@example.org')).toHaveLength(1);
    });

    it('sends the password of a registration at once (the accounts service wakes the sender), and it logs in', async () => {
      const answer = await shop.call('register', { full_name: 'Reg Istered', email: 'reg@example.org' });
      expect(answer.status).toBe(200);
      const [received] = await sink.waitFor('reg@example.org', 1, 3_000);
      expect(received!.text).toContain('Reg Istered');
      expect(received!.html).toContain('Reg Istered');
      const password = /password:\s+(\S+)/.exec(received!.text ?? '')?.[1];
      expect(password).toMatch(/^[A-Za-z0-9]{14}$/);
      const login = await shop.call('login', { email: 'reg@example.org', password: password! });
      expect(login.status).toBe(200);
      expect(login.body.data.customer.email).toBe('reg@example.org');
    });

    it('keeps no password or reset link in the outbox once the message is sent, and keeps other messages whole', async () => {
      const db = shop.database.db;
      expect((await shop.call('register', { full_name: 'Sec Ret', email: 'secret@example.org' })).status).toBe(200);
      const [passwordMail] = await sink.waitFor('secret@example.org', 1, 3_000);
      const password = /password:\s+(\S+)/.exec(passwordMail!.text ?? '')![1]!;
      expect((await shop.call('request-password-reset', { email: 'secret@example.org' })).status).toBe(200);
      const [, resetMail] = await sink.waitFor('secret@example.org', 2, 3_000);
      const link = /\/reset-password\/\S+/.exec(resetMail!.text ?? '')![0];
      const rows = await until(async () => {
        const found = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'secret@example.org'));
        return found.length === 2 && found.every((row) => row.status === 'sent') && found;
      }, 'both messages are marked sent');
      for (const row of rows) {
        expect([row.holdsSecret, row.textBody, row.htmlBody]).toEqual([true, REMOVED_SECRET_BODY, REMOVED_SECRET_BODY]);
      }
      const everything = JSON.stringify(await db.select().from(emailOutbox));
      expect(everything).not.toContain(password);
      expect(everything).not.toContain(link.split('/').pop()!);
      // An ordinary message keeps its bodies for the organiser's records.
      await enqueueMail(db, mailTo('ordinary@example.org'));
      shop.app.mailer.wake();
      const ordinary = await sentRow(db, 'ordinary@example.org');
      expect([ordinary.holdsSecret, ordinary.textBody]).toEqual([false, expect.stringContaining('Zq7-häpy')]);
    });
  });

  describe('with retries', () => {
    let sink: SmtpSink | undefined;
    let shop: TestShop;
    let port: number;
    const logged: { level: number; msg: string; mailId?: number }[] = [];
    beforeAll(async () => {
      port = await freePort();
      const logger = pino({ level: 'warn' }, { write: (line: string) => void logged.push(JSON.parse(line)) });
      shop = await createTestShop(engine, { catalogue: false, app: { smtpUrl: `smtp://127.0.0.1:${port}`, mail: FAST, logger } });
    });
    afterEach(() => sink?.refuseNext(0));
    afterAll(async () => {
      await shop?.close();
      await sink?.close();
    });
    const db = () => shop.database.db;

    it('keeps a message while the SMTP server is down and delivers it exactly once when it comes up', async () => {
      await enqueueMail(db(), mailTo('early@example.org'));
      shop.app.mailer.wake();
      const failed = await until(async () => {
        const row = await outboxRow(db(), 'early@example.org');
        return row.attempts >= 2 && row.status === 'pending' && row;
      }, 'two attempts failed');
      expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);
      expect(logged.some((line) => line.level === 40 && line.mailId === failed.id)).toBe(true);

      sink = await startSmtpSink(port);
      await sink.waitFor('early@example.org');
      const row = await sentRow(db(), 'early@example.org');
      expect(row.attempts).toBeGreaterThanOrEqual(3);
      expect(row.lastError).toBeNull();
      await sleep(300);
      expect(await sink.waitFor('early@example.org')).toHaveLength(1);
    });

    it('tries again after the SMTP server refuses for a while, and delivers exactly once', async () => {
      sink!.refuseNext(2);
      await enqueueMail(db(), mailTo('refused@example.org'));
      shop.app.mailer.wake();
      await sink!.waitFor('refused@example.org');
      const row = await sentRow(db(), 'refused@example.org');
      expect(row.attempts).toBe(3);
      expect(sink!.refused).toBe(2);
      await sleep(300);
      expect(await sink!.waitFor('refused@example.org')).toHaveLength(1);
    });

    it('marks a message failed after the last attempt and logs an error; retried by an operator (npm run mail -- retry), it is sent', async () => {
      const to = `nobody@${BOUNCING_DOMAIN}`;
      await enqueueMail(db(), mailTo(to));
      shop.app.mailer.wake();
      const failed = await until(async () => {
        const row = await outboxRow(db(), to);
        return row.status === 'failed' && row;
      }, 'the message is marked failed');
      expect(failed.attempts).toBe(FAST.retry.maxAttempts);
      expect(failed.lastError).toMatch(/550|No such mailbox/);
      expect(logged.some((line) => line.level === 50 && line.mailId === failed.id && /gave up/.test(line.msg))).toBe(true);
      await sleep(200);
      expect((await outboxRow(db(), to)).attempts).toBe(FAST.retry.maxAttempts);

      // After fixing the cause, an operator sends failed messages again (npm run mail -- retry).
      await db().update(emailOutbox).set({ toAddress: 'fixed@example.org' }).where(eq(emailOutbox.id, failed.id));
      expect(await retryFailedMails(db(), [failed.id])).toEqual([failed.id]);
      await sink!.waitFor('fixed@example.org');
      expect(await sentRow(db(), 'fixed@example.org')).toMatchObject({ attempts: 1 });
    });

    it('takes over a message an instance stopped sending once its lease has passed, and not before', async () => {
      await db().insert(emailOutbox).values([
        { ...row('crashed@example.org'), status: 'sending', attempts: 1, lockedUntil: sql`now() - interval '1 second'` },
        { ...row('leased@example.org'), status: 'sending', attempts: 1, lockedUntil: sql`now() + interval '2 seconds'` },
      ]);
      shop.app.mailer.wake();
      await sink!.waitFor('crashed@example.org');
      expect(sink!.received.filter((mail) => mail.to.includes('leased@example.org'))).toHaveLength(0);
      expect((await outboxRow(db(), 'leased@example.org')).status).toBe('sending');
      await sink!.waitFor('leased@example.org');
      expect(await sentRow(db(), 'crashed@example.org')).toMatchObject({ attempts: 2 });
      expect(await sentRow(db(), 'leased@example.org')).toMatchObject({ attempts: 2 });
    });

    it('delivers each of many messages exactly once with two server instances sending', async () => {
      // Another instance: on PostgreSQL with a connection pool of its own, as behind a load balancer.
      let second: Database | undefined;
      let other: FastifyInstance | undefined;
      try {
        second = shop.database.url ? await openDatabase({ url: shop.database.url, poolSize: 5 }) : undefined;
        other = await buildApp({ db: second?.db ?? db(), config: shop.config, webRoot: path.join(REPO_ROOT, 'apps/web/dist'), smtpUrl: sink!.url, mail: FAST });
        await other.ready();
        const recipients = Array.from({ length: 60 }, (_, index) => `many${index}@example.org`);
        await db().transaction(async (tx) => {
          for (const to of recipients) await enqueueMail(tx, mailTo(to));
        });
        shop.app.mailer.wake();
        other.mailer.wake();

        for (const to of recipients) await sink!.waitFor(to);
        await sleep(300);
        for (const to of recipients) expect(await sink!.waitFor(to)).toHaveLength(1);
        const rows = await until(async () => {
          const current = await db().select().from(emailOutbox).where(inArray(emailOutbox.toAddress, recipients));
          return current.every((one) => one.status === 'sent') && current;
        }, 'every message is marked sent');
        expect(rows.map((one) => one.attempts)).toEqual(recipients.map(() => 1));
      } finally {
        await other?.close();
        await second?.close();
      }
    });
  });
});

function row(to: string) {
  const mail = mailTo(to);
  return { toAddress: to, subject: mail.subject, textBody: mail.text, htmlBody: mail.html };
}
