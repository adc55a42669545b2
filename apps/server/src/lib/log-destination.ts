import { write } from 'node:fs';

/** How long to wait before writing again to an output that said "not now" (EAGAIN). */
const RETRY_MS = 20;

export interface LogDestination {
  /** pino writes each line here; it never blocks and never throws. */
  write(line: string): void;
  /** Waits until what was written has gone out, or `timeoutMs` passed, whichever is first. */
  flush(timeoutMs: number): Promise<void>;
  /** Lines dropped because the output fell behind by more than the bound, or failed. */
  readonly dropped: number;
}

/**
 * Where the server's log goes (stdout, usually a terminal, a pipe into `tee` or a log
 * collector): written asynchronously, one write at a time, off the main thread (fs.write runs
 * on libuv's pool), so whatever happens to the output, the server keeps answering and can stop
 * (issue 18, point 11):
 * - a reader that is gone (EPIPE, `tee` killed by the same Ctrl-C) or any other write error
 *   ends the log: later lines are dropped, nothing is retried, nothing throws;
 * - a reader that stops reading (a full pipe) holds at most one write on a pool thread; lines
 *   beyond `maxPendingBytes` are dropped instead of growing memory;
 * - nothing flushes synchronously at exit. pino's own destination (sonic-boom) registers an
 *   exit hook that calls flushSync(), which retries a failing write in a sleep loop on the
 *   main thread for ever: that is what made `npm start | tee shop.log` hang on Ctrl-C.
 */
export function createLogDestination(fd: number, maxPendingBytes = 4 * 1024 * 1024): LogDestination {
  let pending: string[] = [];
  let pendingBytes = 0;
  let writing = false;
  let broken = false;
  let dropped = 0;
  let idle: (() => void)[] = [];

  const settle = () => {
    if (writing || pending.length) return;
    const waiting = idle;
    idle = [];
    for (const resolve of waiting) resolve();
  };

  const writeOut = (chunk: Buffer, offset: number) => {
    write(fd, chunk, offset, chunk.length - offset, null, (error, written) => {
      if (error) {
        if (error.code === 'EAGAIN' && !broken) {
          setTimeout(() => writeOut(chunk, offset), RETRY_MS).unref();
          return;
        }
        // The reader is gone or the output failed: the log ends here.
        broken = true;
        dropped += pending.length;
        pending = [];
        pendingBytes = 0;
        writing = false;
        settle();
        return;
      }
      if (offset + written < chunk.length) {
        writeOut(chunk, offset + written);
        return;
      }
      writing = false;
      pump();
    });
  };

  function pump() {
    if (writing || broken || !pending.length) {
      settle();
      return;
    }
    writing = true;
    const chunk = Buffer.from(pending.join(''), 'utf8');
    pending = [];
    pendingBytes = 0;
    writeOut(chunk, 0);
  }

  return {
    write(line: string) {
      if (broken || pendingBytes + line.length > maxPendingBytes) {
        dropped += 1;
        return;
      }
      pending.push(line);
      pendingBytes += line.length;
      pump();
    },
    flush(timeoutMs: number) {
      if (!writing && !pending.length) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        timer.unref();
        idle.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
    get dropped() {
      return dropped;
    },
  };
}
