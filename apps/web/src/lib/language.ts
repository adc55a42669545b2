import { directionOf, isLocale, type Locale } from '@festival/contract';
import { useSyncExternalStore } from 'react';

/**
 * The page's language (docs/decisions/0093): small, and in the first load (the API client sends
 * it with every call), so it holds no catalogue and no formatter; `say.ts` does, loaded with the
 * pages that show the catalogues' texts.
 *
 * The server sends each page in the buyer's language (`<html lang dir>`: the page's `?lang=`, the
 * switcher's cookie, the browser's languages, the shop's default), so the page starts in it. The
 * switcher changes it without a reload: the language's catalogue is loaded, the document's `lang`
 * and `dir` are set, the choice is kept in the cookie the server reads, and the pages re-render.
 */
export const LANGUAGE_COOKIE = 'shop_language';
const KEEP_SECONDS = 365 * 24 * 3600;

let current: Locale = 'en';
let offered: readonly Locale[] = ['en'];
const listeners = new Set<() => void>();
const chosenListeners = new Set<(locale: Locale) => void>();
const KEPT_CHOICE = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([A-Za-z-]{2,12})(?:;|$)`);

/** Whether someone chose the page's language on this device (the switcher's cookie names one the shop offers). */
export function chosenOnDevice(doc: Document = document): boolean {
  const kept = KEPT_CHOICE.exec(doc.cookie)?.[1];
  return isLocale(kept) && offered.includes(kept);
}

/** Calls `listener` with each language a person chooses in a switcher (the shop keeps it on the signed-in customer's account, decision 0094). */
export function onLanguageChosen(listener: (locale: Locale) => void): () => void {
  chosenListeners.add(listener);
  return () => chosenListeners.delete(listener);
}

/** The language the page starts in: the one the server sent it in, when the shop speaks it. */
export function startLanguage(languages: readonly Locale[], doc: Document = document): Locale {
  offered = languages.length ? languages : ['en'];
  const sent = doc.documentElement.lang;
  current = isLocale(sent) && offered.includes(sent) ? sent : offered[0]!;
  return current;
}

export const currentLanguage = (): Locale => current;
export const offeredLanguages = (): readonly Locale[] => offered;

/**
 * say.ts's loader of a language's catalogue: say.ts registers it as it loads (it carries the
 * formatter, which this module must not pull into the first load). Every page that shows a text
 * has loaded say.ts, the switcher included.
 */
let loader: ((locale: Locale) => Promise<void>) | null = null;
export function registerLanguageLoader(load: (locale: Locale) => Promise<void>): void {
  loader = load;
}
/** What else a switch loads before the page changes (the shop's configuration in the language, main.tsx). */
const switchSteps = new Set<(locale: Locale) => Promise<void>>();
export function beforeLanguageSwitch(step: (locale: Locale) => Promise<void>): () => void {
  switchSteps.add(step);
  return () => switchSteps.delete(step);
}
async function ready(locale: Locale): Promise<void> {
  if (!loader) throw new Error('the texts of the page are not loaded (lib/say)');
  await Promise.all([loader(locale), ...[...switchSteps].map((step) => step(locale))]);
}

/**
 * Switches the page to another of the shop's languages: its texts are loaded first, so the page
 * never shows a mix; then the document says it, the cookie keeps it, and the pages re-render.
 */
export async function switchLanguage(locale: Locale, doc: Document = document): Promise<void> {
  if (!offered.includes(locale) || locale === current) return;
  await ready(locale);
  current = locale;
  doc.documentElement.lang = locale;
  doc.documentElement.dir = directionOf(locale);
  doc.cookie = `${LANGUAGE_COOKIE}=${locale}; Path=/; Max-Age=${KEEP_SECONDS}; SameSite=Lax`;
  for (const listener of listeners) listener();
  for (const listener of chosenListeners) listener(locale);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The page's language, re-rendering the component when it changes. */
export const useLanguage = (): Locale => useSyncExternalStore(subscribe, currentLanguage, currentLanguage);

/** For tests: back to the start. */
export function resetLanguageForTests(): void {
  current = 'en';
  offered = ['en'];
  listeners.clear();
  chosenListeners.clear();
  switchSteps.clear();
}
