import pg from 'pg';
import { Pool } from 'undici';
import { ADDRESS, CARD_PAYS, checkStock, FLASH_ITEM, makeBuyers, percentile, prepareFlashSale } from '../apps/server/test/load/flash-sale';
import { availableParallelism } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { adminQuery, createDatabase, machineBusySeconds, startServerProcess, type ServerProcess } from '../apps/server/test/load/server-process';
import { note, record, type ExpectedFigure } from './report';
import { section } from './sections';
import { ADMIN_DATABASE_URL } from './server';

const VISITORS = Number(process.env.ONSALE_VISITORS ?? 20_000);
const STOCK = Number(process.env.ONSALE_STOCK ?? 1000);
const ARRIVAL_SECONDS = Number(process.env.ONSALE_ARRIVAL_SECONDS ?? 10);
/** Connections of the simulated browsers to the server (they share the machine with it and PostgreSQL). */
const CONNECTIONS = Number(process.env.ONSALE_CONNECTIONS ?? 300);
/** Places a synthetic queue is filled with to measure the bytes a waiting visitor costs. */
const BIG_QUEUE = Number(process.env.ONSALE_BIG_QUEUE ?? 1_000_000);
/** The share of the rate the shop sold at without the room that the room admits at. */
const RATE_SHARE = Number(process.env.ONSALE_RATE_SHARE ?? 1);
/** For a diagnosis: admit at this many buyers a minute and skip the sale without the room (no ratio then). */
const FIXED_RATE = process.env.ONSALE_RATE ? Number(process.env.ONSALE_RATE) : null;
/**
 * Arrivals this far apart must be admitted in their order. The simulated browsers share the
 * machine with the server: a request sent first may reach the server's event loop later by up to
 * that loop's lag (the status calls' p99 shows it), so the order is judged at a second apart, and
 * the count at 100 ms apart is printed beside it.
 */
const ORDER_GAP_SECONDS = 1;
/**
 * Buyers who go through another on-sale's room and buy another ticket before the sale (both runs
 * alike): a shop at an on-sale has been serving for hours, so the sale is measured on a server
 * whose code is compiled and whose connections have their statements prepared, not on its first
 * requests.
 */
const WARM_UP_BUYERS = Number(process.env.ONSALE_WARM_UP ?? 400);
const WARM_UP_ITEM = 'NWF27-WEEKEND';

const STEPS = ['queue-join', 'queue-status', 'queue-admit', 'add-to-cart', 'checkout', 'pay'] as const;
type Step = (typeof STEPS)[number];

export const ONSALE_FIGURES: ExpectedFigure[] = [
  { name: 'on-sale with the room: admitted buyers’ add-to-cart p99', unit: 'ms', target: { max: 150 } },
  { name: 'on-sale with the room: admitted buyers’ checkout p99', unit: 'ms', target: { max: 300 } },
  { name: 'on-sale with the room: waiting page update (queue-status) p99', unit: 'ms', target: { max: 50 } },
  { name: 'on-sale with the room: units oversold', unit: 'units', target: { max: 0 } },
  { name: 'on-sale with the room: 5xx answers', unit: 'answers', target: { max: 0 } },
  { name: 'on-sale with the room: admissions out of arrival order (arrivals 1 s apart)', unit: 'places', target: { max: 0 } },
  { name: 'on-sale: time to sell out with the room / without it', unit: 'x', target: { max: 1.25 } },
];

interface Run {
  seconds: number | null;
  purchased: number;
  soldOut: number;
  serverErrors: number;
  connectionErrors: number;
  latencies: Record<Step, number[]>;
  /** The same latencies of the calls sent after the last arrival (the joins' flood over). */
  latenciesAfterArrivals: Record<Step, number[]>;
  /** The simulated browsers' own event-loop delay, p99 in ms: how late they could notice an answer (part of every latency they measure). */
  browsersLagP99: number | null;
  /** The server's own time on each call (its Server-Timing header): what the clients' times hold beyond it is their own queueing on this shared machine. */
  serverLatencies: Record<Step, number[]>;
  maxTaken: number;
  sold: number;
  /** CPU seconds over the sale: the server, the simulated browsers, and the rest of the machine (PostgreSQL, mostly), with the sale's wall seconds. */
  cpu: { server: number; browsers: number; rest: number; wall: number } | null;
  /** The same until the last unit was sold (the sale itself, without the tail of pages learning it is over). */
  cpuToSellOut: { server: number; browsers: number; rest: number; wall: number } | null;
  problems: string[];
  /** Visitors whose place came before that of someone who arrived 100 ms or more before them (with the room). */
  outOfOrder: number;
  admitted: number;
  peakMemoryMb: number | null;
}

