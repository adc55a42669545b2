import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from './errors';

describe('isUniqueViolation', () => {
  it('finds the unique index refusal however deep the drivers wrap it, and nothing else', () => {
    const pg = Object.assign(new Error('duplicate key'), { code: '23505' });
    expect(isUniqueViolation(pg)).toBe(true);
    expect(isUniqueViolation(new Error('query failed', { cause: new Error('wrapped', { cause: pg }) }))).toBe(true);
    expect(isUniqueViolation(Object.assign(new Error('other'), { code: '23503' }))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
    expect(isUniqueViolation('23505')).toBe(false);
    const cycle: { code?: string; cause?: unknown } = {};
    cycle.cause = cycle;
    expect(isUniqueViolation(cycle)).toBe(false);
  });
});
