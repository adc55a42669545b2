/** One printed line per figure: the figure, its target, and whether it is met (or why it is missing). */
export interface Figure {
  name: string;
  /** NaN when the figure could not be measured. */
  value: number;
  unit: string;
  target: string;
  ok: boolean;
  /** Why the figure could not be measured; a missing figure never counts as met. */
  missing?: string;
}

export interface Target {
  max?: number;
  min?: number;
}

/** A figure a benchmark section promises, so a failed section can name what it lost. */
export interface ExpectedFigure {
  name: string;
  unit: string;
  target: Target;
}

export const figures: Figure[] = [];

export function targetText(unit: string, target: Target): string {
  return target.max !== undefined ? `<= ${target.max} ${unit}` : `>= ${target.min} ${unit}`;
}

export function record(name: string, value: number, unit: string, target: Target): void {
  const ok = Number.isFinite(value) && (target.max === undefined || value <= target.max) && (target.min === undefined || value >= target.min);
  const text = targetText(unit, target);
  figures.push({ name, value, unit, target: text, ok });
  console.log(`${ok ? 'ok  ' : 'MISS'} ${name}: ${round(value)} ${unit} (target ${text})`);
}

/** A figure that could not be measured: printed beside its target with the reason, never as met. */
export function recordMissing(name: string, unit: string, target: Target | string, reason: string): void {
  const text = typeof target === 'string' ? target : targetText(unit, target);
  figures.push({ name, value: Number.NaN, unit, target: text, ok: false, missing: reason });
  console.log(`MISSING ${name} (target ${text}): ${oneLine(reason)}`);
}

export function note(text: string): void {
  console.log(`     ${text}`);
}

/** Counts for the closing line and the exit status: 0 all met, 1 a target missed, 2 a figure missing. */
export function summary(list: readonly Figure[] = figures): { met: number; missed: number; missing: number; exitCode: number } {
  const missing = list.filter((figure) => figure.missing !== undefined).length;
  const met = list.filter((figure) => figure.ok).length;
  const missed = list.length - met - missing;
  return { met, missed, missing, exitCode: missing > 0 ? 2 : missed > 0 ? 1 : 0 };
}

/** An error as one short line (tool output can span many lines and carry terminal escapes). */
export function oneLine(reason: string): string {
  // eslint-disable-next-line no-control-regex
  const flat = reason.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ').replace(/\s+/g, ' ').trim();
  return flat.length > 300 ? `${flat.slice(0, 297)}...` : flat;
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
