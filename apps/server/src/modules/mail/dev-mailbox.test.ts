import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/databases';
import { createTestShop, type TestShop } from '../../../test/test-shop';
import { buildApp, type AppOptions } from '../../app';
import { emailOutbox } from '../../db/schema';
import { REPO_ROOT } from '../../env';
import { CONTENT_SECURITY_POLICY } from '../../http/security-headers';
import { composeMail } from './compose';
import { discardUnsentMails } from './mail.queries';
import { enqueueMail } from './outbox';

describe.each(testEngines())('the development mailbox on %s', (engine) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(engine, { catalogue: false, app: { devMailbox: true, mail: { pollMs: 50 } } });
  });
  afterAll(async () => {
    await shop?.close();
  });
  const get = (url: string, app: FastifyInstance = shop.app) => app.inject({ method: 'GET', url });

  /** Another app on the same database, as the shop runs with other settings. */
  async function withApp(options: Partial<AppOptions>, work: (app: FastifyInstance) => Promise<void>): Promise<void> {
    const app = await buildApp({ db: shop.database.db, config: shop.config, webRoot: path.join(REPO_ROOT, 'apps/web/dist'), ...options });
    try {
      await app.ready();
      await work(app);
    } finally {
      await app.close();
    }
  }

  async function enqueue(to: string, subject: string) {
    await enqueueMail(shop.database.db, {
      to,
      subject,
      ...(await composeMail({ shopName: shop.config.name, greeting: 'Hello Jane,', paragraphs: ['Your password: <b>Zq7</b>'], action: { label: 'Log in', url: 'https://shop.example.org/login?a=1&b=2' } })),
    });
    const [row] = await shop.database.db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(1);
    return row!;
  }

  it('lists kept messages newest first with recipient, subject and time, and sends nothing', async () => {
    await enqueue('first@example.org', 'First message');
    await enqueue('second@example.org', 'Second <message> & more');
    shop.app.mailer.wake();
    await sleep(200);

    const page = await get('/dev/mailbox');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(page.body).toContain('first@example.org');
    expect(page.body).toContain('Second &#60;message&#62; &#38; more');
    expect(page.body).not.toContain('<message>');
    expect(page.body.indexOf('second@example.org')).toBeLessThan(page.body.indexOf('first@example.org'));
    expect(page.body).toMatch(/<time datetime="\d{4}-\d\d-\d\dT/);
    const rows = await shop.database.db.select().from(emailOutbox);
    expect(rows.every((row) => row.status === 'pending' && row.attempts === 0)).toBe(true);
  });

  it('shows one message: its plain text with links, and its HTML body in a sandboxed frame with a policy of its own', async () => {
    const mail = await enqueue('jane@example.org', 'Your account');
    const page = await get(`/dev/mailbox/${mail.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Your account');
    expect(page.body).toContain('Your password: &#60;b&#62;Zq7&#60;/b&#62;');
    expect(page.body).toContain('<a href="https://shop.example.org/login?a=1&#38;b=2">');
    expect(page.body).toContain(`<iframe src="/dev/mailbox/${mail.id}/html"`);
    expect(page.body).toMatch(/<iframe [^>]*sandbox="allow-popups allow-popups-to-escape-sandbox"/);

    const framed = await get(`/dev/mailbox/${mail.id}/html`);
    expect(framed.statusCode).toBe(200);
    expect(framed.headers['content-security-policy']).toMatch(/^default-src 'none'; style-src 'unsafe-inline'.*frame-ancestors 'self'; sandbox /);
    expect(framed.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(framed.body).toContain('<base target="_blank">');
    expect(framed.body).toContain('Your password: &lt;b&gt;Zq7&lt;/b&gt;');
  });

  it('answers 404 for a message that does not exist', async () => {
    for (const url of ['/dev/mailbox/999999', '/dev/mailbox/abc', '/dev/mailbox/1e3/html', '/dev/mailbox/999999/html']) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });

  it('keeps discarded messages from ever being sent (npm run mail -- discard all-pending)', async () => {
    const kept = await enqueue('kept@example.org', 'Kept');
    const discarded = await discardUnsentMails(shop.database.db, 'all-pending');
    expect(discarded).toContain(kept.id);
    const rows = await shop.database.db.select().from(emailOutbox);
    expect(rows.every((row) => row.status === 'failed' && row.lastError === 'discarded by an operator')).toBe(true);
    expect((await get(`/dev/mailbox/${kept.id}`)).statusCode).toBe(200);
  });

  it('does not exist unless asked for, nor when mail is sent through SMTP: /dev/ answers 404, not the web app', async () => {
    const mail = await enqueue('closed@example.org', 'Closed');
    for (const options of [{}, { devMailbox: false }, { devMailbox: true, smtpUrl: 'smtp://127.0.0.1:9', mail: { pollMs: 60_000 } }]) {
      await withApp(options, async (app) => {
        for (const url of ['/dev/mailbox', `/dev/mailbox/${mail.id}`, `/dev/mailbox/${mail.id}/html`, '/dev/mailbox.css', '/dev/anything']) {
          const answer = await get(url, app);
          expect(answer.statusCode, `${JSON.stringify(options)} ${url}`).toBe(404);
          expect(answer.body).not.toContain('closed@example.org');
        }
      });
    }
  });
});
