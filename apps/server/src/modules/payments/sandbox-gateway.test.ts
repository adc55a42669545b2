import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { api, english, LOCALES, paymentMessages } from '@festival/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/databases';
import { cartWith, checkoutPayload, createCustomer, formPost } from '../../../test/shop-flows';
import { createTestShop, DEMO_CONFIG, type TestShop } from '../../../test/test-shop';
import { REPO_ROOT } from '../../env';
import { translatorFor } from '../../lib/language';
import { escapeHtmlText } from '../config/shop-config';
import { SANDBOX_PATH } from './sandbox-gateway';
import { timeLimit } from '../../../test/time-limits';

/**
 * Every path with a method that takes a body, from Fastify's route tree (a route that extends
 * another is printed under it), its parameters filled in.
 */
function routesTakingBodies(tree: string): string[] {
  const parents: string[] = [];
  const found: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const parent = parents[depth - 1];
    const full = parent === undefined ? match[2]! : parent === '/' ? `/${match[2]!.replace(/^\//, '')}` : parent + match[2]!;
    parents[depth] = full;
    parents.length = depth + 1;
    if (/POST|PUT|PATCH|DELETE/.test(match[3] ?? '')) found.push(full.replace(/:[^/]+/g, 'x'));
  }
  return found;
}

/** A shop of one's own configuration (not the demo's) under NODE_ENV=production. */
const OWN_SHOP_IN_PRODUCTION = { production: true, demoConfig: false };

/**
 * Issue 18 point 12: the sandbox gateway cannot take a live shop's orders. A shop names its
 * gateway; the sandbox runs in production only for the demo or with SANDBOX_PAYMENTS=1, says on
 * its page that no money moves, and its form parser serves its own pages only.
 */
