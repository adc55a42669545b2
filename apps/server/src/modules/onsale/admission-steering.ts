/**
 * The waiting room's self-steering admission rate (issue 35 point 2): the room admits what the
 * shop can serve. Each step it looks at the admitted buyers' stock calls of the last window (the
 * servers' own timings) and moves the rate so their p99 stays under the organiser's target,
 * within the organiser's minimum and maximum:
 *
 * - over the target: down at once, in proportion to how far over (at least a tenth, at most a
 *   half), so a slowdown is answered within a step;
 * - well under the target (below `HEADROOM` of it): up by a tenth (at least 1 a minute), and only
 *   once the last decrease has had `SETTLE_MS` to show its effect, so the rate does not swing
 *   between the two;
 * - in between, or with too few calls to judge: as it is.
 *
 * Pure: the room keeps the state, the test drives it with a simulated shop.
 */
import { steeringText as steeringTextOf, type SteeringChange } from '@festival/contract';

export type { SteeringChange };

export interface SteeringSettings {
  /** The p99 the admitted buyers' stock calls should stay under (ms; the organiser's, 150 by default). */
  targetP99Ms: number;
  /** Admissions a minute the room never goes below or above. */
  minRate: number;
  maxRate: number;
}

/** What the admitted buyers' stock calls took in the last window. */
export interface LatencyWindow {
  /** Their p99 in ms (null without calls). */
  p99Ms: number | null;
  /** How many calls were timed. */
  calls: number;
}


export interface SteeringState {
  /** Admissions a minute now. */
  rate: number;
  /** Why it is what it is (for the back office and `npm run onsale -- status`). */
  change: SteeringChange;
  /** The p99 the last step judged by (null before the first calls). */
  p99Ms: number | null;
  /** When the rate last went down (ms since the epoch; null: never). */
  lastDecreaseAt: number | null;
}

/** Fewer timed calls than this in a window say nothing about a p99. */
export const MIN_CALLS = 20;
/** Below this share of the target there is room for more buyers. */
export const HEADROOM = 0.7;
/** After a decrease, how long before the rate may go up again. */
export const SETTLE_MS = 5_000;

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** The state a room starts a sale with: the organiser's maximum, unless it says otherwise. */
export function startSteering(settings: SteeringSettings, startRate = settings.maxRate): SteeringState {
  return { rate: clamp(Math.round(startRate), settings.minRate, settings.maxRate), change: 'start', p99Ms: null, lastDecreaseAt: null };
}

/** One step: the next rate from the last window's timings. */
export function steer(state: SteeringState, window: LatencyWindow, settings: SteeringSettings, now: number): SteeringState {
  const { targetP99Ms, minRate, maxRate } = settings;
  if (window.p99Ms === null || window.calls < MIN_CALLS) return { ...state, change: 'too-few-calls' };
  const p99 = window.p99Ms;
  if (p99 > targetP99Ms) {
    if (state.rate <= minRate) return { ...state, rate: minRate, change: 'at-minimum', p99Ms: p99 };
    const factor = clamp(targetP99Ms / p99, 0.5, 0.9);
    const rate = clamp(Math.floor(state.rate * factor), minRate, maxRate);
    return { rate, change: 'down', p99Ms: p99, lastDecreaseAt: now };
  }
  if (p99 < targetP99Ms * HEADROOM) {
    if (state.rate >= maxRate) return { ...state, rate: maxRate, change: 'at-maximum', p99Ms: p99 };
    if (state.lastDecreaseAt !== null && now - state.lastDecreaseAt < SETTLE_MS) return { ...state, change: 'hold', p99Ms: p99 };
    const rate = clamp(Math.ceil(state.rate + Math.max(1, state.rate * 0.1)), minRate, maxRate);
    return { ...state, rate, change: 'up', p99Ms: p99 };
  }
  return { ...state, change: 'hold', p99Ms: p99 };
}

/** Why the rate is what it is, in words ("1,200 a minute: lowered, the p99 of 212 ms was over the 150 ms target"). */
export const steeringText = (state: SteeringState, settings: SteeringSettings): string => steeringTextOf(state, settings.targetP99Ms);
