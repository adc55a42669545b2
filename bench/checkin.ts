import { randomInt } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { signTicketPass, ticketPublicKey, verifyTicketPass, type TicketPassFields } from '@festival/contract/ticket-pass';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { Pool } from 'undici';
import { openDatabase } from '../apps/server/src/db/client';
import { createScanners } from '../apps/server/src/modules/checkin/scanners';
import { createNodeSignatureCheck, createTicketKeys, type PassTicket } from '../apps/server/src/modules/checkin/ticket-keys';
import { percentile } from '../apps/server/test/load/flash-sale';
import { createDatabase, startServerProcess } from '../apps/server/test/load/server-process';
import { note, record, type ExpectedFigure } from './report';
import { section } from './sections';
import { ADMIN_DATABASE_URL } from './server';

const ROOT = path.resolve(import.meta.dirname, '..');
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Distinct passes verified offline, in the page and in Node; a few more warm each up first. */
const PASSES = Number(process.env.CHECKIN_PASSES ?? 200);
const WARM_UP_PASSES = 10;
/** A test seed: the offline part needs no shop, only a key that signs. */
const TEST_SEED = new Uint8Array(32).fill(21);
const TEST_KEY_ID = 7;

/** Issue 21: scanners at the gates, each scanning its own tickets as fast as it can. */
const SCANNERS = 50;
const SCANS_PER_SCANNER = Number(process.env.CHECKIN_SCANS ?? 100);
/** Per scanner before the measured scans: the first thousand or two scans after a start run slower (V8 compiling the path). */
const WARM_UP_SCANS = 40;
const RACERS = 20;
const RACES = Number(process.env.CHECKIN_RACES ?? 50);
const PORT = 3830;
/** The started shop's APP_SECRET: the bench signs passes in-process with the keys it derives. */
const APP_SECRET = 'checkin-bench-secret-of-at-least-32-characters-0123';
const LIST = 'NWF27-ENTRANCE';
const GATES = ['North', 'South'];
const PRODUCT = 'NWF27-WEEKEND';
const HEADERS = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };

export const OFFLINE_FIGURES = [{ name: `ticket pass verification in Chromium, median of ${PASSES} passes`, unit: 'ms', target: { max: 5 } }] as const satisfies readonly ExpectedFigure[];

export const SCAN_FIGURES = [{ name: `scan p99, ${SCANNERS} scanners flat out on postgres`, unit: 'ms', target: { max: 50 } }] as const satisfies readonly ExpectedFigure[];

export const RACE_FIGURES = [
  { name: `double admissions in ${RACES} races of ${RACERS} scanners on one ticket (admits beyond one)`, unit: 'admits', target: { max: 0 } },
  { name: `checkins 'in' rows beyond one per ticket in those races`, unit: 'rows', target: { max: 0 } },
] as const satisfies readonly ExpectedFigure[];

const round1 = (value: number) => Math.round(value * 10) / 10;
const round2 = (value: number) => Math.round(value * 100) / 100;

// ---- offline: the scanner's own verification, in the browser ----

/** Fields of a distinct pass: the shop's code alphabet, valid from yesterday for a month. */
function testFields(index: number, now: Date): TicketPassFields {
  return {
    keyId: TEST_KEY_ID,
    ticketId: 100_000 + index,
    eventId: 3,
    productId: 12,
    travelTimeId: null,
    validFrom: new Date(now.getTime() - 86_400_000),
    validUntil: new Date(now.getTime() + 30 * 86_400_000),
    code: ticketCode(),
    ageRange: index % 2 ? '18+' : null,
  };
}

/** A 20-character code of the shop's alphabet (as checkout makes them). */
function ticketCode(): string {
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  return Array.from({ length: 20 }, () => alphabet[randomInt(alphabet.length)]).join('');
}

/**
 * The verifier as a browser loads it: packages/contract/src/ticket-pass.ts bundled by the web
 * app's own Vite (with @noble/ed25519), as one ES module kept in memory.
 */
