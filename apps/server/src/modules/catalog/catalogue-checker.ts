import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { english, staffCatalogueMessages as texts, type CatalogueProblem, type Locale, type Text } from '@festival/contract';
import { AppError } from '../../http/app-error';
import type { CatalogueFile } from './catalogue-file';

type Segment = string | number;

export type CheckJob = ({ kind: 'check' } | { kind: 'lines'; paths: Segment[][] }) & { text: string; file: string; locateAtMost: number; languages?: readonly Locale[] | undefined };
export type CheckAnswer = { kind: 'valid'; catalogue: CatalogueFile } | { kind: 'problems'; problems: CatalogueProblem[]; more: number } | { kind: 'lines'; lines: (number | null)[] };

export interface CheckerOptions {
  /** Checks at once, each on its own thread; more wait their turn. */
  threads?: number;
  /** Uploads waiting for a thread; one more is told the checker is busy. */
  waitingMax?: number;
  /** A check that runs longer is stopped and answered as a problem of the file. */
  timeLimitMs?: number;
  /** The heap a check's thread may use; a file that needs more is a problem of the file. */
  memoryMb?: number;
  /** A thread idle this long ends (the next upload starts one, about a second). */
  idleMs?: number;
  /** The shop's languages, the first its default: a translation in another is a problem of the file (decision 0094). */
  languages?: readonly Locale[];
}

/** Problems of an uploaded file the answer lists; the rest are counted (decision 0053). */
export const PROBLEMS_LISTED = 100;

const DEFAULTS = { threads: 2, waitingMax: 8, timeLimitMs: 60_000, memoryMb: 512, idleMs: 30_000 } satisfies Required<Omit<CheckerOptions, 'languages'>>;

/**
 * The thread runs this module's TypeScript: tsx loads it there as the server's own start does
 * (`node --import tsx`), since a thread does not inherit the main thread's loader on Node 20.
 */
const BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
import(workerData.tsx).then(({ tsImport }) => tsImport(workerData.entry, workerData.parent));
`;
const require = createRequire(import.meta.url);
/** tsx's module API as ESM (its CommonJS build cannot register the loader from a thread on Node 20). */
const TSX_API = (() => {
  const esm = require.resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs');
  return existsSync(esm) ? pathToFileURL(esm).href : 'tsx/esm/api';
})();
const ENTRY = new URL('./catalogue-check.worker.ts', import.meta.url).href;

export interface CatalogueChecker {
  /** The file's catalogue, or its first problems (at their lines) and how many more it has. */
  check(text: string, file: string): Promise<{ catalogue: CatalogueFile } | { problems: CatalogueProblem[]; more: number }>;
  /** The lines of fields of a valid file (problems the import found later); null where unknown. */
  linesOf(text: string, file: string, paths: Segment[][]): Promise<(number | null)[]>;
  /** Checks running now (tests). */
  running(): number;
  /** Ends every thread; uploads in flight or waiting are told the shop is stopping. */
  close(): Promise<void>;
}

interface Thread {
  worker: Worker;
  idle?: NodeJS.Timeout;
}

/**
 * Uploaded catalogue files are read and validated on worker threads (decision 0053), each check
 * with a time and a memory limit: the YAML reader and the schema cost seconds on a large broken
 * file, and that time must not be the shop's event loop's.
 */
export function createCatalogueChecker(options: CheckerOptions = {}): CatalogueChecker {
  const settings = { ...DEFAULTS, ...options };
  const idle: Thread[] = [];
  const busy = new Set<{ thread: Thread; stop: (error: AppError) => void }>();
  const waiting: { resolve: (thread: Thread) => void; reject: (error: AppError) => void }[] = [];
  let threads = 0;
  let closed = false;

  const start = (): Thread => {
    threads += 1;
    const worker = new Worker(BOOTSTRAP, {
      eval: true,
      execArgv: [],
      workerData: { tsx: TSX_API, entry: ENTRY, parent: import.meta.url },
      resourceLimits: { maxOldGenerationSizeMb: settings.memoryMb, maxYoungGenerationSizeMb: 64, stackSizeMb: 4 },
    });
    worker.unref();
    return { worker };
  };
  const ending = new Set<Promise<number>>();
  const end = (thread: Thread) => {
    clearTimeout(thread.idle);
    threads -= 1;
    const terminated = thread.worker.terminate();
    ending.add(terminated);
    void terminated.finally(() => ending.delete(terminated));
    const next = closed ? undefined : waiting.shift();
    if (next) next.resolve(start());
  };
  const acquire = async (): Promise<Thread> => {
    if (closed) throw new AppError('UNAVAILABLE', texts.checkerStopping);
    const ready = idle.pop();
    if (ready) {
      clearTimeout(ready.idle);
      return ready;
    }
    if (threads < settings.threads) return start();
    if (waiting.length >= settings.waitingMax) throw new AppError('TOO_MANY_REQUESTS', texts.checkerBusy);
    return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
  };
  const release = (thread: Thread) => {
    const next = waiting.shift();
    if (next) return next.resolve(thread);
    thread.idle = setTimeout(() => {
      idle.splice(idle.indexOf(thread), 1);
      end(thread);
    }, settings.idleMs);
    thread.idle.unref();
    idle.push(thread);
  };

  /** One job on one thread; a thread that failed, ran out of memory or time is ended, never reused. */
  const run = async (job: CheckJob): Promise<CheckAnswer | { kind: 'failed'; message: Text }> => {
    const thread = await acquire();
    return new Promise((resolve, reject) => {
      const entry = { thread, stop: (error: AppError) => finish(() => reject(error), false) };
      let settled = false;
      const finish = (then: () => void, healthy: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        thread.worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        busy.delete(entry);
        if (healthy && !closed) release(thread);
        else end(thread);
        then();
      };
      const onMessage = (answer: CheckAnswer) => finish(() => resolve(answer), true);
      const onError = (error: Error & { code?: string }) =>
        finish(() => resolve({ kind: 'failed', message: error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? texts.checkTooLarge(settings.memoryMb) : texts.checkFailed }), false);
      const onExit = () => finish(() => resolve({ kind: 'failed', message: texts.checkFailed }), false);
      const timer = setTimeout(() => finish(() => resolve({ kind: 'failed', message: texts.checkTooSlow(Math.ceil(settings.timeLimitMs / 1000)) }), false), settings.timeLimitMs);
      busy.add(entry);
      thread.worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      thread.worker.postMessage(job);
    });
  };

  return {
    async check(text, file) {
      const answer = await run({ kind: 'check', text, file, locateAtMost: PROBLEMS_LISTED, languages: options.languages });
      if (answer.kind === 'valid') return { catalogue: answer.catalogue };
      if (answer.kind === 'problems') return { problems: answer.problems, more: answer.more };
      // In English until the catalogue file's problems speak the reader's language (issue 36): the file's own problems are English.
      return { problems: [{ line: null, field: '', message: english(answer.kind === 'failed' ? answer.message : texts.checkFailed) }], more: 0 };
    },
    async linesOf(text, file, paths) {
      const answer = await run({ kind: 'lines', text, file, locateAtMost: PROBLEMS_LISTED, paths, languages: options.languages });
      return answer.kind === 'lines' ? answer.lines : paths.map(() => null);
    },
    running: () => busy.size,
    async close() {
      closed = true;
      const stopping = new AppError('UNAVAILABLE', texts.checkerStopping);
      for (const next of waiting.splice(0)) next.reject(stopping);
      for (const entry of [...busy]) entry.stop(stopping);
      for (const thread of idle.splice(0)) end(thread);
      await Promise.all([...ending]);
    },
  };
}
