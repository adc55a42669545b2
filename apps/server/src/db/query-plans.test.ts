import { api } from '@festival/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutPayload, createCustomer, NL_ADDRESS, payOnSandbox } from '../../test/shop-flows';
import { fetchRead } from '../../test/fetch-read';
import { readPdf } from '../../test/pdf-reader';
import { createScanners } from '../modules/checkin/scanners';
import { createStatementRecorder, type RecordedStatement } from '../../test/statement-recorder';
import { createTestShop, type TestShop } from '../../test/test-shop';
import { SANDBOX_CARDS } from '../modules/payments/sandbox-gateway';
import { postgresTestUrl } from '../../test/engines';
import { timeLimit } from '../../test/time-limits';

const postgresUrl = postgresTestUrl('query plan test');

/** Tables that grow with customers and sales: a request may not read them from end to end. */
const GROWING = new Set([
  'customers',
  'sessions',
  'password_resets',
  'rate_limit_hits',
  'customer_networks',
  'hold_counts',
  'carts',
  'cart_products',
  'cart_merchandise',
  'orders',
  'tickets',
  'merchandise_purchases',
  'payment_plan_payments',
  'payments',
  'payment_notifications',
  'refunds',
  'refund_items',
  'ticket_changes',
  'email_outbox',
  'scanner_sessions',
  'checkin_states',
  'checkins',
  'question_answers',
]);
const SEEDED = 20_000;

/**
 * Every query the request path runs (a visitor browsing, a customer buying and paying by card,
 * then using the portal) is explained by PostgreSQL on a database holding 20,000 of everyone
 * else's customers, carts, orders, tickets and e-mails, and none may scan a growing table
 * sequentially: each finds its rows through an index. The queries are recorded as the server
 * sends them, with their parameters.
 */
