/** One printed line per figure: the figure, its target, and whether it is met. */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  target: string;
  ok: boolean;
}

export const figures: Figure[] = [];

export function record(name: string, value: number, unit: string, target: { max?: number; min?: number }): void {
  const ok = (target.max === undefined || value <= target.max) && (target.min === undefined || value >= target.min);
  const targetText = target.max !== undefined ? `<= ${target.max} ${unit}` : `>= ${target.min} ${unit}`;
  figures.push({ name, value, unit, target: targetText, ok });
  console.log(`${ok ? 'ok  ' : 'MISS'} ${name}: ${round(value)} ${unit} (target ${targetText})`);
}

export function note(text: string): void {
  console.log(`     ${text}`);
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
