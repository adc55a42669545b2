import { describe, expect, it } from 'vitest';
import { percentile } from '../apps/server/test/load/flash-sale';
import { descendantPids, parseProcStat, treeCpuSeconds, type ProcStat } from '../apps/server/test/load/server-process';
import { browserThreads, cpuMsPer, dealt, flashSteps, instanceCounts, lagText, mergedPercentile, mergeSteps, poolSize, shares, stepLabel, workerLadder } from './scale';

describe('the worker ladder', () => {
  it('doubles from 1 while under the cores and always ends at the cores', () => {
    expect(workerLadder(undefined, 1)).toEqual([1]);
    expect(workerLadder(undefined, 2)).toEqual([1, 2]);
    expect(workerLadder(undefined, 6)).toEqual([1, 2, 4, 6]);
    expect(workerLadder(undefined, 16)).toEqual([1, 2, 4, 8, 16]);
    expect(workerLadder('', 4)).toEqual([1, 2, 4]);
  });

  it('takes BENCH_WORKERS as given, sorted and without repeats, and refuses what is not a count', () => {
    expect(workerLadder('4, 1,2,4', 2)).toEqual([1, 2, 4]);
    expect(workerLadder('3', 16)).toEqual([3]);
    expect(() => workerLadder('1,two', 2)).toThrow('BENCH_WORKERS="1,two": expected whole numbers from 1 to 256 separated by commas, got "two"');
    expect(() => workerLadder('0', 2)).toThrow('got "0"');
    expect(() => workerLadder('1.5', 2)).toThrow('got "1.5"');
  });

  it('instances default to what the bench always ran, and BENCH_INSTANCES replaces it', () => {
    expect(instanceCounts(undefined, [1, 2])).toEqual([1, 2]);
    expect(instanceCounts('3,1', [1, 2])).toEqual([1, 3]);
  });

  it("the flash sale's steps: one instance at each worker count, then more instances at the smallest count", () => {
    expect(flashSteps([1, 2], [1, 2])).toEqual([
      { instances: 1, workers: 1 },
      { instances: 1, workers: 2 },
      { instances: 2, workers: 1 },
    ]);
    expect(flashSteps([4, 8], [2])).toEqual([{ instances: 2, workers: 4 }]);
    expect(stepLabel(1, 1)).toBe('one instance');
    expect(stepLabel(2, 1)).toBe('2 instances');
    expect(stepLabel(1, 4)).toBe('one instance, 4 workers');
    expect(stepLabel(2, 4)).toBe('2 instances, 4 workers each');
  });

  it("each process's pool fits max_connections, the default 20 where it fits", () => {
    expect(poolSize(100, 1)).toBe(20);
    expect(poolSize(100, 2)).toBe(20);
    expect(poolSize(100, 4)).toBe(15);
    // 16 workers on max_connections 100: 70 / 16 = 4, less the back office's 2.
    expect(poolSize(100, 16)).toBe(2);
    expect(poolSize(400, 16)).toBe(20);
    // Above the smallest pool, every process's connections fit what is left after the reserve.
    for (const processes of [1, 3, 5, 8, 13, 16, 32]) {
      const pool = poolSize(200, processes);
      if (pool > 2) expect(processes * (pool + 2)).toBeLessThanOrEqual(200 - 30);
    }
  });
});

