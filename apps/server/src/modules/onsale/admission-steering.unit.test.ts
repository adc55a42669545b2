import { describe, expect, it } from 'vitest';
import { MIN_CALLS, SETTLE_MS, startSteering, steer, steeringText, type SteeringSettings, type SteeringState } from './admission-steering';

/**
 * A simulated shop: admitted buyers make stock calls; the shop serves `capacity` admissions a
 * minute, and its p99 grows as a queue's does when the load nears it (base / (1 − load)), far
 * past the target once it is overloaded. The room steps once a second on the last second's calls,
 * with a little noise (seeded, so a run is the same every time).
 */
function simulatedShop(options: { capacity: (second: number) => number; baseMs?: number; noise?: number; callsPerBuyer?: number }) {
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const base = options.baseMs ?? 30;
  const noise = options.noise ?? 0.1;
  return (second: number, rate: number) => {
    const load = rate / options.capacity(second);
    const p99 = load >= 0.98 ? 5_000 : base / (1 - load);
    const calls = Math.round((rate / 60) * (options.callsPerBuyer ?? 6));
    return { p99Ms: p99 * (1 + (random() * 2 - 1) * noise), calls };
  };
}

const settings: SteeringSettings = { targetP99Ms: 150, minRate: 60, maxRate: 6_000 };

/** Runs the room for `seconds`, answering every step's state with the p99 the shop showed. */
function run(shop: ReturnType<typeof simulatedShop>, seconds: number, first: SteeringState = startSteering(settings)) {
  const steps: { second: number; rate: number; p99: number; state: SteeringState }[] = [];
  let state = first;
  for (let second = 0; second < seconds; second += 1) {
    const window = shop(second, state.rate);
    steps.push({ second, rate: state.rate, p99: window.p99Ms, state });
    state = steer(state, window, settings, second * 1000);
  }
  return steps;
}

describe('the self-steering admission rate (issue 35 point 2)', () => {
  it('comes down from the maximum to what the shop serves under the target within seconds', () => {
    // 1,000 admissions a minute at most; under the 150 ms target below 800 a minute.
    const steps = run(simulatedShop({ capacity: () => 1_000 }), 120);
    const settled = steps.findIndex((step) => step.p99 < settings.targetP99Ms);
    expect(settled).toBeGreaterThan(0);
    expect(settled).toBeLessThan(15);
    const last = steps.slice(-60);
    expect(Math.max(...last.map((step) => step.p99))).toBeLessThan(settings.targetP99Ms * 1.1);
    // It does not starve the sale either: at least two thirds of what the target allows.
    expect(Math.min(...last.map((step) => step.rate))).toBeGreaterThan(800 * 0.66);
  });

  it('is stable once settled: no swinging between up and down', () => {
    const steps = run(simulatedShop({ capacity: () => 1_000 }), 300).slice(60);
    const rates = steps.map((step) => step.rate);
    expect(Math.max(...rates) / Math.min(...rates)).toBeLessThan(1.35);
    const downs = steps.filter((step) => step.state.change === 'down').length;
    expect(downs).toBeLessThan(steps.length / 10);
    // Every decrease waits SETTLE_MS before the next increase.
    for (let index = 1; index < steps.length; index += 1) {
      const { state } = steps[index]!;
      if (state.change === 'up' && state.lastDecreaseAt !== null) expect(steps[index - 1]!.second * 1000 - state.lastDecreaseAt).toBeGreaterThanOrEqual(SETTLE_MS - 1000);
    }
  });

  it('answers a slowdown within a few seconds, and climbs back when the shop recovers', () => {
    // The shop's capacity halves at 100 s (a slow database, a busy neighbour) and comes back at 200 s.
    const steps = run(simulatedShop({ capacity: (second) => (second >= 100 && second < 200 ? 500 : 1_000) }), 320);
    const after = steps.slice(100);
    const back = after.findIndex((step) => step.p99 < settings.targetP99Ms);
    expect(back).toBeLessThan(6);
    expect(Math.max(...steps.slice(130, 200).map((step) => step.p99))).toBeLessThan(settings.targetP99Ms * 1.1);
    expect(Math.max(...steps.slice(130, 200).map((step) => step.rate))).toBeLessThan(400);
    // Recovered, it admits more again.
    expect(steps.at(-1)!.rate).toBeGreaterThan(Math.max(...steps.slice(150, 200).map((step) => step.rate)) * 1.3);
  });

  it('keeps within the organiser’s minimum and maximum, and holds with too few calls to judge', () => {
    const tight = { ...settings, minRate: 300, maxRate: 500 };
    let state = startSteering(tight, 10_000);
    expect(state.rate).toBe(500);
    state = steer(state, { p99Ms: 40, calls: 100 }, tight, 0);
    expect(state).toMatchObject({ rate: 500, change: 'at-maximum' });
    for (let step = 0; step < 10; step += 1) state = steer(state, { p99Ms: 900, calls: 100 }, tight, step * 1000);
    expect(state).toMatchObject({ rate: 300, change: 'at-minimum' });
    expect(steer(state, { p99Ms: 900, calls: MIN_CALLS - 1 }, tight, 20_000)).toMatchObject({ rate: 300, change: 'too-few-calls' });
    expect(steer(state, { p99Ms: null, calls: 0 }, tight, 20_000).change).toBe('too-few-calls');
  });

  it('says why the rate is what it is', () => {
    const down = steer(startSteering(settings, 1_200), { p99Ms: 212.4, calls: 80 }, settings, 0);
    expect(down.rate).toBe(847);
    expect(steeringText(down, settings)).toBe('847 a minute: lowered, the p99 of 212 ms was over the 150 ms target');
    expect(steeringText(steer(down, { p99Ms: 40, calls: 80 }, settings, 1_000), settings)).toMatch(/^847 a minute: kept, the p99 of 40 ms is near the 150 ms target or the last decrease is settling$/);
    expect(steeringText(steer(down, { p99Ms: 40, calls: 80 }, settings, 10_000), settings)).toBe('932 a minute: raised, the p99 of 40 ms left room under the 150 ms target');
    expect(steeringText(startSteering(settings), settings)).toBe('6,000 a minute: the starting rate');
  });
});
