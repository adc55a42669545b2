import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/smtp-sink';
import { timeLimit } from '../../test/time-limits';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
/** main.ts's SHUTDOWN_GRACE_MS: from the first stop signal to the end of the process. */
const GRACE_MS = 10_000;
/** The OS's share of ending a process (and the test's of noticing), on a busy machine. */
const SLACK_MS = 1_500;

/**
 * Signals the process and resolves with how it ended and how long after the first signal; a
 * process still running 10 s after the limit is killed (and reported as never ending), so a
 * hang fails the test instead of timing it out.
 */
async function stopWith(child: ChildProcess, signals: { signal: NodeJS.Signals; afterMs: number }[], limitMs: number) {
  const started = Date.now();
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null; afterMs: number }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal, afterMs: Date.now() - started }));
  });
  for (const { signal, afterMs } of signals) {
    setTimeout(() => child.exitCode === null && child.signalCode === null && child.kill(signal), afterMs);
  }
  const hung = setTimeout(() => child.kill('SIGKILL'), limitMs + 10_000);
  const exit = await ended;
  clearTimeout(hung);
  return { ...exit, afterMs: exit.signal === 'SIGKILL' && exit.afterMs >= limitMs + 10_000 ? Infinity : exit.afterMs };
}

/**
 * Stopping always stops (issue 18, point 11): the real server, its stdout and stderr piped as in
 * `npm start | tee shop.log`, ends within its grace period after Ctrl-C whatever happened to the
 * pipe: its reader gone (`tee` killed by the same Ctrl-C: every write fails with EPIPE) or a
 * reader that stopped reading (the pipe fills and writes would block). Before, the process
 * stopped listening and then hung for ever in pino's synchronous flush at exit; a second Ctrl-C
 * and SIGTERM did nothing.
 */
describe('stopping the server with its output piped', () => {
  // One data folder for every start: the demo catalogue is loaded once.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-stopping-'));
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The server with both outputs on pipes this test holds, once it says it is open. */
  async function startPiped(): Promise<{ child: ChildProcess; url: string }> {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/main.ts')], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', DATA_DIR: dataDir, APP_SECRET: 'stopping-test-secret-0123456789-0123456789' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the server did not open within 3 minutes:\n${output.slice(-2000)}`)), 180_000);
      const listen = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes(' is open')) {
          clearTimeout(timer);
          child.stdout!.off('data', listen);
          resolve();
        }
      };
      child.stdout!.on('data', listen);
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', (code) => reject(new Error(`the server exited with ${code}:\n${output.slice(-2000)}`)));
    });
    return { child, url: `http://127.0.0.1:${port}` };
  }

  /** Requests the server logs (two lines each at LOG_LEVEL=info), answered or not. */
  async function logLines(url: string, requests: number): Promise<void> {
    await Promise.all(Array.from({ length: requests }, () => fetch(`${url}/healthz`).then((answer) => answer.text(), () => '')));
  }

  it('exits within the grace period after Ctrl-C when the reader of its output has gone (EPIPE)', async () => {
    const { child } = await startPiped();
    // `tee` died with the same Ctrl-C: nobody holds the reading end any more, and the first
    // write to learn it is the server's own "shutting down" line.
    child.stdout!.destroy();
    child.stderr!.destroy();
    const exit = await stopWith(child, [{ signal: 'SIGINT', afterMs: 0 }], GRACE_MS);
    expect(exit.afterMs, JSON.stringify(exit)).toBeLessThan(GRACE_MS + SLACK_MS);
    expect(exit.code, JSON.stringify(exit)).toBe(0);
  }, timeLimit(300_000));

  it('exits within the grace period after Ctrl-C when nobody reads its output any more (a full pipe)', async () => {
    const { child, url } = await startPiped();
    child.stdout!.pause();
    child.stderr!.pause();
    // Far more than a pipe holds (64 KiB on Linux): every later write would block.
    await logLines(url, 600);
    const exit = await stopWith(child, [{ signal: 'SIGINT', afterMs: 0 }], GRACE_MS);
    expect(exit.afterMs, JSON.stringify(exit)).toBeLessThan(GRACE_MS + SLACK_MS);
    expect(exit.code, JSON.stringify(exit)).toBe(0);
  }, timeLimit(300_000));

  it('exits within the grace period on Ctrl-C then SIGTERM when nobody reads its output any more', async () => {
    const { child, url } = await startPiped();
    child.stdout!.pause();
    child.stderr!.pause();
    await logLines(url, 600);
    const exit = await stopWith(child, [{ signal: 'SIGINT', afterMs: 0 }, { signal: 'SIGTERM', afterMs: 200 }], GRACE_MS);
    expect(exit.afterMs, JSON.stringify(exit)).toBeLessThan(GRACE_MS + SLACK_MS);
    // The second signal ends it at once (exit code 1) unless the first shutdown was done already
    // (0). A SIGTERM that lands while the finished process is already tearing itself down (its
    // signal handlers gone) ends it by the signal itself: also the stop that was asked for, in
    // time. A process that ignored the signals would have been killed late, failing the check above.
    expect(exit.code === 0 || exit.code === 1 || (exit.code === null && exit.signal === 'SIGTERM'), JSON.stringify(exit)).toBe(true);
  }, timeLimit(300_000));

  it('is ended by the watchdog when its main thread blocks for good during shutdown', async () => {
    // The main thread sleeps for ever the way sonic-boom's flushSync did (Atomics.wait): no
    // timer, no signal handler of its own can run; the watchdog's thread still ends it.
    const script = `
      import { startExitWatchdog } from ${JSON.stringify(path.join(ROOT, 'apps/server/src/lib/exit-watchdog.ts'))};
      const watchdog = startExitWatchdog();
      process.on('SIGTERM', () => {});
      setTimeout(() => {
        watchdog.arm(1500);
        console.log('armed');
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
      }, 200);
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    await new Promise<void>((resolve) => child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('armed') && resolve()));
    const exit = await stopWith(child, [{ signal: 'SIGTERM', afterMs: 0 }], 1500);
    expect(exit.signal, JSON.stringify(exit)).toBe('SIGKILL');
    expect(exit.afterMs, JSON.stringify(exit)).toBeLessThan(1500 + SLACK_MS);
  }, timeLimit(60_000));
});