/**
 * The on-sale with and without the waiting room (issue 23's speed targets): VISITORS visitors
 * arriving evenly within ARRIVAL_SECONDS of the opening for STOCK units of one product, through
 * the real server on PostgreSQL. Without the room they all go at the stock calls as they arrive;
 * with it they join the queue, follow their waiting page (polling as the answers say, with
 * jitter), and buy when admitted, at the rate the run without the room sustained. Then a queue
 * of BIG_QUEUE places, to state the bytes a waiting visitor costs.
 */
export async function benchOnsale(): Promise<void> {
  if (FIXED_RATE !== null) {
    note(`ONSALE_RATE=${FIXED_RATE}: the room admits ${FIXED_RATE} buyers a minute; the sale without the room is not run (no ratio)`);
    await section('on-sale with the room', [], async () => report('with the room', await onsale(FIXED_RATE, 3840)));
    return;
  }
  let without: Run | undefined;
  await section('on-sale without the room', [], async () => {
    without = await onsale(null, 3830);
    report('without the room', without);
  });
  if (!without?.seconds) throw new Error('the sale without the room did not sell out: no rate to admit at');
  // The rate the shop sustained, in buyers a minute: the room admits at it (or at ONSALE_RATE_SHARE of it).
  const rate = Math.ceil((STOCK / without.seconds) * 60 * RATE_SHARE);
  note(`the shop sold ${STOCK} units in ${without.seconds.toFixed(1)} s without the room: the room admits ${rate} buyers a minute`);
  let withRoom: Run | undefined;
  await section('on-sale with the room', ONSALE_FIGURES.slice(0, -1), async () => {
    withRoom = await onsale(rate, 3840);
    report('with the room', withRoom);
    record(ONSALE_FIGURES[0]!.name, percentile(withRoom.latencies['add-to-cart'], 99), 'ms', { max: 150 });
    record(ONSALE_FIGURES[1]!.name, percentile(withRoom.latencies.checkout, 99), 'ms', { max: 300 });
    record(ONSALE_FIGURES[2]!.name, percentile(withRoom.latencies['queue-status'], 99), 'ms', { max: 50 });
    record(ONSALE_FIGURES[3]!.name, Math.max(0, withRoom.maxTaken - STOCK, withRoom.sold - STOCK), 'units', { max: 0 });
    record(ONSALE_FIGURES[4]!.name, withRoom.serverErrors, 'answers', { max: 0 });
    record(ONSALE_FIGURES[5]!.name, withRoom.outOfOrder, 'places', { max: 0 });
  });
  await section('on-sale: room against no room', ONSALE_FIGURES.slice(-1), async () => {
    if (!withRoom?.seconds) throw new Error('the sale with the room did not sell out');
    record(ONSALE_FIGURES[6]!.name, Math.round((withRoom.seconds / without!.seconds!) * 100) / 100, 'x', { max: 1.25 });
  });
  await section('on-sale: a queue of a million', [], () => bigQueue());
}

