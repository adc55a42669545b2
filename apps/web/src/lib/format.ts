/**
 * The only place that turns money and timestamps into text (design rule 4). Money travels as
 * integer minor units; dates as ISO-8601 strings.
 */

export interface MoneyFormat {
  /** ISO 4217 code from the configuration, such as EUR. */
  currency: string;
  /** BCP 47 locale from the configuration, such as en-GB. */
  locale: string;
}

/** The `Intl` locale of a page in a language (the contract's, shared with the server's mail and documents). */
export { intlLocaleOf } from '@festival/contract';

const numberFormats = new Map<string, Intl.NumberFormat>();

function moneyFormatter({ currency, locale }: MoneyFormat): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    numberFormats.set(key, format);
  }
  return format;
}

/** Minor units per major unit follow the currency: 2 for EUR, 0 for JPY, 3 for KWD. */
export function currencyFractionDigits(format: MoneyFormat): number {
  return moneyFormatter(format).resolvedOptions().maximumFractionDigits ?? 2;
}

/** 4550 → "€45.50" (EUR, en-GB). */
export function formatMoney(minorUnits: number, format: MoneyFormat): string {
  const digits = currencyFractionDigits(format);
  return moneyFormatter(format).format(minorUnits / 10 ** digits);
}

/** A count as text in the locale: 1500 → "1,500" (en-GB). */
export function formatNumber(value: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(value);
}

/** date: 14 Aug 2026; dateTime: 14 Aug 2026, 20:30; dayDateTime: Fri, 14 Aug 2026, 20:30; time: 20:30. */
export type DateStyle = 'date' | 'dateTime' | 'dayDateTime' | 'time';

export interface DateFormat {
  locale: string;
  /** IANA zone such as Europe/Amsterdam; null or undefined shows the browser's zone. */
  timeZone?: string | null;
  style?: DateStyle;
}

const STYLE_OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  date: { day: 'numeric', month: 'short', year: 'numeric' },
  dateTime: { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  dayDateTime: { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  time: { hour: '2-digit', minute: '2-digit' },
};

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormatter({ locale, timeZone, style = 'dateTime' }: DateFormat): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone ?? ''}|${style}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...STYLE_OPTIONS[style], ...(timeZone ? { timeZone } : {}) });
    dateFormats.set(key, format);
  }
  return format;
}

/**
 * A timestamp as text in the given zone (or the browser's). A value that is not a date is
 * returned unchanged rather than shown as "Invalid Date".
 */
export function formatDate(value: string | number | Date, format: DateFormat): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  try {
    return dateFormatter(format).format(date);
  } catch {
    // An unknown time zone name: fall back to the browser's zone.
    return dateFormatter({ ...format, timeZone: null }).format(date);
  }
}
