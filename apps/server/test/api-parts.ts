import { it, type TestFunction } from 'vitest';

/**
 * Which part of the API layer is running (vitest.config.ts sets API_PART per project): 'parallel'
 * for the files that run side by side, 'alone' for the tests that measure time or CPU and run one
 * file at a time on a machine with nothing else of the suite running (decision 0049). A file that
 * holds both kinds is listed in both projects and declares each test with one of the two below, so
 * every test runs exactly once; a file run by path outside a project (API_PART unset) runs both.
 */
const API_PART = process.env.API_PART;

/** A test that measures time or CPU: declared in the 'api-alone' project only. */
export function itMeasuring(name: string, fn: TestFunction, timeout?: number): void {
  if (API_PART !== 'parallel') it(name, fn, timeout);
}

/** A test of a file with measuring tests that does not measure: declared in the parallel 'api' project only. */
export function itBeside(name: string, fn: TestFunction, timeout?: number): void {
  if (API_PART !== 'alone') it(name, fn, timeout);
}

/**
 * A block of such a file whose tests all measure, or all do not: declared only in the project
 * that runs them (vitest refuses a block with no test in it).
 */
export const measuringBlock = (): boolean => API_PART !== 'parallel';
export const besideBlock = (): boolean => API_PART !== 'alone';
