import { useMemo } from 'react';
import { useConfig } from './config';
import { formatDate, formatMoney, formatNumber, type DateStyle } from './format';

/** The formatting functions bound to the shop's currency and locale. */
export function useFormat() {
  const { currency, locale } = useConfig();
  return useMemo(
    () => ({
      money: (minorUnits: number) => formatMoney(minorUnits, { currency, locale }),
      number: (value: number) => formatNumber(value, locale),
      /** Without a zone the browser's zone is used (spec section 9). */
      date: (value: string | Date, timeZone?: string | null, style: DateStyle = 'dateTime') =>
        formatDate(value, { locale, timeZone, style }),
    }),
    [currency, locale],
  );
}
