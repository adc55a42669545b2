import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { checkStock, percentile, prepareFlashSale, runFlashSale, STEPS, type FlashSaleResult } from '../apps/server/test/load/flash-sale';
import { createDatabase, startServerProcess, type ServerProcess } from '../apps/server/test/load/server-process';
import { startBalancer } from './balancer';
import { note, record } from './report';
import { section } from './sections';
import { ADMIN_DATABASE_URL } from './server';

const BUYERS = Number(process.env.FLASH_BUYERS ?? 5000);
const STOCK = Number(process.env.FLASH_STOCK ?? 1000);
const CONCURRENCY = Number(process.env.FLASH_CONCURRENCY ?? 300);
const CEILING_SECONDS = 10;

/**
 * The on-sale benchmark (issue 9): 5,000 buyers, 300 at a time, racing for 1,000 units through
 * the real server on PostgreSQL, on one instance and then on two behind a load balancer; with the
 * database's own ceiling for the same SQL measured in the same run.
 */
export async function benchFlashSale(): Promise<void> {
  // Each sale is a section of its own: a failure of one still leaves the other's figures.
  let one: Awaited<ReturnType<typeof flashSaleOn>>;
  let two: Awaited<ReturnType<typeof flashSaleOn>>;
  await section('flash sale (one instance)', [], async () => {
    one = await flashSaleOn(1, 3810);
  });
  console.log('\n# Flash sale, two instances behind a load balancer, one PostgreSQL');
  await section('flash sale (2 instances)', [], async () => {
    two = await flashSaleOn(2, 3820);
  });
  if (one && two) {
    const ratio = two.result.buyers / two.result.seconds / (one.result.buyers / one.result.seconds);
    // Issue 9 asks for this figure to be reported (exactness is the target, recorded above).
    note(`two instances: ${Math.round(ratio * 100) / 100} x the buyers/s of one instance`);
    note('on this 2-core machine both instances, PostgreSQL, the balancer and the 300 simulated buyers share the same two cores; see docs/operations.md');
  }
}

async function flashSaleOn(instances: number, port: number): Promise<{ result: FlashSaleResult } | undefined> {
  const database = await createDatabase(ADMIN_DATABASE_URL, `shop_flash_${process.pid}_${instances}`);
  const servers: ServerProcess[] = [];
  let balancer: Awaited<ReturnType<typeof startBalancer>> | undefined;
  try {
    // Started one after the other: the first migrates and loads the catalogue.
    for (let index = 0; index < instances; index += 1) servers.push(await startServerProcess({ port: port + 1 + index, databaseUrl: database.url }));
    balancer = instances > 1 ? await startBalancer(servers.map((server) => server.url), port) : undefined;
    const sale = await prepareFlashSale(database.url, { stock: STOCK, buyers: BUYERS });
    const result = await runFlashSale(sale, { baseUrls: [balancer?.url ?? servers[0]!.url], databaseUrl: database.url, concurrency: CONCURRENCY });
    const settled = await waitForPayments(database.url, result.purchased);
    const stock = await checkStock(database.url, sale.itemId);
    const label = instances === 1 ? 'one instance' : `${instances} instances`;

    record(`flash sale (${label}): held + sold at any moment, of ${STOCK} in stock`, result.maxTaken, 'units', { max: STOCK });
    record(`flash sale (${label}): units sold at the end`, stock.sold, 'units', { min: STOCK });
    record(`flash sale (${label}): paid orders at the end`, stock.paidOrders, 'orders', { min: STOCK });
    record(`flash sale (${label}): 5xx answers`, result.serverErrors + result.connectionErrors, 'answers', { max: 0 });
    note(
      `${result.buyers} buyers, ${CONCURRENCY} at a time: ${result.purchased} bought, ${result.soldOut} found it sold out, ${result.failed} stopped otherwise, in ${result.seconds.toFixed(1)} s; ` +
        `${settled ? 'every payment notification applied' : 'NOT every payment notification applied within 60 s'}`,
    );
    if (stock.sold !== stock.soldByOrders || stock.held !== stock.heldByCarts) note(`COUNTERS DIFFER: sold ${stock.sold} vs ${stock.soldByOrders} tickets, held ${stock.held} vs ${stock.heldByCarts} in carts`);
    for (const line of result.problems) note(`problem: ${line}`);
    const buyersPerSecond = result.buyers / result.seconds;
    note(`${Math.round(buyersPerSecond)} buyers/s, ${Math.round(result.purchased / result.seconds)} purchases/s`);
    for (const step of STEPS) {
      const values = result.latencies[step];
      note(`${step.padEnd(12)} ${String(values.length).padStart(5)} calls, p50 ${percentile(values, 50)} ms, p99 ${percentile(values, 99)} ms`);
    }
    record(`flash sale (${label}): add-to-cart p99 with ${CONCURRENCY} concurrent buyers`, percentile(result.latencies['add-to-cart'], 99), 'ms', { max: 150 });
    // After the checks: pgbench's rows would otherwise count as the sale's.
    const ceiling = instances === 1 ? await databaseCeiling(database.url, sale.itemId) : undefined;
    if (ceiling) {
      note(`database ceiling: ${Math.round(ceiling)} buyers/s (pgbench running the sale's SQL mix: ${STOCK} purchases to ${BUYERS - STOCK} refused adds)`);
      record(`flash sale (${label}): buyers/s as a share of the database ceiling`, Math.round((buyersPerSecond / ceiling) * 100), '%', { min: 50 });
      // Each of the CONCURRENCY buyers always waits on one call, so calls wait CONCURRENCY / (calls per
      // second) on average (Little's law). Even a shop costing nothing, running at the database's
      // ceiling, could not bring that mean below this: the bound the add-to-cart target is up against.
      const callsPerBuyer = STEPS.reduce((sum, name) => sum + result.latencies[name].length, 0) / result.buyers;
      note(
        `lower bound for the mean call at ${CONCURRENCY} buyers who never pause, with the shop as fast as the database ceiling: ${CONCURRENCY} / (${Math.round(ceiling)} buyers/s x ${callsPerBuyer.toFixed(1)} calls) = ${Math.round((CONCURRENCY / (ceiling * callsPerBuyer)) * 1000)} ms`,
      );
    }
    const memory = servers.map((server) => server.peakMemoryMb()).filter((value): value is number => value !== null);
    // The issue sets no memory target: the figure is reported for sizing machines.
    if (memory.length) note(`peak resident memory of ${instances === 1 ? 'the server' : 'each instance'} through the sale: ${memory.join(', ')} MB`);
    return { result };
  } finally {
    await balancer?.close();
    await Promise.all(servers.map((server) => server.stop()));
    await database.drop();
  }
}

