/**
 * The pure parts of the benches' scale ladder (issue 35 point 4, decision 0080): which worker
 * counts to run, how the simulated browsers' threads share the load, and how their samples and
 * the server's CPU are put together. No I/O here, so the unit tests can pin it.
 */

/**
 * The worker counts a bench runs, in order: `BENCH_WORKERS` when given ("1,2,4": whole numbers
 * from 1, duplicates dropped, ascending), else the ladder 1, 2, 4 … doubling while under the
 * machine's cores, always ending at the cores themselves (6 cores: 1, 2, 4, 6).
 */
export function workerLadder(setting: string | undefined, cores: number): number[] {
  if (setting !== undefined && setting.trim() !== '') return countList(setting, 'BENCH_WORKERS');
  const top = Math.max(1, Math.floor(cores));
  const ladder: number[] = [];
  for (let workers = 1; workers < top; workers *= 2) ladder.push(workers);
  ladder.push(top);
  return ladder;
}

/** Instance counts of `BENCH_INSTANCES` ("1,2"), or `fallback` when unset. */
export function instanceCounts(setting: string | undefined, fallback: number[]): number[] {
  return setting !== undefined && setting.trim() !== '' ? countList(setting, 'BENCH_INSTANCES') : [...fallback];
}

function countList(setting: string, name: string): number[] {
  const counts = setting.split(',').map((part) => part.trim());
  const bad = counts.filter((part) => !/^\d+$/.test(part) || Number(part) < 1 || Number(part) > 256);
  if (bad.length) throw new Error(`${name}="${setting}": expected whole numbers from 1 to 256 separated by commas, got ${bad.map((part) => `"${part}"`).join(', ')}`);
  return [...new Set(counts.map(Number))].sort((left, right) => left - right);
}

/**
 * The simulated browsers' threads: `BENCH_BROWSER_THREADS` when given, else a quarter of the cores
 * (at least 2, at most 8): each thread is an event loop of its own, so one busy loop never delays
 * the answers another is waiting for, and their lag is reported beside the figures to show it.
 */
export function browserThreads(setting: string | undefined, cores: number): number {
  if (setting !== undefined && setting.trim() !== '') {
    const threads = Number(setting);
    if (!Number.isInteger(threads) || threads < 1 || threads > 64) throw new Error(`BENCH_BROWSER_THREADS="${setting}": expected a whole number from 1 to 64`);
    return threads;
  }
  return Math.min(8, Math.max(2, Math.ceil(cores / 4)));
}

/** `total` split into `parts` whole shares as even as can be, the larger first (300 in 7: 43 ×6, 42). */
export function shares(total: number, parts: number): number[] {
  const base = Math.floor(total / parts);
  const extra = total % parts;
  return Array.from({ length: parts }, (_, index) => base + (index < extra ? 1 : 0));
}

/** The indexes 0 … count-1 dealt to `parts` threads in turn, so each thread's arrivals spread over the whole sale. */
export function dealt(count: number, parts: number): number[][] {
  const hands = Array.from({ length: parts }, () => [] as number[]);
  for (let index = 0; index < count; index += 1) hands[index % parts]!.push(index);
  return hands;
}

/**
 * The p-th percentile of every sample of several threads taken together (nearest rank, one
 * decimal, as flash-sale.ts's `percentile`): a percentile of the merged samples, never an average of
 * each thread's percentiles, which would hide the slow tail of one thread.
 */
export function mergedPercentile(samples: readonly (readonly number[])[], p: number): number {
  const all = samples.flat();
  if (!all.length) return 0;
  all.sort((left, right) => left - right);
  return Math.round(all[Math.min(all.length - 1, Math.max(0, Math.ceil((p / 100) * all.length) - 1))]! * 10) / 10;
}

/** Per-step latency lists of several threads merged into one list per step. */
export function mergeSteps<Step extends string>(steps: readonly Step[], parts: readonly Record<Step, number[]>[]): Record<Step, number[]> {
  return Object.fromEntries(steps.map((step) => [step, parts.flatMap((part) => part[step] ?? [])])) as Record<Step, number[]>;
}

/** The simulated browsers' event-loop lag: each thread's p99 (ms) and the worst of them, as one line. */
export function lagText(perThreadP99: readonly number[]): string {
  if (!perThreadP99.length) return 'no browser threads';
  const worst = Math.max(...perThreadP99);
  return `simulated browsers' event-loop delay p99 per thread ${perThreadP99.map((value) => `${value}`).join(', ')} ms, worst ${worst} ms`;
}

/**
 * CPU milliseconds per unit of work (a purchase, a waiting-page update), two decimals (an update
 * costs a fraction of a millisecond); null when nothing was done or the CPU is unknown.
 */
export function cpuMsPer(cpuSeconds: number | null, count: number): number | null {
  if (cpuSeconds === null || !Number.isFinite(cpuSeconds) || count <= 0) return null;
  return Math.round(((cpuSeconds * 1000) / count) * 100) / 100;
}

/** A step's label in figure names: the one-process instance keeps the name it always had. */
export function stepLabel(instances: number, workers: number): string {
  const where = instances === 1 ? 'one instance' : `${instances} instances`;
  return workers === 1 ? where : `${where}, ${workers} workers${instances === 1 ? '' : ' each'}`;
}

/** One step of the flash ladder: so many instances (behind the balancer when more than one) of so many workers each. */
export interface ScaleStep {
  instances: number;
  workers: number;
}

/**
 * The flash sale's steps: one instance at each worker count, then each instance count above one
 * with the smallest worker count each (1 by default: the two-instance run the bench always had).
 */
export function flashSteps(workers: readonly number[], instances: readonly number[]): ScaleStep[] {
  const smallest = Math.min(...workers);
  return [...(instances.includes(1) ? workers.map((count) => ({ instances: 1, workers: count })) : []), ...instances.filter((count) => count > 1).map((count) => ({ instances: count, workers: smallest }))];
}

/**
 * Each server process's pool (`DATABASE_POOL_SIZE`) so that every process's pool and its two back-
 * office connections fit PostgreSQL's `max_connections` with `reserve` left (pgbench's, the bench's
 * own, administrators'): the shop's default of 20 where it fits, never under 2.
 */
export function poolSize(maxConnections: number, processes: number, reserve = 30): number {
  return Math.max(2, Math.min(20, Math.floor((maxConnections - reserve) / processes) - 2));
}

/**
 * Flags for the servers' node under a bench, from BENCH_NODE_ARGS (such as `--cpu-prof
 * --cpu-prof-dir=/tmp/prof`, to see where the server's time goes: each worker writes its own profile).
 */
export function benchNodeArgs(setting: string | undefined): string[] {
  return setting?.split(' ').filter(Boolean) ?? [];
}
