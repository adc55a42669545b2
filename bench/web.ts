import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { note, record } from './report';

const DIST = path.resolve(import.meta.dirname, '../apps/web/dist');
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
/** Chunks a visitor of the home page has no business downloading. */
const NOT_FOR_HOME = /(Portal|Checkout|Order|Refund|Account|ManageTicket|Instalment|AcceptTerms)/;

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
    let gzipBytes = 0;
    for (const script of scripts) gzipBytes += gzipSync(readFileSync(path.join(DIST, script)), { level: 9 }).length;
    // Decimal kilobytes, as vite prints them and as the target is stated.
    record('JavaScript for the first render of / (gzip)', gzipBytes / 1000, 'kB', { max: 120 });
    note(`${scripts.size} files: ${[...scripts].map((script) => path.basename(script)).join(', ')}`);
    const strays = [...scripts].filter((script) => NOT_FOR_HOME.test(script));
    record('portal, checkout and account chunks loaded by /', strays.length, 'files', { max: 0 });
  } finally {
    await browser.close();
  }
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
  record(`entry script served compressed (content-encoding: ${encoding})`, ['br', 'gzip'].includes(encoding) ? 1 : 0, 'yes', { min: 1 });
  record(`entry script cached for a year (${cache})`, /max-age=31536000/.test(cache) && /immutable/.test(cache) ? 1 : 0, 'yes', { min: 1 });
}
