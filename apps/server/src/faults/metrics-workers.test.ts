import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresTestUrl } from '../../test/engines';
import { createDatabase, startServerProcess, type ServerProcess } from '../../test/load/server-process';
import { freePort } from '../../test/smtp-sink';
import { timeLimit } from '../../test/time-limits';

const adminUrl = postgresTestUrl('metrics across worker processes test');
const TOKEN = 'metrics-workers-token-of-at-least-32-characters';

/** The count of a route's answers in Prometheus' text, over every method and status. */
function countOf(text: string, route: string): number {
  let total = 0;
  for (const line of text.split('\n')) {
    const match = /^shop_http_request_duration_seconds_count\{([^}]*)\} (\S+)$/.exec(line);
    if (match && match[1]!.includes(`route="${route}"`)) total += Number(match[2]);
  }
  return total;
}

/**
 * Metrics under node:cluster (decision 0119): the worker a scrape reaches gathers every worker's
 * figures through the primary, so one scrape of the shop's one port counts every request, whichever
 * worker served it, and the tables' figures once (not once per worker).
 */
describe.skipIf(!adminUrl)('metrics of a shop of two workers behind one port', () => {
  let database: Awaited<ReturnType<typeof createDatabase>>;
  let shop: ServerProcess;
  beforeAll(async () => {
    database = await createDatabase(adminUrl!, `shop_test_metrics_${process.pid}`);
    shop = await startServerProcess({ port: await freePort(), databaseUrl: database.url, workers: 2, quiet: true, env: { METRICS_TOKEN: TOKEN, SMTP_URL: '' } });
  }, timeLimit(150_000));
  afterAll(async () => {
    await shop?.stop();
    await database?.drop();
  });

  const scrape = async () => {
    const answer = await fetch(`${shop.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(answer.status).toBe(200);
    return answer.text();
  };

  it('counts every worker’s requests in one scrape, and the tables’ figures once', async () => {
    const before = countOf(await scrape(), '/api/get-shop-item');
    const asked = 24;
    // New connections each time, so the operating system hands them to both workers.
    for (let index = 0; index < asked; index += 1) {
      const answer = await fetch(`${shop.url}/api/get-shop-item`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', connection: 'close' }, body: JSON.stringify({ external_code: 'NWF27-WEEKEND' }) });
      expect(answer.status).toBe(200);
      await answer.arrayBuffer();
    }
    const text = await scrape();
    expect(countOf(text, '/api/get-shop-item') - before).toBe(asked);
    // The demo's open carts are none, and one process's figure, not one per worker.
    expect(text).toMatch(/^shop_open_carts 0$/m);
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
  }, timeLimit(60_000));
});
