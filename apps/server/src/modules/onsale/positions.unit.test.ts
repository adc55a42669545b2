import { describe, expect, it } from 'vitest';
import { randomQueueKey } from './queue-order';
import { compareSpots, estimateStanding, estimateWaiting, type QueueSpot } from './positions';

const NONE: QueueSpot = { phase: -1, randomKey: 0n, placeId: 0 };
const open = (placeId: number): QueueSpot => ({ phase: 1, randomKey: 0n, placeId });

describe('a queue place’s estimated standing', () => {
  it('is exact after the opening while ids are consecutive, and falls by one per place admitted', () => {
    // 100 in the pre-queue, all admitted; then arrivals with ids 501… 
    const base = { prequeueCount: 100, firstOpenId: 501 };
    const place = open(540);
    let previous = Infinity;
    for (let admittedAfterOpening = 0; admittedAfterOpening < 40; admittedAfterOpening += 1) {
      const cursor = admittedAfterOpening === 0 ? { phase: 0, randomKey: 2n ** 63n - 1n, placeId: 77 } : open(500 + admittedAfterOpening);
      const standing = estimateStanding({ ...base, place, cursor, admittedCount: 100 + admittedAfterOpening });
      expect(standing).toEqual({ admitted: false, ahead: 39 - admittedAfterOpening, position: 140 });
      expect(standing.ahead!).toBeLessThan(previous);
      previous = standing.ahead!;
    }
    expect(estimateStanding({ ...base, place, cursor: open(540), admittedCount: 140 })).toEqual({ admitted: true, ahead: 0, position: null });
  });

  it('counts the whole pre-queue not yet admitted ahead of a place that came after the opening', () => {
    const cursor = { phase: 0, randomKey: 0n, placeId: 3 };
    expect(estimateStanding({ place: open(1010), cursor, admittedCount: 400, prequeueCount: 1000, firstOpenId: 1001 })).toMatchObject({ ahead: 600 + 9, position: 1010 });
    expect(estimateStanding({ place: open(1001), cursor: NONE, admittedCount: 0, prequeueCount: 1000, firstOpenId: 1001 })).toMatchObject({ ahead: 1000, position: 1001 });
  });

  it('estimates a pre-queue place from its key’s share of the key range, within a few per cent of its true rank', () => {
    const size = 20_000;
    const places = Array.from({ length: size }, (_, index) => ({ phase: 0, randomKey: randomQueueKey(), placeId: index + 1 }));
    const sorted = [...places].sort(compareSpots);
    const cursorRank = 5_000;
    const cursor = sorted[cursorRank - 1]!;
    let worst = 0;
    for (let rank = cursorRank + 1; rank <= size; rank += 97) {
      const standing = estimateStanding({ place: sorted[rank - 1]!, cursor, admittedCount: cursorRank, prequeueCount: size, firstOpenId: null });
      worst = Math.max(worst, Math.abs(standing.ahead! - (rank - cursorRank - 1)));
    }
    // Uniform keys: the error of a rank estimate is about sqrt(n); 3 % of 20,000 is 600.
    expect(worst).toBeLessThan(600);
  });

  it('shows no position before the opening’s count, and never a negative one', () => {
    expect(estimateStanding({ place: { phase: 0, randomKey: 5n, placeId: 9 }, cursor: NONE, admittedCount: 0, prequeueCount: null, firstOpenId: null })).toEqual({ admitted: false, ahead: null, position: null });
    // A place past the cursor whose id is below the first after-opening id (another on-sale's gap): nobody ahead, not fewer.
    expect(estimateStanding({ place: open(10), cursor: open(9), admittedCount: 5, prequeueCount: 0, firstOpenId: 8 })).toMatchObject({ ahead: 0, position: 6 });
  });

  it('counts who waits', () => {
    expect(estimateWaiting({ admittedCount: 0, prequeueCount: null, firstOpenId: null, lastOpenId: null })).toBe(0);
    expect(estimateWaiting({ admittedCount: 120, prequeueCount: 100, firstOpenId: 201, lastOpenId: 250 })).toBe(30);
    expect(estimateWaiting({ admittedCount: 200, prequeueCount: 100, firstOpenId: 201, lastOpenId: 250 })).toBe(0);
  });
});
