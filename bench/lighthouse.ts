import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { note, record, type ExpectedFigure } from './report';
import { withRetries } from './sections';

// Run from npm at benchmark time rather than as a dependency (see shared/design.md): it pins
// packages that would clash with the project's own.
const LIGHTHOUSE = 'lighthouse@12.8.2';
const CHROME_FLAGS = '--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';
/** Lighthouse now and then fails a run for reasons of its own (NO_NAVSTART, a lost protocol connection). */
export const LIGHTHOUSE_ATTEMPTS = 3;
/** A run that has not finished by then is stuck, not slow (a normal run takes 20 to 40 s). */
const RUN_TIMEOUT_MS = 180_000;

export interface LighthouseReport {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { score: number | null; title: string; numericValue?: number }>;
  runtimeError?: { code?: string; message?: string };
}

/** Runs Lighthouse once on `url` with Chromium's profile in `profileDir`; throws when the run fails. */
export type LighthouseRunner = (url: string, profileDir: string) => LighthouseReport;

const CATEGORIES = [
  ['performance', 'performance', 95],
  ['accessibility', 'accessibility', 100],
  ['best-practices', 'best practices', 100],
  ['seo', 'SEO', 100],
] as const;

/** The four figures one page's Lighthouse run gives. */
export function lighthouseFigures(label: string): ExpectedFigure[] {
  return CATEGORIES.map(([, name, min]) => ({ name: `Lighthouse ${name}, ${label}`, unit: 'points', target: { min } }));
}

/**
 * Lighthouse's mobile preset (simulated mid-range phone on a slow 4G link). A failed run is tried
 * again with a fresh Chromium profile, up to LIGHTHOUSE_ATTEMPTS runs; when every run fails this
 * throws with each run's reason (the caller reports the page's figures as missing).
 */
export async function benchLighthouse(url: string, label: string, runner: LighthouseRunner = runLighthouseCli): Promise<void> {
  const report = await withRetries(
    () => {
      const profileDir = mkdtempSync(path.join(tmpdir(), 'lighthouse-profile-'));
      try {
        return checkedReport(runner(url, profileDir));
      } finally {
        rmSync(profileDir, { recursive: true, force: true });
      }
    },
    { attempts: LIGHTHOUSE_ATTEMPTS, onRetry: (attempt, error) => note(`Lighthouse run ${attempt} on ${label} failed (${error instanceof Error ? error.message : String(error)}); trying again with a fresh profile`) },
  );
  const figuresOfPage = lighthouseFigures(label);
  CATEGORIES.forEach(([key], index) => {
    const figure = figuresOfPage[index]!;
    record(figure.name, Math.round(report.categories[key]!.score! * 100), figure.unit, figure.target);
  });
  const failed = Object.values(report.audits).filter((audit) => audit.score !== null && audit.score < 0.9).map((audit) => audit.title);
  if (failed.length) note(`audits below 90: ${failed.slice(0, 8).join('; ')}`);
}

/** A report is only usable when the run had no fatal error and every category has a score. */
function checkedReport(report: LighthouseReport): LighthouseReport {
  if (report.runtimeError?.code) throw new Error(`${report.runtimeError.code}: ${report.runtimeError.message ?? ''}`.trim());
  const unscored = CATEGORIES.filter(([key]) => typeof report.categories?.[key]?.score !== 'number').map(([key]) => key);
  if (unscored.length) throw new Error(`no score for ${unscored.join(', ')}`);
  return report;
}

/** The Lighthouse command line, its Chromium on a profile of its own. */
function runLighthouseCli(url: string, profileDir: string): LighthouseReport {
  const out = path.join(profileDir, 'report.json');
  const run = spawnSync(
    'npx',
    ['-y', LIGHTHOUSE, url, '--output=json', `--output-path=${out}`, `--chrome-flags=${CHROME_FLAGS} --user-data-dir=${path.join(profileDir, 'chromium')}`, '--only-categories=performance,accessibility,best-practices,seo', '--quiet'],
    { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8', timeout: RUN_TIMEOUT_MS, env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' } },
  );
  const said = (run.stderr ?? '').trim().split('\n').slice(-3).join(' ');
  if (run.error) throw new Error(`lighthouse did not run: ${run.error.message}`);
  if (run.status !== 0) throw new Error(`lighthouse exited with ${run.status ?? run.signal}${said ? `: ${said}` : ''}`);
  if (!existsSync(out)) throw new Error(`lighthouse wrote no report${said ? `: ${said}` : ''}`);
  return JSON.parse(readFileSync(out, 'utf8')) as LighthouseReport;
}
