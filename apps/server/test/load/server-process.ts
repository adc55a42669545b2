import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
/**
 * Whose server the benches start: this checkout's, or another's given by BENCH_SERVER_ROOT (a
 * worktree of an earlier commit with its own node_modules, on the same schema), so one bench
 * compares two commits' servers in the same hour on the same machine.
 */
const SERVER_ROOT = process.env.BENCH_SERVER_ROOT ? path.resolve(process.env.BENCH_SERVER_ROOT) : ROOT;

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
  /**
   * Peak resident memory so far (Linux VmHWM), in MB, of the process and its node:cluster workers
   * (the sum of each one's peak); null elsewhere.
   */
  peakMemoryMb(): number | null;
  /**
   * CPU seconds (user and system, Linux /proc) the instance has used so far: its process, the
   * node:cluster workers it forked and any that exited; null elsewhere.
   */
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
export async function startServerProcess(options: { port: number; databaseUrl?: string; env?: NodeJS.ProcessEnv; quiet?: boolean; nodeArgs?: string[]; workers?: number }): Promise<ServerProcess> {
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
    // One process per instance, as the benchmarks' figures and the fault tests' instances mean it,
    // unless asked for more (the benches' worker ladder; a test of several workers; decisions 0077, 0080).
    SHOP_WORKERS: String(options.workers ?? 1),
    ...options.env,
  };
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', path.join(SERVER_ROOT, 'apps/server/src/main.ts')], { cwd: SERVER_ROOT, env, stdio: ['ignore', options.quiet ? 'ignore' : 'inherit', options.quiet ? 'ignore' : 'inherit'] });
  const url = `http://127.0.0.1:${options.port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitForHealth(url, child);
  return {
    url,
    child,
    peakMemoryMb() {
      if (child.pid === undefined) return null;
      let kb = 0;
      for (const pid of [child.pid, ...descendantPids(child.pid, readProcessTable())]) {
        try {
          kb += Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
        } catch {
          // gone between the listing and the read
        }
      }
      return kb ? Math.round(kb / 1024) : null;
    },
    cpuSeconds() {
      return child.pid === undefined ? null : processTreeCpuSeconds(child.pid);
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
/** One line of /proc/PID/stat: the process, its parent, and its CPU ticks (own, and of its children it has waited for). */
export interface ProcStat {
  pid: number;
  ppid: number;
  ownTicks: number;
  childrenTicks: number;
}

/** Parses /proc/PID/stat (the command, in parentheses, may hold spaces and parentheses itself); null when it is not one. */
export function parseProcStat(text: string): ProcStat | null {
  const close = text.lastIndexOf(')');
  if (close < 0) return null;
  const pid = Number(text.slice(0, text.indexOf('(')).trim());
  // After ") ": state ppid … utime (12th) stime (13th) cutime (14th) cstime (15th).
  const fields = text.slice(close + 2).trim().split(/\s+/);
  const [ppid, utime, stime, cutime, cstime] = [fields[1], fields[11], fields[12], fields[13], fields[14]].map(Number);
  if (![pid, ppid, utime, stime, cutime, cstime].every((value) => Number.isFinite(value))) return null;
  return { pid, ppid: ppid!, ownTicks: utime! + stime!, childrenTicks: cutime! + cstime! };
}

/** Every process's stat line as parsed now (Linux); empty elsewhere. Processes that end while it reads are skipped. */
export function readProcessTable(): ProcStat[] {
  let names: string[];
  try {
    names = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const table: ProcStat[] = [];
  for (const name of names) {
    try {
      const stat = parseProcStat(readFileSync(`/proc/${name}/stat`, 'utf8'));
      if (stat) table.push(stat);
    } catch {
      // ended meanwhile
    }
  }
  return table;
}

/** The pids below `root` in the process tree (children, their children …), from a process table. */
export function descendantPids(root: number, table: readonly ProcStat[]): number[] {
  const children = new Map<number, number[]>();
  for (const { pid, ppid } of table) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const found: number[] = [];
  const visit = [...(children.get(root) ?? [])];
  while (visit.length) {
    const pid = visit.pop()!;
    if (found.includes(pid)) continue;
    found.push(pid);
    visit.push(...(children.get(pid) ?? []));
  }
  return found;
}

/**
 * CPU seconds of a process tree, from a process table: the root's own and its waited-for children's
 * (a node:cluster worker that exited and was reaped), and each live descendant's own and reaped
 * children's. A live worker counts once: its ticks move to its parent's children's ticks only when
 * it has ended and been waited for, and then it is no longer in the table. Null without the root.
 */
export function treeCpuSeconds(root: number, table: readonly ProcStat[]): number | null {
  const byPid = new Map(table.map((stat) => [stat.pid, stat]));
  if (!byPid.has(root)) return null;
  const ticks = [root, ...descendantPids(root, table)].reduce((sum, pid) => {
    const stat = byPid.get(pid);
    return stat ? sum + stat.ownTicks + stat.childrenTicks : sum;
  }, 0);
  return ticks / CLOCK_TICKS;
}

/** CPU seconds of a process and all its descendants so far (a server's primary and its node:cluster workers); null where there is no /proc. */
export function processTreeCpuSeconds(pid: number): number | null {
  return treeCpuSeconds(pid, readProcessTable());
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
