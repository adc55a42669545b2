/**
 * The servers' own timings of admitted buyers' stock calls (issue 35 point 2, decision 0079), which
 * the self-steering admission rate follows. Each instance (each worker) counts its calls in a
 * histogram per on-sale, in memory (one array increment a call), and adds it as one row a second
 * to `onsale_call_timings`; the admission step of whichever instance steps next merges the rows of
 * its window and reads their p99. So every instance steers by every instance's calls, and the
 * database sees one small insert a second per worker instead of one per call.
 */

/**
 * The buckets' upper bounds in ms: about 15 % apart, finer where targets are set (tens to hundreds
 * of ms). A call slower than the last bound falls in one more bucket after it.
 */
export const CALL_TIMING_BOUNDS_MS: readonly number[] = [
  1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 16, 18, 20, 23, 26, 30, 35, 40, 45, 50, 60, 70, 80, 90, 100, 115, 130, 150, 175, 200, 230, 260, 300, 350, 400,
  450, 500, 600, 700, 800, 900, 1_000, 1_150, 1_300, 1_500, 1_750, 2_000, 2_300, 2_600, 3_000, 3_500, 4_000, 5_000, 6_000, 7_000, 8_000, 10_000, 15_000,
  20_000, 30_000,
];
/** The number of buckets a histogram has: one per bound, and one for slower calls. */
export const CALL_TIMING_BUCKETS = CALL_TIMING_BOUNDS_MS.length + 1;

/** The bucket a call of `ms` falls in (binary search: the first bound at or above it). */
export function bucketOf(ms: number): number {
  if (!(ms > 0)) return 0;
  let low = 0;
  let high = CALL_TIMING_BOUNDS_MS.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (CALL_TIMING_BOUNDS_MS[middle]! >= ms) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** Calls counted per bucket, with their number. */
export interface CallHistogram {
  calls: number;
  buckets: number[];
}

/** Several histograms (rows of instances, seconds) as one; a row of another length (an older bucket list) counts only its calls' number. */
export function mergeHistograms(histograms: Iterable<CallHistogram>): CallHistogram {
  const buckets = new Array<number>(CALL_TIMING_BUCKETS).fill(0);
  let calls = 0;
  for (const histogram of histograms) {
    if (histogram.buckets.length !== CALL_TIMING_BUCKETS) continue;
    let counted = 0;
    histogram.buckets.forEach((count, index) => {
      const n = Number.isSafeInteger(count) && count > 0 ? count : 0;
      buckets[index]! += n;
      counted += n;
    });
    calls += counted;
  }
  return { calls, buckets };
}

/**
 * The quantile `q` (0.99 for the p99) of a histogram in ms, interpolated within its bucket; null
 * without calls. A quantile in the last bucket (slower than every bound) reads as its lower bound:
 * it is at least that.
 */
export function quantileOf(histogram: CallHistogram, q: number): number | null {
  if (histogram.calls <= 0) return null;
  const rank = Math.max(1, Math.ceil(q * histogram.calls));
  let seen = 0;
  for (let index = 0; index < histogram.buckets.length; index += 1) {
    const count = histogram.buckets[index]!;
    if (count === 0) continue;
    if (seen + count >= rank) {
      const lower = index === 0 ? 0 : CALL_TIMING_BOUNDS_MS[index - 1]!;
      const upper = CALL_TIMING_BOUNDS_MS[index];
      if (upper === undefined) return lower;
      return lower + ((upper - lower) * (rank - seen)) / count;
    }
    seen += count;
  }
  return CALL_TIMING_BOUNDS_MS.at(-1)!;
}

/**
 * One instance's counts since they were last taken: `record` on every admitted stock call's
 * answer, `take` once a second by the admission loop, which writes them.
 */
export function createCallRecorder() {
  let byOnsale = new Map<number, { calls: number; buckets: number[] }>();
  return {
    record(onsaleIds: readonly number[], ms: number): void {
      const bucket = bucketOf(ms);
      for (const id of onsaleIds) {
        let histogram = byOnsale.get(id);
        if (!histogram) byOnsale.set(id, (histogram = { calls: 0, buckets: new Array<number>(CALL_TIMING_BUCKETS).fill(0) }));
        histogram.calls += 1;
        histogram.buckets[bucket]! += 1;
      }
    },
    /** The counts so far, by on-sale, and a fresh start. */
    take(): { onsaleId: number; histogram: CallHistogram }[] {
      const taken = [...byOnsale].map(([onsaleId, histogram]) => ({ onsaleId, histogram }));
      byOnsale = new Map();
      return taken;
    },
  };
}
export type CallRecorder = ReturnType<typeof createCallRecorder>;
