import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { existsSync } from 'node:fs';
import { benchLighthouse, LIGHTHOUSE_ATTEMPTS, lighthouseFigures, type LighthouseReport } from './lighthouse';
import { figures, record, summary } from './report';
import { section, withRetries } from './sections';

function report(score = 1): LighthouseReport {
  return {
    categories: { performance: { score }, accessibility: { score: 1 }, 'best-practices': { score: 1 }, seo: { score: 1 } },
    audits: {},
  };
}

/** A fake Lighthouse: fails the way the real one did for its first `failures` runs, then reports. */
function flakyLighthouse(failures: number) {
  const profiles: string[] = [];
  const runner = vi.fn((_url: string, profileDir: string) => {
    profiles.push(profileDir);
    expect(existsSync(profileDir)).toBe(true);
    if (profiles.length <= failures) throw new Error('Runtime error encountered: NO_NAVSTART');
    return report(0.97);
  });
  return { runner, profiles };
}

let printed: string[];
beforeEach(() => {
  figures.length = 0;
  printed = [];
  vi.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(line));
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('a failed Lighthouse run', () => {
  it('is tried again with a fresh profile and its figures are recorded when a later run works', async () => {
    const { runner, profiles } = flakyLighthouse(LIGHTHOUSE_ATTEMPTS - 1);
    await benchLighthouse('http://shop.test/', 'home', runner);
    expect(runner).toHaveBeenCalledTimes(LIGHTHOUSE_ATTEMPTS);
    expect(new Set(profiles).size).toBe(LIGHTHOUSE_ATTEMPTS);
    // Each profile is removed once its run is over.
    for (const profile of profiles) expect(existsSync(profile)).toBe(false);
    expect(figures.map((figure) => [figure.name, figure.value, figure.ok])).toEqual([
      ['Lighthouse performance, home', 97, true],
      ['Lighthouse accessibility, home', 100, true],
      ['Lighthouse best practices, home', 100, true],
      ['Lighthouse SEO, home', 100, true],
    ]);
  });

  it('counts a report with a runtime error or without scores as a failed run', async () => {
    const answers: LighthouseReport[] = [
      { ...report(), runtimeError: { code: 'NO_NAVSTART', message: 'navigation start was not found' } },
      { ...report(), categories: { ...report().categories, performance: { score: null } } },
      report(0.96),
    ];
    const runner = vi.fn(() => answers.shift()!);
    await benchLighthouse('http://shop.test/', 'home', runner);
    expect(runner).toHaveBeenCalledTimes(3);
    expect(figures[0]).toMatchObject({ name: 'Lighthouse performance, home', value: 96, ok: true });
  });

  it('reports the page as MISSING with the reason beside each target when every run fails, and the next section still runs', async () => {
    const { runner } = flakyLighthouse(Number.POSITIVE_INFINITY);
    const first = await section('Lighthouse, home', lighthouseFigures('home'), () => benchLighthouse('http://shop.test/', 'home', runner));
    const second = await section('Lighthouse, tickets listing', lighthouseFigures('tickets listing'), () => benchLighthouse('http://shop.test/tickets', 'tickets listing', flakyLighthouse(0).runner));
    expect([first, second]).toEqual([false, true]);
    expect(runner).toHaveBeenCalledTimes(LIGHTHOUSE_ATTEMPTS);
    expect(figures.filter((figure) => figure.missing).map((figure) => figure.name)).toEqual(lighthouseFigures('home').map((figure) => figure.name));
    expect(printed).toContain(`MISSING Lighthouse performance, home (target >= 95 points): failed ${LIGHTHOUSE_ATTEMPTS} times: 1) Runtime error encountered: NO_NAVSTART; 2) Runtime error encountered: NO_NAVSTART; 3) Runtime error encountered: NO_NAVSTART`);
    expect(figures.filter((figure) => figure.ok)).toHaveLength(4);
    expect(summary()).toEqual({ met: 4, missed: 0, missing: 4, exitCode: 2 });
  });
});

describe('a failing benchmark section', () => {
  it('marks only the figures it did not record as missing, and never aborts the run', async () => {
    const expected = [
      { name: 'first', unit: 'ms', target: { max: 20 } },
      { name: 'second', unit: 'ms', target: { max: 20 } },
    ];
    const ok = await section('half done', expected, () => {
      record('first', 12, 'ms', { max: 20 });
      throw new Error('the server exited with 1\n  at waitForHealth');
    });
    expect(ok).toBe(false);
    expect(figures.map((figure) => [figure.name, figure.ok, figure.missing])).toEqual([
      ['first', true, undefined],
      ['second', false, 'the server exited with 1 at waitForHealth'],
    ]);
    expect(printed).toContain('MISSING second (target <= 20 ms): the server exited with 1 at waitForHealth');
  });

  it('without named figures is reported missing as a whole; an async failure counts the same', async () => {
    await section('flash sale (one instance)', [], async () => {
      await Promise.resolve();
      throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
    });
    expect(figures).toEqual([expect.objectContaining({ name: 'flash sale (one instance) (all its figures)', missing: 'connect ECONNREFUSED 127.0.0.1:5432', ok: false })]);
  });

  it('leaves the exit status at 1 for a missed target and 0 when all are met', async () => {
    await section('fine', [], () => record('fast', 5, 'ms', { max: 20 }));
    expect(summary().exitCode).toBe(0);
    await section('slow', [], () => record('slow', 50, 'ms', { max: 20 }));
    expect(summary()).toEqual({ met: 1, missed: 1, missing: 0, exitCode: 1 });
  });
});

describe('withRetries', () => {
  it('stops at the first success and names every failure when none succeeds', async () => {
    let calls = 0;
    await expect(withRetries(() => (++calls < 2 ? Promise.reject(new Error('flaky')) : 'done'), { attempts: 3 })).resolves.toBe('done');
    expect(calls).toBe(2);
    const retried: number[] = [];
    await expect(withRetries(() => { throw new Error('down'); }, { attempts: 2, onRetry: (attempt) => retried.push(attempt) })).rejects.toThrow('failed 2 times: 1) down; 2) down');
    expect(retried).toEqual([1]);
  });
});
