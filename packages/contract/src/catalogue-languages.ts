import { z } from 'zod';
import type { Locale } from './i18n/locales';

/**
 * The catalogue's own texts in every language of the shop (issue 36 point 5, decision 0094). An event's, product's or merchandise item's texts are in the shop's default language
 * (the first of its `languages`); each other language's words are an overlay under
 * `translations.<code>` with the texts it replaces, any of them left out:
 *
 * ```yaml
 * products:
 *   - code: weekend
 *     name: Weekend ticket
 *     description: <p>Three days of music.</p>
 *     translations:
 *       de: { name: Wochenendticket, description: <p>Drei Tage Musik.</p> }
 * ```
 *
 * A text left out is shown in the default language.
 */
export const eventTextTranslation = z.object({ name: z.string().min(1).max(200) }).partial().strict();
export const itemTextTranslation = z.object({ name: z.string().min(1).max(200), description: z.string() }).partial().strict();
export type EventTextTranslation = z.infer<typeof eventTextTranslation>;
export type ItemTextTranslation = z.infer<typeof itemTextTranslation>;

/** By language code; a code the shop does not offer is reported at its own line (catalogueTranslationProblems). */
export const eventTextTranslations = z.record(z.string(), eventTextTranslation);
export const itemTextTranslations = z.record(z.string(), itemTextTranslation);

/** An entry's translations as stored with it (the `translations` column): null when it has none. */
export type TextTranslations<T extends Record<string, string | undefined>> = Readonly<Record<string, T>> | null | undefined;

/** The text fields of each kind of entry, as the file names them. */
export const EVENT_TEXT_FIELDS = ['name'] as const;
export const ITEM_TEXT_FIELDS = ['name', 'description'] as const;

/**
 * An entry's text in `language`: its translation where given (and not empty), else its own (the
 * default language's).
 */
export function textIn<T extends Record<string, string | undefined>>(own: string, translations: TextTranslations<T>, language: Locale, field: keyof T & string): string {
  const text = translations?.[language]?.[field];
  return text ? text : own;
}

/** What is wrong with an entry's translations: a language the shop does not offer, or its default (whose texts are the entry's own). */
export function translationLanguageProblems(translations: Readonly<Record<string, unknown>> | null | undefined, languages: readonly Locale[]): { code: string; message: string }[] {
  const [main, ...others] = languages;
  const problems: { code: string; message: string }[] = [];
  for (const code of Object.keys(translations ?? {})) {
    if (code === main) problems.push({ code, message: `${code} is the shop's default language: its texts are the entry's own, not a translation` });
    else if (!(others as readonly string[]).includes(code)) problems.push({ code, message: `the shop does not offer ${code} (languages: ${languages.join(', ')})` });
  }
  return problems;
}

interface TextEntry {
  code: string;
  name: string;
  description?: string | null | undefined;
  translations?: Readonly<Record<string, Partial<Record<string, string>>>> | null | undefined;
}

/**
 * The catalogue's texts each other language of the shop lacks (shown in the default language
 * until given), as paths in the file: `products[2].translations.de.description`.
 * `npm run catalog -- validate` lists them.
 */
export function missingCatalogueTexts(
  catalogue: { events: readonly TextEntry[]; products: readonly TextEntry[]; merchandise: readonly TextEntry[] },
  languages: readonly Locale[],
): { language: Locale; path: string; code: string }[] {
  const missing: { language: Locale; path: string; code: string }[] = [];
  for (const language of languages.slice(1)) {
    for (const section of ['events', 'products', 'merchandise'] as const) {
      catalogue[section].forEach((entry, index) => {
        const fields = section === 'events' ? EVENT_TEXT_FIELDS : ITEM_TEXT_FIELDS;
        for (const field of fields) {
          const own = field === 'name' ? entry.name : entry.description;
          if (!own) continue;
          if (!entry.translations?.[language]?.[field]) missing.push({ language, code: entry.code, path: `${section}[${index}].translations.${language}.${field}` });
        }
      });
    }
  }
  return missing;
}