describe.skipIf(!postgresUrl)('query plans of the request path', () => {
  let shop: TestShop;
  let base: string;
  let recorder: ReturnType<typeof createStatementRecorder>;

  beforeAll(async () => {
    shop = await createTestShop('postgres', { app: { catalogMaxAgeMs: 0 } });
    base = await shop.app.listen({ port: 0, host: '127.0.0.1' });
    await seedVolume(shop.database.url!);
    // Records what the server sends (the test's own EXPLAINs go through the original method, unrecorded).
    recorder = createStatementRecorder();
  }, timeLimit(120_000));
  afterAll(async () => {
    recorder?.restore();
    await shop?.close();
  });

  it('finds every row through an index once the shop is busy', async () => {
    // Also: no query is sent on a transaction's connection while another is running on it (node-postgres queues and warns; readTogether runs them in turn).
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    recorder.start();
    const buyer = await createCustomer(shop);
    // The account limits look up whether the visitor's network is the customer's (decision 0025).
    await shop.call('login', { email: buyer.email, password: 'not-the-password' });
    await shop.call('request-password-reset', { email: buyer.email });
    await shop.call('get-data', {});
    await shop.call('get-shop-item', { external_code: 'NWF27-WEEKEND' });
    await shop.call('get-data', { token: buyer.token });
    const added = await shop.call('add-product-to-cart', { token: buyer.token, external_code: 'NWF27-WEEKEND', full_name: 'Plan Buyer', email: 'plan.buyer@example.org', age: '25-34' });
    const cart = added.body.cart.code as string;
    await shop.call('add-merchandise-to-cart', { token: buyer.token, cart, external_code: 'NWF27-TEE-LINEUP' });
    // A line removed gives its hold back (hold counts, decision 0025).
    const extra = await shop.call('add-merchandise-to-cart', { token: buyer.token, cart, external_code: 'NWF27-TEE-LINEUP' });
    await shop.call('remove-merchandise-from-cart', { token: buyer.token, cart, cart_merchandise_id: (extra.body.cart.merchandise as { id: number }[]).at(-1)!.id });
    await shop.call('get-cart', { token: buyer.token, cart });
    await shop.call('calculate-invoice', { token: buyer.token, cart, country: 'NL' });
    await shop.call('validate-voucher', { token: buyer.token, cart, code: 'WELCOME10' });
    const checkout = await shop.call('checkout-cart', checkoutPayload(buyer.token, cart, { shipping_name: 'Plan Buyer', shipping_country: 'NL', shipping_address: NL_ADDRESS }));
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    const placed = api['checkout-cart'].answer.parse(checkout.body);
    await payOnSandbox(base, placed.payment, SANDBOX_CARDS.succeeds);
    const order = api['get-data'].answer.parse((await shop.call('get-data', { token: buyer.token })).body).data.orders[0]!;
    const ticket = order.tickets[0]!;
    await shop.call('change-ticket', { token: buyer.token, order_id: order.id, code: ticket.code, full_name: 'Plan Buyer Jr', email: ticket.email, age: ticket.age, reassign: false });
    const refund = await shop.call('request-refund', {
      token: buyer.token,
      order_id: order.id,
      merchandise: order.merchandisePurchases[0]!.code,
      bank_owner_full_name: 'Plan Buyer',
      bank_owner_address: NL_ADDRESS,
      bank_name: 'Bank',
      bank_country: 'NL',
      bank_bic: 'ABNANL2A',
      bank_iban: 'NL91ABNA0417164300',
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    await shop.call('cancel-refund', { token: buyer.token, refund_id: refund.body.data.refund_id });
    // Read to the end (fetchRead): an unread PDF kept its connection, and so the server's close, busy for a minute now and then.
    for (const path of [`/download-ticket/${encodeURIComponent(ticket.email!)}/${ticket.code}`, `/download-invoice/${order.code}/${order.checksum}`]) {
      expect((await fetchRead(base + path)).status, path).toBe(200);
    }
    // A gate: a scanner signs in, lists its lists, lets the ticket in (pass and typed code), out and in again (issue 21).
    const pass = (await readPdf((await fetchRead(`${base}/download-ticket/${encodeURIComponent(ticket.email!)}/${ticket.code}`)).body)).qrCodes[0]!;
    const { code: scannerCode } = await createScanners({ db: shop.database.db }).add('Plan gate');
    const staff = async (path: string, payload: object, cookie = '') => shop.app.inject({ method: 'POST', url: `/api/staff/${path}`, headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', cookie }, payload });
    const signedIn = await staff('scanner-login', { code: scannerCode });
    const cookie = String(signedIn.headers['set-cookie']).split(';')[0]!;
    expect((await staff('checkin-lists', {}, cookie)).statusCode).toBe(200);
    const gateScans = [
      { text: pass, direction: 'in' },
      { text: ticket.code, direction: 'in' },
      { text: pass, direction: 'out' },
      { text: pass, direction: 'out' },
      { text: pass, direction: 'in' },
    ];
    const results: string[] = [];
    for (const scan of gateScans) results.push((await staff('scan', { list: 'PLANLIST', gate: 'Plan', ...scan }, cookie)).json<{ result: string }>().result);
    expect(results).toEqual(['admit', 'already-in', 'exit', 'not-inside', 'admit']);
    // A scanner's sync a minute later: only what changed (the first sync reads every ticket of the list by design).
    const sync = await staff('sync', { list: 'PLANLIST', since: new Date(Date.now() - 60_000).toISOString() }, cookie);
    expect(sync.statusCode, sync.body).toBe(200);
    expect(sync.json<{ tickets: { code: string }[] }>().tickets.map((row) => row.code)).toContain(ticket.code);
    await shop.call('get-terms-and-conditions-order', { order: order.code, checksum: order.checksum });
    await shop.call('logout', { token: buyer.token });
    recorder.stop();
    process.off('warning', onWarning);
    expect(warnings.filter((message) => message.includes('already executing a query'))).toEqual([]);

    const distinct = new Map<string, RecordedStatement>();
    for (const query of recorder.recorded) if (!distinct.has(query.text)) distinct.set(query.text, query);
    expect(distinct.size).toBeGreaterThan(40);

    const client = new pg.Client({ connectionString: shop.database.url });
    await client.connect();
    const scans: string[] = [];
    try {
      for (const { text, values } of distinct.values()) {
        // EXPLAIN plans without running; a data-changing CTE is planned all the same.
        const explain = recorder.query as unknown as (this: pg.Client, text: string, values: unknown[]) => Promise<pg.QueryResult<{ 'QUERY PLAN': { Plan: PlanNode }[] }>>;
        const { rows } = await explain.call(client, `EXPLAIN (FORMAT JSON) ${text}`, values).catch((error: Error) => {
          throw new Error(`${error.message}: ${text} ${JSON.stringify(values)}`);
        });
        for (const relation of sequentialScans(rows[0]!['QUERY PLAN'][0]!.Plan)) if (GROWING.has(relation)) scans.push(`${relation}: ${text.replace(/\s+/g, ' ').slice(0, 160)}`);
      }
    } finally {
      await client.end();
    }
    expect(scans).toEqual([]);
  }, timeLimit(120_000));
});

/**
 * What the triggers run inside a change (a customer's data version, the sale of a checked-out
 * cart at commit) is not in the statements the server sends: PostgreSQL's auto_explain reports
 * the plans of every nested statement while one change of each kind runs, rolled back.
 */
describe.skipIf(!postgresUrl)('query plans of the triggers', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop('postgres', { app: { catalogMaxAgeMs: 0 } });
    await seedVolume(shop.database.url!);
  }, timeLimit(120_000));
  afterAll(async () => {
    await shop?.close();
  });

  it('find every row through an index once the shop is busy', async () => {
    const client = new pg.Client({ connectionString: shop.database.url });
    await client.connect();
    const plans: { text: string; plan: PlanNode }[] = [];
    client.on('notice', (notice) => {
      const json = /plan:\s*(\{[\s\S]*\})\s*$/.exec(notice.message ?? '')?.[1];
      if (!json) return;
      const explained = JSON.parse(json) as { 'Query Text': string; Plan: PlanNode };
      plans.push({ text: explained['Query Text'], plan: explained.Plan });
    });
    try {
      await client.query("LOAD 'auto_explain'");
      await client.query("SET auto_explain.log_min_duration = 0; SET auto_explain.log_nested_statements = on; SET auto_explain.log_format = 'json'; SET auto_explain.log_level = 'notice'; SET client_min_messages = 'notice'");
      await client.query('BEGIN');
      const one = async (text: string, values: unknown[] = []) => (await client.query<{ id: number }>(text, values)).rows[0]!.id;
      const [buyer, holder] = (await client.query<{ id: number }>("SELECT id FROM customers WHERE email LIKE 'seed%' ORDER BY id LIMIT 2")).rows.map((row) => row.id);
      const locker = await one("SELECT id FROM shop_items WHERE external_code = 'NWF27-LOCKER'");
      const tote = await one("SELECT id FROM shop_items WHERE external_code = 'NWF27-TOTE'");
      // The cart counts toward two hold counts (decision 0025), which its sale at commit gives back.
      await client.query("INSERT INTO hold_counts (key, units, cap) VALUES ('PLANKEYA', 1, 40), ('PLANKEYN', 1, 200)");
      const cart = await one("INSERT INTO carts (code, customer_id, expires_at, address_key, network_key) VALUES ('PLANCART', $1, now() + interval '15 minutes', 'PLANKEYA', 'PLANKEYN') RETURNING id", [buyer]);
      await client.query("UPDATE shop_items SET held = held + 1 WHERE id = $1", [locker]);
      await client.query("INSERT INTO cart_products (cart_id, shop_item_id, full_name, email, price, fee) VALUES ($1, $2, 'Plan', 'plan@example.org', 1800, 100)", [cart, locker]);
      const order = await one("INSERT INTO orders (code, customer_id, cart_id, total_price, payment_method) VALUES ('PLANORDR', $1, $2, 1900, 'credit_card') RETURNING id", [buyer, cart]);
      await client.query("UPDATE orders SET payment_attempts = 1 WHERE id = $1", [order]);
      const ticket = await one("INSERT INTO tickets (code, order_id, shop_item_id, holder_customer_id, product_name, product_type, full_name, email, price, fee) VALUES ('PLANTICKET', $1, $2, $3, 'Locker', 'locker', 'Plan', 'plan@example.org', 1800, 100) RETURNING id", [order, locker, buyer]);
      await client.query("UPDATE tickets SET status = 'active', holder_customer_id = $2 WHERE id = $1", [ticket, holder]);
      const purchase = await one("INSERT INTO merchandise_purchases (code, order_id, shop_item_id, name, price, fee) VALUES ('PLANMERCH', $1, $2, 'Tote', 1295, 0) RETURNING id", [order, tote]);
      await client.query("UPDATE merchandise_purchases SET status = 'active' WHERE id = $1", [purchase]);
      const instalment = await one("INSERT INTO payment_plan_payments (order_id, reference, amount, due_at) VALUES ($1, 'PLANINST', 1900, now()) RETURNING id", [order]);
      await client.query("UPDATE payment_plan_payments SET attempts = 1 WHERE id = $1", [instalment]);
      const refund = await one("INSERT INTO refunds (order_id, customer_id, status, total) VALUES ($1, $2, 'active', 1800) RETURNING id", [order, buyer]);
      await client.query("UPDATE refunds SET status = 'processed' WHERE id = $1", [refund]);
      const item = await one("INSERT INTO refund_items (refund_id, ticket_id, amount, status) VALUES ($1, $2, 1800, 'requested') RETURNING id", [refund, ticket]);
      await client.query("UPDATE refund_items SET status = 'refunded' WHERE id = $1", [item]);
      // The sale at commit is a deferred trigger: fired now, then everything is rolled back.
      await client.query("UPDATE carts SET status = 'checked_out' WHERE id = $1", [cart]);
      await client.query('SET CONSTRAINTS ALL IMMEDIATE');
    } finally {
      await client.query('ROLLBACK').catch(() => undefined);
      await client.end();
    }
    const nested = plans.filter(({ text }) => /data_version|held - line\.n|FROM cart_products WHERE cart_id = NEW\.id|UPDATE hold_counts/.test(text));
    // Both triggers' statements were seen (customers' versions and the sale at commit).
    expect(nested.some(({ text }) => text.includes('data_version'))).toBe(true);
    expect(nested.some(({ text }) => text.includes('NEW.id'))).toBe(true);
    expect(nested.some(({ text }) => text.includes('UPDATE hold_counts'))).toBe(true);
    const scans = nested.flatMap(({ text, plan }) => sequentialScans(plan).filter((relation) => GROWING.has(relation)).map((relation) => `${relation}: ${text.replace(/\s+/g, ' ').slice(0, 160)}`));
    expect(scans).toEqual([]);
  }, timeLimit(120_000));
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function sequentialScans(node: PlanNode): string[] {
  const own = node['Node Type'] === 'Seq Scan' && node['Relation Name'] ? [node['Relation Name']] : [];
  return [...own, ...(node.Plans ?? []).flatMap(sequentialScans)];
}

/** Everyone else's data: customers with sessions, ended carts, paid orders with tickets, payments, e-mail, refunds. */
async function seedVolume(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`
      INSERT INTO customers (email, full_name, password_hash, country) SELECT 'seed' || g || '@example.org', 'Seed ' || g, 'x', 'NL' FROM generate_series(1, ${SEEDED}) g;
      INSERT INTO sessions (customer_id, token_hash, expires_at) SELECT id, md5('s' || id) || md5('t' || id), now() + interval '1 day' FROM customers WHERE email LIKE 'seed%';
      INSERT INTO password_resets (customer_id, token_hash, expires_at) SELECT id, md5('r' || id), now() - interval '1 day' FROM customers WHERE email LIKE 'seed%';
      INSERT INTO rate_limit_hits (key, window_start) SELECT 'login:email:seed' || g, now() - interval '1 hour' FROM generate_series(1, ${SEEDED}) g;
      INSERT INTO customer_networks (customer_id, network_key, last_seen_at) SELECT id, md5('n' || id), now() - interval '1 day' FROM customers WHERE email LIKE 'seed%';
      INSERT INTO hold_counts (key, units, cap) SELECT md5('h' || g), 1, 40 FROM generate_series(1, ${SEEDED}) g;
      INSERT INTO carts (code, customer_id, status, expires_at, ended_at) SELECT 'SEEDCART' || id, id, 'checked_out', now() - interval '1 day', now() - interval '1 day' FROM customers WHERE email LIKE 'seed%';
      INSERT INTO cart_products (cart_id, shop_item_id, full_name, email, price, fee) SELECT c.id, (SELECT id FROM shop_items WHERE external_code = 'NWF27-LOCKER'), 'Seed', 'seed@example.org', 1800, 100 FROM carts c WHERE c.code LIKE 'SEEDCART%';
      INSERT INTO cart_merchandise (cart_id, shop_item_id, price, fee) SELECT c.id, (SELECT id FROM shop_items WHERE external_code = 'NWF27-TOTE'), 1295, 0 FROM carts c WHERE c.code LIKE 'SEEDCART%';
      -- Sold yesterday: a scanner's sync of the last minutes finds them unchanged.
      INSERT INTO orders (code, customer_id, cart_id, channel, total_price, total_paid, payment_method, payment_status, paid_at, updated_at)
        SELECT 'SEED' || c.id, c.customer_id, c.id, 'Online', 1900, 1900, 'credit_card', 'paid', now(), now() - interval '1 day' FROM carts c WHERE c.code LIKE 'SEEDCART%';
      INSERT INTO tickets (code, order_id, shop_item_id, product_name, product_type, full_name, email, status, price, fee, updated_at)
        SELECT 'SEEDTICKET' || o.id, o.id, (SELECT id FROM shop_items WHERE external_code = 'NWF27-LOCKER'), 'Locker', 'locker', 'Seed', 'seed' || o.id || '@example.org', 'active', 1800, 100, now() - interval '1 day' FROM orders o WHERE o.code LIKE 'SEED%';
      INSERT INTO merchandise_purchases (code, order_id, shop_item_id, name, status, price, fee)
        SELECT 'SEEDMERCH' || o.id, o.id, (SELECT id FROM shop_items WHERE external_code = 'NWF27-TOTE'), 'Tote', 'active', 1295, 0 FROM orders o WHERE o.code LIKE 'SEED%';
      INSERT INTO payment_plan_payments (order_id, reference, amount, due_at, status) SELECT o.id, 'SEEDPLAN' || o.id, 1900, now() + interval '30 days', 'pending' FROM orders o WHERE o.code LIKE 'SEED%';
      INSERT INTO payments (order_id, provider, provider_reference, method, amount, status) SELECT o.id, 'sandbox', 'seed_' || o.id, 'credit_card', 1900, 'paid' FROM orders o WHERE o.code LIKE 'SEED%';
      INSERT INTO payment_notifications (provider, notification_id, payment_id) SELECT 'sandbox', 'seed_ntf_' || p.id, p.id FROM payments p WHERE p.provider_reference LIKE 'seed_%';
      INSERT INTO refunds (order_id, customer_id, status, total) SELECT o.id, o.customer_id, 'processed', 1800 FROM orders o WHERE o.code LIKE 'SEED%';
      INSERT INTO refund_items (refund_id, ticket_id, amount, status) SELECT r.id, t.id, 1800, 'refunded' FROM refunds r JOIN tickets t ON t.order_id = r.order_id;
      INSERT INTO ticket_changes (ticket_id, customer_id, changes) SELECT t.id, o.customer_id, '{}'::jsonb FROM tickets t JOIN orders o ON o.id = t.order_id WHERE t.code LIKE 'SEEDTICKET%';
      INSERT INTO email_outbox (dedupe_key, to_address, subject, text_body, html_body, status, sent_at) SELECT 'seed:' || g, 'seed' || g || '@example.org', 'Seed', 'x', 'x', 'sent', now() FROM generate_series(1, ${SEEDED}) g;
      INSERT INTO checkin_lists (code, event_id, name, entry) SELECT 'PLANLIST', id, 'Plan list', 'alternating' FROM events ORDER BY id LIMIT 1;
      INSERT INTO checkin_list_products (list_id, shop_item_id) SELECT l.id, i.id FROM checkin_lists l, shop_items i WHERE l.code = 'PLANLIST' AND i.external_code IN ('NWF27-WEEKEND', 'NWF27-LOCKER');
      INSERT INTO scanners (name, code_hash) SELECT 'Seed ' || g, md5('scanner' || g) FROM generate_series(1, ${SEEDED}) g;
      INSERT INTO scanner_sessions (scanner_id, token_hash, expires_at) SELECT id, md5('session' || id), now() + interval '1 day' FROM scanners WHERE name LIKE 'Seed %';
      INSERT INTO checkin_states (ticket_id, list_id, inside, first_in_at, last_at, last_gate) SELECT t.id, l.id, true, now(), now(), 'Seed' FROM tickets t, checkin_lists l WHERE t.code LIKE 'SEEDTICKET%' AND l.code = 'PLANLIST';
      INSERT INTO checkins (ticket_id, list_id, gate, kind, scanned_at, nonce) SELECT t.id, l.id, 'Seed', 'in', now(), 'seed:' || t.id FROM tickets t, checkin_lists l WHERE t.code LIKE 'SEEDTICKET%' AND l.code = 'PLANLIST';
      INSERT INTO product_questions (shop_item_id, code, kind, label, per) SELECT id, 'seed-question', 'text', 'Seed question', 'ticket' FROM shop_items WHERE external_code = 'NWF27-LOCKER';
      INSERT INTO question_answers (order_id, ticket_id, question_id, value)
        SELECT t.order_id, t.id, q.id, '"seed"'::jsonb FROM tickets t, product_questions q WHERE t.code LIKE 'SEEDTICKET%' AND q.code = 'seed-question';
      ANALYZE;
    `);
  } finally {
    await client.end();
  }
}
