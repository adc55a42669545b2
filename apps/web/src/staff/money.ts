import { currencyFractionDigits, formatMoney, intlLocaleOf } from '../lib/format';
import { currentLanguage } from '../lib/language';

/**
 * Amounts staff type and read on the order pages (issue 22 point 3): the shop works in integer
 * minor units; staff type "12,50" or "12.50" in the shop's currency. Pure, so the pages and their
 * tests agree.
 */

/** Why a typed amount is not one: nothing typed, not a number, or more decimals than the currency has. */
export type AmountProblem = 'empty' | 'invalid' | 'decimals';
export type ParsedAmount = { ok: true; minor: number } | { ok: false; problem: AmountProblem };

/** The currency's minor digits: 2 for EUR, 0 for JPY, 3 for KWD. */
export const fractionDigitsOf = (currency: string): number => currencyFractionDigits({ currency, locale: 'en-GB' });

/**
 * A typed amount in minor units: "12,50", "12.50", "€ 12.5" and "1.234,56" or "1,234.56" (the last
 * separator is the decimal one when both are typed) give 1250, 1250, 1250 and 123456. A single
 * separator is always the decimal one, so "1,234" in euros is refused (three decimals) rather than
 * read as a thousand: money is never guessed. Negative amounts are not amounts.
 */
export function parseAmount(text: string, currency: string): ParsedAmount {
  const digits = fractionDigitsOf(currency);
  const cleaned = text.replace(/[\s\u00a0\u202f]/g, '').replace(/^[^\d.,-]+|[^\d.,]+$/g, '');
  if (cleaned === '') return { ok: false, problem: text.trim() === '' ? 'empty' : 'invalid' };
  if (!/^\d[\d.,]*$|^[.,]\d+$/.test(cleaned)) return { ok: false, problem: 'invalid' };
  const lastSeparator = Math.max(cleaned.lastIndexOf('.'), cleaned.lastIndexOf(','));
  let whole = cleaned;
  let fraction = '';
  if (lastSeparator >= 0) {
    const separator = cleaned[lastSeparator]!;
    const other = separator === '.' ? ',' : '.';
    whole = cleaned.slice(0, lastSeparator);
    fraction = cleaned.slice(lastSeparator + 1);
    // The decimal separator once; the other only as thousands in groups of three.
    if (whole.includes(separator) || fraction === '' || !/^\d+$/.test(fraction)) return { ok: false, problem: 'invalid' };
    if (whole.includes(other)) {
      if (!new RegExp(`^\\d{1,3}(\\${other}\\d{3})+$`).test(whole)) return { ok: false, problem: 'invalid' };
      whole = whole.split(other).join('');
    }
  }
  if (fraction.length > digits) return { ok: false, problem: 'decimals' };
  const minor = Number(whole || '0') * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  if (!Number.isSafeInteger(minor)) return { ok: false, problem: 'invalid' };
  return { ok: true, minor };
}

/** Minor units as an amount to type, with a dot: 1250, EUR → "12.50"; 500, JPY → "500". */
export function amountInput(minor: number, currency: string): string {
  const digits = fractionDigitsOf(currency);
  if (digits === 0) return String(minor);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 10 ** digits)}.${String(abs % 10 ** digits).padStart(digits, '0')}`;
}

/**
 * The locale for amounts, numbers and times: the page's language, with the browser's region when
 * the browser speaks it (staff read figures as they are used to: en-US, en-GB), else the language
 * itself (a French page writes "45,50 €" whatever the browser's language).
 */
export const staffLocale = (): string => intlLocaleOf((typeof navigator !== 'undefined' && navigator.language) || 'en-GB', currentLanguage());

/** Minor units in the shop's currency as text: 4550, EUR → "€45.50". */
export const formatAmount = (minor: number, currency: string, locale = staffLocale()): string => formatMoney(minor, { currency, locale });
