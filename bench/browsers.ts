import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

/**
 * The simulated browsers in threads of their own (decision 0080): each `worker_threads` thread
 * has its own event loop, so browsers busy parsing answers in one thread never delay the answers
 * another thread is waiting for, and neither delays the bench's main thread (the balancer, the
 * stock watcher). A thread loads a browsers module (one that exports `browse(job, progress)`),
 * says it is ready, starts on the main thread's word and gives back the module's result with its
 * own event-loop delay p99 (ms) over the run. The bench's process CPU (`process.cpuUsage`) counts its threads too.
 */

interface ThreadData {
  module: string;
  job: unknown;
}

type FromThread = { ready: true } | { progress: unknown } | { done: unknown; lagP99: number } | { failed: string };

export interface ThreadsOutcome<R> {
  results: R[];
  /** Each thread's event-loop delay p99 over its run, ms. */
  lagP99: number[];
}

export interface ThreadsOptions {
  /** Hears what a thread reports as it goes (on the main thread). */
  onProgress?: (progress: unknown) => void;
  /** Told the common start (ms since the epoch, as `performance.timeOrigin + performance.now()` reads it in every thread). */
  onStart?: (startAt: number) => void;
}

/** Now in ms since the epoch, with the same origin in every thread. */
export const clock = (): number => performance.timeOrigin + performance.now();

/**
 * Runs `module`'s `browse(job, progress, startAt)` once per job, each in a thread of its own, all
 * told the same start (a moment just after every thread has loaded).
 */
export async function runBrowserThreads<R>(module: URL, jobs: unknown[], { onProgress, onStart }: ThreadsOptions = {}): Promise<ThreadsOutcome<R>> {
  // Node 20's worker threads do not inherit tsx's loader (--import tsx), so each thread registers it before loading TypeScript.
  const tsx = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(import.meta.url)}); })`;
  const threads = jobs.map((job) => new Worker(boot, { eval: true, workerData: { module: module.href, job } satisfies ThreadData }));
  try {
    const states = threads.map((thread) => {
      let ready!: () => void;
      let readyFailed!: (error: Error) => void;
      const readied = new Promise<void>((resolve, reject) => ((ready = resolve), (readyFailed = reject)));
      const done = new Promise<{ result: R; lagP99: number }>((resolve, reject) => {
        const fail = (error: Error) => {
          readyFailed(error);
          reject(error);
        };
        thread.on('message', (message: FromThread) => {
          if ('ready' in message) ready();
          else if ('progress' in message) onProgress?.(message.progress);
          else if ('done' in message) resolve({ result: message.done as R, lagP99: message.lagP99 });
          else fail(new Error(`a browser thread failed: ${message.failed}`));
        });
        thread.on('error', fail);
        thread.on('exit', (code) => fail(new Error(`a browser thread exited with ${code} before its result`)));
      });
      // Whichever is not awaited must not be an unhandled rejection.
      readied.catch(() => undefined);
      done.catch(() => undefined);
      return { readied, done };
    });
    await Promise.all(states.map((state) => state.readied));
    // A moment ahead, so every thread has the word before the first arrival.
    const startAt = clock() + 50;
    onStart?.(startAt);
    for (const thread of threads) thread.postMessage({ startAt });
    const finished = await Promise.all(states.map((state) => state.done));
    return { results: finished.map((one) => one.result), lagP99: finished.map((one) => one.lagP99) };
  } finally {
    await Promise.all(threads.map((thread) => thread.terminate()));
  }
}

/** The event-loop delay p99 of the current thread over `run`, in ms with one decimal. */
export async function withLag<T>(run: () => Promise<T>): Promise<{ value: T; lagP99: number }> {
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  try {
    const value = await run();
    lag.disable();
    return { value, lagP99: Math.round(lag.percentile(99) / 1e5) / 10 };
  } finally {
    lag.disable();
  }
}

// In a browser thread: load the module, say ready, browse on the word, give the result back.
if (!isMainThread && parentPort) {
  const port = parentPort;
  const { module, job } = workerData as ThreadData;
  try {
    const loaded = (await import(module)) as { browse(job: unknown, progress: (value: unknown) => void, startAt: number): Promise<unknown> };
    port.once('message', ({ startAt }: { startAt: number }) => {
      withLag(() => loaded.browse(job, (progress) => port.postMessage({ progress }), startAt))
        .then(({ value, lagP99 }) => port.postMessage({ done: value, lagP99 }))
        .catch((error: unknown) => port.postMessage({ failed: error instanceof Error ? (error.stack ?? error.message) : String(error) }));
    });
    port.postMessage({ ready: true });
  } catch (error) {
    port.postMessage({ failed: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
}