function report(label: string, run: Run): void {
  note(
    `${label}: ${VISITORS} visitors in ${ARRIVAL_SECONDS} s for ${STOCK} units: ${run.purchased} bought, ${run.soldOut} found it sold out, ` +
      `sold out after ${run.seconds === null ? 'never' : `${run.seconds.toFixed(1)} s`}; ${run.serverErrors} 5xx, ${run.connectionErrors} without answer; most taken at once ${run.maxTaken}`,
  );
  if (run.admitted) note(`${label}: ${run.admitted} admitted from the queue`);
  for (const step of STEPS) {
    const values = run.latencies[step];
    const own = run.serverLatencies[step];
    const after = run.latenciesAfterArrivals[step];
    if (values.length)
      note(
        `${label}: ${step.padEnd(12)} ${String(values.length).padStart(6)} calls, p50 ${percentile(values, 50)} ms, p99 ${percentile(values, 99)} ms` +
          (own.length ? `; the server's own time p50 ${percentile(own, 50)} ms, p99 ${percentile(own, 99)} ms` : '') +
          (after.length && after.length < values.length ? `; sent after the last arrival: ${after.length} calls, p99 ${percentile(after, 99)} ms` : ''),
      );
  }
  if (run.browsersLagP99 !== null) note(`${label}: the simulated browsers' own event-loop delay p99 ${run.browsersLagP99} ms (in every latency they measure)`);
  if (run.peakMemoryMb !== null) note(`${label}: peak resident memory of the server ${run.peakMemoryMb} MB`);
  const cpuNote = (what: string, cpu: Run['cpu']) => {
    if (!cpu) return;
    const { server, browsers, rest, wall } = cpu;
    const cores = availableParallelism();
    note(
      `${label}: CPU ${what} ${wall.toFixed(1)} s on ${cores} cores: server ${server.toFixed(1)} s (${Math.round((server / wall) * 100)} % of a core), ` +
        `simulated browsers ${browsers.toFixed(1)} s, the rest (PostgreSQL, mostly) ${rest.toFixed(1)} s; the machine ${Math.round(((server + browsers + rest) / wall / cores) * 100)} % busy`,
    );
  };
  cpuNote('until the last unit was sold,', run.cpuToSellOut);
  cpuNote("over the sale's", run.cpu);
  for (const line of run.problems) note(`problem: ${line}`);
}

interface Answer {
  status: number;
  body: string;
}

/** One sale on a fresh database and server; `rate` null: no waiting room. */
async function onsale(rate: number | null, port: number): Promise<Run> {
  const database = await createDatabase(ADMIN_DATABASE_URL, `shop_onsale_${process.pid}_${rate === null ? 'open' : 'room'}`);
  let server: ServerProcess | undefined;
  try {
    // ONSALE_NODE_ARGS: flags for the server's node (such as --cpu-prof, to see where its time goes).
    server = await startServerProcess({ port, databaseUrl: database.url, nodeArgs: process.env.ONSALE_NODE_ARGS?.split(' ').filter(Boolean) ?? [] });
    const sale = await prepareFlashSale(database.url, { stock: STOCK, buyers: VISITORS });
    // The customers a shop has before its on-sale are in its statistics long before; then the
    // warm-up's statements are planned for the tables as the sale finds them.
    await adminQuery(database.url, 'ANALYZE');
    await warmUp(server.url, database.url);
    if (rate !== null) await openRoom(database.url, rate);
    const serverCpu = server.cpuSeconds();
    const machineCpu = machineBusySeconds();
    const ownCpu = process.cpuUsage();
    const begun = performance.now();
    const cpuSince = () => {
      const serverUsed = serverCpu === null ? null : server!.cpuSeconds()! - serverCpu;
      const machineUsed = machineCpu === null ? null : machineBusySeconds()! - machineCpu;
      const own = process.cpuUsage(ownCpu);
      const browsers = (own.user + own.system) / 1e6;
      return serverUsed === null || machineUsed === null ? null : { server: serverUsed, browsers, rest: Math.max(0, machineUsed - serverUsed - browsers), wall: (performance.now() - begun) / 1000 };
    };
    const run = await visit(server.url, database.url, sale.itemId, sale.tokens, rate !== null, cpuSince);
    run.cpu = cpuSince();
    const stock = await checkStock(database.url, sale.itemId);
    run.sold = stock.sold;
    run.peakMemoryMb = server.peakMemoryMb();
    return run;
  } finally {
    await server?.stop();
    await database.drop();
  }
}

