import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { acceptedLanguages, chooseLocale, createTranslator, LOCALES, SOURCE_LOCALE, type Catalogue, type Locale, type Translator } from '@festival/contract';
import type { FastifyRequest } from 'fastify';

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

const chosen = new WeakMap<FastifyRequest, Locale>();

/**
 * The language a request is answered in: the best of its Accept-Language that the shop speaks,
 * else the shop's default. Any header gives an answer quickly (acceptedLanguages reads a bounded
 * part of it and skips what is not a language range).
 */
export function requestLocale(request: FastifyRequest): Locale {
  let locale = chosen.get(request);
  if (!locale) {
    const header = request.headers['accept-language'];
    locale = chooseLocale(acceptedLanguages(Array.isArray(header) ? header[0] : header), LOCALES, SOURCE_LOCALE);
    chosen.set(request, locale);
  }
  return locale;
}

export const requestTranslator = (request: FastifyRequest): Translator => translatorFor(requestLocale(request));
