import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { FIRST_LOAD_BUDGET_KB } from '../apps/web/build/first-load';
import { note, record, type ExpectedFigure } from './report';

const DIST = path.resolve(import.meta.dirname, '../apps/web/dist');
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
/** Chunks a visitor of the home page has no business downloading. */
const NOT_FOR_HOME = /(Portal|Checkout|Order|Refund|Account|ManageTicket|Instalment|AcceptTerms)/;

export const FIRST_ROUTE_FIGURES = [
  { name: 'JavaScript for the first render of / (gzip, as served)', unit: 'kB', target: { max: FIRST_LOAD_BUDGET_KB } },
  { name: 'portal, checkout and account chunks loaded by /', unit: 'files', target: { max: 0 } },
] as const satisfies readonly ExpectedFigure[];

export const STATIC_SERVING_FIGURES = [
  { name: 'entry script served compressed', unit: 'yes', target: { min: 1 } },
  { name: 'entry script cached for a year', unit: 'yes', target: { min: 1 } },
] as const satisfies readonly ExpectedFigure[];

/** The JavaScript a real browser loads for the first render of `/`, gzip-compressed as served. */
export async function benchFirstRoute(url: string): Promise<void> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const scripts = new Set<string>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.add(new URL(response.url()).pathname);
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.locator('main h1').first().waitFor();
    // What the server sends a browser that accepts gzip (or brotli), byte for byte, in decimal
    // kilobytes as vite prints them and as the target is stated.
    const sent = async (encoding: string) => (await Promise.all([...scripts].map((script) => servedBytes(`${url}${script}`, encoding)))).reduce((sum, bytes) => sum + bytes, 0);
    const [size, strayChunks] = FIRST_ROUTE_FIGURES;
    record(size.name, (await sent('gzip')) / 1000, size.unit, size.target);
    let zlibBytes = 0;
    for (const script of scripts) zlibBytes += gzipSync(readFileSync(path.join(DIST, script)), { level: 9 }).length;
    note(`brotli as served ${round1((await sent('br')) / 1000)} kB; plain zlib gzip -9 of the same files would be ${round1(zlibBytes / 1000)} kB`);
    note(`${scripts.size} files: ${[...scripts].map((script) => path.basename(script)).join(', ')}`);
    const strays = [...scripts].filter((script) => NOT_FOR_HOME.test(script));
    record(strayChunks.name, strays.length, strayChunks.unit, strayChunks.target);
  } finally {
    await browser.close();
  }
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** The bytes of a response body as sent (not decoded), asking for one content encoding. */
function servedBytes(url: string, encoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': encoding } }, (response) => {
        if (response.statusCode !== 200) reject(new Error(`${url} answered ${response.statusCode}`));
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => {
          // A file too small to gain from compression may come as it is; anything else must not.
          const asked = response.headers['content-encoding'] === encoding;
          if (asked || bytes < 1024) resolve(bytes);
          else reject(new Error(`${url} came ${response.headers['content-encoding'] ?? 'uncompressed'}, not ${encoding}`));
        });
      })
      .on('error', reject);
  });
}

/** Hashed assets must come compressed and cached for a year; the page itself revalidated. */
export async function benchStaticServing(url: string): Promise<void> {
  const html = await (await fetch(url)).text();
  const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1] ?? /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (!entry) throw new Error('no entry script in index.html');
  const response = await fetch(`${url}${entry}`, { headers: { 'accept-encoding': 'br, gzip' } });
  await response.arrayBuffer();
  const encoding = response.headers.get('content-encoding') ?? 'none';
  const cache = response.headers.get('cache-control') ?? '';
  const [compressed, cached] = STATIC_SERVING_FIGURES;
  record(compressed.name, ['br', 'gzip'].includes(encoding) ? 1 : 0, compressed.unit, compressed.target);
  note(`content-encoding: ${encoding}`);
  record(cached.name, /max-age=31536000/.test(cache) && /immutable/.test(cache) ? 1 : 0, cached.unit, cached.target);
  note(`cache-control: ${cache}`);
}
