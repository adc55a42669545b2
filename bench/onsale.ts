import pg from 'pg';
import { Pool } from 'undici';
import { buyersEncodingNote } from '../apps/server/test/load/encoding';
import { ADDRESS, CARD_PAYS, checkStock, FLASH_ITEM, makeBuyers, percentile, prepareFlashSale } from '../apps/server/test/load/flash-sale';
import { availableParallelism } from 'node:os';
import { adminQuery, createDatabase, machineBusySeconds, startServerProcess, type ServerProcess } from '../apps/server/test/load/server-process';
import { clock, runBrowserThreads, withLag } from './browsers';
import { databaseCeiling, maxConnectionsOf } from './flash';
import { STEPS, type OnsaleJob, type OnsaleThreadResult } from './onsale-browsers';
import { note, record, type ExpectedFigure } from './report';
import { benchNodeArgs, browserThreads, cpuMsPer, dealt, lagText, mergeSteps, poolSize, shares, workerLadder } from './scale';
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
/**
 * How the room admits (issue 35 point 2): `steer` (the default) lets it find the rate itself, from
 * the rate the shop reached without the room (its maximum) down to a tenth of it, keeping the
 * admitted buyers' p99 under ONSALE_STEER_P99_MS; `rate` admits at that rate fixed, as before.
 */
const ADMISSION = process.env.ONSALE_ADMISSION === 'rate' ? 'rate' : 'steer';
const STEER_P99_MS = Number(process.env.ONSALE_STEER_P99_MS ?? 150);
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

/** Seconds the waiting pages of WAITING_PLACES places are asked for, alone on the server, to state its CPU per update. */
const WAITING_SECONDS = Number(process.env.ONSALE_WAITING_SECONDS ?? 3);
const WAITING_PLACES = 200;
const CORES = availableParallelism();

export const ONSALE_FIGURES: ExpectedFigure[] = [
  { name: 'on-sale with the room: admitted buyers’ add-to-cart p99', unit: 'ms', target: { max: 150 } },
  { name: 'on-sale with the room: admitted buyers’ checkout p99', unit: 'ms', target: { max: 300 } },
  { name: 'on-sale with the room: waiting page update (queue-status) p99', unit: 'ms', target: { max: 50 } },
  { name: 'on-sale with the room: units oversold', unit: 'units', target: { max: 0 } },
  { name: 'on-sale with the room: 5xx answers', unit: 'answers', target: { max: 0 } },
  { name: 'on-sale with the room: admissions out of arrival order (arrivals 1 s apart)', unit: 'places', target: { max: 0 } },
  { name: 'on-sale: time to sell out with the room / without it', unit: 'x', target: { max: 1.25 } },
];

/** One sale's figures: what the browser threads counted, merged (onsale-browsers.ts), and what the bench measured around them. */
interface Run extends Omit<OnsaleThreadResult, 'places'> {
  seconds: number | null;
  /** The simulated browsers' own event-loop delay, p99 in ms per thread: how late they could notice an answer (part of every latency they measure). */
  browsersLag: number[];
  /** The bench's main thread's (the stock watcher's) event-loop delay p99, ms. */
  mainLag: number | null;
  maxTaken: number;
  sold: number;
  /** CPU seconds over the sale: the server, the simulated browsers, and the rest of the machine (PostgreSQL, mostly), with the sale's wall seconds. */
  cpu: { server: number; browsers: number; rest: number; wall: number } | null;
  /** The same until the last unit was sold (the sale itself, without the tail of pages learning it is over). */
  cpuToSellOut: { server: number; browsers: number; rest: number; wall: number } | null;
  /** Visitors whose place came before that of someone who arrived 100 ms or more before them (with the room). */
  outOfOrder: number;
  peakMemoryMb: number | null;
  /** The server's CPU per waiting-page update, measured alone before the sale (with the room only). */
  waitingPage: { calls: number; seconds: number; cpuMsPerUpdate: number | null } | null;
}

