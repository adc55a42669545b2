/**
 * The waiting room's admission arithmetic (issue 23, "Works across instances"; the speed targets'
 * "admitted at the rate the shop sustains"). Admission is one counter per on-sale: every place at
 * a position up to `admittedThrough` is admitted. An admission step (any instance, one at a time
 * under the on-sale row's lock) reads the state below, asks `admitNow` how far to raise the
 * counter, and writes the answer back in the same transaction. `estimateWait` turns a position
 * into the waiting page's estimate. Pure: no clock, no database; the caller passes both in.
 *
 * The two admission controls an organiser chooses from:
 * - `{ mode: 'rate', per_minute: N }`: N new shoppers a minute, spread smoothly over the steps
 *   (a step every second admits N/60 a step, the fractions carried, so none are lost however
 *   often the steps run);
 * - `{ mode: 'cap', active: N }`: at most N admitted shoppers active at once; a step admits as
 *   many as have left or timed out;
 * - `{ mode: 'cap', active: N, per_minute: M }`: both at once (a cap with a ramp): at most N
 *   active and at most M new a minute, so the opening lets the cap in over N/M minutes instead of
 *   all in its first second. The rate's fractions are carried as in rate mode.
 */

export type AdmissionControl = { mode: 'rate'; per_minute: number } | { mode: 'cap'; active: number; per_minute?: number | null };

/**
 * The control an on-sale row's columns describe (`admission_mode`, `admission_limit`,
 * `admission_rate_limit`). A self-steering rate (`steer`, decision 0079) admits as rate mode at the
 * rate its last step set (`steer_rate`), or at its maximum before the first step.
 */
export const controlOf = (mode: 'rate' | 'cap' | 'steer', limit: number, rateLimit: number | null, steerRate: number | null = null): AdmissionControl =>
  mode === 'rate'
    ? { mode: 'rate', per_minute: limit }
    : mode === 'steer'
      ? { mode: 'rate', per_minute: steerRate ?? limit }
      : rateLimit === null
        ? { mode: 'cap', active: limit }
        : { mode: 'cap', active: limit, per_minute: rateLimit };

/** The rate of new shoppers a minute a control holds to (rate mode, or a cap's ramp); null: none. */
export const rateOf = (control: AdmissionControl): number | null => (control.mode === 'rate' ? control.per_minute : (control.per_minute ?? null));

/** A shopper's worth of rate credit: per_minute × elapsed ms counts in these, so the arithmetic stays in whole numbers. */
export const CREDIT_PER_SHOPPER = 60_000;
/**
 * The most time one step is credited for. Steps run every second or so; after a gap (every
 * instance down, or a step that could not get the lock for a while) the room resumes at its rate
 * instead of letting in the whole gap's worth at once, which is the surge the room exists to stop.
 */
export const RATE_CREDIT_MAX_MS = 60_000;
/** Well past any shop's capacity; keeps credited ms × per_minute far inside exact integers. */
export const CONTROL_MAX = 10_000_000;

/** What an on-sale row stores for admission. */
export interface AdmissionState {
  /** Every place at a position up to this is admitted (0 before anyone is). */
  admittedThrough: number;
  /** When a step after the opening last ran (null: none has). */
  lastStepAt: Date | null;
  /**
   * Rate mode (and a cap's ramp): the part of the next shopper already earned but not admitted,
   * in 1/CREDIT_PER_SHOPPER of a shopper (0 to 59,999). Carried from step to step, so the total
   * admitted after any number of steps is exactly floor(per_minute × minutes since the opening),
   * as long as people were waiting (with a ramp: at most that). Always 0 in cap mode without one.
   */
  carry: number;
}

export interface AdmissionInput extends AdmissionState {
  control: AdmissionControl;
  now: Date;
  openedAt: Date;
  /** Cap mode: admitted shoppers whose session has not ended. */
  activeShoppers: number;
  /** Places at positions after `admittedThrough`: nobody beyond them can be admitted. */
  waiting: number;
}

export interface AdmissionStep extends AdmissionState {
  /** How many more places this step admits (the new `admittedThrough` minus the old). */
  admit: number;
}

/** Counts observed by queries: anything but a non-negative number counts as none (admitting nobody is the safe mistake). */
const countOf = (value: number) => (Number.isFinite(value) && value > 0 ? Math.floor(value) : 0);

