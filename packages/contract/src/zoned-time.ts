/**
 * Times for organisers, written once (issue 34, decision 0072): on the screens, in the event's zone
 * with the zone named ("18 Jun 2027, 16:00 CEST"); in exports, ISO-8601 with that zone's offset
 * ("2027-06-18T16:00:00.000+02:00"). Never the device's zone and never bare UTC.
 */
export type TimeStyle = 'date-time' | 'date-time-seconds' | 'day-time' | 'time' | 'time-seconds' | 'date';

const STYLES: Record<TimeStyle, Intl.DateTimeFormatOptions> = {
  'date-time': { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' },
  'date-time-seconds': { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', timeZoneName: 'short' },
  'day-time': { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' },
  time: { hour: '2-digit', minute: '2-digit', timeZoneName: 'short' },
  'time-seconds': { hour: '2-digit', minute: '2-digit', second: '2-digit', timeZoneName: 'short' },
  // A day on its own needs no zone name: it is the event's day.
  date: { day: 'numeric', month: 'short', year: 'numeric' },
};

const formats = new Map<string, Intl.DateTimeFormat>();
const formatOf = (key: string, make: () => Intl.DateTimeFormat) => {
  let format = formats.get(key);
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
};

/** An instant as organisers read it, in the given zone with the zone named (where the locale has no short name for it, its offset: "GMT+2"). */
export function formatZonedTime(at: string | Date, timeZone: string, style: TimeStyle = 'date-time', locale = 'en-GB'): string {
  const format = formatOf(`${locale}|${timeZone}|${style}`, () => {
    try {
      return new Intl.DateTimeFormat(locale, { ...STYLES[style], timeZone });
    } catch {
      // A locale the runtime does not know: the shop's own language.
      return new Intl.DateTimeFormat('en-GB', { ...STYLES[style], timeZone });
    }
  });
  return format.format(typeof at === 'string' ? new Date(at) : at);
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** The zone's offset from UTC at an instant, in minutes (Europe/Amsterdam in summer: 120). */
export function zoneOffsetAt(at: Date, timeZone: string): number {
  const parts = formatOf(`offset|${timeZone}`, () =>
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }),
  ).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((entry) => entry.type === type)?.value ?? 0);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return Math.round((wall - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** An instant as ISO-8601 on the zone's clocks with its offset: 2027-06-18T14:00:00.000Z in Europe/Amsterdam → "2027-06-18T16:00:00.000+02:00". */
export function isoInZone(at: Date, timeZone: string): string {
  const offset = zoneOffsetAt(at, timeZone);
  const wall = new Date(at.getTime() + offset * 60_000);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}.${pad(wall.getUTCMilliseconds(), 3)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