describe.each(testEngines())('the sandbox gateway on %s', (engine) => {
  it('refuses to start a shop of its own in production that names the sandbox, unless SANDBOX_PAYMENTS=1', async () => {
    await expect(createTestShop(engine, { catalogue: false, app: { gatewayEnvironment: OWN_SHOP_IN_PRODUCTION } })).rejects.toThrow(/"sandbox" gateway under NODE_ENV=production.*SANDBOX_PAYMENTS=1/s);
    await expect(createTestShop(engine, { catalogue: false, config: { gateway: 'paypal' } })).rejects.toThrow(/"paypal", which this shop has no adapter for/);
    const warnings: string[] = [];
    const logger = { warn: (...args: unknown[]) => warnings.push(String(args.at(-1))), info() {}, error() {}, debug() {}, trace() {}, fatal() {}, level: 'info', silent() {}, child: () => logger };
    const shop = await createTestShop(engine, { catalogue: false, app: { gatewayEnvironment: { ...OWN_SHOP_IN_PRODUCTION, sandboxPayments: true }, logger: logger as never } });
    try {
      expect(warnings.join('\n')).toMatch(/sandbox gateway: test cards pay orders and no money moves/);
      expect((await shop.app.inject({ method: 'GET', url: `${SANDBOX_PATH}/sandbox.css` })).statusCode).toBe(200);
    } finally {
      await shop.close();
    }
  }, timeLimit(180_000));

  it('offers no card payment and opens no gateway route when the configuration names no gateway', async () => {
    const shop = await createTestShop(engine, { config: { gateway: null } });
    try {
      for (const url of [`${SANDBOX_PATH}/pay`, '/payments/notify/sandbox']) expect((await shop.app.inject({ method: 'POST', url, payload: {} })).statusCode, url).toBe(404);
      const buyer = await createCustomer(shop);
      // Asked for a card, the checkout takes the only method offered (spec section 4): a bank transfer, with no gateway page.
      const byCard = await shop.call('checkout-cart', checkoutPayload(buyer.token, await cartWith(shop, buyer.token, ['NWF27-PARKING'])));
      expect(byCard.status, JSON.stringify(byCard.body)).toBe(200);
      const placed = api['checkout-cart'].answer.parse(byCard.body);
      expect(placed.order.payment_method).toBe('bank_transfer');
      expect(placed.payment ?? null).toBeNull();
      expect(await shop.call('pay-order', { token: buyer.token, order: placed.order.code })).toEqual({ status: 409, body: { message: english(paymentMessages.notPayable) } });
    } finally {
      await shop.close();
    }
  }, timeLimit(180_000));

  describe('its pages and its form parser', () => {
    let shop: TestShop;
    beforeAll(async () => {
      // The demo shop in production: the sandbox is allowed (npm start's demo pays with 4242).
      shop = await createTestShop(engine, { config: { languages: [...LOCALES] }, app: { gatewayEnvironment: { production: true, demoConfig: true } } });
    }, timeLimit(120_000));
    afterAll(async () => {
      await shop?.close();
    });

    it('shows a banner that no money moves on its payment page', async () => {
      const buyer = await createCustomer(shop);
      const placed = api['checkout-cart'].answer.parse((await shop.call('checkout-cart', checkoutPayload(buyer.token, await cartWith(shop, buyer.token, ['NWF27-PARKING'])))).body);
      if (placed.payment?.action !== 'submit') throw new Error('expected a form');
      const { body, headers, method } = formPost(placed.payment.params);
      const page = await shop.app.inject({ method, url: placed.payment.url, headers, payload: body });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`<p class="banner" role="status" id="sandbox-banner">${escapeHtmlText(english(paymentMessages.sandboxBanner))}</p>`);
    });

    it('describes the payment to the provider in the order’s language (issue 36): “Bestellung …” for an order placed from a German page, “Order …” without a language', async () => {
      const placeIn = async (language: string | null) => {
        const buyer = await createCustomer(shop);
        const payload = checkoutPayload(buyer.token, await cartWith(shop, buyer.token, ['NWF27-PARKING']));
        const response = await shop.app.inject({
          method: 'POST',
          url: '/api/checkout-cart',
          headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', ...(language ? { 'accept-language': language } : {}) },
          payload: JSON.stringify(payload),
        });
        expect(response.statusCode, response.body).toBe(200);
        const placed = api['checkout-cart'].answer.parse(response.json());
        if (placed.payment?.action !== 'submit') throw new Error('expected a form');
        return { code: placed.order.code, description: placed.payment.params.description };
      };
      const german = await placeIn('de-DE,de;q=0.9');
      expect(german.description).toBe(`Bestellung ${german.code}`);
      const plain = await placeIn(null);
      expect(plain.description).toBe(`Order ${plain.code}`);
    });

    it('speaks the payer’s language on its pages (issue 36): German for a German browser, English without one', async () => {
      const buyer = await createCustomer(shop);
      const placed = api['checkout-cart'].answer.parse((await shop.call('checkout-cart', checkoutPayload(buyer.token, await cartWith(shop, buyer.token, ['NWF27-PARKING'])))).body);
      if (placed.payment?.action !== 'submit') throw new Error('expected a form');
      const { body, headers, method } = formPost(placed.payment.params);
      const amount = Number(placed.payment.params.amount);
      const open = (language?: string) => shop.app.inject({ method, url: placed.payment!.url, headers: { ...headers, ...(language ? { 'accept-language': language } : {}) }, payload: body });
      const german = await open('de-DE,de;q=0.9');
      expect(german.statusCode).toBe(200);
      const euros = new Intl.NumberFormat('de', { style: 'currency', currency: placed.payment.params.currency }).format(amount / 100);
      expect(german.body).toContain('<html lang="de" dir="ltr">');
      expect(german.body).toContain('<title>Bezahlen · Sandbox Pay</title>');
      expect(german.body).toContain('Sandbox Pay <span aria-hidden="true">·</span> Testzahlungen</p>');
      expect(german.body).toContain(`<p class="banner" role="status" id="sandbox-banner">${escapeHtmlText(translatorFor('de').format(paymentMessages.sandboxBanner))}</p>`);
      expect(german.body).toContain(`<p class="amount" id="sandbox-amount">${escapeHtmlText(euros)}</p>`);
      expect(german.body).toContain('<label for="sandbox-card">Kartennummer</label>');
      expect(german.body).toContain(`id="sandbox-pay">${escapeHtmlText(euros)} bezahlen</button>`);
      expect(german.body).toContain('id="sandbox-cancel" formnovalidate>Abbrechen und zurück zum Shop</button>');
      expect(german.body).toContain('<p class="note">Mit der Karte <code>4242 4242 4242 4242</code> wird bezahlt, die Karte <code>4000 0000 0000 0002</code> wird abgelehnt.</p>');
      // A refused request says so in German too.
      const refused = await shop.app.inject({ method: 'POST', url: placed.payment.url, headers: { ...headers, 'accept-language': 'de' }, payload: 'reference=x' });
      expect([refused.statusCode, refused.body.includes('<h1>Diese Zahlungsanfrage ist ungültig</h1>')]).toEqual([400, true]);
      // Without a language, the shop's default: English, as the page always was.
      const plain = await open();
      expect(plain.body).toContain('<html lang="en" dir="ltr">');
      expect(plain.body).toContain('<label for="sandbox-card">Card number</label>');
      expect(plain.body).toContain('<p class="note">Card <code>4242 4242 4242 4242</code> pays, <code>4000 0000 0000 0002</code> is declined.</p>');
    });

    it('lets a form body reach no route but its own, under any spelling of the path', async () => {
      const form = { 'content-type': 'application/x-www-form-urlencoded', 'x-requested-with': 'XMLHttpRequest' };
      const routes = routesTakingBodies(shop.app.printRoutes({ commonPrefix: false }));
      const own = [`${SANDBOX_PATH}/pay`, `${SANDBOX_PATH}/pay/complete`];
      expect(routes).toEqual(expect.arrayContaining([...own, '/api/register', '/payments/notify/sandbox']));
      for (const url of routes) {
        const answer = await shop.app.inject({ method: 'POST', url, headers: form, payload: 'email=a%40example.org&full_name=A' });
        // The sandbox's own pages read the form (and refuse this unsigned one); every other route refuses the body type.
        expect(answer.statusCode, url).toBe(own.includes(url) ? 400 : 415);
      }
      for (const url of ['/%61pi/register', '/api/%72egister', '/API/register', '//api/register', '/api//register', '/api/register/', '/api/./register', '/x/../api/register', '/payments/notify/%73andbox']) {
        const answer = await shop.app.inject({ method: 'POST', url, headers: form, payload: 'email=a%40example.org&full_name=A' });
        expect([404, 415], `${url} answered ${answer.statusCode}`).toContain(answer.statusCode);
      }
    });
  });
});

