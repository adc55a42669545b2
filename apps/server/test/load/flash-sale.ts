import pg from 'pg';
import { Pool } from 'undici';
import { acceptEncodingHeader, answerText } from './encoding';

/**
 * An on-sale moment, simulated: many buyers at once, each doing what the web app does for a
 * buyer who gets a ticket (get-data, add-product-to-cart, checkout-cart, paying on the sandbox
 * gateway, whose server-to-server notification pays the order) or stopping when the item is
 * sold out. Shared by the benchmark (`npm run bench -- flash`) and the fault tests; it talks
 * HTTP to real server processes and reads the database only to prepare and to check.
 */

export const FLASH_ITEM = 'NWF27-DAY-SAT';
export const STEPS = ['get-data', 'add-to-cart', 'checkout', 'pay'] as const;
export type Step = (typeof STEPS)[number];

/** The sandbox gateway's card number that pays, and the buyers' address. */
export const CARD_PAYS = '4242424242424242';
export const ADDRESS = { 'Street and number': 'Damrak 1', Postcode: '1012 LG', City: 'Amsterdam' };

export interface FlashSale {
  itemId: number;
  stock: number;
  tokens: string[];
}

/**
 * Puts `stock` units of the item on sale and makes `buyers` customers with live sessions (straight
 * into the database: logging in is not part of an on-sale's rush).
 */
export async function prepareFlashSale(databaseUrl: string, options: { stock: number; buyers: number; run?: string; keepSales?: boolean }): Promise<FlashSale> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const run = options.run ?? `${process.pid}-${Date.now().toString(36)}`;
    // A fresh sale starts from nothing taken; another wave on the same sale adds stock to what is taken.
    const { rows } = await client.query<{ id: number; stock: number }>(
      options.keepSales
        ? 'UPDATE shop_items SET stock = held + sold + $2, limit_per_order = 0 WHERE external_code = $1 RETURNING id, stock'
        : 'UPDATE shop_items SET stock = $2, held = 0, sold = 0, limit_per_order = 0 WHERE external_code = $1 RETURNING id, stock',
      [FLASH_ITEM, options.stock],
    );
    const tokens = await makeBuyers(client, `flash-${run}`, options.buyers, 'Flash Buyer');
    return { itemId: rows[0]!.id, stock: rows[0]!.stock, tokens };
  } finally {
    await client.end();
  }
}

/**
 * Makes `count` customers whose e-mail addresses start with `prefix`, each with a live session,
 * straight into the database (logging in is not part of an on-sale's rush), and gives their
 * session tokens in order.
 */
export async function makeBuyers(client: pg.Client, prefix: string, count: number, name: string): Promise<string[]> {
  await client.query(
    `WITH made AS (
       INSERT INTO customers (email, full_name, password_hash, country, address)
       SELECT $1 || '-' || g || '@example.org', $4 || ' ' || g, 'x', 'NL', $3::jsonb FROM generate_series(1, $2::int) AS g
       RETURNING id, email)
     INSERT INTO sessions (customer_id, token_hash, expires_at)
     SELECT id, encode(sha256(convert_to('token-' || email, 'UTF8')), 'hex'), now() + interval '1 day' FROM made`,
    [prefix, count, JSON.stringify(ADDRESS), name],
  );
  return Array.from({ length: count }, (_, index) => `token-${prefix}-${index + 1}@example.org`);
}

export interface FlashSaleResult {
  buyers: number;
  purchased: number;
  soldOut: number;
  /** Buyers who stopped on an answer other than success or sold out. */
  failed: number;
  /** Answers with a 5xx status. */
  serverErrors: number;
  /** Requests that got no answer at all (connection refused or reset). */
  connectionErrors: number;
  seconds: number;
  latencies: Record<Step, number[]>;
  /** The highest held + sold seen while the sale ran (sampled). */
  maxTaken: number;
  /** What did not go as planned, one line each (the first few). */
  problems: string[];
}

/**
 * Waits until a server shows the sale's item in stock. Its visitors share a catalogue snapshot up
 * to a second old (decision 0008): a sale put on straight into the database after the item sold
 * out is refused as sold out for up to that second, so a run that follows one must wait for it.
 */