/** The on-sale of the product, opening now, its room open since an hour (every instance sees it within a second). */
async function openRoom(databaseUrl: string, rate: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `WITH made AS (
         INSERT INTO onsales (code, event_id, opens_at, room_opens_at, admission_mode, admission_limit, session_minutes)
         SELECT 'BENCH', event_id, now() + interval '2 seconds', now() - interval '1 hour', 'rate', $2, 20 FROM shop_items WHERE external_code = $1
         RETURNING id)
       INSERT INTO onsale_products (onsale_id, shop_item_id) SELECT made.id, s.id FROM made, shop_items s WHERE s.external_code = $1`,
      [FLASH_ITEM, rate],
    );
  } finally {
    await client.end();
  }
  // The server's rooms state is at most a second old; the opening is in two.
  await new Promise((resolve) => setTimeout(resolve, 2200));
}

/** WARM_UP_BUYERS buyers through the room of an on-sale of WARM_UP_ITEM, 50 at a time; its room closed after. */
async function warmUp(base: string, databaseUrl: string): Promise<void> {
  if (WARM_UP_BUYERS <= 0) return;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const run = `warm-${process.pid}-${Date.now().toString(36)}`;
  try {
    const tokens = await makeBuyers(client, run, WARM_UP_BUYERS, 'Early Buyer');
    await client.query(
      `WITH made AS (
         INSERT INTO onsales (code, event_id, opens_at, room_opens_at, admission_mode, admission_limit, session_minutes)
         SELECT 'WARM', event_id, now() - interval '1 hour', now() - interval '1 hour', 'rate', 60000, 20 FROM shop_items WHERE external_code = $1
         RETURNING id)
       INSERT INTO onsale_products (onsale_id, shop_item_id) SELECT made.id, s.id FROM made, shop_items s WHERE s.external_code = $1`,
      [WARM_UP_ITEM],
    );
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const pool = new Pool(base, { connections: 50, keepAliveTimeout: 60_000 });
    const post = async (path: string, payload: object, form = false) => {
      const response = await pool.request({
        method: 'POST',
        path,
        headers: { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        body: form ? new URLSearchParams(payload as Record<string, string>).toString() : JSON.stringify(payload),
      });
      const body = await response.body.text();
      if (response.statusCode >= 400) throw new Error(`warm-up ${path}: ${response.statusCode} ${body.slice(0, 200)}`);
      return JSON.parse(body || 'null') as Record<string, unknown>;
    };
    const buyer = async (index: number) => {
      const token = tokens[index - 1]!;
      let status = await post('/api/queue-join', { token, onsale: 'WARM' });
      while (status.state !== 'your-turn') {
        await new Promise((resolve) => setTimeout(resolve, 200));
        status = await post('/api/queue-status', { onsale: 'WARM', pass: status.pass });
      }
      const { admission } = await post('/api/queue-admit', { token, onsale: 'WARM', pass: status.pass });
      const added = await post('/api/add-product-to-cart', { token, external_code: WARM_UP_ITEM, full_name: `Early Holder ${index}`, email: `early${index}@example.org`, age: '25-34', admission });
      const cart = (added.cart as { code: string }).code;
      const checkout = await post('/api/checkout-cart', { token, cart, customer: { country: 'NL', address: ADDRESS }, order: { payment_method: 'credit_card', accept_terms: true }, voucher_code: null, admission });
      const payment = checkout.payment as { params: Record<string, string> };
      const paid = await pool.request({
        method: 'POST',
        path: '/sandbox-gateway/pay/complete',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...payment.params, action: 'pay', card: CARD_PAYS }).toString(),
      });
      await paid.body.dump();
      if (paid.statusCode !== 303) throw new Error(`warm-up pay: ${paid.statusCode}`);
    };
    try {
      for (let start = 1; start <= WARM_UP_BUYERS; start += 50) {
        await Promise.all(Array.from({ length: Math.min(50, WARM_UP_BUYERS - start + 1) }, (_, offset) => buyer(start + offset)));
      }
    } finally {
      await pool.destroy();
    }
    await client.query(`UPDATE onsales SET closes_at = now() WHERE code = 'WARM'`);
  } finally {
    await client.end();
  }
}

