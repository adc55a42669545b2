import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buyersEncodingNote } from '../apps/server/test/load/encoding';
import { checkStock, percentile, prepareFlashSale, STEPS, type FlashSaleResult } from '../apps/server/test/load/flash-sale';
import { createDatabase, startServerProcess, type ServerProcess } from '../apps/server/test/load/server-process';
import { startBalancer } from './balancer';
import { clock, runBrowserThreads, withLag } from './browsers';
import type { FlashJob } from './flash-browsers';
import { note, record } from './report';
import { benchNodeArgs, browserThreads, cpuMsPer, dealt, flashSteps, instanceCounts, lagText, mergeSteps, poolSize, shares, stepLabel, workerLadder, type ScaleStep } from './scale';
import { section } from './sections';
import { ADMIN_DATABASE_URL } from './server';

const BUYERS = Number(process.env.FLASH_BUYERS ?? 5000);
const STOCK = Number(process.env.FLASH_STOCK ?? 1000);
const CONCURRENCY = Number(process.env.FLASH_CONCURRENCY ?? 300);
const CEILING_SECONDS = 10;
const CORES = availableParallelism();

/** What one step of the ladder gives the summary at the end. */
interface StepFigures {
  step: ScaleStep;
  buyersPerSecond: number;
  purchasesPerSecond: number;
  addP99: number;
  checkoutP99: number;
  serverCpuMsPerPurchase: number | null;
  worstLag: number;
}

/**
 * The on-sale benchmark (issues 9 and 35): 5,000 buyers, 300 at a time, racing for 1,000 units
 * through the real server on PostgreSQL: one instance at each worker count of the ladder
 * (`BENCH_WORKERS`, by default 1, 2, 4 … up to the cores), then several instances behind a load
 * balancer (`BENCH_INSTANCES`, by default 1,2); with the database's own ceiling for the same SQL
 * measured in the same run, and the simulated buyers in threads of their own (decision 0080).
 */
export async function benchFlashSale(): Promise<void> {
  const workers = workerLadder(process.env.BENCH_WORKERS, CORES);
  const steps = flashSteps(workers, instanceCounts(process.env.BENCH_INSTANCES, [1, 2]));
  const threads = browserThreads(process.env.BENCH_BROWSER_THREADS, CORES);
  const top = Math.max(...workers);
  note(buyersEncodingNote());
  note(`${CORES} cores; steps (instances x workers): ${steps.map((step) => `${step.instances}x${step.workers}`).join(', ')}; the simulated buyers in ${threads} thread${threads > 1 ? 's' : ''}`);
  // Each step is a section of its own: a failure of one still leaves the others' figures.
  let ceiling: number | undefined;
  const done: StepFigures[] = [];
  for (const [index, step] of steps.entries()) {
    const label = stepLabel(step.instances, step.workers);
    if (index > 0) {
      console.log(
        step.instances > 1
          ? `\n# Flash sale, ${step.instances} instances${step.workers > 1 ? ` of ${step.workers} workers` : ''} behind a load balancer, one PostgreSQL`
          : `\n# Flash sale on postgres, one instance with ${step.workers} workers (node:cluster)`,
      );
    }
    await section(`flash sale (${label})`, [], async () => {
      const outcome = await flashSaleOn(step, 3810 + index * 10, threads, ceiling, step.instances === 1 && step.workers === top && top > 1);
      ceiling ??= outcome.ceiling;
      done.push(outcome.figures);
    });
  }
  const one = done.find((figures) => figures.step.instances === 1 && figures.step.workers === 1);
  const two = done.find((figures) => figures.step.instances === 2 && figures.step.workers === 1);
  if (one && two) {
    // Issue 9 asks for this figure to be reported (exactness is the target, recorded above).
    note(`two instances: ${Math.round((two.buyersPerSecond / one.buyersPerSecond) * 100) / 100} x the buyers/s of one instance`);
  }
  if (done.length) {
    console.log('\n# Flash sale: the ladder');
    note(`instances x workers | buyers/s | purchases/s | share of the ceiling${ceiling ? ` (${Math.round(ceiling)} buyers/s)` : ''} | add-to-cart p99 | checkout p99 | server CPU per purchase | browsers' lag p99, worst thread`);
    for (const figures of done) {
      note(
        `${figures.step.instances} x ${figures.step.workers} | ${Math.round(figures.buyersPerSecond)} | ${Math.round(figures.purchasesPerSecond)} | ${ceiling ? `${Math.round((figures.buyersPerSecond / ceiling) * 100)} %` : '-'} | ` +
          `${figures.addP99} ms | ${figures.checkoutP99} ms | ${figures.serverCpuMsPerPurchase ?? '-'} ms | ${figures.worstLag} ms`,
      );
    }
    if (one) for (const figures of done.filter((other) => other !== one)) note(`${figures.step.instances} x ${figures.step.workers}: ${Math.round((figures.buyersPerSecond / one.buyersPerSecond) * 100) / 100} x the buyers/s of one process`);
  }
  if (CORES <= 2) note(`on this ${CORES}-core machine every step's processes, PostgreSQL, the balancer and the simulated buyers share the same cores; see docs/operations.md`);
}

