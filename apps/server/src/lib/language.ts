import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { acceptedLanguages, chooseLocale, createTranslator, isLocale, SOURCE_LOCALE, type Catalogue, type Locale, type Translator } from '@festival/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The server's side of the shop's languages (docs/decisions/0093): each language's translator,
 * made from its catalogue the first time that language is asked for, and the language of a
 * request.
 */
const translators = new Map<Locale, Translator>();

function catalogueOf(locale: Locale): Catalogue {
  // The source language's texts are the messages' own (their defaultMessage).
  if (locale === SOURCE_LOCALE) return {};
  return JSON.parse(readFileSync(fileURLToPath(import.meta.resolve(`@festival/contract/lang/${locale}.json`)), 'utf8')) as Catalogue;
}

export function translatorFor(locale: Locale): Translator {
  let translator = translators.get(locale);
  if (!translator) {
    translator = createTranslator(locale, catalogueOf(locale));
    translators.set(locale, translator);
  }
  return translator;
}

const answerTranslators = new Map<Locale, Translator>();

/**
 * The translator of the API's answers, which a page shows as they are: each placeholder's value
 * isolated where its direction may differ from the sentence's (isolatedValue), as the page's own
 * texts are (say.ts). E-mails and documents place their values in their own markup instead.
 */
export function answerTranslatorFor(locale: Locale): Translator {
  let translator = answerTranslators.get(locale);
  if (!translator) {
    translator = createTranslator(locale, catalogueOf(locale), undefined, { isolate: true });
    answerTranslators.set(locale, translator);
  }
  return translator;
}

const chosen = new WeakMap<FastifyRequest, Locale>();
declare module 'fastify' {
  interface FastifyInstance {
    /** The shop's languages (its configuration's `languages`), the first its default. */
    shopLanguages?: readonly Locale[];
  }
}

/** The cookie the language switcher sets: the buyer's choice, for the pages the server sends. */
export const LANGUAGE_COOKIE = 'shop_language';
const CHOICE_IN_COOKIE = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([A-Za-z-]{2,12})(?:;|$)`);

/** Says which languages the shop speaks (its configuration's `languages`, the first its default) to every request of `app` and its plugins. */
export function speakLanguages(app: FastifyInstance, languages: readonly Locale[]): void {
  app.decorate('shopLanguages', languages);
}

/** The shop's languages as the request's app knows them; English alone for an app that was told none. */
export const offeredLanguages = (request: FastifyRequest): readonly Locale[] => request.server.shopLanguages ?? [SOURCE_LOCALE];

/**
 * The language a request is answered in, among the shop's languages: the one its page asks for
 * (`?lang=de`), else the buyer's choice kept in the switcher's cookie, else the best of its
 * Accept-Language, else the shop's default. Any input gives an answer quickly: each is checked
 * against the offered codes, and acceptedLanguages reads a bounded part of the header and skips
 * what is not a language range.
 */
export function requestLocale(request: FastifyRequest): Locale {
  let locale = chosen.get(request);
  if (!locale) {
    const offered = offeredLanguages(request);
    const asked = (request.query as { lang?: unknown } | undefined)?.lang;
    const cookie = request.headers.cookie;
    const kept = typeof cookie === 'string' ? CHOICE_IN_COOKIE.exec(cookie.slice(0, 4096))?.[1] : undefined;
    const explicit = [asked, kept].find((code): code is Locale => isLocale(code) && offered.includes(code));
    if (explicit) locale = explicit;
    else {
      const header = request.headers['accept-language'];
      locale = chooseLocale(acceptedLanguages(Array.isArray(header) ? header[0] : header), offered, offered[0]!);
    }
    chosen.set(request, locale);
  }
  return locale;
}

export const requestTranslator = (request: FastifyRequest): Translator => translatorFor(requestLocale(request));
