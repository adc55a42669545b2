import { z } from 'zod';
import { INTEGER_COLUMN_MAX } from './bounds';

/**
 * The rules of the catalogue's fields, shared by the organiser's catalogue file (server,
 * catalogue-file.ts) and the back office's catalogue page (issue 22 point 6): a price, stock level
 * or sale window the file refuses, the browser refuses with the same words, and the other way round.
 */
export const catalogueFieldMessages = {
  code: 'must be 1-64 letters, digits, dashes or underscores',
  money: 'must be a whole number of minor units (cents)',
  moneyRange: 'must be from 0 to 2147483647 minor units',
  count: 'must be a whole number from 0 to 2147483647',
  instant: 'must be an ISO-8601 date and time with an offset, such as 2027-06-18T14:00:00+02:00',
  laterThan: (earlier: string) => `must be later than ${earlier}`,
  boolean: 'must be true or false',
} as const;

const m = catalogueFieldMessages;

export const catalogueCode = z.string({ error: m.code }).regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, m.code);
/** Integer minor units: 12500 is 125.00. */
export const catalogueMoney = z
  .number({ error: m.money })
  .int(m.money)
  .min(0, m.moneyRange)
  .max(INTEGER_COLUMN_MAX, m.moneyRange);
/** A count (stock, seats, a limit): what the database's integer column holds. */
export const catalogueCount = z.number({ error: m.count }).int(m.count).min(0, m.count).max(INTEGER_COLUMN_MAX, m.count);
export const catalogueInstant = z.iso.datetime({ offset: true, error: m.instant });
export const catalogueBoolean = z.boolean({ error: m.boolean });

/**
 * A pair of moments where the second, when both are given, comes after the first: the sale window
 * (on_sale_from, on_sale_until), the refund window (from, until), a check-in list's hours.
 * Answers the problem's text, or null.
 */
export function windowProblem(from: string | null | undefined, until: string | null | undefined, fromName: string): string | null {
  if (!from || !until) return null;
  return Date.parse(from) < Date.parse(until) ? null : m.laterThan(fromName);
}

/** Whether an item on sale sells at `now`, given its sale window (either end open when null). */
export function withinSaleWindow(now: number, from: string | Date | null | undefined, until: string | Date | null | undefined): boolean {
  const start = from == null ? null : new Date(from).getTime();
  const end = until == null ? null : new Date(until).getTime();
  return (start === null || start <= now) && (end === null || now < end);
}
