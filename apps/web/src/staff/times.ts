import { formatZonedTime, type TimeStyle } from '@festival/contract';
import { staffLocale } from './money';

export type { TimeStyle };

/**
 * Every time the back office shows, in one zone and with the zone named (issue 34, decision 0072):
 * the event's zone (the shop's configured one where a page has no event of its own), never the
 * device's and never UTC, in the staff member's language.
 */
export function formatStaffTime(at: string | Date, timeZone: string, style: TimeStyle = 'date-time', locale = defaultLocale()): string {
  return formatZonedTime(at, timeZone, style, locale);
}

/** The page's language, with the browser's region where it speaks it (money.ts). */
const defaultLocale = staffLocale;
