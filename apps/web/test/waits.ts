import { vi } from 'vitest';
import { timeLimit } from '../../../vitest.time-limits';

/**
 * How long a component test waits for what should come (an answer's text, a poll's result, a
 * message from another tab). The unit layer runs beside the browser journeys in CI, on two cores:
 * there a rendering the test waits for can take several seconds where it takes milliseconds alone,
 * and the libraries' default of one second failed tests that were right. A test that waits for
 * something that never comes still fails, ten seconds later (more where TEST_TIME_SCALE stretches
 * the suite's limits).
 */
export const WAIT_MS = timeLimit(10_000);

/**
 * Waits until `check` stops throwing (vi.waitFor with {@link WAIT_MS}), polling every 20 ms.
 * Component tests use this instead of vi.waitFor, whose one-second default is the fault above
 * (eslint.config.js forbids vi.waitFor in the web app's tests).
 */
export function eventually<T>(check: () => T | Promise<T>): Promise<T> {
  return vi.waitFor(check, { timeout: WAIT_MS, interval: 20 });
}