/**
 * The on-sale with and without the waiting room (issue 23's speed targets): VISITORS visitors
 * arriving evenly within ARRIVAL_SECONDS of the opening for STOCK units of one product, through
 * the real server on PostgreSQL. Without the room they all go at the stock calls as they arrive;
 * with it they join the queue, follow their waiting page (polling as the answers say, with
 * jitter), and buy when admitted, at the rate the run without the room sustained. Both at each
 * worker count of the ladder (`BENCH_WORKERS`, decision 0080), the targets judged at the largest,
 * with the simulated browsers in threads of their own; then the database's ceiling, a table of
 * the counts side by side, and a queue of BIG_QUEUE places, to state the bytes a waiting visitor
 * costs.
 */
export async function benchOnsale(): Promise<void> {
  const workers = workerLadder(process.env.BENCH_WORKERS, CORES);
  const top = Math.max(...workers);
  const threads = browserThreads(process.env.BENCH_BROWSER_THREADS, CORES);
  note(buyersEncodingNote());
  note(`${CORES} cores; one instance at ${workers.join(', ')} worker${top > 1 ? 's' : ''} (the targets judged at ${top}); the simulated browsers in ${threads} thread${threads > 1 ? 's' : ''}`);
  const rows: LadderRow[] = [];
  for (const [index, count] of workers.entries()) {
    if (workers.length > 1) console.log(`\n# On-sale, one instance with ${count} worker${count > 1 ? 's' : ''}`);
    rows.push(await onsaleWith(count, threads, count === top, 3830 + index * 20));
  }
  // The database's ceiling for the purchases' SQL, on a database of its own (pgbench's rows would count as a sale's).
  let ceiling: number | undefined;
  await section('on-sale: the database ceiling', [], async () => {
    ceiling = await onsaleCeiling();
    if (ceiling) note(`database ceiling: ${Math.round(ceiling)} purchases/s (pgbench running a purchase's SQL: cart, hold, order, ticket, payment, paid)`);
  });
  if (rows.length) {
    console.log('\n# On-sale: the ladder');
    const at = (value: number | string | null | undefined, unit: string) => (value === null || value === undefined ? '-' : `${value} ${unit}`);
    note(
      `workers | sold out without the room | with the room | ratio | purchases/s without the room, the shop flat out${ceiling ? ` (share of the database's ${Math.round(ceiling)})` : ''} | ` +
        'with the room: add-to-cart p99 | checkout p99 | waiting-page update p99 | ' +
        "server CPU per purchase without / with the room | per waiting-page update | browsers' lag p99, worst thread",
    );
    for (const row of rows) {
      const perSecond = row.withoutSeconds ? STOCK / row.withoutSeconds : null;
      note(
        `${row.workers} | ${at(row.withoutSeconds?.toFixed(1), 's')} | ${at(row.withSeconds?.toFixed(1), 's')} | ${at(row.ratio, 'x')} | ` +
          `${perSecond === null ? '-' : `${Math.round(perSecond)}${ceiling ? ` (${Math.round((perSecond / ceiling) * 100)} %)` : ''}`} | ` +
          `${at(row.addP99, 'ms')} | ${at(row.checkoutP99, 'ms')} | ${at(row.statusP99, 'ms')} | ${at(row.cpuPerPurchaseWithout, 'ms')} / ${at(row.cpuPerPurchaseWith, 'ms')} | ${at(row.cpuPerUpdate, 'ms')} | ${at(row.worstLag, 'ms')}`,
      );
    }
  }
  await section('on-sale: a queue of a million', [], () => bigQueue());
}

/** What one worker count gives the ladder's summary. */
interface LadderRow {
  workers: number;
  withoutSeconds: number | null;
  withSeconds: number | null;
  ratio: number | null;
  addP99: number | null;
  checkoutP99: number | null;
  statusP99: number | null;
  cpuPerPurchaseWithout: number | null;
  cpuPerPurchaseWith: number | null;
  cpuPerUpdate: number | null;
  worstLag: number | null;
}

/**
 * The sale without the room and with it, at one worker count. At the judged count (the largest)
 * the targets are recorded under the names they always had; at the others the same figures are
 * printed beside their targets, not judged.
 */
async function onsaleWith(workers: number, threads: number, judged: boolean, port: number): Promise<LadderRow> {
  const suffix = workers === 1 ? '' : ` (${workers} workers)`;
  const row: LadderRow = { workers, withoutSeconds: null, withSeconds: null, ratio: null, addP99: null, checkoutP99: null, statusP99: null, cpuPerPurchaseWithout: null, cpuPerPurchaseWith: null, cpuPerUpdate: null, worstLag: null };
  const figure = (index: number, value: number) => {
    const { name, unit, target } = ONSALE_FIGURES[index]!;
    if (judged) record(name, value, unit, target);
    else note(`${name}${suffix}: ${value} ${unit} (target ${target.max !== undefined ? `<= ${target.max}` : `>= ${target.min}`} ${unit}, judged at the most workers)`);
  };
  const withRoomFigures = (run: Run) => {
    row.withSeconds = run.seconds;
    row.addP99 = percentile(run.latencies['add-to-cart'], 99);
    row.checkoutP99 = percentile(run.latencies.checkout, 99);
    row.statusP99 = percentile(run.latencies['queue-status'], 99);
    row.cpuPerPurchaseWith = run.cpuToSellOut ? cpuMsPer(run.cpuToSellOut.server, STOCK) : null;
    row.cpuPerUpdate = run.waitingPage?.cpuMsPerUpdate ?? null;
    row.worstLag = Math.max(row.worstLag ?? 0, ...run.browsersLag);
  };
  if (FIXED_RATE !== null) {
    note(`ONSALE_RATE=${FIXED_RATE}: the room admits ${FIXED_RATE} buyers a minute; the sale without the room is not run (no ratio)`);
    await section(`on-sale with the room${suffix}`, [], async () => {
      const run = await onsale(FIXED_RATE, port + 10, workers, threads);
      report(`with the room${suffix}`, run);
      withRoomFigures(run);
    });
    return row;
  }
  let without: Run | undefined;
  await section(`on-sale without the room${suffix}`, [], async () => {
    without = await onsale(null, port, workers, threads);
    report(`without the room${suffix}`, without);
    row.withoutSeconds = without.seconds;
    row.cpuPerPurchaseWithout = without.cpuToSellOut ? cpuMsPer(without.cpuToSellOut.server, STOCK) : null;
    row.worstLag = Math.max(0, ...without.browsersLag);
  });
  if (!without?.seconds) {
    // No rate to admit at: the judged figures are missing with the reason, the next step still runs.
    await section(`on-sale with the room${suffix}`, judged ? ONSALE_FIGURES : [], () => {
      throw new Error('the sale without the room did not sell out: no rate to admit at');
    });
    return row;
  }
  // The rate the shop sustained, in buyers a minute: the room admits at it (or at ONSALE_RATE_SHARE of it).
  const rate = Math.ceil((STOCK / without.seconds) * 60 * RATE_SHARE);
  note(
    ADMISSION === 'steer'
      ? `the shop sold ${STOCK} units in ${without.seconds.toFixed(1)} s without the room: the room steers itself from ${rate} buyers a minute down to ${Math.ceil(rate / 10)}, to keep the admitted buyers' p99 under ${STEER_P99_MS} ms`
      : `the shop sold ${STOCK} units in ${without.seconds.toFixed(1)} s without the room: the room admits ${rate} buyers a minute`,
  );
  let withRoom: Run | undefined;
  await section(`on-sale with the room${suffix}`, judged ? ONSALE_FIGURES.slice(0, -1) : [], async () => {
    withRoom = await onsale(rate, port + 10, workers, threads);
    report(`with the room${suffix}`, withRoom);
    withRoomFigures(withRoom);
    figure(0, percentile(withRoom.latencies['add-to-cart'], 99));
    figure(1, percentile(withRoom.latencies.checkout, 99));
    figure(2, percentile(withRoom.latencies['queue-status'], 99));
    figure(3, Math.max(0, withRoom.maxTaken - STOCK, withRoom.sold - STOCK));
    figure(4, withRoom.serverErrors);
    figure(5, withRoom.outOfOrder);
  });
  await section(`on-sale: room against no room${suffix}`, judged ? ONSALE_FIGURES.slice(-1) : [], async () => {
    if (!withRoom?.seconds) throw new Error('the sale with the room did not sell out');
    row.ratio = Math.round((withRoom.seconds / without!.seconds!) * 100) / 100;
    figure(6, row.ratio);
  });
  return row;
}

/** The database's own ceiling in purchases a second (flash.ts's pgbench, purchases only), on a fresh database. */
async function onsaleCeiling(): Promise<number | undefined> {
  const database = await createDatabase(ADMIN_DATABASE_URL, `shop_onsale_${process.pid}_ceiling`);
  try {
    // The server migrates and loads the catalogue; pgbench then runs the purchases' SQL on it.
    const server = await startServerProcess({ port: 3851, databaseUrl: database.url, quiet: true });
    await server.stop();
    const sale = await prepareFlashSale(database.url, { stock: STOCK, buyers: 1 });
    return await databaseCeiling(database.url, sale.itemId, { purchases: 1, refused: 0 });
  } finally {
    await database.drop();
  }
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
  if (run.browsersLag.length) note(`${label}: ${lagText(run.browsersLag)} (in every latency they measure); the bench's main thread ${run.mainLag} ms`);
  if (run.peakMemoryMb !== null) note(`${label}: peak resident memory of the server ${run.peakMemoryMb} MB (its processes' peaks together)`);
  if (run.cpuToSellOut) note(`${label}: server CPU ${cpuMsPer(run.cpuToSellOut.server, STOCK)} ms per unit sold until the last was sold (every visitor's calls included: joins, waiting pages, refused adds)`);
  if (run.waitingPage) {
    const { calls, seconds, cpuMsPerUpdate } = run.waitingPage;
    note(`${label}: server CPU ${cpuMsPerUpdate ?? '-'} ms per waiting-page update (queue-status), measured alone before the sale: ${calls} updates of ${WAITING_PLACES} places in ${seconds.toFixed(1)} s`);
  }
  const cpuNote = (what: string, cpu: Run['cpu']) => {
    if (!cpu) return;
    const { server, browsers, rest, wall } = cpu;
    const cores = CORES;
    note(
      `${label}: CPU ${what} ${wall.toFixed(1)} s on ${cores} cores: server ${server.toFixed(1)} s (${Math.round((server / wall) * 100)} % of a core), ` +
        `simulated browsers ${browsers.toFixed(1)} s, the rest (PostgreSQL, mostly) ${rest.toFixed(1)} s; the machine ${Math.round(((server + browsers + rest) / wall / cores) * 100)} % busy`,
    );
  };
  cpuNote('until the last unit was sold,', run.cpuToSellOut);
  cpuNote("over the sale's", run.cpu);
  for (const line of run.problems) note(`problem: ${line}`);
}

/** One sale on a fresh database and server of `workers` worker processes; `rate` null: no waiting room. */
async function onsale(rate: number | null, port: number, workers: number, threads: number): Promise<Run> {
  const database = await createDatabase(ADMIN_DATABASE_URL, `shop_onsale_${process.pid}_${rate === null ? 'open' : 'room'}_${workers}`);
  let server: ServerProcess | undefined;
  try {
    const maxConnections = await maxConnectionsOf(database.url);
    const pool = poolSize(maxConnections, workers);
    server = await startServerProcess({
      port,
      databaseUrl: database.url,
      workers,
      env: pool < 20 ? { DATABASE_POOL_SIZE: String(pool) } : {},
      nodeArgs: benchNodeArgs(process.env.BENCH_NODE_ARGS),
    });
    if (pool < 20) note(`DATABASE_POOL_SIZE=${pool} for each of the ${workers} workers (PostgreSQL's max_connections is ${maxConnections})`);
    const sale = await prepareFlashSale(database.url, { stock: STOCK, buyers: VISITORS });
    // The customers a shop has before its on-sale are in its statistics long before; then the
    // warm-up's statements are planned for the tables as the sale finds them.
    await adminQuery(database.url, 'ANALYZE');
    await warmUp(server.url, database.url);
    const waitingPage = rate === null ? null : await waitingPageCpu(server, database.url);
    if (rate !== null) await openRoom(database.url, rate);
    // Counted from the common start of the browser threads (their loading is not the sale's).
    let serverCpu = server.cpuSeconds();
    let machineCpu = machineBusySeconds();
    let ownCpu = process.cpuUsage();
    let begun = performance.now();
    const cpuFromHere = () => {
      serverCpu = server!.cpuSeconds();
      machineCpu = machineBusySeconds();
      ownCpu = process.cpuUsage();
      begun = performance.now();
    };
    const cpuSince = () => {
      const serverUsed = serverCpu === null ? null : server!.cpuSeconds()! - serverCpu;
      const machineUsed = machineCpu === null ? null : machineBusySeconds()! - machineCpu;
      // The bench's process: the browser threads, and the main thread's watcher.
      const own = process.cpuUsage(ownCpu);
      const browsers = (own.user + own.system) / 1e6;
      return serverUsed === null || machineUsed === null ? null : { server: serverUsed, browsers, rest: Math.max(0, machineUsed - serverUsed - browsers), wall: (performance.now() - begun) / 1000 };
    };
    const run = await visit(server.url, database.url, sale.itemId, sale.tokens, rate !== null, { cpuFromHere, cpuSince }, threads);
    run.cpu = cpuSince();
    run.waitingPage = waitingPage;
    const stock = await checkStock(database.url, sale.itemId);
    run.sold = stock.sold;
    if (rate !== null && ADMISSION === 'steer') await noteSteering(database.url);
    run.peakMemoryMb = server.peakMemoryMb();
    return run;
  } finally {
    await server?.stop();
    await database.drop();
  }
}

/**
 * The server's CPU per waiting-page update, alone: WAITING_PLACES visitors hold places in the room
 * of an on-sale opening tomorrow (no products: it guards nothing) and their pages ask how things
 * stand as fast as 50 connections go for WAITING_SECONDS; the server's CPU over that time (its
 * background rounds included, a small share) divided by the updates answered. Then the on-sale
 * is switched off.
 */
async function waitingPageCpu(server: ServerProcess, databaseUrl: string): Promise<Run['waitingPage']> {
  if (WAITING_SECONDS <= 0) return null;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const pool = new Pool(server.url, { connections: 50, keepAliveTimeout: 60_000 });
  try {
    const tokens = await makeBuyers(client, `waiting-${process.pid}-${Date.now().toString(36)}`, WAITING_PLACES, 'Waiting Visitor');
    await client.query(
      `INSERT INTO onsales (code, event_id, opens_at, room_opens_at, admission_mode, admission_limit, session_minutes)
       SELECT 'WAIT', event_id, now() + interval '1 day', now() - interval '1 hour', 'rate', 1000, 20 FROM shop_items WHERE external_code = $1`,
      [WARM_UP_ITEM],
    );
    // Every worker's rooms state is at most a second old.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const post = async (path: string, payload: object) => {
      const response = await pool.request({ method: 'POST', path, headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' }, body: JSON.stringify(payload) });
      const body = await response.body.text();
      if (response.statusCode !== 200) throw new Error(`waiting pages ${path}: ${response.statusCode} ${body.slice(0, 200)}`);
      return JSON.parse(body) as { pass: string };
    };
    const passes: string[] = [];
    for (let start = 0; start < tokens.length; start += 50) {
      passes.push(...(await Promise.all(tokens.slice(start, start + 50).map(async (token) => (await post('/api/queue-join', { token, onsale: 'WAIT' })).pass))));
    }
    let calls = 0;
    const before = server.cpuSeconds();
    const began = performance.now();
    const until = began + WAITING_SECONDS * 1000;
    await Promise.all(
      Array.from({ length: 50 }, async (_, lane) => {
        for (let turn = lane; performance.now() < until; turn += 50) {
          await post('/api/queue-status', { onsale: 'WAIT', pass: passes[turn % passes.length]! });
          calls += 1;
        }
      }),
    );
    const seconds = (performance.now() - began) / 1000;
    const after = server.cpuSeconds();
    await client.query(`UPDATE onsales SET active = false WHERE code = 'WAIT'`);
    return { calls, seconds, cpuMsPerUpdate: before === null || after === null ? null : cpuMsPer(after - before, calls) };
  } finally {
    await pool.destroy();
    await client.end();
  }
}

/** Where the self-steering rate ended, and why (as the back office shows it). */
async function noteSteering(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ steer_rate: number | null; steer_change: string | null; steer_p99_ms: number | null }>(`SELECT steer_rate, steer_change, steer_p99_ms FROM onsales WHERE code = 'BENCH'`);
    const last = rows[0];
    if (last?.steer_rate != null) note(`the room's self-steering rate at the end: ${last.steer_rate} a minute (${last.steer_change}, last p99 ${last.steer_p99_ms ?? '-'} ms)`);
  } finally {
    await client.end();
  }
}

