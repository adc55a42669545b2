// The suite's wall-clock limits, read by vitest.config.ts and the component tests' waits
// (apps/web/test/waits.ts). CI runs the unit layers and the parallel API files at a lower priority
// beside the browser journeys, which keep both cores busy: there a test gets a fraction of a core,
// and every limit stretches by TEST_TIME_SCALE (.ci/run sets it; decision 0087). No test that runs
// there measures time: those run alone (api-alone).
const timeScale = Math.max(1, Number(process.env.TEST_TIME_SCALE) || 1);

/** `ms` stretched by TEST_TIME_SCALE. */
export const timeLimit = (ms: number): number => Math.round(ms * timeScale);
