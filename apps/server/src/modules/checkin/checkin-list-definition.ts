import { dayCutoverText, listedProductCode, type CheckinListDefinition, type KeptChange } from '@festival/contract';
import type { CheckinListRow } from './checkin-lists.queries';

/**
 * A check-in list as the file writes it, with every product's days spelt out (`every`, or the
 * dates in order): what the back office shows and sends back, what the audit log keeps, and what
 * an import compares field by field with the back office's changes (decision 0097).
 */
export interface CheckinListShape {
  code: string;
  event: string;
  name: string;
  products: { product: string; days: 'every' | string[] }[];
  day_cutover: string;
  entry: 'single' | 'alternating';
  opens_at: string | null;
  closes_at: string | null;
  boarding: { before_minutes: number; after_minutes: number };
  gates: string[];
}

/** The fields an admin may set in the back office, as the file names them, and `active` (archived there). */
export const CHECKIN_LIST_FIELDS = ['event', 'name', 'products', 'day_cutover', 'entry', 'opens_at', 'closes_at', 'boarding', 'gates'] as const;
export type CheckinListField = (typeof CHECKIN_LIST_FIELDS)[number];
/** A mark that says the list was made in the back office: an import that does not name it leaves it on. */
export const MADE_HERE = 'created';

const iso = (value: string | Date | null | undefined): string | null => (value ? new Date(value).toISOString() : null);

/** A stored list as the file writes it. */
export function shapeOfRow(row: CheckinListRow): CheckinListShape {
  return {
    code: row.code,
    event: row.eventCode,
    name: row.name,
    products: row.products.map((product) => ({ product: product.externalCode, days: product.days ? [...product.days].sort() : 'every' })),
    day_cutover: dayCutoverText(row.dayCutoverMinutes),
    entry: row.entry,
    opens_at: iso(row.opensAt),
    closes_at: iso(row.closesAt),
    boarding: { before_minutes: row.boardingBeforeMinutes, after_minutes: row.boardingAfterMinutes },
    gates: row.gates,
  };
}

/**
 * A list of the file or the editor with its products' days spelt out: a product named by its code
 * alone admits on its own days (`daysOf`: the file's product's, or those the shop's lists agree
 * on), else every day (decision 0064).
 */
export function shapeOfDefinition(list: CheckinListDefinition, daysOf: (code: string) => readonly string[] | null | undefined): CheckinListShape {
  return {
    code: list.code,
    event: list.event,
    name: list.name,
    products: list.products.map((entry) => {
      const code = listedProductCode(entry);
      const days = typeof entry === 'string' ? (daysOf(code) ?? null) : entry.days === 'every' ? null : entry.days;
      return { product: code, days: days ? [...days].sort() : 'every' };
    }),
    day_cutover: dayCutoverText(list.day_cutover),
    entry: list.entry,
    opens_at: iso(list.opens_at),
    closes_at: iso(list.closes_at),
    boarding: { before_minutes: list.boarding.before_minutes, after_minutes: list.boarding.after_minutes },
    gates: list.gates,
  };
}

/** A field's value as text: compared, and shown to the organiser. Products compare as a set (the shop keeps no order of them). */
export function listFieldText(field: CheckinListField, shape: CheckinListShape): string {
  const value = field === 'products' ? [...shape.products].sort((a, b) => (a.product < b.product ? -1 : a.product > b.product ? 1 : 0)) : shape[field];
  if (value === null) return 'none';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The fields whose values differ. */
export const changedListFields = (before: CheckinListShape, after: CheckinListShape): CheckinListField[] =>
  CHECKIN_LIST_FIELDS.filter((field) => listFieldText(field, before) !== listFieldText(field, after));

/** The list's columns (products aside) from its shape; `eventId` the shape's event's id. */
export function listColumns(shape: CheckinListShape, eventId: number) {
  return {
    code: shape.code,
    eventId,
    name: shape.name,
    entry: shape.entry,
    opensAt: shape.opens_at ? new Date(shape.opens_at) : null,
    closesAt: shape.closes_at ? new Date(shape.closes_at) : null,
    boardingBeforeMinutes: shape.boarding.before_minutes,
    boardingAfterMinutes: shape.boarding.after_minutes,
    dayCutoverMinutes: Number(shape.day_cutover.slice(0, 2)) * 60 + Number(shape.day_cutover.slice(3)),
    gates: shape.gates,
  };
}

/**
 * The file's list with the fields the back office set kept where the file says otherwise (unless
 * the file wins), as for items and events (decision 0047): a field the file now agrees on is the
 * file's again. A list archived in the back office stays archived. The `created` mark goes once the
 * file names the list: the file has it now.
 */
export function reconcileListWithBackOffice(
  file: CheckinListShape,
  current: { shape: CheckinListShape; active: boolean; backOfficeFields: readonly string[] } | undefined,
  fileWins: boolean,
): { shape: CheckinListShape; active: boolean; backOfficeFields: string[]; kept: KeptChange[]; handedBack: { code: string; field: string }[] } {
  const kept: KeptChange[] = [];
  const handedBack: { code: string; field: string }[] = [];
  if (!current) return { shape: file, active: true, backOfficeFields: [], kept, handedBack };
  const shape: CheckinListShape = { ...file };
  const marks: string[] = [];
  let active = true;
  for (const mark of current.backOfficeFields) {
    const field = `checkin_list.${mark}`;
    if (mark === 'active') {
      if (current.active) continue;
      kept.push({ code: file.code, field, shop_value: 'false', file_value: 'true' });
      if (fileWins) continue;
      active = false;
      marks.push(mark);
      continue;
    }
    if (!(CHECKIN_LIST_FIELDS as readonly string[]).includes(mark)) continue;
    const known = mark as CheckinListField;
    const shopValue = listFieldText(known, current.shape);
    const fileValue = listFieldText(known, file);
    if (shopValue === fileValue) {
      handedBack.push({ code: file.code, field });
      continue;
    }
    kept.push({ code: file.code, field, shop_value: shopValue, file_value: fileValue });
    if (fileWins) continue;
    marks.push(mark);
    (shape as unknown as Record<string, unknown>)[known] = current.shape[known];
  }
  return { shape, active, backOfficeFields: marks, kept, handedBack };
}
