/// <reference types="vite/client" />
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { directionOf, isolatedValue, type Locale, type Shown, type TextValues } from '@festival/contract';
import { currentLanguage, registerLanguageLoader } from './language';

/**
 * The page's words for a text of the catalogues, in the page's language (language.ts;
 * docs/decisions/0093), through FormatJS's formatter (intl-messageformat).
 *
 * The catalogues come compiled (apps/web/build/text-catalogues.ts): each language's messages as
 * ASTs, in parts, so the shop's build carries no ICU parser and loads only what it shows: the
 * `first` part (the first page and the frame) before the first render, which the server preloads
 * with the page; the rest of the app's texts (`shop`; the back office adds `staff`, the scanner
 * `scan`) right after it, and before any page or panel loaded later shows (`withTexts`). English
 * is loaded the same way; where no catalogue is loaded (the unit tests, the apps that load none)
 * a text is said in its own English words.
 */
/** One part of a language's texts: message id to its AST (or its ICU source, where the build plugin is not used). */
export type TextMessages = Readonly<Record<string, string | MessageFormatElement[]>>;
type Messages = TextMessages;
type Loader = () => Promise<Messages>;

const firstParts = import.meta.glob<Messages>('../../../../packages/contract/lang/*.json', { query: '?texts=first', import: 'default' });
const shopParts = import.meta.glob<Messages>('../../../../packages/contract/lang/*.json', { query: '?texts=shop', import: 'default' });

/**
 * The parts an app shows besides the first: the shop's own; the back office and the scanner add
 * theirs from their entry (`addAppTexts`), so their texts are chunks of their builds only and the
 * shop's build has none of them.
 */
const PARTS: Record<string, Record<string, Loader>> = { shop: shopParts };
export function addAppTexts(name: 'staff' | 'scan', parts: Record<string, Loader>): void {
  PARTS[name] = parts;
}

const loaderOf = (parts: Record<string, Loader>, locale: Locale): Loader => {
  const load = parts[`../../../../packages/contract/lang/${locale}.json`];
  if (!load) throw new Error(`the shop has no catalogue for ${locale}`);
  return load;
};

/** Each language's loaded messages, and its loads under way (each part once). */
const loaded = new Map<Locale, Map<string, string | MessageFormatElement[]>>();
const loads = new Map<string, Promise<void>>();

function loadPart(locale: Locale, name: string, load: Loader): Promise<void> {
  const key = `${locale}:${name}`;
  let pending = loads.get(key);
  if (!pending) {
    pending = load().then(
      (messages) => {
        const into = loaded.get(locale) ?? new Map();
        for (const [id, message] of Object.entries(messages)) into.set(id, message);
        loaded.set(locale, into);
      },
      (error: unknown) => {
        loads.delete(key);
        throw error;
      },
    );
    loads.set(key, pending);
  }
  return pending;
}

/** The first page's texts in a language (main.tsx awaits them before the first render). */
export const loadFirstTexts = (locale: Locale): Promise<void> => loadPart(locale, 'first', loaderOf(firstParts, locale));

/** The rest of the app's texts in a language. */
const loadRest = (locale: Locale): Promise<void> => Promise.all(Object.entries(PARTS).map(([part, parts]) => loadPart(locale, part, loaderOf(parts, locale)))).then(() => undefined);

/** Every text of the app in a language: before a switch, the page never shows a mix. */
export async function loadLanguage(locale: Locale): Promise<void> {
  await Promise.all([loadFirstTexts(locale), loadRest(locale)]);
}

registerLanguageLoader(loadLanguage);

/**
 * Code loaded after the first render (a page, a panel, a notice) with the rest of the texts of
 * the page's language, so what it shows is never said in another language.
 */
export function withTexts<T>(code: Promise<T>): Promise<T> {
  return Promise.all([code, loadRest(currentLanguage())]).then(([module]) => module);
}

const formats = new Map<string, IntlMessageFormat>();
const lists = new Map<Locale, Intl.ListFormat>();
const reported = new Set<string>();

function formatOf(locale: Locale, id: string, message: string | MessageFormatElement[]): IntlMessageFormat {
  const key = `${locale}\u0000${id}`;
  let format = formats.get(key);
  if (!format) {
    format = new IntlMessageFormat(message, locale);
    formats.set(key, format);
  }
  return format;
}

/**
 * The placeholders' values for a text said in `locale` on a page in `direction`: lists joined as
 * the language joins them (each item that is a text said first: a field's name in a
 * required-fields message), strings isolated where their direction may differ from the page's
 * (a Latin name in an Arabic sentence, an Arabic name in an English one: isolatedValue).
 */
function valuesIn(locale: Locale, direction: 'ltr' | 'rtl', values: TextValues | undefined): Record<string, string | number> | undefined {
  if (!values) return undefined;
  let list = lists.get(locale);
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(values)) {
    if (Array.isArray(value)) {
      list ??= new Intl.ListFormat(locale, { type: 'unit', style: 'short' });
      lists.set(locale, list);
      out[name] = list.format((value as readonly Shown[]).map((item) => (typeof item === 'string' ? isolatedValue(item, direction) : say(item))));
    } else if (value === APART) out[name] = value; // the element in its place (sayAround) sets its own direction
    else out[name] = typeof value === 'string' ? isolatedValue(value, direction) : (value as number);
  }
  return out;
}

/** The pseudo-language's transform while it is on in this tab (pseudo.ts), else none. */
let pseudo: ((text: string) => string) | null = null;
const PSEUDO_KEY = 'shop.pseudo';

/**
 * Switches the pseudo-language on or off for this tab as the page's address says (`?pseudo=1`,
 * `?pseudo=0`; kept for the tab's later pages) and loads it when on. Each app's entry awaits it
 * before its first render.
 */
export async function startPseudo(search: string = location.search, store: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined = globalThis.sessionStorage): Promise<void> {
  const asked = new URLSearchParams(search).get('pseudo');
  if (asked === '1') store?.setItem(PSEUDO_KEY, '1');
  else if (asked === '0') store?.removeItem(PSEUDO_KEY);
  pseudo = store?.getItem(PSEUDO_KEY) === '1' ? (await import('./pseudo')).pseudoText : null;
}

/** A text in the page's language (main.tsx loads the page's first texts before the first render, the switcher all of a language before a switch); in the pseudo-language when it is on. */
export function say(text: Shown): string {
  const said = sayIn(text);
  return pseudo && typeof text !== 'string' ? pseudo(said) : said;
}

function sayIn(text: Shown): string {
  if (typeof text === 'string') return text;
  const locale = currentLanguage();
  const direction = directionOf(locale);
  const message = loaded.get(locale)?.get(text.id);
  if (message !== undefined) {
    try {
      return String(formatOf(locale, text.id, message).format(valuesIn(locale, direction, text.values)));
    } catch (error) {
      report(text.id, `${text.id} could not be said in ${locale}: ${(error as Error).message}`);
    }
  } else if (loaded.size > 0) {
    // A catalogue is loaded but lacks this text: a message not in the loaded parts (the catalogue tests keep them complete).
    report(text.id, `${text.id} is not among the loaded texts of ${locale}`);
  }
  try {
    return String(formatOf('en', text.id, text.defaultMessage).format(valuesIn('en', direction, text.values)));
  } catch {
    // The shop's build has no ICU parser: the English source as it is.
    return text.defaultMessage;
  }
}

function report(id: string, problem: string): void {
  if (reported.has(id)) return;
  reported.add(id);
  console.warn(`[texts] ${problem}`);
}

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