const isLimit = (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= CONTROL_MAX;

function checkControl(control: AdmissionControl): void {
  // 0 is allowed: a paused room admits nobody.
  const fine =
    control.mode === 'rate' ? isLimit(control.per_minute) : control.mode === 'cap' ? isLimit(control.active) && (control.per_minute == null || isLimit(control.per_minute)) : false;
  if (!fine) throw new RangeError(`not an admission control: ${JSON.stringify(control)}`);
}

function checkState(input: AdmissionInput): void {
  if (!Number.isSafeInteger(input.admittedThrough) || input.admittedThrough < 0) throw new RangeError(`not an admission counter: ${input.admittedThrough}`);
  if (!Number.isSafeInteger(input.carry) || input.carry < 0 || input.carry >= CREDIT_PER_SHOPPER) throw new RangeError(`not a rate carry: ${input.carry}`);
  for (const time of [input.now, input.openedAt, input.lastStepAt]) if (time && !Number.isFinite(time.getTime())) throw new RangeError('an admission time is not a date');
}

/**
 * How many more places to admit now, and the state to store with the new counter. Never
 * negative, never more than are waiting, nothing before the opening, nothing for time a clock
 * went back over (the step keeps the latest `lastStepAt` it has seen, so that time is not
 * credited twice when the clock catches up).
 *
 * Throws RangeError on a control or stored state no on-sale can have: the configuration and
 * the row's columns are checked before they get here, so that is a bug to see, not to mask.
 */
export function admitNow(input: AdmissionInput): AdmissionStep {
  checkControl(input.control);
  checkState(input);
  const { control, now, openedAt, admittedThrough, lastStepAt, carry } = input;
  const unchanged: AdmissionStep = { admit: 0, admittedThrough, lastStepAt, carry };
  if (now.getTime() < openedAt.getTime()) return unchanged;
  const waiting = countOf(input.waiting);
  const latest = lastStepAt && lastStepAt.getTime() > now.getTime() ? lastStepAt : now;

  const capRoom = control.mode === 'cap' ? Math.max(0, control.active - countOf(input.activeShoppers)) : Infinity;
  const perMinute = rateOf(control);
  if (perMinute === null) {
    // Cap mode: as many as have left or timed out, whatever the clock (once open).
    const admit = Math.min(capRoom, waiting);
    return { admit, admittedThrough: admittedThrough + admit, lastStepAt: latest, carry: 0 };
  }

  // Credit accrues from the opening or the last step, whichever is later.
  const from = Math.max(openedAt.getTime(), lastStepAt?.getTime() ?? -Infinity);
  const elapsed = now.getTime() - from;
  if (elapsed <= 0) return unchanged;
  const credit = carry + Math.min(elapsed, RATE_CREDIT_MAX_MS) * perMinute;
  const earned = Math.floor(credit / CREDIT_PER_SHOPPER);
  const admit = Math.min(earned, capRoom, waiting);
  // The rate binds (all earned admitted): the fraction is carried to the next step. Fewer than
  // earned: when some are left waiting, the cap bound, and only the fraction is kept (below one
  // shopper: the unused whole shoppers are not banked, or the room would let them in as a burst
  // the moment the cap frees); when nobody is left waiting, the room is keeping up and nothing is
  // banked, not even the fraction.
  const nextCarry = admit === earned ? credit - earned * CREDIT_PER_SHOPPER : admit < waiting ? credit % CREDIT_PER_SHOPPER : 0;
  return { admit, admittedThrough: admittedThrough + admit, lastStepAt: latest, carry: nextCarry };
}

export interface WaitInput {
  /** The visitor's position (1 is the front). */
  position: number;
  admittedThrough: number;
  control: AdmissionControl;
  /** Admissions a minute over the last few minutes, as the steps recorded them; null when not yet known. */
  recentRatePerMinute: number | null;
}

/**
 * Seconds until the visitor at `position` is admitted, or null when there is no honest estimate
 * (cap mode before any admissions were observed; a paused room). Rate mode uses the configured
 * rate, which the steps hold to while anyone waits; cap mode depends on how fast shoppers finish,
 * so it uses the rate observed recently. A cap with a ramp uses the observed rate too (never above
 * the ramp, which it cannot exceed), and the ramp until one is observed: the fastest the queue can
 * move, so the wait shown is the shortest it can be. Rounded up to whole seconds; 0 once admitted.
 */
export function estimateWait({ position, admittedThrough, control, recentRatePerMinute }: WaitInput): number | null {
  const ahead = position - admittedThrough;
  if (!Number.isFinite(ahead)) return null;
  if (ahead <= 0) return 0;
  const observed = recentRatePerMinute !== null && Number.isFinite(recentRatePerMinute) && recentRatePerMinute > 0 ? recentRatePerMinute : null;
  const ramp = control.mode === 'cap' ? (control.per_minute ?? null) : null;
  const rate = control.mode === 'rate' ? control.per_minute : ramp === null ? recentRatePerMinute : observed === null ? ramp : Math.min(observed, ramp);
  if (rate === null || !Number.isFinite(rate) || rate <= 0) return null;
  return Math.ceil((ahead * 60) / rate);
}
