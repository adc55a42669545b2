import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { pacedLoad } from './paced-load';
import { note, record } from './report';
import type { RunningShop } from './server';

const ITEM = 'NWF27-LOCKER';
const BUYERS = 200;
const SECONDS = 10;
/** The shop's connection pool (apps/server/src/db/client.ts); the database's ceiling is also tried with more. */
const CEILING_CONNECTIONS = [20, 50];

/**
 * What an add to cart costs the database, as the shop does it for a buyer without a cart: a new
 * cart, the conditional update that takes one unit, the cart line, in one transaction.
 */
const ADD_TRANSACTION = (itemId: number) => `BEGIN;
SET LOCAL synchronous_commit TO off;
INSERT INTO carts (code, expires_at) VALUES (md5(random()::text || clock_timestamp()::text), now() + interval '15 minutes') RETURNING id AS cart_id \\gset
UPDATE shop_items SET held = held + 1 WHERE id = ${itemId} AND (stock IS NULL OR held + sold < stock);
INSERT INTO cart_products (cart_id, shop_item_id, full_name, email, price, fee) VALUES (:cart_id, ${itemId}, 'Bench Buyer', 'bench@example.org', 1500, 0);
COMMIT;
`;

/**
 * The shop's own statement for a first add (cart.queries.ts takeAndAdd), which does the same work
 * in one round trip; pgbench runs it prepared, as the shop does.
 */
const SHOP_STATEMENT = (itemId: number) => `WITH cart AS (INSERT INTO carts (code, customer_id, expires_at) VALUES (md5(random()::text || clock_timestamp()::text), NULL, now() + interval '15 minutes') RETURNING *),
seat AS (UPDATE travel_times SET held = held + 1 WHERE id = NULL::int AND shop_item_id = ${itemId} RETURNING id),
item AS (UPDATE shop_items SET held = held + 1 WHERE id = ${itemId} RETURNING id),
line AS (INSERT INTO cart_products (cart_id, shop_item_id, travel_time_id, full_name, email, age, price, fee) SELECT cart.id, ${itemId}, NULL::int, 'Bench Buyer', 'bench@example.org', NULL, 1500, 0 FROM cart RETURNING *),
durability AS (SELECT set_config('synchronous_commit', 'off', true))
SELECT row_to_json(cart) AS cart, row_to_json(line) AS line, (SELECT count(*)::int FROM item) AS items, (SELECT count(*)::int FROM seat) AS seats FROM cart, line, durability;
`;

/**
 * add-product-to-cart on PostgreSQL under 200 simultaneous buyers, against the database's own
 * ceiling for the same work (pgbench running the same transaction on the same database).
 */
export async function benchAddToCart(shop: RunningShop): Promise<void> {
  if (!shop.databaseUrl) throw new Error('the add-to-cart benchmark needs the shop on PostgreSQL');
  const client = new pg.Client({ connectionString: shop.databaseUrl });
  await client.connect();
  let itemId: number;
  try {
    // Plenty of stock: every add in the run succeeds and takes a unit, as at the start of an on-sale.
    const { rows } = await client.query<{ id: number }>('UPDATE shop_items SET stock = held + sold + 100000000 WHERE external_code = $1 RETURNING id', [ITEM]);
    itemId = rows[0]!.id;
  } finally {
    await client.end();
  }

  const ceiling = databaseCeiling(shop.databaseUrl, itemId);
  if (!ceiling) return;
  note(`database ceiling: ${Math.round(ceiling.rate)} add transactions/s (${ceiling.how})`);

  const options = {
    url: `${shop.url}/api/add-product-to-cart`,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ external_code: ITEM, full_name: 'Bench Buyer', email: 'bench@example.org' }),
    connections: BUYERS,
  };
  await autocannon({ ...options, duration: 3 });
  // As fast as the shop goes: 200 buyers each sending the next add the moment the last answers.
  const flat = await autocannon({ ...options, duration: SECONDS });
  note(`flat out: ${Math.round(flat.requests.total / SECONDS)} adds/s, p50 ${flat.latency.p50} ms, p99 ${flat.latency.p99} ms (200 buyers who never pause wait in line)`);

  // Sustained: 200 buyers adding, together, at a little over half the database's ceiling.
  const offered = Math.ceil(ceiling.rate * 0.55);
  const sustained = await pacedLoad({ url: options.url, body: options.body, headers: options.headers, buyers: BUYERS, rate: offered, seconds: SECONDS });
  const failures = sustained.failed + flat.non2xx + flat.errors + flat.timeouts;
  record(`add-product-to-cart sustained, share of the database ceiling (${offered}/s offered by ${BUYERS} buyers)`, Math.round((sustained.rate / ceiling.rate) * 100), '%', { min: 50 });
  record(`add-product-to-cart p99 at that rate, ${BUYERS} concurrent buyers, on postgres`, sustained.p99, 'ms', { max: 100 });
  note(`${Math.round(sustained.rate)} adds/s, p50 ${sustained.p50} ms, ${sustained.ok} of ${sustained.sent} added`);
  record('add-product-to-cart failed answers', failures, 'answers', { max: 0 });

  // For comparison only: the database running the shop's own one-statement add flat out.
  const own = pgbench(shop.databaseUrl, SHOP_STATEMENT(itemId), 20, ['-M', 'prepared']);
  note(
    `the shop's own add statement, prepared, flat out in pgbench: ${Math.round(own)}/s; the shop's HTTP call reached ${Math.round((flat.requests.total / SECONDS / own) * 100)}% of that flat out`,
  );
}

/** The best rate pgbench reaches running the add transaction, or a bare SQL loop without pgbench. */
function databaseCeiling(databaseUrl: string, itemId: number): { rate: number; how: string } | undefined {
  if (spawnSync('pgbench', ['--version']).status !== 0) {
    note('pgbench is not installed (Debian: postgresql-client): no database ceiling to compare with');
    return undefined;
  }
  let best: { rate: number; how: string } | undefined;
  for (const connections of CEILING_CONNECTIONS) {
    const rate = pgbench(databaseUrl, ADD_TRANSACTION(itemId), connections);
    if (!best || rate > best.rate) best = { rate, how: `pgbench, ${connections} connections: new cart, conditional stock update, line insert, in one transaction` };
  }
  return best;
}

/** Transactions per second pgbench reaches running a script for SECONDS. */
function pgbench(databaseUrl: string, sqlScript: string, connections: number, extra: string[] = []): number {
  const script = path.join(mkdtempSync(path.join(tmpdir(), 'bench-cart-')), 'script.sql');
  writeFileSync(script, sqlScript);
  const output = execFileSync('pgbench', ['-n', '-c', String(connections), '-j', '2', '-T', String(SECONDS), ...extra, '-f', script, databaseUrl], { encoding: 'utf8' });
  return Number(/tps = ([\d.]+)/.exec(output)?.[1] ?? 0);
}
