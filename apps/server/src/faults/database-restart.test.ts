import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkStock, prepareFlashSale, runFlashSale, untilOnSale } from '../../test/load/flash-sale';
import { privatePostgresUnavailable, startPrivatePostgres, type PrivatePostgres } from '../../test/load/private-postgres';
import { startServerProcess, type ServerProcess } from '../../test/load/server-process';
import { freePort } from '../../test/smtp-sink';
import { postgresTestUrl } from '../../test/engines';
import { timeLimit } from '../../test/time-limits';

// Skipped without PostgreSQL in this run (postgresTestUrl says why), or without a private server to crash.
const onPostgres = postgresTestUrl('database restart test') !== undefined;
const why = onPostgres ? privatePostgresUnavailable() : null;
if (why) console.warn(`[tests] database restart test skipped: ${why}.`);

/**
 * PostgreSQL crashes (an immediate stop, no shutdown) in the middle of an on-sale and comes back
 * a second later. The server is not restarted: its pool drops the dead connections and makes new
 * ones. Calls made while the database is away answer 503 and change nothing; afterwards
 * every call works again, and the stock counters still match the carts and orders.
 */
describe.skipIf(!onPostgres || why !== null)('the database restarting under load', () => {
  let postgres: PrivatePostgres;
  let server: ServerProcess;
  beforeAll(async () => {
    postgres = await startPrivatePostgres();
    server = await startServerProcess({ port: await freePort(), databaseUrl: postgres.url, quiet: true });
  }, timeLimit(120_000));
  afterAll(async () => {
    await server?.kill();
    postgres?.stop();
  });

  it('recovers without a restart of its own', async () => {
    const sale = await prepareFlashSale(postgres.url, { stock: 150, buyers: 400, run: 'during' });
    const during = runFlashSale(sale, { baseUrls: [server.url], databaseUrl: postgres.url, concurrency: 20 });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await postgres.crashAndRestart(1000);
    const first = await during;
    // The same process served before, during and after.
    expect(server.child.exitCode).toBeNull();
    expect(first.purchased + first.soldOut + first.failed).toBe(400);
    // The outage was felt (calls answered 503 while the database was away), and buying went on after it.
    expect(first.serverErrors).toBeGreaterThan(0);
    expect(first.problems.some((line) => line.includes(': 503 '))).toBe(true);
    expect(first.purchased).toBeGreaterThan(0);
    expect(first.maxTaken).toBeLessThanOrEqual(sale.stock);

    // Once it is back every call works again, in the same server process.
    const deadline = Date.now() + 30_000;
    while ((await fetch(`${server.url}/healthz`).then((answer) => answer.status, () => 0)) !== 200) {
      if (Date.now() > deadline) throw new Error('the server did not become healthy again');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const wave = await prepareFlashSale(postgres.url, { stock: 100, buyers: 60, run: 'after', keepSales: true });
    // The first sale sold out: the server's catalogue snapshot says so for up to a second more.
    await untilOnSale(server.url);
    const after = await runFlashSale(wave, { baseUrls: [server.url], databaseUrl: postgres.url, concurrency: 20 });
    expect({ purchased: after.purchased, failed: after.failed, serverErrors: after.serverErrors, connectionErrors: after.connectionErrors, problems: after.problems }).toEqual({
      purchased: 60,
      failed: 0,
      serverErrors: 0,
      connectionErrors: 0,
      problems: [],
    });

    const stock = await checkStock(postgres.url, sale.itemId);
    expect(stock.ordersWithoutLines).toBe(0);
    expect(stock.paidWithoutTickets).toBe(0);
    expect(stock.sold).toBe(stock.soldByOrders);
    expect(stock.held).toBe(stock.heldByCarts);
    expect(stock.held + stock.sold).toBeLessThanOrEqual(wave.stock);
  }, timeLimit(180_000));
});