describe('the browser threads', () => {
  it('are a quarter of the cores, 2 to 8, unless BENCH_BROWSER_THREADS says', () => {
    expect(browserThreads(undefined, 2)).toBe(2);
    expect(browserThreads(undefined, 16)).toBe(4);
    expect(browserThreads(undefined, 64)).toBe(8);
    expect(browserThreads('3', 2)).toBe(3);
    expect(() => browserThreads('0', 2)).toThrow('BENCH_BROWSER_THREADS="0"');
  });

  it('share the connections evenly and are dealt the visitors in turn', () => {
    expect(shares(300, 2)).toEqual([150, 150]);
    expect(shares(300, 7)).toEqual([43, 43, 43, 43, 43, 43, 42]);
    expect(shares(300, 7).reduce((sum, share) => sum + share, 0)).toBe(300);
    expect(dealt(7, 3)).toEqual([
      [0, 3, 6],
      [1, 4],
      [2, 5],
    ]);
  });

  it("merge their samples before taking a percentile, so one slow thread's tail shows", () => {
    const fast = Array.from({ length: 99 }, () => 10);
    const slow = [500, 600];
    // Each thread's own p99 averaged would say about 300; the merged samples' p99 is one of the slow ones.
    expect(mergedPercentile([fast, slow], 99)).toBe(500);
    expect(mergedPercentile([fast, slow], 50)).toBe(10);
    expect(mergedPercentile([], 99)).toBe(0);
    // The same nearest rank as the single-process percentile of the flash sale.
    const a = [3.14, 9, 1, 27.55, 4];
    const b = [8, 2.5, 60.04];
    for (const p of [1, 50, 90, 99, 100]) expect(mergedPercentile([a, b], p)).toBe(percentile([...a, ...b], p));
    expect(mergeSteps(['add', 'pay'] as const, [{ add: [1, 2], pay: [] }, { add: [3], pay: [4] }])).toEqual({ add: [1, 2, 3], pay: [4] });
  });

  it('report each thread’s event-loop delay and the worst', () => {
    expect(lagText([12.5, 80.1, 20])).toBe("simulated browsers' event-loop delay p99 per thread 12.5, 80.1, 20 ms, worst 80.1 ms");
  });
});

describe("the server's CPU", () => {
  const stat = (pid: number, command: string, ppid: number, utime: number, stime: number, cutime = 0, cstime = 0) =>
    `${pid} (${command}) S ${ppid} ${pid} ${pid} 0 -1 4194560 100 0 0 0 ${utime} ${stime} ${cutime} ${cstime} 20 0 11 0 1000 100000000 5000 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0`;

  it('is read from /proc/PID/stat, whatever the command name holds', () => {
    expect(parseProcStat(stat(4242, 'node', 1, 150, 50, 7, 3))).toEqual({ pid: 4242, ppid: 1, ownTicks: 200, childrenTicks: 10 });
    expect(parseProcStat(stat(77, 'node (worker) 2', 4242, 1, 2))).toEqual({ pid: 77, ppid: 4242, ownTicks: 3, childrenTicks: 0 });
    expect(parseProcStat('garbage')).toBeNull();
  });

  it('sums the primary, its node:cluster workers and the workers that exited (reaped into the primary), and nothing else', () => {
    const table: ProcStat[] = [
      { pid: 1, ppid: 0, ownTicks: 99_999, childrenTicks: 0 },
      // The bench, its server's primary (a reaped worker's 40 ticks in its children's), two workers, one of whose child.
      { pid: 10, ppid: 1, ownTicks: 5_000, childrenTicks: 0 },
      { pid: 20, ppid: 10, ownTicks: 100, childrenTicks: 40 },
      { pid: 21, ppid: 20, ownTicks: 1_000, childrenTicks: 0 },
      { pid: 22, ppid: 20, ownTicks: 2_000, childrenTicks: 0 },
      { pid: 23, ppid: 22, ownTicks: 60, childrenTicks: 0 },
      // Another server beside it: not counted.
      { pid: 30, ppid: 10, ownTicks: 7_000, childrenTicks: 0 },
    ];
    expect(descendantPids(20, table).sort()).toEqual([21, 22, 23]);
    expect(treeCpuSeconds(20, table)).toBe((100 + 40 + 1_000 + 2_000 + 60) / 100);
    expect(treeCpuSeconds(99, table)).toBeNull();
  });

  it('per purchase and per waiting-page update is milliseconds of CPU over the count, two decimals', () => {
    expect(cpuMsPer(7.3, 150)).toBe(48.67);
    expect(cpuMsPer(0.25, 12_000)).toBe(0.02);
    expect(cpuMsPer(1.5, 12_000)).toBe(0.13);
    expect(cpuMsPer(12, 1000)).toBe(12);
    expect(cpuMsPer(null, 10)).toBeNull();
    expect(cpuMsPer(3, 0)).toBeNull();
  });
});
