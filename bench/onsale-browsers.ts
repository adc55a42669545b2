import { Pool } from 'undici';
import { acceptEncodingHeader, answerText } from '../apps/server/test/load/encoding';
import { ADDRESS, CARD_PAYS, FLASH_ITEM } from '../apps/server/test/load/flash-sale';

/**
 * One browser thread's visitors of the on-sale bench (bench/onsale.ts, run by bench/browsers.ts):
 * each arrives at its moment of the common arrival schedule, then buys at once (no room) or joins
 * the queue, follows its waiting page and buys when admitted. What they measure goes back to the
 * main thread; each purchase is reported as it happens, so the main thread knows when the stock
 * sold out.
 */

export const STEPS = ['queue-join', 'queue-status', 'queue-admit', 'add-to-cart', 'checkout', 'pay'] as const;
export type Step = (typeof STEPS)[number];

export interface OnsaleJob {
  base: string;
  /** This thread's visitors: their place in the arrival order of all of them, and their session token. */
  visitors: { index: number; token: string }[];
  totalVisitors: number;
  arrivalSeconds: number;
  withRoom: boolean;
  connections: number;
}

export interface OnsaleThreadResult {
  purchased: number;
  soldOut: number;
  serverErrors: number;
  connectionErrors: number;
  admitted: number;
  latencies: Record<Step, number[]>;
  /** The same latencies of the calls sent after the last arrival (the joins' flood over). */
  latenciesAfterArrivals: Record<Step, number[]>;
  /** The server's own time on each call (its Server-Timing header). */
  serverLatencies: Record<Step, number[]>;
  /** Each visitor's place id in the queue (with the room), by arrival index. */
  places: { index: number; placeId: number }[];
  problems: string[];
}

interface Answer {
  status: number;
  body: string;
}

const clock = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const perStep = () => Object.fromEntries(STEPS.map((step) => [step, [] as number[]])) as Record<Step, number[]>;

/** The place id a place pass carries (passes.ts: bytes 6-13 of its payload). */
export const placeIdOf = (pass: string) => Number(Buffer.from(pass.split('.')[0]!, 'base64url').readBigUInt64BE(6));

/** `startAt`: when the first visitor arrives (ms since the epoch, as `performance.timeOrigin + performance.now()` reads it in every thread). */
export async function browse(job: OnsaleJob, progress: (value: unknown) => void, startAt: number): Promise<OnsaleThreadResult> {
  const pool = new Pool(job.base, { connections: job.connections, keepAliveTimeout: 60_000, pipelining: 1 });
  const run: OnsaleThreadResult = {
    purchased: 0,
    soldOut: 0,
    serverErrors: 0,
    connectionErrors: 0,
    admitted: 0,
    latencies: perStep(),
    latenciesAfterArrivals: perStep(),
    serverLatencies: perStep(),
    places: [],
    problems: [],
  };
  const problem = (text: string) => {
    if (run.problems.length < 10) run.problems.push(text);
  };
  const arrivalsEnd = startAt + job.arrivalSeconds * 1000;

  const call = async (step: Step, path: string, payload: object, form = false): Promise<Answer | null> => {
    const begun = clock();
    try {
      const response = await pool.request({
        method: 'POST',
        path,
        headers: { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json', 'x-requested-with': 'XMLHttpRequest', ...acceptEncodingHeader() },
        body: form ? new URLSearchParams(payload as Record<string, string>).toString() : JSON.stringify(payload),
        headersTimeout: 60_000,
        bodyTimeout: 60_000,
      });
      const body = answerText(Buffer.from(await response.body.arrayBuffer()), response.headers['content-encoding']);
      const took = clock() - begun;
      run.latencies[step].push(took);
      if (begun > arrivalsEnd) run.latenciesAfterArrivals[step].push(took);
      const timing = /app;dur=([\d.]+)/.exec(String(response.headers['server-timing'] ?? ''));
      if (timing) run.serverLatencies[step].push(Number(timing[1]));
      if (response.statusCode >= 500) {
        run.serverErrors += 1;
        problem(`${step}: ${response.statusCode} ${body.slice(0, 200)}`);
      }
      return { status: response.statusCode, body };
    } catch (error) {
      run.connectionErrors += 1;
      problem(`${step}: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  };

  const buy = async (token: string, index: number, admission: string | null): Promise<void> => {
    const extra = admission ? { admission } : {};
    const added = await call('add-to-cart', '/api/add-product-to-cart', { token, external_code: FLASH_ITEM, full_name: `Onsale Holder ${index}`, email: `holder${index}@example.org`, age: '25-34', ...extra });
    if (added?.status === 409) return void (run.soldOut += 1);
    if (added?.status !== 200) return void (added && problem(`add-to-cart: ${added.status} ${added.body.slice(0, 200)}`));
    const cart = (JSON.parse(added.body) as { cart: { code: string } }).cart.code;
    const checkout = await call('checkout', '/api/checkout-cart', { token, cart, customer: { country: 'NL', address: ADDRESS }, order: { payment_method: 'credit_card', accept_terms: true }, voucher_code: null, ...extra });
    if (checkout?.status !== 200) return void (checkout && problem(`checkout: ${checkout.status} ${checkout.body.slice(0, 200)}`));
    const payment = (JSON.parse(checkout.body) as { payment?: { action: string; params: Record<string, string> } }).payment;
    if (payment?.action !== 'submit') return void problem('checkout: no payment to submit');
    const paid = await call('pay', '/sandbox-gateway/pay/complete', { ...payment.params, action: 'pay', card: CARD_PAYS }, true);
    if (paid?.status !== 303) return void (paid && problem(`pay: ${paid.status} ${paid.body.slice(0, 200)}`));
    run.purchased += 1;
    progress('purchased');
  };

  const queueAndBuy = async (token: string, index: number): Promise<void> => {
    const joined = await call('queue-join', '/api/queue-join', { token, onsale: 'BENCH' });
    if (joined?.status !== 200) return void (joined && problem(`queue-join: ${joined.status} ${joined.body.slice(0, 200)}`));
    let status = JSON.parse(joined.body) as { state: string; pass: string; next_check_ms: number };
    const pass = status.pass;
    run.places.push({ index, placeId: placeIdOf(pass) });
    for (;;) {
      if (status.state === 'sold-out' || status.state === 'closed') return void (run.soldOut += 1);
      if (status.state === 'your-turn') break;
      // The waiting page's jitter: 80-120 % of what the answer says.
      await sleep(status.next_check_ms * (0.8 + 0.4 * Math.random()));
      const asked = await call('queue-status', '/api/queue-status', { onsale: 'BENCH', pass });
      if (asked?.status !== 200) return void (asked && problem(`queue-status: ${asked.status} ${asked.body.slice(0, 200)}`));
      status = JSON.parse(asked.body);
    }
    run.admitted += 1;
    const admitted = await call('queue-admit', '/api/queue-admit', { token, onsale: 'BENCH', pass });
    if (admitted?.status !== 200) return void (admitted && problem(`queue-admit: ${admitted.status} ${admitted.body.slice(0, 200)}`));
    await buy(token, index, (JSON.parse(admitted.body) as { admission: string }).admission);
  };

  try {
    // Arrivals evenly over the arrival seconds from the common start, whichever thread a visitor is in.
    await Promise.all(
      job.visitors.map(async ({ index, token }) => {
        await sleep(startAt + (index * job.arrivalSeconds * 1000) / job.totalVisitors - clock());
        await (job.withRoom ? queueAndBuy(token, index) : buy(token, index, null));
      }),
    );
  } finally {
    await pool.destroy();
  }
  return run;
}
