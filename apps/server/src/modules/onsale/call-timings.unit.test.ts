import { describe, expect, it } from 'vitest';
import { bucketOf, CALL_TIMING_BOUNDS_MS, CALL_TIMING_BUCKETS, createCallRecorder, mergeHistograms, quantileOf } from './call-timings';

const histogramOf = (timings: number[]) => {
  const recorder = createCallRecorder();
  for (const ms of timings) recorder.record([7], ms);
  return recorder.take()[0]!.histogram;
};

describe('the admitted buyers’ call timings (issue 35 point 2)', () => {
  it('puts each call in the bucket of the first bound at or above it', () => {
    expect(bucketOf(0.3)).toBe(0);
    expect(bucketOf(1)).toBe(0);
    expect(bucketOf(1.01)).toBe(1);
    expect(bucketOf(150)).toBe(CALL_TIMING_BOUNDS_MS.indexOf(150));
    expect(bucketOf(151)).toBe(CALL_TIMING_BOUNDS_MS.indexOf(175));
    expect(bucketOf(60_000)).toBe(CALL_TIMING_BUCKETS - 1);
    expect(bucketOf(Number.NaN)).toBe(0);
    // Every bound is its own bucket's top, in order.
    CALL_TIMING_BOUNDS_MS.forEach((bound, index) => expect(bucketOf(bound)).toBe(index));
    expect([...CALL_TIMING_BOUNDS_MS].sort((a, b) => a - b)).toEqual(CALL_TIMING_BOUNDS_MS);
  });

  it('reads a p99 within about a bucket of the exact one', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31), seed / 2 ** 31);
    for (const scale of [5, 40, 120, 900]) {
      const timings = Array.from({ length: 5_000 }, () => scale * (0.5 + random()) * (random() < 0.02 ? 4 : 1));
      const exact = [...timings].sort((a, b) => a - b)[Math.ceil(0.99 * timings.length) - 1]!;
      const read = quantileOf(histogramOf(timings), 0.99)!;
      expect(Math.abs(read - exact) / exact).toBeLessThan(0.16);
    }
    expect(quantileOf({ calls: 0, buckets: new Array(CALL_TIMING_BUCKETS).fill(0) }, 0.99)).toBeNull();
    // Slower than every bound: at least the last bound.
    expect(quantileOf(histogramOf([40_000, 50_000]), 0.99)).toBe(30_000);
  });

  it('merges the rows of instances and seconds, skipping a row of another bucket list, and starts afresh once taken', () => {
    const merged = mergeHistograms([histogramOf([10, 10, 300]), histogramOf([300]), { calls: 3, buckets: [1, 1, 1] }]);
    expect(merged.calls).toBe(4);
    expect(merged.buckets[bucketOf(300)]).toBe(2);
    expect(quantileOf(merged, 0.5)).toBeLessThanOrEqual(10);
    const recorder = createCallRecorder();
    recorder.record([1, 2], 50);
    expect(recorder.take().map(({ onsaleId, histogram }) => [onsaleId, histogram.calls])).toEqual([
      [1, 1],
      [2, 1],
    ]);
    expect(recorder.take()).toEqual([]);
  });
});
