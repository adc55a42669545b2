import { Pool } from 'undici';
import { acceptEncodingHeader, answerText, buyersEncodingNote } from '../apps/server/test/load/encoding';
import { ADDRESS, CARD_PAYS, FLASH_ITEM, prepareFlashSale } from '../apps/server/test/load/flash-sale';
import { createDatabase, startServerProcess, type ServerProcess } from '../apps/server/test/load/server-process';
import { waitForPayments } from './flash';
import { note, record } from './report';
import { benchNodeArgs } from './scale';
import { ADMIN_DATABASE_URL } from './server';

/**
 * The server's own CPU for each call of a purchase (issue 35, point 3): the same calls as the flash
 * sale's buyers, each kind in a phase of its own at a low concurrency, so the process's CPU over
 * the phase (Linux /proc, primary and workers) divided by its calls is that call's cost, free of
 * the queueing, preemption and sampling that blur a profile of a saturated sale. Then the cost of
 * one purchase at the flash sale's mix (FLASH_BUYERS buyers for FLASH_STOCK units: every buyer
 * reads the shop and tries to add, one in so many gets a unit, checks out and pays).
 */
const UNITS = Number(process.env.CALL_CPU_UNITS ?? 200);
/** Whole purchases before anything is counted: enough for V8 to have optimised every path (with 60, the first counted phase still paid for compiling, a third more than the same phase run again). */
const WARM_UP = Number(process.env.CALL_CPU_WARM_UP ?? 300);
const CONCURRENCY = 4;
const FLASH_BUYERS = Number(process.env.FLASH_BUYERS ?? 5000);
const FLASH_STOCK = Number(process.env.FLASH_STOCK ?? 1000);
/** The CPU figure a purchase had before issue 35's work, measured here the same way (docs/decisions/0081). */
const CPU_PER_PURCHASE_BEFORE_MS = Number(process.env.CALL_CPU_BEFORE_MS ?? 0);

type Kind = 'get-data' | 'add-to-cart' | 'add-to-cart, sold out' | 'checkout' | 'pay';

interface Buyer {
  token: string;
  cart?: string;
  payment?: Record<string, string>;
}