async function bundleVerifier(): Promise<string> {
  const vitePath = createRequire(path.join(ROOT, 'apps/web/package.json')).resolve('vite');
  const vite = (await import(pathToFileURL(vitePath).href)) as { build(config: object): Promise<{ output: { type: string; code?: string }[] } | { output: { type: string; code?: string }[] }[]> };
  const built = await vite.build({
    configFile: false,
    root: ROOT,
    logLevel: 'silent',
    build: { write: false, minify: true, target: 'es2022', lib: { entry: path.join(ROOT, 'packages/contract/src/ticket-pass.ts'), formats: ['es'], fileName: 'ticket-pass' } },
  });
  const chunk = (Array.isArray(built) ? built : [built]).flatMap((result) => result.output).find((output) => output.type === 'chunk');
  if (!chunk?.code) throw new Error('Vite produced no bundle of the verifier');
  return chunk.code;
}

/** The page: times each verification with performance.now(), one after the other, as a scanner does. */
const PAGE = `<!doctype html>
<html lang="en"><meta charset="utf-8"><title>Offline verification</title>
<script type="module">
import { verifyTicketPass } from '/ticket-pass.js';
const fromHex = (hex) => Uint8Array.from(hex.match(/../g), (pair) => parseInt(pair, 16));
window.runVerify = async ({ passes, keyId, publicKey, now }) => {
  const keys = new Map([[keyId, fromHex(publicKey)]]);
  const at = new Date(now);
  const times = [];
  const refused = [];
  for (const text of passes) {
    const start = performance.now();
    const check = await verifyTicketPass(text, keys, at);
    times.push(performance.now() - start);
    if (!check.ok) refused.push(check.reason);
  }
  return { times, refused, secure: self.isSecureContext, isolated: self.crossOriginIsolated, subtle: !!(self.crypto && self.crypto.subtle) };
};
window.verifierReady = true;
</script>
<h1>Offline verification</h1>
</html>`;

/**
 * The page and the bundle from 127.0.0.1 (a secure context, so WebCrypto is there), cross-origin
 * isolated so that performance.now() is not coarsened to 0.1 ms.
 */
