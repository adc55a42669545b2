import { match } from '@formatjs/intl-localematcher';

/**
 * The languages the shop speaks (docs/decisions/0093). English is the source: the spec's texts,
 * verbatim. Adding a language is its catalogue file (`packages/contract/lang/<code>.json`) and its
 * entry here; the catalogue tests then say what it still lacks.
 */
export const LOCALES = ['en', 'de', 'nl', 'fr', 'es', 'pl', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const SOURCE_LOCALE: Locale = 'en';

/** Each language's name in its own language, as a language switcher shows it. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = {
  en: 'English',
  de: 'Deutsch',
  nl: 'Nederlands',
  fr: 'Français',
  es: 'Español',
  pl: 'Polski',
  ar: 'العربية',
};

const RIGHT_TO_LEFT: ReadonlySet<Locale> = new Set<Locale>(['ar']);

/** The writing direction of a language, for `dir` on the page, the e-mail and the document. */
export const directionOf = (locale: Locale): 'ltr' | 'rtl' => (RIGHT_TO_LEFT.has(locale) ? 'rtl' : 'ltr');

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** Longer headers are read up to here: a browser's is a few dozen characters, and nothing past this can change the choice much. */
const ACCEPT_LANGUAGE_READ_MAX = 512;
const RANGES_READ_MAX = 24;
const RANGE = /^\s*([A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8}){0,7})\s*(?:;\s*q\s*=\s*(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)\s*)?$/;

/**
 * The language ranges of an Accept-Language header (RFC 9110 12.5.4), best first, as canonical
 * language tags. Linear in the header's length, read up to a bound; what is not a language range
 * (`xx-!!`, `../..`, a wildcard) is skipped, so any header gives a list, maybe empty.
 */
export function acceptedLanguages(header: string | undefined | null): string[] {
  if (!header) return [];
  const ranges: { tag: string; weight: number; order: number }[] = [];
  for (const part of header.slice(0, ACCEPT_LANGUAGE_READ_MAX).split(',', RANGES_READ_MAX)) {
    const parsed = RANGE.exec(part);
    if (!parsed) continue;
    const weight = parsed[2] === undefined ? 1 : Number(parsed[2]);
    if (weight <= 0) continue;
    try {
      const [tag] = Intl.getCanonicalLocales(parsed[1]!);
      if (tag) ranges.push({ tag, weight, order: ranges.length });
    } catch {
      // not a well-formed language tag: skipped
    }
  }
  return ranges.sort((a, b) => b.weight - a.weight || a.order - b.order).map((range) => range.tag);
}

/**
 * The shop's language for what a person asked for, best first (their choice, then their browser's
 * languages), among the languages the shop offers; the shop's default when none fits.
 */
export function chooseLocale(requested: readonly string[], offered: readonly Locale[], fallback: Locale): Locale {
  if (requested.length === 0) return fallback;
  const chosen = match([...requested], [...offered], fallback, { algorithm: 'lookup' });
  return isLocale(chosen) ? chosen : fallback;
}

/**
 * The `Intl` locale a text in `language` writes amounts and dates with: `preferred` (the shop's
 * configured locale, or the browser's) when it is of that language (a shop configured `en-GB`
 * writes English the British way, `de-AT` German the Austrian way), else the language itself.
 */
export function intlLocaleOf(preferred: string, language: string): string {
  const own = preferred.toLowerCase();
  return own === language || own.startsWith(`${language}-`) ? preferred : language;
}

/** A letter of a right-to-left script (Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms). */
const RIGHT_TO_LEFT_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;

/**
 * A placeholder's value kept apart from the sentence around it (Unicode's first-strong isolate,
 * FSI … PDI, as MessageFormat 2 does): a Latin name or a code in an Arabic sentence, or an Arabic
 * name in an English one, keeps its own direction and does not pull the punctuation next to it
 * over to its side ("(VIP)", "12:30", "محمد,"). Values that need none (an English sentence, a
 * value without right-to-left letters) stay as they are.
 */
export function isolatedValue(value: string, direction: 'ltr' | 'rtl'): string {
  if (value === '' || (direction === 'ltr' && !RIGHT_TO_LEFT_LETTER.test(value))) return value;
  return `\u2068${value}\u2069`;
}
