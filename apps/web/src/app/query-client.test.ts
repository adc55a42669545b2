import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { shouldRetry } from './query-client';

describe('shouldRetry', () => {
  it('retries calls that got no answer or met a busy server, twice at most', () => {
    expect(shouldRetry(0, new ApiError(0, null, 'Failed to fetch'))).toBe(true);
    expect(shouldRetry(1, new ApiError(503, null, 'busy'))).toBe(true);
    expect(shouldRetry(2, new ApiError(503, null, 'busy'))).toBe(false);
  });

  it('does not retry answers that will not change', () => {
    for (const status of [400, 401, 404, 419, 422, 500, 501]) {
      expect(shouldRetry(0, new ApiError(status, null, 'no'))).toBe(false);
    }
    expect(shouldRetry(0, new Error('bug'))).toBe(false);
  });
});
