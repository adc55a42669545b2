import { describe, expect, it } from 'vitest';
import { NEXT_CHECK_MAX_MS, nextCheckMs } from './waiting-room';

const opensAt = new Date('2026-06-01T10:00:00Z');
const after = new Date('2026-06-01T10:05:00Z');
const waitingAsk = (waitSeconds: number) => nextCheckMs('waiting', { opensAt }, after, waitSeconds);

describe('when a waiting page asks again', () => {
  it('asks at once for its turn or a proof, seldom once nothing will change', () => {
    expect(nextCheckMs('your-turn', { opensAt }, after, null)).toBe(0);
    expect(nextCheckMs('proof-needed', { opensAt }, after, null)).toBe(0);
    expect(nextCheckMs('sold-out', { opensAt }, after, null)).toBe(60_000);
    expect(nextCheckMs('closed', { opensAt }, after, null)).toBe(60_000);
  });

  it('before the opening: just after it, but at least every 15 s and at most every second', () => {
    expect(nextCheckMs('before-opening', { opensAt }, new Date(opensAt.getTime() - 5000), null)).toBe(6000);
    expect(nextCheckMs('before-opening', { opensAt }, new Date(opensAt.getTime() - 3_600_000), null)).toBe(15_000);
    expect(nextCheckMs('before-opening', { opensAt }, new Date(opensAt.getTime() + 500), null)).toBe(1000);
  });

  it('while waiting: half the wait, between 1 and 30 s, every second without an estimate', () => {
    expect(waitingAsk(0)).toBe(1000);
    expect(waitingAsk(1.5)).toBe(1000);
    expect(waitingAsk(10)).toBe(5000);
    expect(waitingAsk(59)).toBe(29_500);
    expect(waitingAsk(3600)).toBe(NEXT_CHECK_MAX_MS);
    expect(nextCheckMs('waiting', { opensAt }, after, null)).toBe(1000);
    for (let wait = 0; wait < 200; wait += 0.5) expect(waitingAsk(wait + 0.5)).toBeGreaterThanOrEqual(waitingAsk(wait));
  });

  it('notices a turn within about a second, with a handful of asks on the way', () => {
    for (const wait of [0.5, 3, 17, 60, 200, 1200]) {
      let elapsed = 0;
      let asks = 0;
      while (elapsed < wait) {
        elapsed += waitingAsk(wait - elapsed) / 1000;
        asks += 1;
      }
      expect(elapsed - wait, `a wait of ${wait} s`).toBeLessThanOrEqual(1);
      // 30 s apart while far back, then halving: the tail is about log2 of 30 plus the last seconds.
      expect(asks, `a wait of ${wait} s`).toBeLessThanOrEqual(Math.ceil(Math.max(0, wait - 60) / 30) + 8);
    }
  });

  it('keeps a long queue’s asks a second down: 20,000 pages at 50 admissions a second ask about 1,000 times a second', () => {
    const perSecond = 50;
    let asks = 0;
    for (let position = 1; position <= 20_000; position += 1) asks += 1000 / waitingAsk(position / perSecond);
    expect(asks).toBeLessThan(1100);
    expect(asks).toBeGreaterThan(800);
  });
});
