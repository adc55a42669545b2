import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { note, record } from './report';

// Run from npm at benchmark time rather than as a dependency (see shared/design.md): it pins
// packages that would clash with the project's own.
const LIGHTHOUSE = 'lighthouse@12.8.2';
const CHROME_FLAGS = '--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';

/** Lighthouse's mobile preset (simulated mid-range phone on a slow 4G link). */
export function benchLighthouse(url: string, label: string): void {
  const out = path.join(mkdtempSync(path.join(tmpdir(), 'lighthouse-')), 'report.json');
  execFileSync(
    'npx',
    ['-y', LIGHTHOUSE, url, '--output=json', `--output-path=${out}`, `--chrome-flags=${CHROME_FLAGS}`, '--only-categories=performance,accessibility,best-practices,seo', '--quiet'],
    { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' } },
  );
  const report = JSON.parse(readFileSync(out, 'utf8')) as {
    categories: Record<string, { score: number | null }>;
    audits: Record<string, { score: number | null; title: string; numericValue?: number }>;
  };
  const score = (key: string) => Math.round((report.categories[key]?.score ?? 0) * 100);
  record(`Lighthouse performance, ${label}`, score('performance'), 'points', { min: 95 });
  record(`Lighthouse accessibility, ${label}`, score('accessibility'), 'points', { min: 100 });
  record(`Lighthouse best practices, ${label}`, score('best-practices'), 'points', { min: 100 });
  record(`Lighthouse SEO, ${label}`, score('seo'), 'points', { min: 100 });
  const failed = Object.values(report.audits).filter((audit) => audit.score !== null && audit.score < 0.9).map((audit) => audit.title);
  if (failed.length) note(`audits below 90: ${failed.slice(0, 8).join('; ')}`);
}