export async function untilOnSale(baseUrl: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await fetch(`${baseUrl}/api/get-shop-item`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ external_code: FLASH_ITEM }),
    }).then((response) => (response.ok ? (response.json() as Promise<{ item: { in_stock: boolean } }>) : null), () => null);
    if (answer?.item.in_stock) return;
    if (Date.now() > deadline) throw new Error(`${FLASH_ITEM} is not on sale at ${baseUrl} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface Answer {
  status: number;
  body: string;
  location?: string;
}

/**
 * Runs the sale: `concurrency` buyers at a time, each on its own kept-alive connection, until
 * every buyer has had their go. `baseUrls` are taken in turn (several instances without a
 * load balancer); `stopWhen` ends the run early (the fault tests kill a server mid-sale).
 */
export async function runFlashSale(
  sale: FlashSale,
  options: { baseUrls: string[]; databaseUrl: string; concurrency: number; retryConnectionErrors?: boolean },
): Promise<FlashSaleResult> {
  // undici rather than node:http: the simulated buyers share the machine with the server and
  // the database, and the leaner client leaves them more of it (about half the CPU per request).
  const pools = new Map(options.baseUrls.map((base) => [base, new Pool(base, { connections: options.concurrency, keepAliveTimeout: 60_000 })]));
  const latencies = Object.fromEntries(STEPS.map((step) => [step, [] as number[]])) as Record<Step, number[]>;
  const result: FlashSaleResult = { buyers: sale.tokens.length, purchased: 0, soldOut: 0, failed: 0, serverErrors: 0, connectionErrors: 0, seconds: 0, latencies, maxTaken: 0, problems: [] };
  const problem = (text: string) => {
    if (result.problems.length < 10) result.problems.push(text);
  };

  /** Posts a body; the answer's text is read only when `read` (the step needs it), otherwise discarded unread. */
  const send = async (base: string, path: string, body: string, contentType: string, read: boolean): Promise<Answer> => {
    const response = await pools.get(base)!.request({
      method: 'POST',
      path,
      headers: { 'content-type': contentType, 'x-requested-with': 'XMLHttpRequest', ...acceptEncodingHeader() },
      body,
      headersTimeout: 30_000,
      bodyTimeout: 30_000,
    });
    const location = response.headers.location;
    const text = read || response.statusCode >= 400 ? answerText(Buffer.from(await response.body.arrayBuffer()), response.headers['content-encoding']) : (await response.body.dump(), '');
    return { status: response.statusCode, body: text, ...(typeof location === 'string' ? { location } : {}) };
  };

  /** One step: timed, 5xx counted; a connection error is retried on the next base when asked (a load balancer's failover). */
  let turn = 0;
  const step = async (name: Step, path: string, body: string, contentType = 'application/json', read = false): Promise<Answer | null> => {
    for (let attempt = 0; attempt < (options.retryConnectionErrors ? 20 : 1); attempt += 1) {
      const base = options.baseUrls[turn++ % options.baseUrls.length]!;
      const started = performance.now();
      try {
        const answer = await send(base, path, body, contentType, read);
        latencies[name].push(performance.now() - started);
        if (answer.status >= 500) {
          result.serverErrors += 1;
          problem(`${name}: ${answer.status} ${answer.body.slice(0, 200)}`);
        }
        return answer;
      } catch (error) {
        result.connectionErrors += 1;
        if (!options.retryConnectionErrors) problem(`${name}: ${error instanceof Error ? error.message : String(error)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    return null;
  };

  const buy = async (token: string, index: number): Promise<void> => {
    const json = (payload: object) => JSON.stringify({ token, ...payload });
    if ((await step('get-data', '/api/get-data', json({})))?.status !== 200) return void (result.failed += 1);
    const added = await step('add-to-cart', '/api/add-product-to-cart', json({ external_code: FLASH_ITEM, full_name: `Flash Holder ${index}`, email: `holder${index}@example.org`, age: '25-34' }), 'application/json', true);
    if (added?.status === 409) return void (result.soldOut += 1);
    if (added?.status !== 200) {
      if (added) problem(`add-to-cart: ${added.status} ${added.body.slice(0, 200)}`);
      return void (result.failed += 1);
    }
    const cart = (JSON.parse(added.body) as { cart: { code: string } }).cart.code;
    const checkout = await step('checkout', '/api/checkout-cart', json({ cart, customer: { country: 'NL', address: ADDRESS }, order: { payment_method: 'credit_card', accept_terms: true }, voucher_code: null }), 'application/json', true);
    if (checkout?.status !== 200) {
      if (checkout) problem(`checkout: ${checkout.status} ${checkout.body.slice(0, 200)}`);
      return void (result.failed += 1);
    }
    const payment = (JSON.parse(checkout.body) as { payment?: { action: string; url: string; params: Record<string, string> } }).payment;
    if (payment?.action !== 'submit') return void (result.failed += 1);
    // The payer's card on the gateway's page; the gateway notifies the shop before sending the payer back.
    const paid = await step('pay', '/sandbox-gateway/pay/complete', new URLSearchParams({ ...payment.params, action: 'pay', card: CARD_PAYS }).toString(), 'application/x-www-form-urlencoded');
    if (paid?.status !== 303) {
      if (paid) problem(`pay: ${paid.status} ${paid.body.slice(0, 200)}`);
      return void (result.failed += 1);
    }
    result.purchased += 1;
  };

  // A pool of one, so a sample after a database restart reconnects.
  const watcher = new pg.Pool({ connectionString: options.databaseUrl, max: 1 });
  watcher.on('error', () => undefined);
  watcher.on('connect', (client) => client.on('error', () => undefined));
  let watching = true;
  const watch = (async () => {
    while (watching) {
      try {
        const { rows } = await watcher.query<{ taken: number }>('SELECT held + sold AS taken FROM shop_items WHERE id = $1', [sale.itemId]);
        result.maxTaken = Math.max(result.maxTaken, rows[0]!.taken);
      } catch {
        // the database may be restarting (a fault test): the next sample tells
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();

  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < sale.tokens.length) {
      const index = next++;
      await buy(sale.tokens[index]!, index);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(options.concurrency, sale.tokens.length) }, worker));
  } finally {
    result.seconds = (performance.now() - started) / 1000;
    watching = false;
    await watch;
    await watcher.end();
    await Promise.all([...pools.values()].map((pool) => pool.destroy()));
  }
  return result;
}

