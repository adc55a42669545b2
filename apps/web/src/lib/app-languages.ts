import { isLocale, type Locale } from '@festival/contract';
import { LANGUAGE_COOKIE } from './language';

/**
 * The languages of the back office's and the scanner's pages (issue 36). They carry no shop
 * configuration, so the server names the shop's languages on the page's root element
 * (`<html lang dir data-languages="en ar de">`, web-app.ts), the default first.
 */
export function pageLanguages(doc: Document = document): Locale[] {
  const named = (doc.documentElement.dataset.languages ?? '').split(/\s+/).filter(isLocale);
  return named.length ? named : ['en'];
}

/** The language the switcher keeps in its cookie, if any (what the server read to send the page in it). */
export function keptLanguage(doc: Document = document): Locale | null {
  const kept = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([A-Za-z-]{2,12})(?:;|$)`).exec(doc.cookie)?.[1];
  return isLocale(kept) ? kept : null;
}
