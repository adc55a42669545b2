import { readFileSync } from 'node:fs';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

v8.setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

const SCHEDSTAT = `/proc/self/task/${process.pid}/schedstat`;
const readSchedstat = (): number | null => {
  try {
    return Number(readFileSync(SCHEDSTAT, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return null;
  }
};
const threadCpuUsage = (process as { threadCpuUsage?: () => NodeJS.CpuUsage }).threadCpuUsage;

/**
 * The CPU time, in milliseconds, the main thread has used: where the in-process server runs its
 * handlers, parses and validates (and PGlite runs). Not process.cpuUsage: that counts every thread,
 * the collector's helper threads too, which mark and sweep whenever the heap asks, so one call
 * measured 1 ms or 12 ms by chance on a loaded machine (seen failing CI on a 1 ms scan). Linux's
 * scheduler accounts the thread in nanoseconds; elsewhere Node's own thread usage, or the process's.
 */
export function mainThreadCpuMs(): number {
  const scheduled = readSchedstat();
  if (scheduled !== null && Number.isFinite(scheduled)) return scheduled;
  const usage = threadCpuUsage ? threadCpuUsage() : process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** Below this much CPU in a pause of QUIET_PAUSE_MS the process counts as quiet (timers, a pool's keep-alive). */
const QUIET_CPU_US = 300;
const QUIET_PAUSE_MS = 10;
/** A collector that does not settle in this many pauses still lets the measurement go on. */
const QUIET_PAUSES_MAX = 30;

/**
 * A full garbage collection, then a wait until the process is quiet, so that a CPU measurement
 * that follows starts from a collected heap with no collector work pending. `gc()` returns with
 * its sweeping still running on helper threads: a call measured straight after it was seen to
 * cost 3-10 ms more of the process's CPU, and 0.6 ms after a pause.
 */
export async function quietProcess(): Promise<void> {
  collect();
  for (let pause = 0; pause < QUIET_PAUSES_MAX; pause += 1) {
    const started = process.cpuUsage();
    await new Promise((resolve) => setTimeout(resolve, QUIET_PAUSE_MS));
    const used = process.cpuUsage(started);
    if (used.user + used.system < QUIET_CPU_US) return;
  }
}

/**
 * What the work of `run` costs: `main`, the main thread's CPU (what a hostile text is held to, a
 * few milliseconds beyond its call), and `all`, every thread's (work a text might push off the
 * main thread, a password hash's say, held to OFF_THREAD_MARGIN_MS: the collector's threads make
 * it too noisy for a margin of milliseconds).
 */
export async function cpuCostOf(run: () => Promise<unknown>): Promise<{ main: number; all: number }> {
  const main = mainThreadCpuMs();
  const all = process.cpuUsage();
  await run();
  const used = process.cpuUsage(all);
  return { main: mainThreadCpuMs() - main, all: (used.user + used.system) / 1000 };
}

/** How much more than its call a hostile text may cost all threads together: super-linear work costs seconds at the texts' lengths. */
export const OFF_THREAD_MARGIN_MS = 100;