/** The on-sale of the product, opening now, its room open since an hour (every instance sees it within a second). */
async function openRoom(databaseUrl: string, rate: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // Self-steering: the rate is the maximum, a tenth of it the minimum.
    const steer = ADMISSION === 'steer' && FIXED_RATE === null;
    await client.query(
      `WITH made AS (
         INSERT INTO onsales (code, event_id, opens_at, room_opens_at, admission_mode, admission_limit, steer_min, steer_target_ms, session_minutes)
         SELECT 'BENCH', event_id, now() + interval '2 seconds', now() - interval '1 hour', $3, $2, $4::int, $5::int, 20 FROM shop_items WHERE external_code = $1
         RETURNING id)
       INSERT INTO onsale_products (onsale_id, shop_item_id) SELECT made.id, s.id FROM made, shop_items s WHERE s.external_code = $1`,
      [FLASH_ITEM, rate, steer ? 'steer' : 'rate', steer ? Math.max(1, Math.ceil(rate / 10)) : null, steer ? STEER_P99_MS : null],
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

async function visit(base: string, databaseUrl: string, itemId: number, tokens: string[], withRoom: boolean, cpu: { cpuFromHere: () => void; cpuSince: () => Run['cpu'] }, threads: number): Promise<Run> {
  const run: Run = {
    seconds: null,
    purchased: 0,
    soldOut: 0,
    serverErrors: 0,
    connectionErrors: 0,
    latencies: mergeSteps(STEPS, []),
    latenciesAfterArrivals: mergeSteps(STEPS, []),
    browsersLag: [],
    mainLag: null,
    serverLatencies: mergeSteps(STEPS, []),
    maxTaken: 0,
    sold: 0,
    cpu: null,
    cpuToSellOut: null,
    problems: [],
    outOfOrder: 0,
    admitted: 0,
    peakMemoryMb: null,
    waitingPage: null,
  };
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

  // The visitors dealt to the browser threads in turn (so each thread's arrivals spread over the
  // arrival seconds), each thread with its share of the connections.
  const hands = dealt(tokens.length, threads);
  const connections = shares(CONNECTIONS, threads);
  const jobs: OnsaleJob[] = hands.map((hand, index) => ({
    base,
    visitors: hand.map((at) => ({ index: at, token: tokens[at]! })),
    totalVisitors: tokens.length,
    arrivalSeconds: ARRIVAL_SECONDS,
    withRoom,
    connections: Math.max(1, connections[index]!),
  }));
  let startAt = clock();
  let purchased = 0;
  try {
    const { value: outcome, lagP99: mainLag } = await withLag(() =>
      runBrowserThreads<OnsaleThreadResult>(new URL('./onsale-browsers.ts', import.meta.url), jobs, {
        onStart: (at) => {
          startAt = at;
          cpu.cpuFromHere();
        },
        // Each purchase as it happens: the sale's time is until the last unit was sold.
        onProgress: () => {
          purchased += 1;
          if (purchased === STOCK) {
            run.seconds = (clock() - startAt) / 1000;
            run.cpuToSellOut = cpu.cpuSince();
          }
        },
      }),
    );
    const sum = (pick: (result: OnsaleThreadResult) => number) => outcome.results.reduce((total, result) => total + pick(result), 0);
    run.purchased = sum((result) => result.purchased);
    run.soldOut = sum((result) => result.soldOut);
    run.serverErrors = sum((result) => result.serverErrors);
    run.connectionErrors = sum((result) => result.connectionErrors);
    run.admitted = sum((result) => result.admitted);
    run.latencies = mergeSteps(STEPS, outcome.results.map((result) => result.latencies));
    run.latenciesAfterArrivals = mergeSteps(STEPS, outcome.results.map((result) => result.latenciesAfterArrivals));
    run.serverLatencies = mergeSteps(STEPS, outcome.results.map((result) => result.serverLatencies));
    run.problems = outcome.results.flatMap((result) => result.problems).slice(0, 10);
    run.browsersLag = outcome.lagP99;
    run.mainLag = mainLag;
    const places = outcome.results.flatMap((result) => result.places);
    run.outOfOrder = outOfArrivalOrder(places, ORDER_GAP_SECONDS);
    if (withRoom) note(`with the room: ${outOfArrivalOrder(places, 0.1)} visitors hold a place before someone who sent their join 100 ms or more before them`);
  } finally {
    watching = false;
    await watch;
    await watcher.end();
  }
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
