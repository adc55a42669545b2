import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

const ROOT = path.resolve(import.meta.dirname, '../../../..');

/** A fresh PostgreSQL database on the server of `adminUrl`, dropped by `drop`. */
export async function createDatabase(adminUrl: string, name: string): Promise<{ url: string; drop(): Promise<void> }> {
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Peak resident memory of the process so far (Linux VmHWM), in MB; null elsewhere. */
  peakMemoryMb(): number | null;
  /** CPU seconds the process has used so far (user and system, Linux /proc); null elsewhere. */
  cpuSeconds(): number | null;
  /** SIGTERM and wait for the exit. */
  stop(): Promise<void>;
  /** SIGKILL: no shutdown at all, as when a machine dies. */
  kill(): Promise<void>;
}

/**
 * The real server in a process of its own, in production mode, as an operator runs it: on the
 * given PostgreSQL database (or a fresh embedded one without), migrated and, when empty, loaded
 * with the demo catalogue at start.
 */
export async function startServerProcess(options: { port: number; databaseUrl?: string; env?: NodeJS.ProcessEnv; quiet?: boolean; nodeArgs?: string[] }): Promise<ServerProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(options.port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    APP_SECRET: 'load-test-secret-shared-by-every-instance-0123456789',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'shop-load-')),
    // The simulated buyers all come from this machine's one address: caps out of their reach, still counted on every add (decision 0025).
    HOLD_LIMIT_PER_CART: '1000',
    HOLD_LIMIT_PER_ADDRESS: '1000000',
    HOLD_LIMIT_PER_NETWORK: '1000000',
    // and the waiting room's limit on new places per network is off (in life they come from many networks).
    QUEUE_JOIN_LIMIT_PER_ADDRESS: '0',
    QUEUE_JOIN_LIMIT_PER_NETWORK: '0',
    // The benchmarks read the server's own time on each call (Server-Timing) beside what their clients see.
    SERVER_TIMING: '1',
    // One process per instance, as the benchmarks' figures and the fault tests' instances mean it
    // (a test of several workers sets SHOP_WORKERS itself; decision 0077).
    SHOP_WORKERS: '1',
    ...options.env,
  };
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', path.join(ROOT, 'apps/server/src/main.ts')], { cwd: ROOT, env, stdio: ['ignore', options.quiet ? 'ignore' : 'inherit', options.quiet ? 'ignore' : 'inherit'] });
  const url = `http://127.0.0.1:${options.port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitForHealth(url, child);
  return {
    url,
    child,
    peakMemoryMb() {
      try {
        const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1];
        return kb ? Math.round(Number(kb) / 1024) : null;
      } catch {
        return null;
      }
    },
    cpuSeconds() {
      return child.pid === undefined ? null : processCpuSeconds(child.pid);
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** CPU seconds (user and system) a process has used, from /proc/PID/stat; null where there is none. */
export function processCpuSeconds(pid: number): number | null {
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').at(-1)!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}
/** Linux's USER_HZ: /proc's times are in these ticks on every architecture Node.js runs on here. */
const CLOCK_TICKS = 100;

/** The machine's busy CPU seconds so far, all cores (/proc/stat: every state but idle and iowait); null elsewhere. */
export function machineBusySeconds(): number | null {
  try {
    const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
    // user nice system idle iowait irq softirq steal (guest time is already in user).
    const busy = ticks.slice(0, 8).reduce((sum, value, index) => (index === 3 || index === 4 ? sum : sum + value), 0);
    return busy / CLOCK_TICKS;
  } catch {
    return null;
  }
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not become healthy within 2 minutes');
}