async function flashSaleOn(step: ScaleStep, port: number, threads: number, knownCeiling: number | undefined, allCores: boolean): Promise<{ figures: StepFigures; ceiling: number | undefined }> {
  const { instances, workers } = step;
  const database = await createDatabase(ADMIN_DATABASE_URL, `shop_flash_${process.pid}_${instances}_${workers}`);
  const servers: ServerProcess[] = [];
  let balancer: Awaited<ReturnType<typeof startBalancer>> | undefined;
  try {
    const maxConnections = await maxConnectionsOf(database.url);
    const pool = poolSize(maxConnections, instances * workers);
    // Started one after the other: the first migrates and loads the catalogue.
    for (let index = 0; index < instances; index += 1) {
      servers.push(await startServerProcess({ port: port + 1 + index, databaseUrl: database.url, workers, env: pool < 20 ? { DATABASE_POOL_SIZE: String(pool) } : {}, nodeArgs: benchNodeArgs(process.env.BENCH_NODE_ARGS) }));
    }
    if (pool < 20) note(`DATABASE_POOL_SIZE=${pool} for each of the ${instances * workers} server processes (PostgreSQL's max_connections is ${maxConnections})`);
    balancer = instances > 1 ? await startBalancer(servers.map((server) => server.url), port) : undefined;
    const sale = await prepareFlashSale(database.url, { stock: STOCK, buyers: BUYERS });
    const baseUrls = [balancer?.url ?? servers[0]!.url];
    // The buyers dealt to the threads in turn, each thread with its share of the concurrency.
    const hands = dealt(sale.tokens.length, threads);
    const concurrency = shares(CONCURRENCY, threads);
    const jobs: FlashJob[] = hands.map((hand, index) => ({ sale: { ...sale, tokens: hand.map((at) => sale.tokens[at]!) }, baseUrls, databaseUrl: database.url, concurrency: Math.max(1, concurrency[index]!) }));
    // Timed and its CPU counted from the common start, once every thread has loaded.
    let startAt = clock();
    let cpuBefore = serverCpu(servers);
    let ownBefore = process.cpuUsage();
    const onStart = (at: number) => {
      startAt = at;
      cpuBefore = serverCpu(servers);
      ownBefore = process.cpuUsage();
    };
    const { value: outcome, lagP99: mainLag } = await withLag(() => runBrowserThreads<FlashSaleResult>(new URL('./flash-browsers.ts', import.meta.url), jobs, { onStart }));
    const result = mergeResults(outcome.results, (clock() - startAt) / 1000);
    const cpuAfter = serverCpu(servers);
    const own = process.cpuUsage(ownBefore);
    const settled = await waitForPayments(database.url, result.purchased);
    const stock = await checkStock(database.url, sale.itemId);
    const label = stepLabel(instances, workers);

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
    const purchasesPerSecond = result.purchased / result.seconds;
    note(`${Math.round(buyersPerSecond)} buyers/s, ${Math.round(purchasesPerSecond)} purchases/s`);
    for (const name of STEPS) {
      const values = result.latencies[name];
      note(`${name.padEnd(12)} ${String(values.length).padStart(5)} calls, p50 ${percentile(values, 50)} ms, p99 ${percentile(values, 99)} ms`);
    }
    record(`flash sale (${label}): add-to-cart p99 with ${CONCURRENCY} concurrent buyers`, percentile(result.latencies['add-to-cart'], 99), 'ms', { max: 150 });
    // Issue 35 point 5: on the 2-core machine one process must keep what it sold before the ladder (72 a second).
    if (instances === 1 && workers === 1) record(`flash sale (${label}): purchases/s`, Math.round(purchasesPerSecond * 10) / 10, 'purchases/s', { min: 72 });
    const cpuSeconds = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
    const perPurchase = cpuMsPer(cpuSeconds, result.purchased);
    if (cpuSeconds !== null) {
      note(
        `server CPU over the sale: ${cpuSeconds.toFixed(1)} s (${Math.round((cpuSeconds / result.seconds) * 100)} % of a core, ${instances * workers} process${instances * workers > 1 ? 'es' : ''}), ` +
          `${perPurchase} ms per purchase (the sold-out buyers' calls included); the bench's own process (the simulated buyers${balancer ? ', the balancer' : ''}) ${((own.user + own.system) / 1e6).toFixed(1)} s`,
      );
    }
    note(`${lagText(outcome.lagP99)}; the bench's main thread${balancer ? ' (the balancer)' : ''} ${mainLag} ms`);
    // After the checks: pgbench's rows would otherwise count as the sale's. Measured once a run, in its first step.
    const ceiling = knownCeiling ?? (await databaseCeiling(database.url, sale.itemId));
    if (ceiling) {
      if (!knownCeiling) note(`database ceiling: ${Math.round(ceiling)} buyers/s (pgbench running the sale's SQL mix: ${STOCK} purchases to ${BUYERS - STOCK} refused adds)`);
      else note(`database ceiling of this run (measured in its first step): ${Math.round(ceiling)} buyers/s`);
      const share = Math.round((buyersPerSecond / ceiling) * 100);
      // Issue 35 point 5: with all cores, 85 % of the ceiling; one process, at least half of it (issue 9).
      record(`flash sale (${label}): buyers/s as a share of the database ceiling`, share, '%', { min: allCores ? 85 : 50 });
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
    if (memory.length) note(`peak resident memory of ${instances === 1 ? 'the server' : 'each instance'}${workers > 1 ? ` (its ${workers} workers and primary together)` : ''} through the sale: ${memory.join(', ')} MB`);
    return {
      ceiling,
      figures: {
        step,
        buyersPerSecond,
        purchasesPerSecond,
        addP99: percentile(result.latencies['add-to-cart'], 99),
        checkoutP99: percentile(result.latencies.checkout, 99),
        serverCpuMsPerPurchase: perPurchase,
        worstLag: Math.max(...outcome.lagP99),
      },
    };
  } finally {
    await balancer?.close();
    await Promise.all(servers.map((server) => server.stop()));
    await database.drop();
  }
}

/** The server processes' CPU seconds together (each instance's primary and workers); null where it cannot be read. */
function serverCpu(servers: ServerProcess[]): number | null {
  const each = servers.map((server) => server.cpuSeconds());
  return each.some((value) => value === null) ? null : each.reduce<number>((sum, value) => sum + value!, 0);
}

/** The browser threads' results as one sale: counts summed, latencies merged, the sale's seconds as the main thread timed them. */
function mergeResults(results: FlashSaleResult[], seconds: number): FlashSaleResult {
  const sum = (pick: (result: FlashSaleResult) => number) => results.reduce((total, result) => total + pick(result), 0);
  return {
    buyers: sum((result) => result.buyers),
    purchased: sum((result) => result.purchased),
    soldOut: sum((result) => result.soldOut),
    failed: sum((result) => result.failed),
    serverErrors: sum((result) => result.serverErrors),
    connectionErrors: sum((result) => result.connectionErrors),
    seconds,
    latencies: mergeSteps(STEPS, results.map((result) => result.latencies)),
    maxTaken: Math.max(0, ...results.map((result) => result.maxTaken)),
    problems: results.flatMap((result) => result.problems).slice(0, 10),
  };
}

export async function maxConnectionsOf(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ max_connections: string }>('SHOW max_connections');
    return Number(rows[0]!.max_connections);
  } finally {
    await client.end();
  }
}

/** Waits until the gateway's notifications have paid every bought order. */
export async function waitForPayments(databaseUrl: string, purchased: number): Promise<boolean> {
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
export async function databaseCeiling(databaseUrl: string, itemId: number, mix: { purchases: number; refused: number } = { purchases: STOCK, refused: BUYERS - STOCK }): Promise<number | undefined> {
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
  const scripts = [...(mix.purchases > 0 ? ['-f', `${purchase}@${mix.purchases}`] : []), ...(mix.refused > 0 ? ['-f', `${refused}@${mix.refused}`] : [])];
  // pgbench's own threads: two as always on a small machine, more on a big one so pgbench is not what limits the ceiling.
  const pgbenchThreads = Math.max(2, Math.min(8, Math.floor(CORES / 2)));
  const output = execFileSync('pgbench', ['-n', '-c', '20', '-j', String(pgbenchThreads), '-T', String(CEILING_SECONDS), ...scripts, databaseUrl], { encoding: 'utf8' });
  return Number(/tps = ([\d.]+)/.exec(output)?.[1] ?? 0);
}
