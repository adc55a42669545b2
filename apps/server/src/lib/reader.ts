import { intlLocaleOf as intlLocaleOfShared, isLocale, SOURCE_LOCALE, type Locale, type ShopConfigFile, type Text } from '@festival/contract';
import { translatorFor } from './language';

/**
 * The language of a person the shop writes to outside a request (an e-mail, a document, a message
 * the sweeper or a refund round sends; decision 0094): the one kept for them (an order's, an
 * account's) while the shop still offers it, else the shop's default. A language the shop no
 * longer offers, or a value that is not a language, falls back to the default.
 */
export function readerLanguage(config: Partial<Pick<ShopConfigFile, 'languages'>>, ...kept: (string | null | undefined)[]): Locale {
  const offered: readonly Locale[] = config.languages?.length ? config.languages : [SOURCE_LOCALE];
  for (const code of kept) if (isLocale(code) && offered.includes(code)) return code;
  return offered[0]!;
}

/** The `Intl` locale for a language in a shop: its own locale when it is of that language, else the language (the contract's intlLocaleOf). */
export const intlLocaleOf = (config: Pick<ShopConfigFile, 'locale'>, language: Locale): string => intlLocaleOfShared(config.locale, language);

/** What a message or document for one reader is written with: their language, its texts, and amounts and dates as it writes them in the shop's time zone. */
export interface Words {
  readonly language: Locale;
  readonly direction: 'ltr' | 'rtl';
  /** The `Intl` locale amounts and dates are written in. */
  readonly intlLocale: string;
  /** A text in the reader's language; a plain string (a name, an organiser's text) as it is. */
  say(text: Text | string): string;
  /** An amount in minor units, in the shop's currency. */
  amount(minor: number): string;
  /** A date, long ("14 March 2027", „14. März 2027“). */
  date(at: Date): string;
  /** A departure with its day and the zone named ("Friday 11 June 2027 at 14:00 CEST"). */
  departure(at: Date): string;
}

type WordsConfig = Pick<ShopConfigFile, 'locale' | 'currency' | 'timezone'>;
const made = new Map<string, Words>();
const MAX_MADE = 64;

/** The words for `language` in a shop (made once per shop locale, currency, zone and language: every message of a purchase uses them). */
export function wordsFor(config: WordsConfig, language: Locale): Words {
  const key = `${config.locale}\n${config.currency}\n${config.timezone}\n${language}`;
  let words = made.get(key);
  if (!words) {
    const translator = translatorFor(language);
    const intlLocale = intlLocaleOf(config, language);
    const money = new Intl.NumberFormat(intlLocale, { style: 'currency', currency: config.currency });
    const dates = new Intl.DateTimeFormat(intlLocale, { dateStyle: 'long', timeZone: config.timezone });
    const departures = new Intl.DateTimeFormat(intlLocale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: config.timezone, timeZoneName: 'short' });
    words = {
      language,
      direction: translator.direction,
      intlLocale,
      say: (text) => translator.format(text),
      amount: (minor) => money.format(minor / 100),
      date: (at) => dates.format(at),
      departure: (at) => departures.format(at),
    };
    if (made.size >= MAX_MADE) made.delete(made.keys().next().value!);
    made.set(key, words);
  }
  return words;
}

/** The parts of a configuration a shop's name in a language comes from (every message's builder has them). */
export type ShopNameConfig = Pick<ShopConfigFile, 'name'> & Partial<Pick<ShopConfigFile, 'languages' | 'translations'>>;

/**
 * The shop's name in `language` (the configuration's translation among the shop's languages,
 * else its own, as configIn gives it, decision 0094): what a message's subject, heading and
 * signature and a document's header call the shop.
 */
export function shopNameIn(config: ShopNameConfig, language: Locale): string {
  const [main, ...others] = config.languages ?? [];
  if (language === main || !others.includes(language)) return config.name;
  return config.translations?.[language]?.name ?? config.name;
}
