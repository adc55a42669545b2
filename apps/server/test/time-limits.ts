// A test's own wall-clock limit stretches like the suite's (vitest.config.ts): beside the browser
// journeys (.ci/run, TEST_TIME_SCALE) a test gets a fraction of a core.
export { timeLimit } from '../../../vitest.time-limits';
