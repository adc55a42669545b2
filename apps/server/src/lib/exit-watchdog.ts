import { Worker } from 'node:worker_threads';

/**
 * The watchdog's thread. It has an event loop of its own, so its timer fires even when the main
 * thread is stuck (a synchronous write to a pipe nobody reads, a busy loop, a native call that
 * does not return); a signal handler or a setTimeout on the main thread would wait for it.
 * SIGKILL because the process has already been asked to stop and did not: nothing it could
 * still run (exit hooks included) may hold it. The note is written asynchronously so a full
 * stderr cannot hold the watchdog either.
 */
const WATCHDOG_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { write } = require('node:fs');
parentPort.once('message', (ms) => {
  setTimeout(() => {
    write(2, '{"level":60,"msg":"shutdown did not finish within its grace period; killing the process"}\\n', () => {});
    setTimeout(() => process.kill(process.pid, 'SIGKILL'), 50);
  }, ms);
});
`;

export interface ExitWatchdog {
  /** From now on, the process is killed after `ms`, whatever its main thread is doing. */
  arm(ms: number): void;
}

/**
 * Started when the server starts (a thread that sleeps until armed), so arming it at shutdown
 * needs nothing but a message: the thread is already running if the main thread blocks right
 * after. It does not keep the process alive.
 */
export function startExitWatchdog(): ExitWatchdog {
  const worker = new Worker(WATCHDOG_SOURCE, { eval: true, execArgv: [], stdout: true, stderr: true });
  worker.unref();
  let armed = false;
  return {
    arm(ms: number) {
      if (armed) return;
      armed = true;
      worker.postMessage(ms);
    },
  };
}
