import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { directionOf, isolatedValue, type Locale } from './locales';
import type { Text, TextValues } from './text';

/** A language's catalogue: message id to its text, ICU source or compiled by `formatjs compile --ast`. */
export type Catalogue = Readonly<Record<string, string>> | Readonly<Record<string, MessageFormatElement[]>>;

/** Puts texts into words in one language. */
export interface Translator {
  readonly locale: Locale;
  readonly direction: 'ltr' | 'rtl';
  /** A text in this language (its English source where the catalogue lacks it); a plain string is returned as it is. */
  format(text: Text | string): string;
  /** FormatJS's own, for dates, numbers and money in this language. */
  readonly intl: IntlShape<string>;
}

/**
 * A translator for `locale` from its catalogue. A message the catalogue lacks is said in English
 * (its `defaultMessage`), never as its id, and reported once through `onMissing` (the catalogue
 * tests keep the shipped catalogues complete, so this is for a catalogue being written).
 */
export function createTranslator(locale: Locale, catalogue: Catalogue, onMissing?: (id: string) => void, options: { isolate?: boolean } = {}): Translator {
  const direction = directionOf(locale);
  const isolate = options.isolate ? (value: string) => isolatedValue(value, direction) : (value: string) => value;
  const reported = new Set<string>();
  const intl = createIntl(
    {
      locale,
      defaultLocale: 'en',
      messages: catalogue as Record<string, string> | Record<string, MessageFormatElement[]>,
      onError: (error) => {
        const id = (error as { descriptor?: { id?: unknown } }).descriptor?.id;
        if (error.code === 'MISSING_TRANSLATION' && typeof id === 'string' && !reported.has(id)) {
          reported.add(id);
          onMissing?.(id);
        } else if (error.code !== 'MISSING_TRANSLATION') {
          onMissing?.(`${String(id ?? '?')}: ${error.message}`);
        }
      },
    },
    createIntlCache(),
  );
  const lists = new Intl.ListFormat(locale, { type: 'unit', style: 'short' });
  const valuesIn = (values: TextValues | undefined): Record<string, string | number> | undefined => {
    if (!values) return undefined;
    const out: Record<string, string | number> = {};
    for (const [name, value] of Object.entries(values)) {
      if (Array.isArray(value)) out[name] = lists.format((value as readonly (string | Text)[]).map((item) => (typeof item === 'string' ? isolate(item) : format(item))));
      else out[name] = typeof value === 'string' ? isolate(value) : (value as number);
    }
    return out;
  };
  function format(text: Text | string): string {
    if (typeof text === 'string') return text;
    return intl.formatMessage(text, valuesIn(text.values));
  }
  return { locale, direction, intl, format };
}