/** Waits until the gateway's notifications have paid every bought order. */
async function waitForPayments(databaseUrl: string, purchased: number): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const { rows } = await client.query<{ paid: number }>("SELECT count(*)::int AS paid FROM orders WHERE payment_status = 'paid'");
      if (rows[0]!.paid >= purchased) return true;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return false;
  } finally {
    await client.end();
  }
}

/**
 * What the database alone reaches doing the sale's SQL without the shop around it, in buyers per
 * second: pgbench runs, in the sale's proportions, a purchase (new cart, conditional stock
 * update, line; then order, ticket, the cart checked out, its holds sold by the same trigger as
 * the shop's at commit; then paid and issued) and a refused add (the
 * conditional update finding no stock). Run with as many connections as the shop's pool.
 */
async function databaseCeiling(databaseUrl: string, itemId: number): Promise<number | undefined> {
  if (spawnSync('pgbench', ['--version']).status !== 0) {
    note('pgbench is not installed (Debian: postgresql-client): no database ceiling to compare with');
    return undefined;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-flash-'));
  const purchase = path.join(dir, 'purchase.sql');
  const refused = path.join(dir, 'refused.sql');
  writeFileSync(
    purchase,
    `BEGIN;
INSERT INTO carts (code, expires_at) VALUES (md5(random()::text || clock_timestamp()::text), now() + interval '15 minutes') RETURNING id AS cart_id \\gset
UPDATE shop_items SET held = held + 1 WHERE id = ${itemId} AND held + sold < stock;
INSERT INTO cart_products (cart_id, shop_item_id, full_name, email, price, fee) VALUES (:cart_id, ${itemId}, 'Bench Buyer', 'bench@example.org', 8950, 250);
COMMIT;
BEGIN;
SELECT id FROM carts WHERE id = :cart_id FOR UPDATE;
INSERT INTO orders (code, customer_id, cart_id, total_price, payment_method) VALUES (md5(random()::text || clock_timestamp()::text), 1, :cart_id, 9200, 'credit_card') RETURNING id AS order_id \\gset
INSERT INTO tickets (code, order_id, shop_item_id, product_name, product_type, full_name, email, price, fee) VALUES (md5(random()::text || clock_timestamp()::text), :order_id, ${itemId}, 'Day ticket', 'ticket', 'Bench Buyer', 'bench@example.org', 8950, 250);
UPDATE carts SET status = 'checked_out' WHERE id = :cart_id;
INSERT INTO payments (order_id, provider, provider_reference, method, amount) VALUES (:order_id, 'sandbox', md5(random()::text || clock_timestamp()::text), 'credit_card', 9200);
COMMIT;
BEGIN;
SELECT id FROM orders WHERE id = :order_id FOR UPDATE;
UPDATE orders SET payment_status = 'paid', total_paid = 9200 WHERE id = :order_id;
UPDATE tickets SET status = 'active' WHERE order_id = :order_id;
INSERT INTO email_outbox (to_address, subject, text_body, html_body, next_attempt_at) VALUES ('bench@example.org', 'Your order', 'x', 'x', now());
COMMIT;
`,
  );
  writeFileSync(refused, `UPDATE shop_items SET held = held + 1 WHERE id = ${itemId} AND held + sold < 0;\n`);
  // Stock enough for every purchase pgbench makes.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('UPDATE shop_items SET stock = held + sold + 100000000 WHERE id = $1', [itemId]);
  await client.end();
  const weights = [`${purchase}@${STOCK}`, `${refused}@${BUYERS - STOCK}`];
  const output = execFileSync('pgbench', ['-n', '-c', '20', '-j', '2', '-T', String(CEILING_SECONDS), '-f', weights[0]!, '-f', weights[1]!, databaseUrl], { encoding: 'utf8' });
  return Number(/tps = ([\d.]+)/.exec(output)?.[1] ?? 0);
}
