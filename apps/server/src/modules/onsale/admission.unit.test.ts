import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { admitNow, CREDIT_PER_SHOPPER, estimateWait, RATE_CREDIT_MAX_MS, type AdmissionControl, type AdmissionInput, type AdmissionStep } from './admission';

const openedAt = new Date('2027-03-01T10:00:00Z');
const at = (ms: number) => new Date(openedAt.getTime() + ms);
const rate = (perMinute: number): AdmissionControl => ({ mode: 'rate', per_minute: perMinute });
const cap = (active: number): AdmissionControl => ({ mode: 'cap', active });
const ramped = (active: number, perMinute: number): AdmissionControl => ({ mode: 'cap', active, per_minute: perMinute });
const start = (control: AdmissionControl, changes: Partial<AdmissionInput> = {}): AdmissionInput => ({
  control,
  now: at(1000),
  openedAt,
  admittedThrough: 0,
  lastStepAt: null,
  carry: 0,
  activeShoppers: 0,
  waiting: 1_000_000,
  ...changes,
});
/** The next step's input: the stored state of the last step, at a later instant. */
const next = (input: AdmissionInput, step: AdmissionStep, now: Date, changes: Partial<AdmissionInput> = {}): AdmissionInput => ({
  ...input,
  admittedThrough: step.admittedThrough,
  lastStepAt: step.lastStepAt,
  carry: step.carry,
  now,
  waiting: Math.max(0, input.waiting - step.admit),
  ...changes,
});

