import { describe, expect, it } from 'vitest';
import { formatDuration, layerLabel, layerTable, slowRunWarning, WARN_AFTER_MS } from './test-timings.mjs';

describe('test timings', () => {
  it('prints minutes and seconds', () => {
    expect(formatDuration(59_400)).toBe('59 s');
    expect(formatDuration(61_000)).toBe('1 min 01 s');
    expect(formatDuration(30 * 60_000 + 5_000)).toBe('30 min 05 s');
  });

  it('lists every layer with its outcome and their sum', () => {
    const table = layerTable([
      { node: 'v26.1.0', layer: 'unit', ok: true, ms: 90_000 },
      { node: 'v26.1.0', layer: 'api', ok: false, ms: 600_000 },
    ]);
    expect(table).toMatch(/v26\.1\.0\s+unit\s+passed\s+1 min 30 s/);
    expect(table).toMatch(/v26\.1\.0\s+api\s+FAILED\s+10 min 00 s/);
    expect(table).toMatch(/sum of the layers\s+11 min 30 s/);
  });

  it('names the API layers\' engine when one was chosen', () => {
    expect(layerLabel('api', 'postgres')).toBe('api (postgres)');
    expect(layerLabel('api-alone', 'pglite')).toBe('api-alone (pglite)');
    expect(layerLabel('api', undefined)).toBe('api');
    expect(layerLabel('api', '')).toBe('api');
    expect(layerLabel('unit', 'postgres')).toBe('unit');
  });

  it('warns loudly only past 45 minutes', () => {
    expect(slowRunWarning(WARN_AFTER_MS)).toBe('');
    expect(slowRunWarning(44 * 60_000)).toBe('');
    const warning = slowRunWarning(46 * 60_000);
    expect(warning).toContain('THIS RUN TOOK 46 min 00 s');
    expect(warning).toContain('90 minutes');
  });
});
