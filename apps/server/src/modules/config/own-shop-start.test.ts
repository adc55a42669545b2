import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { english, messages } from '@festival/contract';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SHOP_CONFIG, REPO_ROOT } from '../../env';
import { testEngines } from '../../../test/databases';
import { createDatabase } from '../../../test/load/server-process';
import { freePort, startSmtpSink, type SmtpSink } from '../../../test/smtp-sink';
import { timeLimit } from '../../../test/time-limits';

/**
 * A shop of one's own on its first day (issue 34, points 1 and 2; decisions 0058 and 0059): the
 * server process started as an organiser starts it, with its own SHOP_CONFIG under
 * NODE_ENV=production on an empty database. It never loads the demo catalogue or its vouchers,
 * and it does not open without a mail server that greets it.
 */
describe('a shop of its own at start', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-own-start-'));
  /** The demo's configuration under another name, with the address such a shop must give and no seller. */
  const ownConfig = path.join(dir, 'my-shop.json');
  /** The same with Stripe as its gateway. */
  const ownStripeConfig = path.join(dir, 'my-stripe-shop.json');
  let sink: SmtpSink;
  beforeAll(async () => {
    const { seller: _seller, ...config } = JSON.parse(readFileSync(DEMO_SHOP_CONFIG, 'utf8')) as Record<string, unknown>;
    writeFileSync(ownConfig, JSON.stringify({ ...config, name: 'My Own Festival Shop', publicBaseUrl: 'https://tickets.example.org' }));
    writeFileSync(ownStripeConfig, JSON.stringify({ ...config, name: 'My Own Festival Shop', publicBaseUrl: 'https://tickets.example.org', gateway: 'stripe' }));
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink.close();
    rmSync(dir, { recursive: true, force: true });
  });

  interface Started {
    /** The exit code when the process ended by itself; null while it runs (it opened). */
    code: number | null;
    output: string;
    url: string | null;
    stop(): Promise<void>;
  }

  /** Starts main.ts and answers once it is open (url set) or has exited (code set). */
  async function start(env: Record<string, string>): Promise<Started> {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(dir, 'data-'));
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src/main.ts')], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        SHOP_CONFIG: ownConfig,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_SECRET: 'own-shop-start-test-secret-0123456789',
        LOG_LEVEL: 'info',
        DATABASE_URL: '',
        SMTP_URL: '',
        DEMO_CATALOGUE: '',
        ALLOW_NO_MAIL: '',
        DEV_MAILBOX: '',
        // The sandbox gateway may take payments in this test shop: the gateway is not what is tested.
        SANDBOX_PAYMENTS: '1',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const opened = await new Promise<boolean>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the shop neither opened nor exited within 3 minutes:\n${output.slice(-2000)}`)), 180_000);
      const watch = setInterval(() => {
        if (output.includes(' is open"')) {
          clearTimeout(timer);
          clearInterval(watch);
          resolve(true);
        }
      }, 50);
      void exited.then(() => {
        clearTimeout(timer);
        clearInterval(watch);
        resolve(false);
      });
    });
    return {
      code: opened ? null : await exited,
      output,
      url: opened ? `http://127.0.0.1:${port}` : null,
      async stop() {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
        await exited;
      },
    };
  }

  async function call(url: string, apiPath: string, payload: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
    const answer = await fetch(`${url}/api/${apiPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify(payload),
    });
    return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
  }

  /** The shop is open and empty: no product, no merchandise, no voucher of the demo, the organiser told what to do. */
  async function expectEmptyShop(started: Started) {
    expect(started.url, started.output).not.toBeNull();
    const url = started.url!;
    expect(started.output).not.toMatch(/demo catalogue loaded/);
    expect(started.output).toMatch(/the shop has no catalogue yet: load one with `npm run catalog -- import FILE`.*npm run staff -- add EMAIL --role admin/);
    const data = await call(url, 'get-data', { token: null });
    expect(data.status).toBe(200);
    const offer = data.body.data as { products: unknown[]; merchandise: unknown[] };
    expect(offer.products).toEqual([]);
    expect(offer.merchandise).toEqual([]);
    for (const code of ['GIFTCARD150', 'WELCOME10']) {
      expect(await call(url, 'validate-voucher', { token: null, code }), code).toMatchObject({ status: 422, body: { message: english(messages.checkout.voucherInvalid) } });
    }
    const item = await call(url, 'get-shop-item', { token: null, external_code: 'NWF27-WEEKEND' });
    expect(item.status, JSON.stringify(item.body)).toBe(404);
  }

  it('refuses to start under NODE_ENV=production without SMTP_URL, whatever its gateway, and says what to set', async () => {
    const starts: Record<string, string>[] = [{}, { SHOP_CONFIG: ownStripeConfig, STRIPE_SECRET_KEY: 'sk_live_0123456789abcdef', STRIPE_WEBHOOK_SECRET: 'whsec_0123456789' }];
    for (const env of starts) {
      const started = await start(env);
      await started.stop();
      expect(started.code, started.output).toBe(1);
      expect(started.output).toMatch(/SMTP_URL is not set, and this shop \(its own SHOP_CONFIG\) runs under NODE_ENV=production.*Set SMTP_URL.*ALLOW_NO_MAIL=1/s);
      expect(started.output).not.toMatch(/ is open"/);
    }
  }, timeLimit(240_000));

  it('refuses to start with DEMO_CATALOGUE set: only the demo shop loads the demo', async () => {
    const started = await start({ SMTP_URL: sink.url, DEMO_CATALOGUE: path.join(REPO_ROOT, 'catalog/demo/catalogue.yaml') });
    await started.stop();
    expect(started.code, started.output).toBe(1);
    expect(started.output).toMatch(/DEMO_CATALOGUE is set .*only the demo shop loads a catalogue at start.*npm run catalog -- import FILE/s);
  }, timeLimit(180_000));

  it('refuses to start when nothing answers at SMTP_URL, saying the host is unreachable', async () => {
    const closedPort = await freePort();
    const started = await start({ SMTP_URL: `smtp://user:secret-password@127.0.0.1:${closedPort}` });
    await started.stop();
    expect(started.code, started.output).toBe(1);
    expect(started.output).toMatch(new RegExp(`mail server at 127\\.0\\.0\\.1:${closedPort} \\(SMTP_URL\\) did not accept the shop: the host is unreachable \\(ECONNREFUSED\\)`));
    expect(started.output).not.toContain('secret-password');
  }, timeLimit(180_000));

  it('refuses to start when the mail server refuses it at the greeting, quoting its answer', async () => {
    const refusing = net.createServer((socket) => socket.end('554 5.3.2 mail.example.org has no service for you\r\n'));
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    try {
      const port = (refusing.address() as net.AddressInfo).port;
      const started = await start({ SMTP_URL: `smtp://127.0.0.1:${port}` });
      await started.stop();
      expect(started.code, started.output).toBe(1);
      expect(started.output).toMatch(/did not accept the shop: the server did not greet as a mail server does.*554 5\.3\.2 mail\.example\.org has no service for you/s);
    } finally {
      await new Promise((resolve) => refusing.close(resolve));
    }
  }, timeLimit(180_000));

  it('refuses to start when the mail server refuses its sign-in, saying so', async () => {
    const server = new SMTPServer({
      authMethods: ['PLAIN', 'LOGIN'],
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth: (_auth, _session, callback) => callback(new Error('Invalid username or password')),
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.server.address() as net.AddressInfo).port;
      const started = await start({ SMTP_URL: `smtp://shop:wrong-password@127.0.0.1:${port}` });
      await started.stop();
      expect(started.code, started.output).toBe(1);
      expect(started.output).toMatch(/did not accept the shop: signing in failed \(authentication\): check the user name and password in SMTP_URL/);
      expect(started.output).not.toContain('wrong-password');
    } finally {
      await new Promise((resolve) => server.close(() => resolve(null)));
    }
  }, timeLimit(180_000));

  for (const engine of testEngines()) {
    it(`opens with a mail server that greets it, empty on an empty database, and warns that invoices lack the seller (${engine})`, async () => {
      const database = engine === 'postgres' ? await createDatabase(process.env.TEST_DATABASE_URL!, `shop_test_own_${process.pid}_${randomBytes(3).toString('hex')}`) : null;
      const started = await start({ SMTP_URL: sink.url, ...(database ? { DATABASE_URL: database.url } : {}) });
      try {
        await expectEmptyShop(started);
        expect(started.output).toMatch(/the configuration has no \\"seller\\": invoices and credit notes carry the shop's name instead of the seller's legal name, and no VAT number/);
        // The shop sends: a new customer's password reaches the mail server.
        expect((await call(started.url!, 'register', { full_name: 'First Buyer', email: `first.buyer.${engine}@example.org` })).status).toBe(200);
        await sink.waitFor(`first.buyer.${engine}@example.org`);
      } finally {
        await started.stop();
        await database?.drop();
      }
    }, timeLimit(240_000));
  }

  it('opens without mail when the organiser says so with ALLOW_NO_MAIL=1, and says what that means', async () => {
    const started = await start({ ALLOW_NO_MAIL: '1' });
    try {
      await expectEmptyShop(started);
      expect(started.output).toMatch(/ALLOW_NO_MAIL=1: this shop sends no e-mail/);
    } finally {
      await started.stop();
    }
  }, timeLimit(240_000));
});