describe('admission in rate mode', () => {
  it('admits nobody before the opening, and leaves the state as it was', () => {
    for (const control of [rate(600), cap(100)]) {
      const input = start(control, { now: at(-1), admittedThrough: 0 });
      expect(admitNow(input)).toEqual({ admit: 0, admittedThrough: 0, lastStepAt: null, carry: 0 });
      expect(admitNow({ ...input, now: at(-3_600_000) }).admit).toBe(0);
    }
    // Waiting since an hour before the opening earns no credit: the first step after it counts from the opening.
    expect(admitNow(start(rate(60), { now: at(0) })).admit).toBe(0);
    expect(admitNow(start(rate(60), { now: at(999) })).admit).toBe(0);
    expect(admitNow(start(rate(60), { now: at(1000) })).admit).toBe(1);
  });

  it('admits N a minute, smoothly, carrying fractions: 1,000 steps add up exactly', () => {
    // 7 a minute, a step every second: 7/60 of a shopper a step, never a whole one.
    let input = start(rate(7), { now: at(1000) });
    let admitted = 0;
    const perStep: number[] = [];
    for (let step = 1; step <= 1000; step += 1) {
      const result = admitNow(input);
      admitted += result.admit;
      perStep.push(result.admit);
      expect(result.admittedThrough).toBe(admitted);
      input = next(input, result, at((step + 1) * 1000));
    }
    // 1,000 seconds at 7 a minute: floor(7 × 1000 / 60) = 116, and never more than one in a step.
    expect(admitted).toBe(Math.floor((7 * 1000) / 60));
    expect(Math.max(...perStep)).toBe(1);
  });

  it('adds up exactly for any rate and any steps up to a minute apart', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.array(fc.integer({ min: 0, max: RATE_CREDIT_MAX_MS }), { minLength: 1, maxLength: 1000 }), (perMinute, gaps) => {
        let input = start(rate(perMinute), { now: at(gaps[0]!) });
        let elapsed = gaps[0]!;
        let admitted = 0;
        for (let index = 1; index <= gaps.length; index += 1) {
          const result = admitNow(input);
          expect(result.admit).toBeGreaterThanOrEqual(0);
          admitted += result.admit;
          expect(admitted).toBe(Math.floor((perMinute * elapsed) / CREDIT_PER_SHOPPER));
          elapsed += gaps[index] ?? 0;
          input = next(input, result, at(elapsed));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('never admits more than are waiting, and banks nothing while nobody waits', () => {
    const first = admitNow(start(rate(600), { now: at(10_000), waiting: 3 }));
    expect(first).toMatchObject({ admit: 3, admittedThrough: 3, carry: 0 });
    // Ten quiet seconds later, with 500 waiting: ten seconds' worth, not twenty.
    const quiet = admitNow(start(rate(600), { now: at(20_000), lastStepAt: at(10_000), admittedThrough: 3, waiting: 0 }));
    expect(quiet).toMatchObject({ admit: 0, admittedThrough: 3, carry: 0, lastStepAt: at(20_000) });
    const busy = admitNow(start(rate(600), { now: at(30_000), lastStepAt: quiet.lastStepAt, admittedThrough: 3, waiting: 500 }));
    expect(busy.admit).toBe(100);
    expect(admitNow(start(rate(600), { waiting: 0 })).admit).toBe(0);
    expect(admitNow(start(rate(600), { waiting: -5 })).admit).toBe(0);
    expect(admitNow(start(rate(600), { waiting: Number.NaN })).admit).toBe(0);
  });

  it('credits at most a minute after a gap, so the room resumes at its rate instead of surging', () => {
    const afterOutage = admitNow(start(rate(120), { now: at(10 * 60_000), lastStepAt: at(1000), admittedThrough: 2 }));
    expect(afterOutage.admit).toBe(120);
    expect(afterOutage.lastStepAt).toEqual(at(10 * 60_000));
  });

  it('admits nothing for time the clock went back over, and does not credit it twice', () => {
    const ahead = admitNow(start(rate(60), { now: at(10_000) }));
    expect(ahead.admit).toBe(10);
    // Another instance's clock is five seconds behind: it admits nobody and keeps the later time.
    const behind = admitNow(next(start(rate(60)), ahead, at(5_000)));
    expect(behind).toEqual({ admit: 0, admittedThrough: 10, lastStepAt: at(10_000), carry: 0 });
    // When time passes the last step again, only the time after it counts.
    expect(admitNow(next(start(rate(60)), behind, at(12_000))).admit).toBe(2);
    // A clock gone back to before the opening admits nobody and changes nothing.
    expect(admitNow(next(start(rate(60)), ahead, at(-1)))).toEqual({ admit: 0, admittedThrough: 10, lastStepAt: at(10_000), carry: 0 });
  });

  it('a paused room (rate 0) admits nobody and estimates nothing', () => {
    expect(admitNow(start(rate(0), { now: at(60_000) })).admit).toBe(0);
    expect(estimateWait({ position: 5, admittedThrough: 0, control: rate(0), recentRatePerMinute: 100 })).toBeNull();
  });
});

describe('admission in cap mode', () => {
  it('admits up to the cap minus the active shoppers, never more than wait, never negative', () => {
    expect(admitNow(start(cap(500), { activeShoppers: 0, waiting: 20_000 }))).toMatchObject({ admit: 500, admittedThrough: 500, carry: 0 });
    expect(admitNow(start(cap(500), { activeShoppers: 480, waiting: 20_000, admittedThrough: 900 }))).toMatchObject({ admit: 20, admittedThrough: 920 });
    expect(admitNow(start(cap(500), { activeShoppers: 480, waiting: 7 })).admit).toBe(7);
    // Cap reached, or passed (the cap was lowered while shoppers were active).
    expect(admitNow(start(cap(500), { activeShoppers: 500 })).admit).toBe(0);
    expect(admitNow(start(cap(500), { activeShoppers: 800 })).admit).toBe(0);
    expect(admitNow(start(cap(500), { waiting: 0 })).admit).toBe(0);
    expect(admitNow(start(cap(0))).admit).toBe(0);
  });

  it('does not depend on the clock once open, and keeps the latest step time', () => {
    const result = admitNow(start(cap(10), { now: at(5_000), lastStepAt: at(9_000), activeShoppers: 4 }));
    expect(result).toEqual({ admit: 6, admittedThrough: 6, lastStepAt: at(9_000), carry: 0 });
  });
});

describe('admission in cap mode with a ramp (a maximum rate)', () => {
  it('admits at the ramp, not the whole cap, at the opening: a cap of 10 at 60 a minute lets in one a second', () => {
    let input = start(ramped(10, 60), { now: at(1000) });
    let active = 0;
    const perStep: number[] = [];
    for (let second = 1; second <= 15; second += 1) {
      const result = admitNow({ ...input, activeShoppers: active });
      perStep.push(result.admit);
      active += result.admit;
      input = next(input, result, at((second + 1) * 1000));
    }
    // Nobody leaves: one a second until the cap's ten are in, then nobody.
    expect(perStep).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0]);
    // The cap alone lets all ten in at the first step.
    expect(admitNow(start(cap(10), { now: at(1000) })).admit).toBe(10);
  });

  it('never admits more than floor(rate × minutes) in all, nor leaves more than the cap active, whoever leaves when', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.array(fc.record({ gap: fc.integer({ min: 0, max: RATE_CREDIT_MAX_MS }), leaving: fc.double({ min: 0, max: 1, noNaN: true }), waiting: fc.integer({ min: 0, max: 20_000 }) }), { minLength: 1, maxLength: 300 }),
        (maxActive, perMinute, steps) => {
          let input = start(ramped(maxActive, perMinute), { now: at(steps[0]!.gap) });
          let elapsed = steps[0]!.gap;
          let admitted = 0;
          let active = 0;
          for (let index = 0; index < steps.length; index += 1) {
            const { leaving, waiting } = steps[index]!;
            active -= Math.floor(active * leaving);
            const result = admitNow({ ...input, activeShoppers: active, waiting });
            expect(result.admit).toBeGreaterThanOrEqual(0);
            expect(result.admit).toBeLessThanOrEqual(waiting);
            expect(result.carry).toBeGreaterThanOrEqual(0);
            expect(result.carry).toBeLessThan(CREDIT_PER_SHOPPER);
            admitted += result.admit;
            active += result.admit;
            expect(admitted).toBeLessThanOrEqual(Math.floor((perMinute * elapsed) / CREDIT_PER_SHOPPER));
            expect(active).toBeLessThanOrEqual(maxActive);
            expect(result.admittedThrough).toBe(admitted);
            elapsed += steps[index + 1]?.gap ?? 0;
            input = next(input, result, at(elapsed));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('banks no credit while the cap binds: when shoppers leave, the room resumes at its rate, not with a burst', () => {
    // 1 a second; the cap of 100 is full for five minutes of steps, every second.
    let input = start(ramped(100, 60), { now: at(1000) });
    for (let second = 1; second <= 300; second += 1) {
      const result = admitNow({ ...input, activeShoppers: 100 });
      expect(result.admit).toBe(0);
      expect(result.carry).toBeLessThan(CREDIT_PER_SHOPPER);
      input = next(input, result, at((second + 1) * 1000));
    }
    // Everyone leaves at once: one comes in a second, as at the opening, not 300 (or 100) at once.
    let active = 0;
    const perStep: number[] = [];
    for (let second = 301; second <= 305; second += 1) {
      const result = admitNow({ ...input, activeShoppers: active });
      perStep.push(result.admit);
      active += result.admit;
      input = next(input, result, at((second + 1) * 1000));
    }
    expect(perStep).toEqual([1, 1, 1, 1, 1]);
    // 7 a minute with the cap binding: the fraction is kept (below a shopper), whole shoppers are not.
    const bound = admitNow(start(ramped(3, 7), { now: at(60_000), activeShoppers: 2 }));
    expect(bound).toMatchObject({ admit: 1, carry: 0 });
    // 30 s at 7 a minute earn 3.5 shoppers; the cap has room for 1: half a shopper is carried, not 2.5.
    const fraction = admitNow(start(ramped(3, 7), { now: at(30_000), activeShoppers: 2 }));
    expect(fraction).toMatchObject({ admit: 1, carry: CREDIT_PER_SHOPPER / 2 });
    // Nobody left waiting: the room keeps up and keeps nothing.
    expect(admitNow(start(ramped(100, 7), { now: at(60_000), waiting: 2 }))).toMatchObject({ admit: 2, carry: 0 });
  });

  it('never reaches the cap faster than the ramp lets it: at every step no more in than the rate alone would let in', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2_000 }), fc.integer({ min: 1, max: 10_000 }), fc.array(fc.integer({ min: 0, max: 5_000 }), { minLength: 1, maxLength: 300 }), (maxActive, perMinute, gaps) => {
        let capped = start(ramped(maxActive, perMinute), { now: at(gaps[0]!) });
        let alone = start(rate(perMinute), { now: at(gaps[0]!) });
        let elapsed = gaps[0]!;
        for (let index = 1; index <= gaps.length; index += 1) {
          const withCap = admitNow({ ...capped, activeShoppers: capped.admittedThrough });
          const withoutCap = admitNow(alone);
          expect(withCap.admittedThrough).toBeLessThanOrEqual(withoutCap.admittedThrough);
          // While the cap does not bind, the two go in step.
          if (withoutCap.admittedThrough <= maxActive) expect(withCap.admittedThrough).toBe(withoutCap.admittedThrough);
          elapsed += gaps[index] ?? 0;
          capped = next(capped, withCap, at(elapsed));
          alone = next(alone, withoutCap, at(elapsed));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('admits nothing for time the clock went back over, like the rate alone', () => {
    const ahead = admitNow(start(ramped(100, 60), { now: at(10_000) }));
    expect(ahead.admit).toBe(10);
    expect(admitNow(next(start(ramped(100, 60)), ahead, at(5_000)))).toEqual({ admit: 0, admittedThrough: 10, lastStepAt: at(10_000), carry: 0 });
  });
});

describe('admission inputs no on-sale can have', () => {
  it('throws on a control or stored state that is a bug, not a visitor', () => {
    const bad: Partial<AdmissionInput>[] = [
      { control: rate(-1) },
      { control: rate(1.5) },
      { control: rate(Number.NaN) },
      { control: cap(Infinity) },
      { control: ramped(10, -1) },
      { control: ramped(10, 2.5) },
      { control: ramped(10, Infinity) },
      { control: { mode: 'other' } as never },
      { admittedThrough: -1 },
      { admittedThrough: 0.5 },
      { carry: CREDIT_PER_SHOPPER },
      { carry: -1 },
      { now: new Date(Number.NaN) },
      { lastStepAt: new Date(Number.NaN) },
    ];
    for (const changes of bad) expect(() => admitNow(start(rate(60), changes)), JSON.stringify(changes)).toThrow(RangeError);
  });
});

describe('the wait estimate', () => {
  it('in rate mode: the places ahead at the configured rate, rounded up to seconds', () => {
    expect(estimateWait({ position: 1201, admittedThrough: 1000, control: rate(100), recentRatePerMinute: null })).toBe(121);
    expect(estimateWait({ position: 1001, admittedThrough: 1000, control: rate(7), recentRatePerMinute: 3 })).toBe(9);
    expect(estimateWait({ position: 21_000, admittedThrough: 0, control: rate(600), recentRatePerMinute: null })).toBe(2100);
  });

  it('in cap mode: the places ahead at the rate recently observed, or null while none is', () => {
    expect(estimateWait({ position: 600, admittedThrough: 500, control: cap(500), recentRatePerMinute: 50 })).toBe(120);
    expect(estimateWait({ position: 600, admittedThrough: 500, control: cap(500), recentRatePerMinute: null })).toBeNull();
    expect(estimateWait({ position: 600, admittedThrough: 500, control: cap(500), recentRatePerMinute: 0 })).toBeNull();
    expect(estimateWait({ position: 600, admittedThrough: 500, control: cap(500), recentRatePerMinute: Number.NaN })).toBeNull();
  });

  it('with a ramp: the rate observed (never above the ramp), or the ramp until one is: the shortest wait it can be', () => {
    expect(estimateWait({ position: 600, admittedThrough: 500, control: ramped(2000, 500), recentRatePerMinute: 50 })).toBe(120);
    expect(estimateWait({ position: 600, admittedThrough: 500, control: ramped(2000, 500), recentRatePerMinute: null })).toBe(12);
    expect(estimateWait({ position: 600, admittedThrough: 500, control: ramped(2000, 500), recentRatePerMinute: 0 })).toBe(12);
    expect(estimateWait({ position: 600, admittedThrough: 500, control: ramped(2000, 500), recentRatePerMinute: 900 })).toBe(12);
    expect(estimateWait({ position: 600, admittedThrough: 500, control: ramped(2000, 0), recentRatePerMinute: null })).toBeNull();
  });

  it('is 0 once admitted, and improves as the queue moves', () => {
    expect(estimateWait({ position: 10, admittedThrough: 10, control: rate(60), recentRatePerMinute: null })).toBe(0);
    expect(estimateWait({ position: 10, admittedThrough: 400, control: cap(5), recentRatePerMinute: null })).toBe(0);
    const waits = [0, 100, 200, 300].map((admittedThrough) => estimateWait({ position: 400, admittedThrough, control: rate(120), recentRatePerMinute: null }));
    expect(waits).toEqual([200, 150, 100, 50]);
    expect(estimateWait({ position: Number.NaN, admittedThrough: 0, control: rate(60), recentRatePerMinute: null })).toBeNull();
  });
});