describe('npm start under NODE_ENV=production', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-gateway-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  /** Starts the server on a shop of its own (the demo's configuration under another name, with the public address such a shop must give); answers its exit code and output. */
  async function startOwnShop(changes: Record<string, unknown>, env: Record<string, string> = {}): Promise<{ code: number | null; output: string }> {
    const ownConfig = path.join(dataDir, 'my-shop.json');
    writeFileSync(ownConfig, JSON.stringify({ ...JSON.parse(readFileSync(DEMO_CONFIG, 'utf8')), publicBaseUrl: 'https://shop.example.org', ...changes }));
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src/main.ts')], {
      cwd: REPO_ROOT,
      env: { ...process.env, NODE_ENV: 'production', SHOP_CONFIG: ownConfig, DATA_DIR: dataDir, DEMO_CATALOGUE: 'none', ALLOW_NO_MAIL: '1', PORT: '0', HOST: '127.0.0.1', APP_SECRET: 'x'.repeat(40), LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    return { code, output };
  }

  it('refuses to start a shop of its own that names the sandbox, and says why', async () => {
    const { code, output } = await startOwnShop({});
    expect(code, output).toBe(1);
    expect(output).toMatch(/"sandbox" gateway under NODE_ENV=production.*SANDBOX_PAYMENTS=1/s);
    expect(output).not.toMatch(/is open/);
  }, timeLimit(60_000));

  it('refuses to start with a live Stripe key and no webhook secret, and says what to set (issue 20)', async () => {
    const { code, output } = await startOwnShop({ gateway: 'stripe' }, { STRIPE_SECRET_KEY: 'sk_live_0123456789abcdef', STRIPE_WEBHOOK_SECRET: '' });
    expect(code, output).toBe(1);
    expect(output).toMatch(/STRIPE_SECRET_KEY is a live key, but STRIPE_WEBHOOK_SECRET is not set.*whsec_/s);
    // The key itself is never printed.
    expect(output).not.toContain('sk_live_0123456789abcdef');
    expect(output).not.toMatch(/is open/);
  }, timeLimit(60_000));
});
