import { Pool } from 'undici';
import { openDatabase } from '../apps/server/src/db/client';
import { createStaffAccounts } from '../apps/server/src/modules/staff/staff-accounts';
import { base32Decode, totpCode, totpStep } from '../apps/server/src/modules/staff/totp';
import { percentile, prepareFlashSale, runFlashSale, type FlashSaleResult } from '../apps/server/test/load/flash-sale';
import { createDatabase, startServerProcess } from '../apps/server/test/load/server-process';
import { note, record, type ExpectedFigure } from './report';
import { ADMIN_DATABASE_URL } from './server';

const BUYERS = Number(process.env.FLASH_BUYERS ?? 5000);
const STOCK = Number(process.env.FLASH_STOCK ?? 1000);
const CONCURRENCY = Number(process.env.FLASH_CONCURRENCY ?? 300);
const DASHBOARDS = 5;

export const DASHBOARD_FIGURES: ExpectedFigure[] = [
  { name: 'dashboard p99 during the flash sale (5 dashboards asking every second)', unit: 'ms', target: { max: 200 } },
  { name: 'flash sale throughput drop with 5 dashboards open (each asking every 5 s, the live refresh_seconds)', unit: '%', target: { max: 5 } },
];

/** How the dashboards ask: not at all, or every `everyMs`. */
type Polling = { kind: 'none' } | { kind: 'fixed'; everyMs: number };

interface Run {
  sale: FlashSaleResult;
  buyersPerSecond: number;
  dashboard: number[];
  errors: number;
  refreshSeconds: number[];
}

/**
 * A browser asks again after the answer's refresh_seconds: 5 s while a sale runs, but 60 s for a
 * page opened before it, until it notices. Every 5 s from the start is the stricter case measured.
 */
const FIVE_SECONDS: Polling = { kind: 'fixed', everyMs: 5000 };
const PAIRS = Number(process.env.DASHBOARD_BENCH_PAIRS ?? 3);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const dropPercent = (base: number, value: number) => Math.round(((base - value) / base) * 1000) / 10;

/**
 * The dashboard during an on-sale (issue 22's speed target): the flash-sale benchmark's sale on
 * one instance on PostgreSQL, in turns without dashboards and with five dashboards asking every
 * 5 s (the answer's refresh_seconds while a sale runs), PAIRS times each, the
 * drop measured between the medians (the machine is shared: single runs differ by several %);
 * then once with five dashboards asking every second, for enough samples of the answer's time.
 * The dashboards are open as the sale starts (one answer before it), as an organiser's would be.
 */
export async function benchDashboard(): Promise<void> {
  const without: Run[] = [];
  const polled: Run[] = [];
  let port = 3831;
  for (let pair = 0; pair < PAIRS; pair += 1) {
    // Alternating which goes first, so that a machine getting busier or quieter favours neither.
    const order: Polling[] = pair % 2 === 0 ? [{ kind: 'none' }, FIVE_SECONDS] : [FIVE_SECONDS, { kind: 'none' }];
    for (const polling of order) (polling.kind === 'none' ? without : polled).push(await saleWith(polling, port++));
  }
  const everySecond = await saleWith({ kind: 'fixed', everyMs: 1000 }, port++);
  const line = (label: string, run: Run) =>
    note(
      `${label.padEnd(26)} ${Math.round(run.buyersPerSecond)} buyers/s (${run.sale.purchased} bought in ${run.sale.seconds.toFixed(1)} s, ${run.sale.serverErrors} 5xx)` +
        (run.dashboard.length ? `; ${run.dashboard.length} dashboard answers, p50 ${percentile(run.dashboard, 50)} ms, p99 ${percentile(run.dashboard, 99)} ms, max ${percentile(run.dashboard, 100)} ms, ${run.errors} failed, refresh_seconds seen ${[...new Set(run.refreshSeconds)].join('/')}` : ''),
    );
  without.forEach((run) => line('no dashboard', run));
  polled.forEach((run) => line('5 dashboards every 5 s', run));
  line('5 dashboards every 1 s', everySecond);
  const base = median(without.map((run) => run.buyersPerSecond));
  record(DASHBOARD_FIGURES[0]!.name, percentile(everySecond.dashboard, 99), 'ms', { max: 200 });
  record(DASHBOARD_FIGURES[1]!.name, dropPercent(base, median(polled.map((run) => run.buyersPerSecond))), '%', { max: 5 });
  note(`p99 of the dashboards' answers when asking every 5 s: ${percentile(polled.flatMap((run) => run.dashboard), 99)} ms (${polled.reduce((sum, run) => sum + run.dashboard.length, 0)} answers)`);
  note(`drop with 5 dashboards every second (not the target's case): ${dropPercent(base, everySecond.buyersPerSecond)} %`);
  const spread = without.map((run) => run.buyersPerSecond);
  note(`runs without dashboards ranged ${Math.round(Math.min(...spread))}-${Math.round(Math.max(...spread))} buyers/s: the buyers, the server, PostgreSQL and the dashboards share this machine's 2 cores with other work`);
}

