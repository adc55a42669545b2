import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeFirstLoad, FIRST_LOAD_BUDGET_KB, measureFirstLoad } from '../apps/web/build/first-load';

/**
 * The budget as a check (decision 0055): the global setup has just built the web app when it was
 * missing or stale, so the build measured here is the one the journeys use. No browser: the
 * manifest says what the first render of / loads (apps/web/build/first-load.ts).
 */
describe('first-load budget', () => {
  it('keeps the JavaScript of the first render of / within its gzip budget', () => {
    const firstLoad = measureFirstLoad(path.join(import.meta.dirname, '../apps/web/dist'));
    expect(firstLoad.bytes / 1000, describeFirstLoad(firstLoad)).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_KB);
  });
});
