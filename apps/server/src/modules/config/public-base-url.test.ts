import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_SHOP_CONFIG, REPO_ROOT } from '../../env';
import { timeLimit } from '../../../test/time-limits';

/**
 * Links lead back to this shop (issue 19, point 3): the demo, started on any port, writes that
 * port into its e-mails, and the organiser commands print the same address; a shop of one's own
 * in production without publicBaseUrl does not start.
 */
describe('the public address of a running shop', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-public-address-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const baseEnv = { ...process.env, DATA_DIR: dataDir, HOST: '127.0.0.1', APP_SECRET: 'public-address-test-secret-0123456789', LOG_LEVEL: 'info', DATABASE_URL: '', SMTP_URL: '' };

  /** The port the demo started on in the first test. */
  let demoPort = 0;

  it('is the port the demo listens on, in its e-mails and its log', async () => {
    // PORT=0: any free port, chosen before the configuration is read.
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src/main.ts')], {
      cwd: REPO_ROOT,
      env: { ...baseEnv, NODE_ENV: 'development', PORT: '0', SHOP_CONFIG: DEMO_SHOP_CONFIG, DEV_MAILBOX: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let output = '';
      const open = await new Promise<{ url: string; port: number }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the shop did not open:\n${output.slice(-2000)}`)), 120_000);
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          // The line `<shop name> is open`, with the address and port it gives.
          const line = output.split('\n').find((text) => text.includes(' is open"') && text.includes('"port":'));
          if (line) {
            clearTimeout(timer);
            resolve(JSON.parse(line) as { url: string; port: number });
          }
        });
        child.once('exit', (code) => reject(new Error(`the shop exited with ${code}:\n${output.slice(-2000)}`)));
      });
      expect(open.port).toBeGreaterThan(0);
      demoPort = open.port;
      expect(open.url).toBe(`http://localhost:${open.port}`);

      const shop = `http://127.0.0.1:${open.port}`;
      const registered = await fetch(`${shop}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        body: JSON.stringify({ full_name: 'Port Tester', email: 'port.tester@example.org' }),
      });
      expect(registered.status).toBe(200);
      const mailbox = await (await fetch(`${shop}/dev/mailbox`)).text();
      const id = /href="\/dev\/mailbox\/(\d+)"/.exec(mailbox)?.[1];
      expect(id, mailbox).toBeDefined();
      const message = await (await fetch(`${shop}/dev/mailbox/${id}`)).text();
      const html = await (await fetch(`${shop}/dev/mailbox/${id}/html`)).text();
      const links = [...`${message}\n${html}`.matchAll(/https?:\/\/[^\s"<>']+/g)].map((match) => match[0]).filter((link) => !link.startsWith('http://www.w3.org'));
      expect(links.length).toBeGreaterThan(0);
      // The mail itself links to the public address; the dev mailbox shows those links under the
      // name it is opened at (here 127.0.0.1, decision 0071), so they open in the same browser.
      for (const link of links) expect(link.startsWith(`http://localhost:${open.port}/`) || link.startsWith(`${shop}/`), link).toBe(true);
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
    }
  }, timeLimit(180_000));

  it('is what the organiser commands print: the address the shop started with, whatever PORT the command sees', () => {
    expect(demoPort).toBeGreaterThan(0);
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src/cli/orders.ts'), 'create', '--email', 'desk.buyer@example.org', '--name', 'Desk Buyer', '--item', 'NWF27-PARKING', '--paid'],
      { cwd: REPO_ROOT, env: { ...baseEnv, NODE_ENV: 'production', PORT: '4567', SHOP_CONFIG: DEMO_SHOP_CONFIG }, encoding: 'utf8', timeout: timeLimit(120_000) },
    );
    expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
    expect(result.stdout).toContain(`accept the terms: http://localhost:${demoPort}/accept-tcs/`);
  }, timeLimit(180_000));

  it('must be configured by a shop of its own in production: it does not start, and says what to set', () => {
    const ownConfig = path.join(dataDir, 'my-shop.json');
    const { publicBaseUrl: _left, ...config } = JSON.parse(readFileSync(DEMO_SHOP_CONFIG, 'utf8')) as Record<string, unknown>;
    writeFileSync(ownConfig, JSON.stringify(config));
    const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src/main.ts')], {
      cwd: REPO_ROOT,
      env: { ...baseEnv, NODE_ENV: 'production', PORT: '0', SHOP_CONFIG: ownConfig, DEMO_CATALOGUE: 'none' },
      encoding: 'utf8',
      timeout: timeLimit(120_000),
    });
    expect(result.status).toBe(1);
    expect(`${result.stdout}${result.stderr}`).toMatch(/sets no "publicBaseUrl", and NODE_ENV=production.*Set "publicBaseUrl" to the address customers reach the shop at/s);
    expect(result.stdout).not.toMatch(/is open/);
  }, timeLimit(180_000));
});
