import { useMemo } from 'react';
import { useConfig } from './config';
import { formatDate, formatMoney, formatNumber, intlLocaleOf, type DateStyle } from './format';
import { useLanguage } from './language';

/**
 * The formatting functions bound to the shop's currency and the page's language (the shop's own
 * locale when it is of that language); they change, and the page re-renders, when the buyer
 * switches language.
 */
export function useFormat() {
  const { currency, locale: shopLocale } = useConfig();
  const language = useLanguage();
  const locale = intlLocaleOf(shopLocale, language);
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