async function saleWith(polling: Polling, port: number): Promise<Run> {
  const database = await createDatabase(ADMIN_DATABASE_URL, `shop_dashboard_${process.pid}_${port}`);
  const server = await startServerProcess({ port, databaseUrl: database.url });
  try {
    const sale = await prepareFlashSale(database.url, { stock: STOCK, buyers: BUYERS });
    const cookies = polling.kind === 'none' ? [] : await staffCookies(database.url, server.url, DASHBOARDS);
    const samples: number[] = [];
    const refreshSeconds: number[] = [];
    let errors = 0;
    let running = true;
    const pool = new Pool(server.url, { connections: DASHBOARDS });
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const client = async (cookie: string, index: number) => {
      // Opened during the sale's first seconds, one after the other, as people do.
      await sleep(500 + index * 700);
      while (running) {
        const started = performance.now();
        const wait = polling.kind === 'fixed' ? polling.everyMs : 5000;
        try {
          const answer = await pool.request({ method: 'POST', path: '/api/staff/dashboard', headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', cookie }, body: '{}' });
          const text = await answer.body.text();
          samples.push(performance.now() - started);
          if (answer.statusCode !== 200) errors += 1;
          else {
            const seconds = (JSON.parse(text) as { refresh_seconds: number }).refresh_seconds;
            refreshSeconds.push(seconds);
          }
        } catch {
          errors += 1;
        }
        const left = wait - (performance.now() - started);
        // Wakes up early when the sale ends.
        for (let slept = 0; running && slept < left; slept += 100) await sleep(Math.min(100, left - slept));
      }
    };
    // The dashboard open before the sale starts (its first answer, not timed).
    if (cookies.length) await pool.request({ method: 'POST', path: '/api/staff/dashboard', headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', cookie: cookies[0]! }, body: '{}' }).then((answer) => answer.body.dump());
    const clients = cookies.map((cookie, index) => client(cookie, index));
    let result: FlashSaleResult;
    try {
      result = await runFlashSale(sale, { baseUrls: [server.url], databaseUrl: database.url, concurrency: CONCURRENCY });
    } finally {
      running = false;
      await Promise.all(clients);
      await pool.destroy();
    }
    return { sale: result, buyersPerSecond: result.buyers / result.seconds, dashboard: samples, errors, refreshSeconds };
  } finally {
    await server.stop();
    await database.drop();
  }
}

/** Members of staff (admins) added straight into the database and signed in over HTTP with their second factor, as the back office does. */
async function staffCookies(databaseUrl: string, baseUrl: string, count: number): Promise<string[]> {
  const database = await openDatabase({ url: databaseUrl, poolSize: 2 });
  const cookies: string[] = [];
  const post = async (path: string, body: object, cookie?: string) => {
    const response = await fetch(`${baseUrl}/api/staff/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
    const cookieOut = (response.headers.get('set-cookie') ?? '').split(';')[0]!;
    return { status: response.status, body: (await response.json()) as Record<string, string>, cookie: cookieOut };
  };
  try {
    for (let index = 0; index < count; index += 1) {
      const email = `dashboard.${index}.${process.pid}@example.org`;
      const added = await createStaffAccounts({ db: database.db }).add({ commandLine: true }, { email, name: `Dashboard ${index}`, role: 'admin' });
      if (!added) throw new Error(`could not add ${email}`);
      const first = await post('staff-sign-in', { email, password: added.password });
      if (first.status !== 200 || first.body.next !== 'set-up') throw new Error(`sign-in of ${email}: ${first.status} ${JSON.stringify(first.body)}`);
      const done = await post('staff-second-factor', { code: totpCode(base32Decode(first.body.secret!)!, totpStep(new Date())) }, first.cookie);
      if (done.status !== 200) throw new Error(`second factor of ${email}: ${done.status} ${JSON.stringify(done.body)}`);
      cookies.push(done.cookie);
    }
  } finally {
    await database.close();
  }
  return cookies;
}