export async function benchCallCpu(): Promise<void> {
  const database = await createDatabase(ADMIN_DATABASE_URL, `shop_call_cpu_${process.pid}`);
  let server: ServerProcess | undefined;
  const pool = new Pool('http://127.0.0.1:3861', { connections: CONCURRENCY, keepAliveTimeout: 60_000 });
  try {
    server = await startServerProcess({ port: 3861, databaseUrl: database.url, quiet: true, workers: 1, nodeArgs: benchNodeArgs(process.env.BENCH_NODE_ARGS) });
    if (server.cpuSeconds() === null) return note('server CPU per call skipped: it is read from Linux /proc');
    note(buyersEncodingNote());
    const sale = await prepareFlashSale(database.url, { stock: WARM_UP + UNITS, buyers: WARM_UP + 2 * UNITS });
    const buyers: Buyer[] = sale.tokens.map((token) => ({ token }));
    const post = async (path: string, body: string, contentType = 'application/json') => {
      const response = await pool.request({ method: 'POST', path, headers: { 'content-type': contentType, 'x-requested-with': 'XMLHttpRequest', ...acceptEncodingHeader() }, body });
      return { status: response.statusCode, text: answerText(Buffer.from(await response.body.arrayBuffer()), response.headers['content-encoding']) };
    };
    const json = (buyer: Buyer, payload: object) => JSON.stringify({ token: buyer.token, ...payload });
    const calls: Record<Kind, (buyer: Buyer, index: number) => Promise<number>> = {
      'get-data': async (buyer) => (await post('/api/get-data', json(buyer, {}))).status,
      'add-to-cart': async (buyer, index) => {
        const answer = await post('/api/add-product-to-cart', json(buyer, { external_code: FLASH_ITEM, full_name: `Holder ${index}`, email: `holder${index}@example.org`, age: '25-34' }));
        if (answer.status === 200) buyer.cart = (JSON.parse(answer.text) as { cart: { code: string } }).cart.code;
        return answer.status;
      },
      'add-to-cart, sold out': async (buyer, index) => calls['add-to-cart'](buyer, index),
      checkout: async (buyer) => {
        const answer = await post('/api/checkout-cart', json(buyer, { cart: buyer.cart, customer: { country: 'NL', address: ADDRESS }, order: { payment_method: 'credit_card', accept_terms: true }, voucher_code: null }));
        if (answer.status === 200) buyer.payment = (JSON.parse(answer.text) as { payment: { params: Record<string, string> } }).payment.params;
        return answer.status;
      },
      pay: async (buyer) => (await post('/sandbox-gateway/pay/complete', new URLSearchParams({ ...buyer.payment, action: 'pay', card: CARD_PAYS }).toString(), 'application/x-www-form-urlencoded')).status,
    };
    const profiling = /--cpu-prof\b/.test(process.env.BENCH_NODE_ARGS ?? '');
    const expected: Record<Kind, number> = { 'get-data': 200, 'add-to-cart': 200, 'add-to-cart, sold out': 409, checkout: 200, pay: 303 };
    /** Runs the kind of call for each buyer, CONCURRENCY at a time; the server's CPU milliseconds per call. */
    const phase = async (kind: Kind, group: Buyer[], offset: number): Promise<number> => {
      await settle(server!);
      const before = server!.cpuSeconds()!;
      const startedAt = process.hrtime.bigint();
      let next = 0;
      const wrong: string[] = [];
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < group.length) {
            const index = next++;
            const status = await calls[kind](group[index]!, offset + index);
            if (status !== expected[kind] && wrong.length < 3) wrong.push(`${kind}: ${status}`);
          }
        }),
      );
      // What a call leaves to run after its answer (a payment's mails, its tickets) is its cost too.
      if (kind === 'pay' && !(await waitForPayments(database.url, offset + group.length))) throw new Error('not every payment was applied within 60 s');
      await settle(server!);
      // CLOCK_MONOTONIC, as the timestamps of a V8 CPU profile: a phase's stretch of the server's profile.
      if (profiling) note(`${kind} (${offset === 0 ? 'warm-up' : 'counted'}): profile µs ${startedAt / 1000n} to ${process.hrtime.bigint() / 1000n}`);
      if (wrong.length) throw new Error(`unexpected answers: ${wrong.join(', ')}`);
      return ((server!.cpuSeconds()! - before) * 1000) / group.length;
    };
    // Warm-up: whole purchases, so every path is compiled before anything is counted.
    const warm = buyers.slice(0, WARM_UP);
    for (const kind of ['get-data', 'add-to-cart', 'checkout', 'pay'] as const) await phase(kind, warm, 0);
    const lucky = buyers.slice(WARM_UP, WARM_UP + UNITS);
    const late = buyers.slice(WARM_UP + UNITS);
    const cost: Record<Kind, number> = {
      'get-data': await phase('get-data', [...lucky, ...late], WARM_UP),
      'add-to-cart': await phase('add-to-cart', lucky, WARM_UP),
      'add-to-cart, sold out': await phase('add-to-cart, sold out', late, WARM_UP + UNITS),
      checkout: await phase('checkout', lucky, WARM_UP),
      pay: await phase('pay', lucky, WARM_UP),
    };
    for (const [kind, ms] of Object.entries(cost)) note(`${kind.padEnd(22)} ${ms.toFixed(2)} ms of server CPU a call`);
    const buyersPerUnit = FLASH_BUYERS / FLASH_STOCK;
    const perPurchase = buyersPerUnit * cost['get-data'] + cost['add-to-cart'] + (buyersPerUnit - 1) * cost['add-to-cart, sold out'] + cost.checkout + cost.pay;
    note(`a purchase at the flash sale's mix (${FLASH_BUYERS} buyers for ${FLASH_STOCK} units: ${buyersPerUnit} reads and adds, one checkout and payment): ${perPurchase.toFixed(1)} ms of server CPU`);
    if (CPU_PER_PURCHASE_BEFORE_MS > 0) {
      record('server CPU per purchase as a share of before issue 35 (the flash mix, calls one at a time)', Math.round((perPurchase / CPU_PER_PURCHASE_BEFORE_MS) * 100), '%', { max: 60 });
    }
  } finally {
    await pool.destroy();
    await server?.stop();
    await database.drop();
  }
}

/** Waits until the server has used under a millisecond of CPU in 100 ms (timers and the like), at most 3 s. */
async function settle(server: ServerProcess): Promise<void> {
  for (let round = 0; round < 30; round += 1) {
    const before = server.cpuSeconds()!;
    await new Promise((resolve) => setTimeout(resolve, 100));
    if (server.cpuSeconds()! - before < 0.001) return;
  }
}
