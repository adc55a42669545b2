import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../test/databases';
import { createTestShop, type TestShop } from '../../test/test-shop';
import { timeLimit } from '../../test/time-limits';

const TOKEN = 'metrics-token-of-at-least-thirty-two-characters';

/** A sample's value in Prometheus' text: the line of `name` whose labels include each of `labels`. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(\{[^}]*\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const given = match[2] ?? '';
    if (Object.entries(labels).every(([key, value]) => given.includes(`${key}="${value}"`))) return Number(match[3]);
  }
  return undefined;
}

/**
 * The shop's Prometheus metrics (issue 38 point 5, decision 0119) over HTTP: GET /metrics answers
 * a bearer of METRICS_TOKEN only (401 otherwise, 404 where no token is set), with the process's
 * figures, every request's latency by route, and what the tables say (open carts, orders by
 * payment state, the outbox, check-ins).
 */
describe.each(testEngines())('metrics on %s', (engine) => {
  let shop: TestShop;
  let bare: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(engine, { app: { metricsToken: TOKEN } });
    bare = await createTestShop(engine);
  }, timeLimit(120_000));
  afterAll(async () => {
    await shop?.close();
    await bare?.close();
  });

  const scrape = (authorization?: string, app = shop.app) => app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('answers only a bearer of the token, and is not there without one', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-of-at-least-thirty-two-characters', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const answer = await scrape(authorization);
      expect([answer.statusCode, answer.headers['www-authenticate']], String(authorization)).toEqual([401, 'Bearer']);
      expect(answer.body).not.toContain('shop_');
    }
    // Without a token there is no /metrics: the address is the shop's page like any other.
    const bareAnswer = await scrape(`Bearer ${TOKEN}`, bare.app);
    expect(bareAnswer.body).not.toContain('# TYPE');
    expect(bareAnswer.headers['content-type']).not.toMatch(/^text\/plain; version/);
  });

  it('counts requests by route and says what the tables hold: open carts, orders, the outbox, check-ins', async () => {
    // A cart before the first scrape that reads the tables (they are read again at most every 10 s).
    const added = await shop.call('add-product-to-cart', { external_code: 'NWF27-PARKING', full_name: 'Metrics Visitor', email: 'metrics@example.org', age: '25-34' });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const before = (await scrape(`Bearer ${TOKEN}`)).body;
    const calls = sample(before, 'shop_http_request_duration_seconds_count', { route: '/api/get-shop-item', status: '2xx' }) ?? 0;
    for (let index = 0; index < 3; index += 1) expect((await shop.call('get-shop-item', { external_code: 'NWF27-WEEKEND' })).status).toBe(200);
    const answer = await scrape(`Bearer ${TOKEN}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = answer.body;
    expect(sample(text, 'shop_http_request_duration_seconds_count', { route: '/api/get-shop-item', method: 'POST', status: '2xx' })).toBe(calls + 3);
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeDefined();
    expect(sample(text, 'shop_open_carts')).toBeGreaterThanOrEqual(1);
    for (const name of ['shop_queue_waiting', 'shop_queue_admitted']) expect(sample(text, name), name).toBeGreaterThanOrEqual(0);
    expect(text).toContain('# TYPE shop_orders gauge');
    expect(text).toContain('# TYPE shop_mail_outbox gauge');
    expect(text).toContain('# TYPE shop_checkins gauge');
    // A route is labelled by its pattern, never by the address asked: the labels stay few.
    await shop.app.inject({ method: 'GET', url: '/no/such/address/12345' });
    const later = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(later).not.toContain('12345');
  });
});
