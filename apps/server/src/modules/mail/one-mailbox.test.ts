import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/databases';
import { CONTROL_TEXTS, NOT_ONE_MAILBOX } from '../../../test/hostile-input';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink';
import { createTestShop, type TestShop } from '../../../test/test-shop';
import { emailOutbox } from '../../db/schema';
import { composeMail } from './compose';
import { NOT_ONE_MAILBOX as NOT_SENT_REASON } from './mail-sender';
import { enqueueMail } from './outbox';
import { timeLimit } from '../../../test/time-limits';

const FAST = { pollMs: 50, leaseMs: 5_000, sendTimeoutMs: 2_000, batchSize: 20, retry: { firstDelayMs: 20, maxDelayMs: 200, maxAttempts: 3 } };
/** A shop name with a header break, a bidi override and an encoded word in it: it goes into every subject and the From. */
const HOSTILE_SHOP_NAME = 'Test Festival\r\nBcc: victim@example.net \u202eevil\u202c =?utf-8?q?x?=';
const VICTIM = 'victim@example.net';

/** Decodes the encoded words (RFC 2047, UTF-8) of a header as a mail client shows it. */
function shownHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_word, encoding: string, text: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
    );
}

/** Nothing a header could be shaped by: no control, format or separator characters, one line, no encoded word of its own. */
function expectPlainHeader(shown: string, context: string): void {
  expect(shown, context).not.toMatch(/[\p{Cc}\p{Cf}\p{Cs}\u2028\u2029]/u);
  expect(shown, context).not.toContain('=?');
}

/**
 * Issue 18, point 4: the shop's mail goes to exactly one mailbox per message (one RCPT TO), whatever
 * an address field held or the outbox stored, and no customer or organiser text shapes a header
 * beyond its own text.
 */
describe.each(testEngines())('one mailbox per message on %s', (engine) => {
  let sink: SmtpSink;
  let shop: TestShop;
  beforeAll(async () => {
    sink = await startSmtpSink();
    shop = await createTestShop(engine, {
      catalogue: false,
      config: { name: HOSTILE_SHOP_NAME },
      app: { smtpUrl: sink.url, mail: FAST, accountAnswerFloorMs: 0 },
    });
  }, timeLimit(60_000));
  afterAll(async () => {
    await shop?.close();
    await sink?.close();
  });

  it('refuses address lists and named addresses at register, reset and resend, and mails only the one mailbox of a good call', async () => {
    for (const email of NOT_ONE_MAILBOX) {
      for (const path of ['register', 'request-password-reset', 'email-tickets'] as const) {
        const answer = await shop.call(path, path === 'register' ? { full_name: 'Owner', email } : { email });
        expect(answer.status, `${path} ${JSON.stringify(email)}`).toBe(422);
      }
    }
    const answer = await shop.call('register', { full_name: 'Eve\r\nBcc: victim@example.net \u202eevil', email: 'owner@example.org' });
    expect(answer.status).toBe(200);
    const [mail] = await sink.waitFor('owner@example.org');
    expect(mail!.to).toEqual(['owner@example.org']);
    expect([...mail!.headers.keys()].filter((name) => ['bcc', 'cc', 'reply-to'].includes(name))).toEqual([]);
    expect(mail!.headers.get('to')).toBe('owner@example.org');
    const subject = shownHeader(mail!.subject);
    expectPlainHeader(subject, subject);
    expect(subject).toBe('Your account at Test Festival Bcc: victim@example.net evil = ?utf-8?q?x?=');
    const from = shownHeader(mail!.headers.get('from')!);
    expectPlainHeader(from, from);
    // Nothing else left, for anyone.
    await sleep(300);
    expect(sink.received.every((received) => received.to.length === 1 && !received.to.includes(VICTIM))).toBe(true);
  });

  it('never sends to a stored recipient that is not one mailbox: it is marked failed and logged, the others go out', async () => {
    const content = await composeMail({ shopName: 'Test Festival', greeting: 'Hello,', paragraphs: ['A message.'] });
    const stored = ['owner@example.org,victim@example.net', 'owner@example.org<victim@example.net>', '"a" <victim@example.net>', 'owner@example.org;victim@example.net', 'owner@example.org victim@example.net', 'owner@example.org\r\nBcc: victim@example.net'];
    for (const to of stored) await enqueueMail(shop.database.db, { to, subject: 'Stored before the rule', ...content });
    await enqueueMail(shop.database.db, { to: 'good@example.org', subject: 'After them', ...content });
    shop.app.mailer.wake();
    const [good] = await sink.waitFor('good@example.org');
    expect(good!.to).toEqual(['good@example.org']);
    for (const to of stored) {
      const deadline = Date.now() + 5_000;
      let row = (await shop.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)))[0]!;
      while (row.status !== 'failed' && Date.now() < deadline) {
        await sleep(20);
        row = (await shop.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)))[0]!;
      }
      expect(row, JSON.stringify(to)).toMatchObject({ status: 'failed', lastError: NOT_SENT_REASON });
    }
    expect(sink.received.filter((received) => received.to.includes(VICTIM) || received.to.length !== 1)).toEqual([]);
  });

  it('lets no text in a subject shape it beyond its own text: control, bidi and zero-width characters, line breaks, encoded words, length', async () => {
    const content = await composeMail({ shopName: 'Test Festival', greeting: 'Hello,', paragraphs: ['A message.'] });
    const texts = [...CONTROL_TEXTS, 'x'.repeat(5_000)];
    for (const [index, text] of texts.entries()) {
      await enqueueMail(shop.database.db, { to: `subject${index}@example.org`, subject: `${text} passed a ticket on to you`, ...content });
    }
    shop.app.mailer.wake();
    for (const [index, text] of texts.entries()) {
      const [mail] = await sink.waitFor(`subject${index}@example.org`);
      const subject = shownHeader(mail!.subject);
      const context = `${JSON.stringify(text)} → ${JSON.stringify(subject)}`;
      expectPlainHeader(subject, context);
      expect(Array.from(subject).length, context).toBeLessThanOrEqual(150);
      expect([...mail!.headers.keys()].filter((name) => !['content-type', 'from', 'to', 'subject', 'message-id', 'date', 'mime-version', 'auto-submitted'].includes(name)), context).toEqual([]);
      expect(mail!.to).toEqual([`subject${index}@example.org`]);
    }
  });
});