async function visit(base: string, databaseUrl: string, itemId: number, tokens: string[], withRoom: boolean, cpuSince: () => Run['cpu']): Promise<Run> {
  const pool = new Pool(base, { connections: CONNECTIONS, keepAliveTimeout: 60_000, pipelining: 1 });
  const latencies = Object.fromEntries(STEPS.map((step) => [step, [] as number[]])) as Record<Step, number[]>;
  const serverLatencies = Object.fromEntries(STEPS.map((step) => [step, [] as number[]])) as Record<Step, number[]>;
  const latenciesAfterArrivals = Object.fromEntries(STEPS.map((step) => [step, [] as number[]])) as Record<Step, number[]>;
  const run: Run = { seconds: null, purchased: 0, soldOut: 0, serverErrors: 0, connectionErrors: 0, latencies, latenciesAfterArrivals, browsersLagP99: null, serverLatencies, maxTaken: 0, sold: 0, cpu: null, cpuToSellOut: null, problems: [], outOfOrder: 0, admitted: 0, peakMemoryMb: null };
  const problem = (text: string) => {
    if (run.problems.length < 10) run.problems.push(text);
  };
  const started = performance.now();

  const call = async (step: Step, path: string, payload: object, form = false): Promise<Answer | null> => {
    const begun = performance.now();
    try {
      const response = await pool.request({
        method: 'POST',
        path,
        headers: { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        body: form ? new URLSearchParams(payload as Record<string, string>).toString() : JSON.stringify(payload),
        headersTimeout: 60_000,
        bodyTimeout: 60_000,
      });
      const body = await response.body.text();
      latencies[step].push(performance.now() - begun);
      if (begun - started > ARRIVAL_SECONDS * 1000) latenciesAfterArrivals[step].push(performance.now() - begun);
      const timing = /app;dur=([\d.]+)/.exec(String(response.headers['server-timing'] ?? ''));
      if (timing) serverLatencies[step].push(Number(timing[1]));
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
    if (run.purchased === STOCK) {
      run.seconds = (performance.now() - started) / 1000;
      run.cpuToSellOut = cpuSince();
    }
  };

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const queueAndBuy = async (token: string, index: number): Promise<void> => {
    const joined = await call('queue-join', '/api/queue-join', { token, onsale: 'BENCH' });
    if (joined?.status !== 200) return void (joined && problem(`queue-join: ${joined.status} ${joined.body.slice(0, 200)}`));
    let status = JSON.parse(joined.body) as { state: string; pass: string; next_check_ms: number };
    const pass = status.pass;
    places.push({ index, placeId: placeIdOf(pass) });
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
  const places: { index: number; placeId: number }[] = [];

  // What is taken at once, sampled, for "never oversold".
  const watcher = new pg.Client({ connectionString: databaseUrl });
  await watcher.connect();
  let watching = true;
  const watch = (async () => {
    while (watching) {
      const { rows } = await watcher.query<{ taken: number }>('SELECT held + sold AS taken FROM shop_items WHERE id = $1', [itemId]);
      run.maxTaken = Math.max(run.maxTaken, rows[0]!.taken);
      await sleep(100);
    }
  })();

  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  // Arrivals evenly over ARRIVAL_SECONDS from the opening.
  const visitors = tokens.map(async (token, index) => {
    await sleep((index * ARRIVAL_SECONDS * 1000) / tokens.length);
    await (withRoom ? queueAndBuy(token, index) : buy(token, index, null));
  });
  try {
    await Promise.all(visitors);
  } finally {
    watching = false;
    lag.disable();
    run.browsersLagP99 = Math.round(lag.percentile(99) / 1e5) / 10;
    await watch;
    await watcher.end();
    await pool.destroy();
  }
  run.outOfOrder = outOfArrivalOrder(places, ORDER_GAP_SECONDS);
  if (withRoom) note(`with the room: ${outOfArrivalOrder(places, 0.1)} visitors hold a place before someone who sent their join 100 ms or more before them`);
  return run;
}

/**
 * Admissions out of arrival order: the room admits places in the order of their ids (after the
 * opening), so a visitor who arrived at least `gapSeconds` after another but holds a lower place
 * id would be admitted before them. Counts those visitors.
 */
function outOfArrivalOrder(places: { index: number; placeId: number }[], gapSeconds: number): number {
  const gap = Math.ceil(gapSeconds / (ARRIVAL_SECONDS / VISITORS));
  const byArrival = [...places].sort((left, right) => left.index - right.index);
  let out = 0;
  let highestBefore = -Infinity;
  let behind = 0;
  for (const place of byArrival) {
    while (behind < byArrival.length && byArrival[behind]!.index <= place.index - gap) highestBefore = Math.max(highestBefore, byArrival[behind++]!.placeId);
    if (place.placeId < highestBefore) out += 1;
  }
  return out;
}

/** The place id a place pass carries (passes.ts: bytes 6-13 of its payload). */
const placeIdOf = (pass: string) => Number(Buffer.from(pass.split('.')[0]!, 'base64url').readBigUInt64BE(6));

/** A queue of BIG_QUEUE places in PostgreSQL: its bytes per place, and what the room's statements cost at that size. */
async function bigQueue(): Promise<void> {
  const database = await createDatabase(ADMIN_DATABASE_URL, `shop_onsale_${process.pid}_big`);
  let server: ServerProcess | undefined;
  try {
    server = await startServerProcess({ port: 3850, databaseUrl: database.url });
    await server.stop();
    server = undefined;
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query(
        `INSERT INTO onsales (code, event_id, opens_at, room_opens_at, admission_mode, admission_limit, session_minutes)
         SELECT 'BIG', id, now() + interval '1 day', now(), 'rate', 1000, 20 FROM events LIMIT 1`,
      );
      const before = performance.now();
      // Half joined before the opening (random keys), half after; visitor keys as the shop writes them.
      await client.query(
        `INSERT INTO queue_places (onsale_id, phase, random_key, visitor_key)
         SELECT o.id, CASE WHEN g <= $1 / 2 THEN 0 ELSE 1 END,
                CASE WHEN g <= $1 / 2 THEN (random() * 9.2e18 * 2 - 9.2e18)::bigint ELSE 0 END, 'customer:' || (1000000 + g)
         FROM onsales o, generate_series(1, $1::int) AS g WHERE o.code = 'BIG'`,
        [BIG_QUEUE],
      );
      await client.query('VACUUM ANALYZE queue_places');
      const { rows } = await client.query<{ total: string; heap: string; rows: number }>(
        "SELECT pg_total_relation_size('queue_places') AS total, pg_relation_size('queue_places') AS heap, (SELECT count(*)::int FROM queue_places) AS rows",
      );
      const { total, heap } = rows[0]!;
      note(
        `${BIG_QUEUE.toLocaleString('en-GB')} queue places written in ${((performance.now() - before) / 1000).toFixed(1)} s: ${Math.round(Number(total) / 1024 / 1024)} MB with indexes, ` +
          `${Math.round(Number(total) / rows[0]!.rows)} bytes per visitor (${Math.round(Number(heap) / rows[0]!.rows)} of them the row itself); the server keeps nothing per visitor`,
      );
      // What the waiting room's per-second statement costs at this size (the rooms' state).
      const timed = performance.now();
      await client.query(
        `SELECT (SELECT q.id FROM queue_places q WHERE q.onsale_id = o.id AND q.phase = 1 AND q.random_key = 0 ORDER BY q.phase, q.random_key, q.id LIMIT 1),
                (SELECT q.id FROM queue_places q WHERE q.onsale_id = o.id AND q.phase = 1 AND q.random_key = 0 ORDER BY q.phase DESC, q.random_key DESC, q.id DESC LIMIT 1)
         FROM onsales o WHERE o.code = 'BIG'`,
      );
      note(`the rooms' state read over ${BIG_QUEUE.toLocaleString('en-GB')} places: ${(performance.now() - timed).toFixed(1)} ms`);
    } finally {
      await client.end();
    }
  } finally {
    await server?.stop();
    await database.drop();
  }
}