export function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! * 10) / 10;
}

export interface StockCheck {
  stock: number;
  held: number;
  sold: number;
  paidOrders: number;
  pendingOrders: number;
  /** Tickets of the item in paid orders, and paid orders whose tickets are not all issued. */
  paidTickets: number;
  paidWithoutTickets: number;
  /** Orders with no ticket at all (half-made). */
  ordersWithoutLines: number;
  /** Units the open carts hold, which `held` must equal. */
  heldByCarts: number;
  /** Tickets of orders not abandoned or cancelled (paid or waiting for payment), which `sold` must equal. */
  soldByOrders: number;
}

/** The state of the sale's item as the database has it, for the invariants. */
export async function checkStock(databaseUrl: string, itemId: number): Promise<StockCheck> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT i.stock, i.held, i.sold,
         (SELECT count(*)::int FROM orders WHERE payment_status = 'paid') AS "paidOrders",
         (SELECT count(*)::int FROM orders WHERE payment_status = 'pending') AS "pendingOrders",
         (SELECT count(*)::int FROM tickets t JOIN orders o ON o.id = t.order_id WHERE t.shop_item_id = i.id AND o.payment_status = 'paid') AS "paidTickets",
         (SELECT count(*)::int FROM orders o WHERE o.payment_status = 'paid' AND EXISTS (SELECT 1 FROM tickets t WHERE t.order_id = o.id AND t.status <> 'active')) AS "paidWithoutTickets",
         (SELECT count(*)::int FROM orders o WHERE NOT EXISTS (SELECT 1 FROM tickets t WHERE t.order_id = o.id) AND NOT EXISTS (SELECT 1 FROM merchandise_purchases m WHERE m.order_id = o.id)) AS "ordersWithoutLines",
         (SELECT count(*)::int FROM cart_products p JOIN carts c ON c.id = p.cart_id WHERE p.shop_item_id = i.id AND c.status = 'open') AS "heldByCarts",
         (SELECT count(*)::int FROM tickets t JOIN orders o ON o.id = t.order_id WHERE t.shop_item_id = i.id AND o.payment_status NOT IN ('abandoned', 'cancelled')) AS "soldByOrders"
       FROM shop_items i WHERE i.id = $1`,
      [itemId],
    );
    return rows[0] as StockCheck;
  } finally {
    await client.end();
  }
}
