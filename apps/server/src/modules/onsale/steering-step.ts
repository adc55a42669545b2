import { steeringChangeOf } from '@festival/contract';
import type { Db } from '../../db/client';
import { rawDate as date } from '../../db/raw-rows';
import { MIN_CALLS, startSteering, steer, type SteeringSettings, type SteeringState } from './admission-steering';
import { mergeHistograms, quantileOf } from './call-timings';
import { pruneCallTimings, readCallTimings, saveSteering, type StepRow } from './onsale.queries';

/**
 * Steer mode's part of an admission step (issue 35 point 2, decision 0079), under the on-sale row's
 * lock: the controller (admission-steering.ts) moves the rate from the admitted buyers' stock calls
 * that every instance wrote since its last step, and the step admits at the rate it answers.
 */

/** The controller steps at most this often, however many instances step the room. */
export const STEER_INTERVAL_MS = 1_000;
/**
 * A window with too few calls to judge grows until it has them, up to this long; then the step
 * says so and the rate stays (a quiet sale is not one to slow down or speed up by guesswork).
 */
export const STEER_WINDOW_MAX_MS = 5_000;

/** The organiser's settings as the row stores them (steer mode: steer_min and steer_target_ms are set, the check constraint holds it). */
export function steeringSettingsOf(row: Pick<StepRow, 'admission_limit' | 'steer_min' | 'steer_target_ms'>): SteeringSettings {
  const maxRate = row.admission_limit;
  return { targetP99Ms: row.steer_target_ms ?? 150, minRate: Math.min(row.steer_min ?? 1, maxRate), maxRate };
}

/** The controller's state as the row stores it (null before its first step), its rate within today's minimum and maximum. */
export function steeringStateOf(row: StepRow, settings: SteeringSettings): SteeringState | null {
  if (row.steer_rate === null || row.steered_at === null) return null;
  return {
    rate: Math.min(settings.maxRate, Math.max(settings.minRate, row.steer_rate)),
    change: steeringChangeOf(row.steer_change),
    p99Ms: row.steer_p99_ms,
    lastDecreaseAt: row.steer_decreased_at === null ? null : date(row.steer_decreased_at).getTime(),
  };
}

const save = (tx: Db, onsaleId: number, state: SteeringState) =>
  saveSteering(tx, onsaleId, { ...state, lastDecreaseAt: state.lastDecreaseAt === null ? null : new Date(state.lastDecreaseAt) });

/**
 * The rate to admit at in this step (new shoppers a minute), after steering when it is time to:
 * the first step after the opening starts at the maximum; later steps judge the calls written since
 * the last steering, once a second, or after up to STEER_WINDOW_MAX_MS when calls are few.
 */
export async function steerInStep(tx: Db, row: StepRow, now: Date): Promise<number> {
  const settings = steeringSettingsOf(row);
  const state = steeringStateOf(row, settings);
  if (!state) {
    const started = startSteering(settings);
    await save(tx, row.id, started);
    return started.rate;
  }
  const steeredAt = date(row.steered_at!);
  const since = now.getTime() - steeredAt.getTime();
  if (since < STEER_INTERVAL_MS) return state.rate;
  const timings = mergeHistograms(await readCallTimings(tx, row.id, steeredAt));
  // Too few calls yet: the window grows (nothing is written, the next step reads from the same moment).
  if (timings.calls < MIN_CALLS && since < STEER_WINDOW_MAX_MS) return state.rate;
  const next = steer(state, { p99Ms: quantileOf(timings, 0.99), calls: timings.calls }, settings, now.getTime());
  await save(tx, row.id, next);
  await pruneCallTimings(tx, row.id);
  return next.rate;
}
