/// <reference types="vite/client" />
import { createTranslator, type Catalogue, type Locale, type Shown, type Translator } from '@festival/contract';
import { currentLanguage, registerLanguageLoader } from './language';

/**
 * The page's words for a text of the catalogues, in the page's language (language.ts;
 * docs/decisions/0093). English is the catalogues' source (the messages' own words); another
 * language's catalogue is loaded the first time the page needs it, as a chunk of its own.
 */
const catalogues = import.meta.glob<Catalogue>(['../../../../packages/contract/lang/*.json', '!../../../../packages/contract/lang/en.json'], { import: 'default' });
const translators = new Map<Locale, Translator>([['en', createTranslator('en', {})]]);

export async function loadLanguage(locale: Locale): Promise<void> {
  if (translators.has(locale)) return;
  const load = catalogues[`../../../../packages/contract/lang/${locale}.json`];
  if (!load) throw new Error(`the shop has no catalogue for ${locale}`);
  const catalogue = await load();
  translators.set(locale, createTranslator(locale, catalogue));
}

registerLanguageLoader(loadLanguage);

/** A text in the page's language (main.tsx loads the page's catalogue before the first render, the switcher before a switch). */
export const say = (text: Shown): string => (translators.get(currentLanguage()) ?? translators.get('en')!).format(text);

/**
 * Stands in for a value a sentence shows apart (a link, a code in `<code>`, emphasis): a
 * private-use character no text contains. The sentence is said whole, so each language puts the
 * value where its grammar wants it, and `sayAround` gives the words before and after it.
 */
export const APART = '\uE000';

/** The words of a text before and after the value made `APART`. */
export function sayAround(text: Shown): [before: string, after: string] {
  const said = say(text);
  const at = said.indexOf(APART);
  return at < 0 ? [said, ''] : [said.slice(0, at), said.slice(at + APART.length)];
}
