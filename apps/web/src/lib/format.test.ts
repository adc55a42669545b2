import { describe, expect, it } from 'vitest';
import { currencyFractionDigits, formatDate, formatMoney, formatNumber, intlLocaleOf } from './format';

// Intl output uses narrow no-break spaces in some locales; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoney', () => {
  it('formats minor units in the configured currency and locale', () => {
    expect(formatMoney(4550, { currency: 'EUR', locale: 'en-GB' })).toBe('€45.50');
    expect(plain(formatMoney(4550, { currency: 'EUR', locale: 'nl-NL' }))).toBe('€ 45,50');
    expect(formatMoney(123456, { currency: 'GBP', locale: 'en-GB' })).toBe('£1,234.56');
  });

  it('follows the minor units of the currency', () => {
    expect(currencyFractionDigits({ currency: 'JPY', locale: 'en-GB' })).toBe(0);
    expect(formatMoney(4550, { currency: 'JPY', locale: 'en-GB' })).toBe('JP¥4,550');
    expect(currencyFractionDigits({ currency: 'KWD', locale: 'en-GB' })).toBe(3);
  });

  it('formats zero and negative amounts', () => {
    expect(formatMoney(0, { currency: 'EUR', locale: 'en-GB' })).toBe('€0.00');
    expect(formatMoney(-250, { currency: 'EUR', locale: 'en-GB' })).toBe('-€2.50');
  });
});

describe('formatDate', () => {
  const instant = '2026-08-14T18:30:00Z';

  it('shows the time in the given zone', () => {
    expect(formatDate(instant, { locale: 'en-GB', timeZone: 'Europe/Amsterdam' })).toBe('14 Aug 2026, 20:30');
    expect(formatDate(instant, { locale: 'en-GB', timeZone: 'America/New_York' })).toBe('14 Aug 2026, 14:30');
  });

  it('supports date-only and time-only styles', () => {
    expect(formatDate(instant, { locale: 'en-GB', timeZone: 'UTC', style: 'date' })).toBe('14 Aug 2026');
    expect(formatDate(instant, { locale: 'en-GB', timeZone: 'UTC', style: 'time' })).toBe('18:30');
  });

  it('names the weekday in the dayDateTime style, in the given zone', () => {
    expect(formatDate('2027-06-18T10:00:00+02:00', { locale: 'en-GB', timeZone: 'Europe/Amsterdam', style: 'dayDateTime' })).toBe(
      'Fri, 18 Jun 2027, 10:00',
    );
    expect(formatDate('2027-06-18T23:30:00+02:00', { locale: 'en-GB', timeZone: 'UTC', style: 'dayDateTime' })).toBe('Fri, 18 Jun 2027, 21:30');
  });

  it("uses the browser's zone when no zone is given", () => {
    const browser = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(instant));
    expect(formatDate(instant, { locale: 'en-GB' })).toBe(browser);
    expect(formatDate(instant, { locale: 'en-GB', timeZone: null })).toBe(browser);
  });

  it('returns text that is not a date unchanged', () => {
    expect(formatDate('soon', { locale: 'en-GB', timeZone: 'UTC' })).toBe('soon');
  });

  it("falls back to the browser's zone for an unknown zone name", () => {
    expect(() => formatDate(instant, { locale: 'en-GB', timeZone: 'Mars/Olympus' })).not.toThrow();
  });
});

describe('formatNumber', () => {
  it('groups digits as the locale does', () => {
    expect(formatNumber(1500, 'en-GB')).toBe('1,500');
    expect(formatNumber(1500, 'nl-NL')).toBe('1.500');
    expect(formatNumber(7, 'en-GB')).toBe('7');
  });
});

describe("formatting in the page's language (issue 36)", () => {
  it('takes the shop’s locale when it is of the page’s language, else the language', () => {
    expect(intlLocaleOf('en-GB', 'en')).toBe('en-GB');
    expect(intlLocaleOf('en-GB', 'de')).toBe('de');
    expect(intlLocaleOf('de-AT', 'de')).toBe('de-AT');
    expect(intlLocaleOf('nl', 'nl')).toBe('nl');
    // A prefix of another language is not that language.
    expect(intlLocaleOf('es-ES', 'e')).toBe('e');
  });

  it('writes money, numbers and dates as English and German readers write them, in the given zone', () => {
    const en = intlLocaleOf('en-GB', 'en');
    const de = intlLocaleOf('en-GB', 'de');
    expect(formatMoney(4550, { currency: 'EUR', locale: en })).toBe('€45.50');
    expect(formatMoney(4550, { currency: 'EUR', locale: de })).toBe('45,50\u00a0€');
    expect(formatMoney(123456, { currency: 'EUR', locale: de })).toBe('1.234,56\u00a0€');
    expect(formatNumber(4999, en)).toBe('4,999');
    expect(formatNumber(4999, de)).toBe('4.999');
    const at = '2026-08-14T18:30:00Z';
    expect(formatDate(at, { locale: en, timeZone: 'Europe/Amsterdam', style: 'dateTime' })).toBe('14 Aug 2026, 20:30');
    expect(formatDate(at, { locale: de, timeZone: 'Europe/Amsterdam', style: 'dateTime' })).toBe('14. Aug. 2026, 20:30');
    expect(formatDate(at, { locale: de, timeZone: 'Europe/Amsterdam', style: 'date' })).toBe('14. Aug. 2026');
    expect(formatDate(at, { locale: 'ar', timeZone: 'Europe/Amsterdam', style: 'time' })).not.toBe(formatDate(at, { locale: en, timeZone: 'Europe/Amsterdam', style: 'time' }));
  });
});
