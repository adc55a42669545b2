import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

v8.setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/** Below this much CPU in a pause of QUIET_PAUSE_MS the process counts as quiet (timers, a pool's keep-alive). */
const QUIET_CPU_US = 300;
const QUIET_PAUSE_MS = 10;
/** A collector that does not settle in this many pauses still lets the measurement go on. */
const QUIET_PAUSES_MAX = 30;

/**
 * A full garbage collection, then a wait until the process is quiet, so that a CPU measurement
 * that follows (process.cpuUsage counts every thread) carries no collector work. `gc()` returns
 * with its sweeping still running on helper threads: a call measured straight after it was seen
 * to cost 3-10 ms more CPU (which a retry after a collection then paid every time, failing CI's
 * hostile-text checks on a 1 ms call), and 0.6 ms after a pause.
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
