import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase } from '../db/client';
import { customers, emailOutbox, refunds } from '../db/schema';
import { REPO_ROOT } from '../env';
import { importCatalogue, readCatalogueFile } from '../modules/catalog/catalogue-import';
import { loadShopConfig } from '../modules/config/shop-config';
import { testEngines, type Engine } from '../../test/databases';
import { BANK_DETAILS, createCustomer, paidOrder } from '../../test/shop-flows';
import { createTestShop, DEMO_CATALOGUE, DEMO_CONFIG, type TestShop } from '../../test/test-shop';
import { timeLimit } from '../../test/time-limits';

const APP_SECRET = 'hostile-output-secret-0123456789-0123456789';
const HOUR = 3_600_000;

/** A customer's name and bank fields as a probe wrote them: escape sequences, bidi, zero-width, formulas, row breaks. */
const HOSTILE_NAME = 'Eve\x1b[2K\r\u202eevil\u202c\u200b\x7f\b\u009b31m\nforged\t=1+1';
const HOSTILE_BANK = {
  ownerFullName: '=HYPERLINK("http://evil.example","click")',
  iban: '+NL91\u2066ABNA\u2069 0417\x1b[1D0 1643 00',
  bic: '-2+3',
  bankName: '@SUM(1+1)\x1b]0;title\x07',
  bankCountry: 'NL\r\n99\t=2',
};
/** Bytes and characters a terminal acts on or a reader cannot see; a command's own tabs and line feeds are allowed. */
// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/u;

/**
 * The organiser's commands, run for real (issue 18, point 9) on a database holding a customer
 * whose name and bank details are hostile: what they print has no raw control character, every
 * row of the tab-separated list has its columns and no cell a spreadsheet would run.
 */
describe.each(testEngines())('organiser commands on %s print hostile data harmlessly', (engine: Engine) => {
  let shop: TestShop;
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let refundId: number;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'shop-hostile-output-'));
    const options = { appSecret: APP_SECRET, cartSweepIntervalMs: HOUR, reminderIntervalMs: HOUR, mail: { pollMs: HOUR } };
    if (engine === 'postgres') {
      shop = await createTestShop(engine, { app: options });
    } else {
      // The command opens the embedded database from DATA_DIR, so this one lives on disk.
      const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
      await database.migrate();
      await importCatalogue(database.db, readCatalogueFile(DEMO_CATALOGUE), path.dirname(DEMO_CATALOGUE));
      const config = loadShopConfig(DEMO_CONFIG);
      const app = await buildApp({ db: database.db, config, webRoot: path.join(REPO_ROOT, 'apps/web/dist'), ...options });
      shop = {
        app,
        database: { ...database, destroy: () => database.close() },
        config,
        async call(apiPath, payload) {
          const response = await app.inject({ method: 'POST', url: `/api/${apiPath}`, headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' }, payload: typeof payload === 'string' ? payload : JSON.stringify(payload) });
          return { status: response.statusCode, body: response.json() };
        },
        async close() {
          await app.close();
          await database.close();
        },
      };
    }
    const base = await shop.app.listen({ port: 0, host: '127.0.0.1' });
    const buyer = await createCustomer(shop);
    const order = await paidOrder(shop, base, buyer, [{ code: 'NWF27-WEEKEND' }]);
    const requested = await shop.call('request-refund', { token: buyer.token, order_id: order.id, tickets: order.tickets[0]!.code, ...BANK_DETAILS });
    expect(requested.status, JSON.stringify(requested.body)).toBe(200);
    refundId = requested.body.data.refund_id;
    // What the contract would refuse today may be in the database from before, or come another way.
    const db = shop.database.db;
    await db.update(customers).set({ fullName: HOSTILE_NAME }).where(eq(customers.id, buyer.id));
    const [refund] = await db.select().from(refunds).where(eq(refunds.id, refundId));
    await db.update(refunds).set({ bankDetails: { ...refund!.bankDetails!, ...HOSTILE_BANK } }).where(eq(refunds.id, refundId));
    await db.update(emailOutbox).set({ status: 'failed', attempts: 3, subject: `Order \x1b[8m${HOSTILE_NAME}`, lastError: '550 \x1b[2J\u202eno such user' }).where(eq(emailOutbox.toAddress, buyer.email));
    env = { ...process.env, NODE_ENV: 'test', APP_SECRET, DATA_DIR: dataDir, ...(shop.database.url ? { DATABASE_URL: shop.database.url } : {}) };
    // The embedded database allows one process at a time: the shop stops before the command runs.
    if (engine === 'pglite') await shop.close();
  }, timeLimit(240_000));

  afterAll(async () => {
    if (engine === 'postgres') await shop?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Runs `npm run <command> -- ...argv` as the organiser would (without npm's banner). */
  async function run(command: string, argv: string[]): Promise<{ stdout: string; stderr: string }> {
    try {
      return await promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, `apps/server/src/cli/${command}.ts`), ...argv], { cwd: REPO_ROOT, env, encoding: 'utf8' });
    } catch (error) {
      const failed = error as { stdout: string; stderr: string };
      return { stdout: failed.stdout, stderr: failed.stderr };
    }
  }

  const expectHarmless = (text: string, what: string) => {
    const match = RAW_CONTROL.exec(text);
    expect(match && `${JSON.stringify(match[0])} at ${match.index}: ${JSON.stringify(text.slice(Math.max(0, match.index - 40), match.index + 40))}`, what).toBeNull();
  };

  it('refunds list: one row of seven cells per refund, no raw control character, no cell a spreadsheet runs', async () => {
    const { stdout, stderr } = await run('refunds', ['list']);
    expectHarmless(stdout + stderr, 'refunds list');
    const rows = stdout.split('\n').filter(Boolean);
    expect(rows, stdout).toHaveLength(1);
    const cells = rows[0]!.split('\t');
    expect(cells, rows[0]).toHaveLength(7);
    expect(cells[0]).toBe(String(refundId));
    for (const cell of cells) expect(cell, rows[0]).not.toMatch(/^[=+\-@]/);
    // Every character the customer sent is there to see, the escape shown as \e.
    expect(cells[4]).toContain('Eve\\e[2K\\r\\u{202e}evil');
    expect(cells[6]).toContain(`"'=HYPERLINK(""http://evil.example""`);
    expect(cells[6]).toContain('\\e[1D');
  }, timeLimit(120_000));

  it('mail status, orders and catalog: messages and errors quoting hostile data carry no raw control character', async () => {
    const mail = await run('mail', ['status']);
    expectHarmless(mail.stdout + mail.stderr, 'mail status');
    expect(mail.stdout).toContain('\\e[8mEve\\e[2K');
    for (const row of mail.stdout.split('\n').filter((line) => line.includes('\t'))) {
      expect(row.split('\t'), row).toHaveLength(8);
      for (const cell of row.split('\t')) expect(cell, row).not.toMatch(/^[=+\-@]/);
    }
    const orders = await run('orders', ['mark-paid', 'NWF\x1b[2J\u202eX', '10']);
    expectHarmless(orders.stdout + orders.stderr, 'orders mark-paid');
    const catalog = await run('catalog', ['validate', `no-such\x1b]0;title\x07\u202e.yaml`]);
    expectHarmless(catalog.stdout + catalog.stderr, 'catalog validate');
    expect(catalog.stderr).toContain('no-such\\e]0;title\\a\\u{202e}.yaml');
  }, timeLimit(180_000));
});
