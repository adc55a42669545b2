/**
 * Whether a ticket may pass a check-in list's gate now (issue 21): the one rule the server (online
 * scans) and the scanner (offline scans) both apply, so a gate decides the same with or without a
 * network. Whether the ticket is already inside is not decided here: online, one conditional
 * update decides it; offline, the scanner's own record.
 */

export interface CheckinListRule {
  id: number;
  eventId: number;
  /** Products the list admits. */
  productIds: readonly number[];
  entry: 'single' | 'alternating';
  opensAt: Date | null;
  closesAt: Date | null;
  /** A transport ticket admits from this many minutes before its departure until this many after. */
  boardingBeforeMinutes: number;
  boardingAfterMinutes: number;
  /** The event's time zone: a festival day is a date there (decision 0064). */
  timeZone: string;
  /** Minutes after local midnight at which one festival day hands over to the next (360: 06:00). */
  dayCutoverMinutes: number;
  /**
   * The festival days (YYYY-MM-DD in the event's zone) each product admits on: a day ticket's own
   * day. A product not named admits on every day the list is open (a weekend ticket).
   */
  productDays: ReadonlyMap<number, readonly string[]>;
}

/** What is known of the scanned ticket: from its verified pass, or from the shop's records. */
export interface ScannedTicket {
  ticketId: number;
  eventId: number;
  productId: number;
  /** Its departure (a transport ticket's chosen one, or its product's fixed one); null for others. */
  departure: Date | null;
  validFrom: Date;
  validUntil: Date;
}

/** The shop's word on the ticket: the server's records online, the last sync offline (unknown: sold after it). */
export type TicketStanding = 'valid' | 'revoked' | 'unknown';

export type GateRefusal =
  | { result: 'revoked' }
  | { result: 'wrong-list' }
  /** days: the ticket's own festival days when it was refused for not being one of them; null when outside a window. */
  | { result: 'wrong-day'; opensAt: Date | null; closesAt: Date | null; days: readonly string[] | null }
  | { result: 'wrong-bus'; departure: Date; early: boolean };

/**
 * Null when the ticket may pass (entry or exit, as its state on the list allows), else why not:
 * revoked (reassigned, refunded, cancelled, abandoned), another event's or product's ticket, outside
 * the list's or its own window, or a transport ticket outside its departure's boarding time.
 */
export function gateRefusal(list: CheckinListRule, ticket: ScannedTicket, standing: TicketStanding, now: Date): GateRefusal | null {
  if (standing === 'revoked') return { result: 'revoked' };
  if (ticket.eventId !== list.eventId || !list.productIds.includes(ticket.productId)) return { result: 'wrong-list' };
  if (ticket.departure) {
    const opens = ticket.departure.getTime() - list.boardingBeforeMinutes * 60_000;
    const closes = ticket.departure.getTime() + list.boardingAfterMinutes * 60_000;
    if (now.getTime() < opens || now.getTime() > closes) return { result: 'wrong-bus', departure: ticket.departure, early: now.getTime() < opens };
  }
  const days = list.productDays.get(ticket.productId);
  if (days && !days.includes(festivalDay(now, list.timeZone, list.dayCutoverMinutes))) return { result: 'wrong-day', opensAt: list.opensAt, closesAt: list.closesAt, days };
  const outsideList = (list.opensAt !== null && now < list.opensAt) || (list.closesAt !== null && now >= list.closesAt);
  const outsideTicket = now < ticket.validFrom || now >= ticket.validUntil;
  if (outsideList || outsideTicket) return { result: 'wrong-day', opensAt: list.opensAt, closesAt: list.closesAt, days: null };
  return null;
}

/** The latest hand-over of one festival day to the next a list may set: 12:00 (a day is never mostly the night before). */
export const DAY_CUTOVER_MAX_MINUTES = 12 * 60;
/** The default hand-over: 06:00, so a Saturday ticket still admits at 01:30 on Sunday morning. */
export const DAY_CUTOVER_DEFAULT_MINUTES = 6 * 60;

const wallClocks = new Map<string, Intl.DateTimeFormat>();
function wallClock(timeZone: string): Intl.DateTimeFormat {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    if (wallClocks.size > 100) wallClocks.clear();
    wallClocks.set(timeZone, format);
  }
  return format;
}

/**
 * The festival day (YYYY-MM-DD) a moment belongs to in the event's zone: the local date, or the
 * day before while the local clock is before the cut-over (a festival night belongs to the day it
 * began on). Read from the local wall clock, so a change to or from summer time moves nothing: the
 * day still turns when the clocks there show the cut-over.
 */
export function festivalDay(at: Date, timeZone: string, cutoverMinutes: number): string {
  const parts = Object.fromEntries(wallClock(timeZone).formatToParts(at).map((part) => [part.type, part.value]));
  const year = Number(parts.year);
  const month = Number(parts.month);
  const day = Number(parts.day);
  const minutes = Number(parts.hour) * 60 + Number(parts.minute);
  const date = new Date(Date.UTC(year, month - 1, minutes < cutoverMinutes ? day - 1 : day));
  return date.toISOString().slice(0, 10);
}

/** Whether a text is a calendar date written YYYY-MM-DD (a festival day). */
export function isFestivalDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** Festival days in words, in the shop's locale: "Saturday 19 June", "Saturday 19 June and Sunday 20 June". */
export function festivalDaysText(days: readonly string[], locale: string): string {
  // A date is a date wherever it is read: worded in UTC, where YYYY-MM-DD midnight is that date.
  const format = new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
  const words = [...days].sort().map((day) => format.format(new Date(`${day}T00:00:00Z`)));
  return new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(words);
}

/**
 * A code as staff type it from a PDF, a phone or a card (a ticket code, a scanner code): any case,
 * spaces and dashes between its groups ignored.
 */
export const typedCode = (text: string): string => text.toUpperCase().replace(/[\s-]/g, '');

/** The ticket code a typed text names, or null when it cannot be one (the shop's codes are 4 to 40 letters and digits). */
export function typedTicketCode(text: string): string | null {
  const code = typedCode(text);
  return /^[A-Z0-9]{4,40}$/.test(code) ? code : null;
}