async function serveVerifier(bundle: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const headers = { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp', 'cross-origin-resource-policy': 'same-origin', 'cache-control': 'no-store' };
    if (request.url === '/') response.writeHead(200, { ...headers, 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    else if (request.url === '/ticket-pass.js') response.writeHead(200, { ...headers, 'content-type': 'text/javascript; charset=utf-8' }).end(bundle);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

interface PageRun {
  times: number[];
  refused: string[];
  secure: boolean;
  isolated: boolean;
  subtle: boolean;
}

/**
 * Issue 21: a scanned payload verified offline in Chromium, median under 5 ms; beside it, the same
 * verifications in Node (the same code, Node's WebCrypto) in the same run.
 */
export async function benchOfflineVerify(): Promise<void> {
  const now = new Date();
  const publicKey = await ticketPublicKey(TEST_SEED);
  const sign = (count: number) => Promise.all(Array.from({ length: count }, (_, index) => signTicketPass(testFields(index, now), TEST_SEED)));
  const warmUps = await sign(WARM_UP_PASSES);
  const passes = await sign(PASSES);
  if (new Set(passes).size !== passes.length) throw new Error('the signed passes are not distinct');

  // Node, the same-run reference.
  const keys = new Map([[TEST_KEY_ID, publicKey]]);
  const nodeTimes: number[] = [];
  for (const text of warmUps) await verifyTicketPass(text, keys, now);
  for (const text of passes) {
    const start = performance.now();
    const check = await verifyTicketPass(text, keys, now);
    nodeTimes.push(performance.now() - start);
    if (!check.ok) throw new Error(`Node refused a pass it signed: ${check.reason}`);
  }

  const bundle = await bundleVerifier();
  const page = await serveVerifier(bundle);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const tab = await browser.newPage();
    await tab.goto(page.url);
    await tab.waitForFunction('window.verifierReady === true');
    const run = (texts: string[]) => tab.evaluate(`window.runVerify(${JSON.stringify({ passes: texts, keyId: TEST_KEY_ID, publicKey: Buffer.from(publicKey).toString('hex'), now: now.getTime() })})`) as Promise<PageRun>;
    const first = await run(warmUps);
    if (!first.secure || !first.subtle) throw new Error('the page is no secure context: no WebCrypto');
    const measured = await run(passes);
    if (first.refused.length || measured.refused.length) throw new Error(`Chromium refused passes signed in Node: ${[...first.refused, ...measured.refused].slice(0, 3).join(', ')}`);
    const [figure] = OFFLINE_FIGURES;
    const median = percentile(measured.times, 50);
    const nodeMedian = percentile(nodeTimes, 50);
    record(figure.name, median, figure.unit, figure.target);
    note(
      `Chromium ${browser.version()}: p95 ${percentile(measured.times, 95)} ms, max ${round1(Math.max(...measured.times))} ms; the page's first verification (Ed25519 tables set up) ${round1(first.times[0]!)} ms; ` +
        `${Math.round(bundle.length / 1000)} kB verifier bundle (Vite, minified); timer ${measured.isolated ? 'cross-origin isolated (5 µs)' : 'coarsened (100 µs)'}`,
    );
    note(`reference: the same ${PASSES} verifications in Node ${process.version}: median ${percentile(nodeTimes, 50)} ms, p95 ${percentile(nodeTimes, 95)} ms; Chromium's median is ${round2(median / nodeMedian)} x Node's`);
  } finally {
    await browser.close();
    await page.close();
  }
}

// ---- online: the shop's scan call on PostgreSQL ----

interface Seeded {
  tickets: { id: number; code: string; pass: string }[];
  /** The event's public keys, as the server verifies passes with them. */
  publicKeys: Map<number, Uint8Array>;
}

/**
 * N tickets of the entrance list's weekend product, each in a paid order of its own, written
 * straight into the database (buying them through the shop would take minutes); their passes
 * signed in-process by the shop's own key code with the started shop's APP_SECRET.
 */
async function seedTickets(databaseUrl: string, count: number): Promise<Seeded> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let rows: { id: number; code: string; created_at: Date }[];
  let item: { id: number; name: string; event_id: number; starts_at: Date | null };
  try {
    // The demo's entrance list opens on the festival's first day; this database's copy opens now.
    const opened = await client.query('UPDATE checkin_lists SET opens_at = NULL, closes_at = NULL WHERE code = $1 AND active', [LIST]);
    if (opened.rowCount !== 1) throw new Error(`the demo catalogue has no active list ${LIST}`);
    const items = await client.query<typeof item>('SELECT s.id, s.name, s.event_id, e.starts_at FROM shop_items s JOIN events e ON e.id = s.event_id WHERE s.external_code = $1', [PRODUCT]);
    item = items.rows[0]!;
    if (!item) throw new Error(`the demo catalogue has no ${PRODUCT}`);
    const customer = await client.query<{ id: number }>("INSERT INTO customers (email, full_name, password_hash) VALUES ('gate.bench@example.org', 'Gate Bench', 'x') RETURNING id");
    const codes = Array.from({ length: count }, ticketCode);
    const inserted = await client.query<(typeof rows)[number]>(
      `WITH placed AS (
         INSERT INTO orders (code, customer_id, total_price, total_paid, payment_method, payment_status, paid_at)
         SELECT 'B' || code, $1, 8950, 8950, 'credit_card', 'paid', now() FROM unnest($2::text[]) AS bought(code)
         RETURNING id, code)
       INSERT INTO tickets (code, order_id, shop_item_id, product_name, product_type, full_name, email, price, fee, status)
       SELECT substr(placed.code, 2), placed.id, $3, $4, 'ticket', 'Gate Goer', 'gate.goer@example.org', 8950, 0, 'active' FROM placed
       RETURNING id, code, created_at`,
      [customer.rows[0]!.id, codes, item.id, item.name],
    );
    rows = inserted.rows.sort((a, b) => a.id - b.id);
  } finally {
    await client.end();
  }
  const database = await openDatabase({ url: databaseUrl, poolSize: 6 });
  try {
    const keys = createTicketKeys({ db: database.db, secrets: [APP_SECRET] });
    const passTicket = (row: (typeof rows)[number]): PassTicket => ({ id: row.id, code: row.code, shopItemId: item.id, travelTimeId: null, age: null, createdAt: row.created_at, eventId: item.event_id, anchor: item.starts_at });
    // The first pass makes the event's key; the rest are signed with it.
    const passes = [await keys.passFor(passTicket(rows[0]!))];
    for (let at = 1; at < rows.length; at += 50) passes.push(...(await Promise.all(rows.slice(at, at + 50).map((row) => keys.passFor(passTicket(row))))));
    return { tickets: rows.map((row, index) => ({ id: row.id, code: row.code, pass: passes[index]! })), publicKeys: await keys.publicKeys(item.event_id) };
  } finally {
    await database.close();
  }
}

/** Scanner credentials made as the organiser makes them, each signed in over HTTP like a device: its session cookie. */
async function signInScanners(databaseUrl: string, shopUrl: string, count: number): Promise<string[]> {
  const database = await openDatabase({ url: databaseUrl, poolSize: 3 });
  try {
    const scanners = createScanners({ db: database.db });
    const cookies: string[] = [];
    for (let index = 0; index < count; index += 1) {
      const { code } = await scanners.add(`Bench gate ${index + 1}`);
      const response = await fetch(`${shopUrl}/api/staff/scanner-login`, { method: 'POST', headers: HEADERS, body: JSON.stringify({ code }) });
      await response.arrayBuffer();
      const cookie = response.headers.get('set-cookie')?.split(';')[0];
      if (response.status !== 200 || !cookie) throw new Error(`scanner-login answered ${response.status}`);
      cookies.push(cookie);
    }
    return cookies;
  } finally {
    await database.close();
  }
}

interface CallResult {
  status: number;
  result: string;
  ms: number;
}

async function call(pool: Pool, apiPath: string, cookie: string, payload: object): Promise<CallResult> {
  const start = performance.now();
  const response = await pool.request({ path: `/api/staff/${apiPath}`, method: 'POST', headers: { ...HEADERS, cookie }, body: JSON.stringify(payload) });
  const body = (await response.body.json()) as { result?: string };
  return { status: response.statusCode, result: body.result ?? String(response.statusCode), ms: performance.now() - start };
}

/** Every scanner sends its next call the moment the last one answers, `calls` times; latencies of all. */
async function flatOut(cookies: string[], calls: number, next: (scanner: number, index: number) => Promise<CallResult>): Promise<{ results: CallResult[]; seconds: number }> {
  const results: CallResult[] = [];
  const start = performance.now();
  await Promise.all(
    cookies.map(async (_cookie, scanner) => {
      for (let index = 0; index < calls; index += 1) results.push(await next(scanner, index));
    }),
  );
  return { results, seconds: (performance.now() - start) / 1000 };
}

function tally(results: CallResult[]): string {
  const counts = new Map<string, number>();
  for (const { result } of results) counts.set(result, (counts.get(result) ?? 0) + 1);
  return [...counts].map(([result, count]) => `${count} ${result}`).join(', ');
}

/**
 * Issue 21 online: the shop on PostgreSQL, 50 signed-in scanners each scanning its own tickets
 * flat out (scan p99 under 50 ms), beside the scanner's cheapest call under the same load; then
 * 20 scanners racing on one fresh ticket, again and again: not one ticket admitted twice.
 */
export async function benchOnlineCheckin(): Promise<void> {
  const database = await createDatabase(ADMIN_DATABASE_URL, `shop_checkin_${process.pid}`);
  let server: Awaited<ReturnType<typeof startServerProcess>> | undefined;
  let pool: Pool | undefined;
  try {
    server = await startServerProcess({ port: PORT, databaseUrl: database.url, env: { APP_SECRET } });
    const perScanner = WARM_UP_SCANS + SCANS_PER_SCANNER;
    const seedStart = performance.now();
    const { tickets, publicKeys } = await seedTickets(database.url, SCANNERS * perScanner + RACES);
    note(`${tickets.length} paid tickets written and their passes signed in ${round1((performance.now() - seedStart) / 1000)} s`);
    const cookies = await signInScanners(database.url, server.url, SCANNERS);
    pool = new Pool(server.url, { connections: SCANNERS, keepAliveTimeout: 60_000, pipelining: 1 });
    const scanPool = pool;
    const scanOf = (scanner: number, ticket: number) => call(scanPool, 'scan', cookies[scanner]!, { list: LIST, gate: GATES[scanner % GATES.length], text: tickets[ticket]!.pass, direction: 'in' });

    await section('check-in scans flat out', SCAN_FIGURES, async () => {
      // Warm-up: connections open, statements prepared, code compiled; on tickets of their own.
      const warmUp = await flatOut(cookies, WARM_UP_SCANS, (scanner, index) => scanOf(scanner, scanner * perScanner + index));
      const scans = await flatOut(cookies, SCANS_PER_SCANNER, (scanner, index) => scanOf(scanner, scanner * perScanner + WARM_UP_SCANS + index));
      const lists = await flatOut(cookies, SCANS_PER_SCANNER, (scanner) => call(scanPool, 'checkin-lists', cookies[scanner]!, {}));
      const times = scans.results.map((result) => result.ms);
      const [figure] = SCAN_FIGURES;
      const p99 = percentile(times, 99);
      record(figure.name, p99, figure.unit, figure.target);
      note(`${scans.results.length} scans of distinct tickets (${tally(scans.results)}): ${Math.round(scans.results.length / scans.seconds)} scans/s, p50 ${percentile(times, 50)} ms, max ${round1(Math.max(...times))} ms`);
      const warmTimes = warmUp.results.map((result) => result.ms);
      note(`the warm-up before them, the shop's first ${warmUp.results.length} scans since its start: p99 ${percentile(warmTimes, 99)} ms, p50 ${percentile(warmTimes, 50)} ms, ${Math.round(warmUp.results.length / warmUp.seconds)} scans/s`);
      const listTimes = lists.results.map((result) => result.ms);
      const listsP99 = percentile(listTimes, 99);
      note(
        `reference: checkin-lists (the scanner's session check and the lists with their counts) by the same ${SCANNERS} scanners flat out: p99 ${listsP99} ms, p50 ${percentile(listTimes, 50)} ms, ${Math.round(lists.results.length / lists.seconds)} calls/s; scan p99 is ${round2(p99 / listsP99)} x that`,
      );
      // What a signature check costs in Node's own Ed25519: the server spends it only on a pass that does not carry its ticket's current code (decision 0039).
      const nodeCheck = createNodeSignatureCheck();
      const verifyTimes: number[] = [];
      for (const ticket of tickets.slice(0, PASSES)) {
        const start = performance.now();
        await verifyTicketPass(ticket.pass, publicKeys, new Date(), nodeCheck);
        verifyTimes.push(performance.now() - start);
      }
      note(`a signature check in Node's Ed25519, which an admitting scan no longer spends: median ${percentile(verifyTimes, 50)} ms`);
      const wrong = scans.results.filter((result) => result.status !== 200 || result.result !== 'admit').length + lists.results.filter((result) => result.status !== 200).length;
      if (wrong > 0) record('scans not answered admit (and checkin-lists not answered 200)', wrong, 'answers', { max: 0 });
    });

    await section('check-in race', RACE_FIGURES, async () => {
      const raced = tickets.slice(SCANNERS * perScanner);
      const perTicket: CallResult[][] = [];
      for (let round = 0; round < raced.length; round += 1) {
        const ticket = SCANNERS * perScanner + round;
        perTicket.push(await Promise.all(Array.from({ length: RACERS }, (_, scanner) => scanOf(scanner, ticket))));
      }
      const admits = perTicket.map((answers) => answers.filter((answer) => answer.result === 'admit').length);
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      let rows: { ticket_id: number; ins: number }[];
      try {
        const counted = await client.query<{ ticket_id: number; ins: number }>("SELECT ticket_id, count(*)::int AS ins FROM checkins WHERE kind = 'in' AND ticket_id = ANY($1::int[]) GROUP BY ticket_id", [raced.map((ticket) => ticket.id)]);
        rows = counted.rows;
      } finally {
        await client.end();
      }
      const [doubles, extraRows] = RACE_FIGURES;
      record(doubles.name, admits.reduce((sum, count) => sum + Math.max(0, count - 1), 0), doubles.unit, doubles.target);
      record(extraRows.name, rows.reduce((sum, row) => sum + Math.max(0, row.ins - 1), 0), extraRows.unit, extraRows.target);
      const all = perTicket.flat();
      note(`${raced.length} tickets, ${RACERS} scanners each at once (gates North and South): ${tally(all)}; p99 of a racing scan ${percentile(all.map((answer) => answer.ms), 99)} ms`);
      const unanswered = admits.filter((count) => count === 0).length;
      if (unanswered > 0 || rows.length < raced.length) note(`NOT ADMITTED AT ALL: ${unanswered} raced tickets had no admit answer, ${raced.length - rows.length} no 'in' row`);
    });
  } finally {
    await pool?.close();
    await server?.stop();
    await database.drop();
  }
}
