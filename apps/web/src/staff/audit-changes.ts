import { staffTexts } from './texts';

const auditTexts = staffTexts.audit;
const shown = (value: unknown) => (value === null || value === undefined ? '–' : typeof value === 'string' ? value : JSON.stringify(value));

/** What an entry changed, field by field: "role: box_office → admin". */
export function changeLines(before: unknown, after: unknown): string[] {
  const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);
  // Attempts on sign-ins are tallies, not records created (decision 0050).
  if (before === null && isRecord(after) && typeof after.attempts === 'number' && typeof after.since === 'string' && Object.keys(after).length === 2) return [auditTexts.attempts(after.attempts, after.since)];
  if (!isRecord(before) && !isRecord(after)) return before === null && after === null ? [] : [`${shown(before)} → ${shown(after)}`];
  if (!isRecord(before)) return [auditTexts.created, ...Object.entries(after as Record<string, unknown>).map(([key, value]) => `${key}: ${shown(value)}`)];
  if (!isRecord(after)) return [auditTexts.removed];
  return [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => `${key}: ${shown(before[key])} → ${shown(after[key])}`);
}
