import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtLanguages, describeFirstLoad, FIRST_LOAD_BUDGET_KB, measureFirstLoad } from '../apps/web/build/first-load';

/**
 * The budget as a check (decision 0055): the global setup has just built the web app when it was
 * missing or stale, so the build measured here is the one the journeys use. No browser: the
 * manifest says what the first render of / loads (apps/web/build/first-load.ts), in each language
 * with its first texts (decision 0093: one language's first-page messages, the rest loaded later).
 */
describe('first-load budget', () => {
  const dist = path.join(import.meta.dirname, '../apps/web/dist');

  it('keeps the JavaScript of the first render of / within its gzip budget, in every language', () => {
    const languages = builtLanguages(dist);
    expect(languages).toEqual(['ar', 'de', 'en', 'es', 'fr', 'nl', 'pl']);
    for (const language of languages) {
      const firstLoad = measureFirstLoad(dist, language);
      expect(firstLoad.bytes / 1000, describeFirstLoad(firstLoad, FIRST_LOAD_BUDGET_KB, language)).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_KB);
    }
  });
});
