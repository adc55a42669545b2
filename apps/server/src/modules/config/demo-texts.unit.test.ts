import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { REPO_ROOT } from '../../env';
import { sanitizeRichText } from '../../lib/sanitize';

/**
 * The demo's texts were written with wrapped lines and joined without the space at the wrap
 * ("B.V.(Windmolenweg", "checkout.A", "plancan", "paidare"): the rendering keeps every space it
 * is given, so the fault is in the data, and this reads every text of the demo's configuration
 * and catalogue as a visitor sees it (after the sanitiser, block elements as breaks) for the
 * marks such joins leave. The demo speaks seven languages (issue 36): the texts under a
 * `translations.<code>` are read too, each as its language's.
 */

/** A text of the demo, and its language: English (the default's) unless it is under `translations.<code>`. */
type Text = { where: string; text: string; language?: string };

function collectTexts(value: unknown, where: string, into: Text[] = [], language = 'en', inTranslations = false): Text[] {
  if (typeof value === 'string') into.push({ where, text: value, language });
  else if (Array.isArray(value)) value.forEach((item, index) => collectTexts(item, `${where}[${index}]`, into, language));
  else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) collectTexts(item, `${where}.${key}`, into, inTranslations ? key : language, key === 'translations');
  return into;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** The text a visitor reads: rich text through the sanitiser, block elements as line breaks. */
function visibleText(text: string): string {
  return sanitizeRichText(text)
    .replace(/<\/?(?:p|h[1-6]|li|ul|ol|dl|dt|dd|div|br|hr|tr|td|th|table|caption|blockquote|pre|details|summary)\b[^>]*>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '');
}

/** Real compounds of the demo's texts that the glued-words check would otherwise take for joins. */
const COMPOUNDS = new Set(['without', 'passwords', 'artwork', 'giftcard', 'intent']);

/** Short words a join can hide at the front of the next ("orthird-party"). */
const SHORT_WORDS = new Set(['or', 'of', 'to', 'in', 'on', 'at', 'by', 'an', 'as', 'is', 'it', 'we', 'us', 'no', 'if', 'so', 'be', 'my', 'up']);

/** Addresses, links and file names, where dots and joined words belong. */
const isAddress = (token: string) => /@|:\/\/|^www\.|^\/|\.(?:example|com|nl|org|net|eu|de|be)\b|\.(?:webp|png|jpe?g|svg|pdf)$/i.test(token);

/**
 * The marks of words joined at a lost space, each with the word it is in. Every language's texts
 * are read for a word glued to a sentence mark, a bracket, an address or a link, and for a doubled
 * word; a word that is two others ("plancan") only in English, against the English words: German
 * and Dutch join words into one by their grammar ("Festivalgelände"), Spanish and Polish their
 * pronouns and particles ("descargarlas", "niektóre").
 */
export function joinedWords(texts: readonly Text[]): string[] {
  const seen = new Map<string, number>();
  const english = (language: string | undefined) => (language ?? 'en') === 'en';
  const visible = texts.map(({ where, text, language }) => ({ where, raw: text, text: visibleText(text), english: english(language) }));
  for (const { text } of visible.filter((text) => text.english)) for (const word of text.toLowerCase().match(/\p{L}+/gu) ?? []) seen.set(word, (seen.get(word) ?? 0) + 1);
  const found: string[] = [];
  for (const { where, raw, text, english } of visible) {
    // "reach us at<a href=…>": the word before a link glued to its text.
    const beforeLink = /\p{L}+(?=<a\s)/u.exec(raw);
    if (beforeLink) found.push(`${where}: "${beforeLink[0]}<a" (a word glued to a link)`);
    const doubled = /\b(\p{L}+)\s+\1\b/iu.exec(text);
    if (doubled) found.push(`${where}: doubled "${doubled[0]}"`);
    for (const token of text.split(/\s+/)) {
      if (!token) continue;
      if (isAddress(token)) {
        // "shop@northwind-festival.example.You", "….exampleand": the next word glued to an address.
        if (/\.(?:example|com|nl|org|net|eu|de|be)(?:[.,;:!?]\p{L}|\p{L})/iu.test(token)) found.push(`${where}: "${token}"`);
        continue;
      }
      // "checkout.A", "dates,your": a sentence mark glued to the next word; "B.V.(W": no space before a bracket.
      if (/\p{Ll}{2,}[.,;:!?)]\p{L}/u.test(token) || /[.,;:!?]\(/u.test(token) || /\)\p{L}/u.test(token)) found.push(`${where}: "${token}"`);
      // "plancan": a word seen once that is two words seen elsewhere in the demo (English).
      if (!english) continue;
      for (const word of token.toLowerCase().match(/\p{L}+/gu) ?? []) {
        if (word.length < 6 || COMPOUNDS.has(word) || (seen.get(word) ?? 0) > 1) continue;
        for (let cut = 2; cut <= word.length - 3; cut++) {
          if (cut === 2 && !SHORT_WORDS.has(word.slice(0, 2))) continue;
          if (seen.has(word.slice(0, cut)) && seen.has(word.slice(cut))) {
            found.push(`${where}: "${word}" (${word.slice(0, cut)} ${word.slice(cut)}?)`);
            break;
          }
        }
      }
    }
  }
  return found;
}

/**
 * Amounts written with a currency code ("EUR 49.00", "48.00 EUR", "EUR10") where the shop shows
 * them with its symbol ("€49.00", Intl's currency format in the demo's en-GB locale): a payment
 * plan's description then reads differently from the schedule under it.
 */
export function codedAmounts(texts: readonly Text[]): string[] {
  return texts.flatMap(({ where, text }) =>
    Array.from(visibleText(text).matchAll(/\b(?:EUR|USD|GBP|CHF|DKK|SEK|NOK|PLN|CZK)\s?\d[\d.,]*|\d[\d.,]*\s?(?:EUR|USD|GBP|CHF|DKK|SEK|NOK|PLN|CZK)\b/g), (match) => `${where}: "${match[0]}"`),
  );
}

describe("the demo's texts", () => {
  it('finds the joins that were there', () => {
    const texts = [
      { where: 'a', text: '<p>operated by Northwind Events B.V.(Windmolenweg 27) on the dates shown at checkout.A payment plan is paid.</p>' },
      { where: 'b', text: '<p>Tickets of an order with a payment plancan be downloaded; what you can pay is paid, and instalments already paidare refunded. Refunds are sent.</p>' },
      { where: 'c', text: '<p>Moved to other dates,your tickets stay valid. The the end.</p>' },
      { where: 'd', text: '<p>No advertising orthird-party cookies, no third parties. Write to <a href="mailto:shop@x.example">shop@x.example</a>.You may, or <a href="mailto:b@x.example">b@x.example</a>and wait.</p>' },
      { where: 'e', text: '<p>You can still reach us at<a href="mailto:shop@x.example">shop@x.example</a>.</p>' },
      { where: 'f', text: '<p>Schreiben Sie uns an<a href="mailto:shop@x.example">shop@x.example</a>,Sie erhalten die die Antwort bald.</p>', language: 'de' },
    ];
    expect(joinedWords(texts)).toEqual([
      'a: "B.V.(Windmolenweg"',
      'a: "checkout.A"',
      'b: "plancan" (plan can?)',
      'b: "paidare" (paid are?)',
      'c: doubled "The the"',
      'c: "dates,your"',
      'd: "orthird" (or third?)',
      'd: "shop@x.example.You"',
      'd: "b@x.exampleand"',
      'e: "at<a" (a word glued to a link)',
      'f: "an<a" (a word glued to a link)',
      'f: doubled "die die"',
      'f: "anshop@x.example,Sie"',
    ]);
  });

  it('reads a word that is two others as a join in English only: other languages make compounds', () => {
    const texts = [
      { where: 'en', text: '<p>Camping on the festival grounds; the festivalcamping is open.</p>' },
      { where: 'de', text: '<p>Der Festivalcampingplatz liegt neben dem Festival, Camping inklusive.</p>', language: 'de' },
      { where: 'nl', text: '<p>De festivalcamping ligt naast het festival, met camping.</p>', language: 'nl' },
    ];
    expect(joinedWords(texts)).toEqual(['en: "festivalcamping" (festival camping?)']);
  });

  it('reads the texts under translations as their language’s', () => {
    const texts = collectTexts({ name: 'Shop', translations: { de: { name: 'Laden', texts: { faqs: '<p>Fragen</p>' } } }, items: [{ name: 'Ticket', translations: { nl: { name: 'Kaart' } } }] }, 'config');
    expect(texts).toEqual([
      { where: 'config.name', text: 'Shop', language: 'en' },
      { where: 'config.translations.de.name', text: 'Laden', language: 'de' },
      { where: 'config.translations.de.texts.faqs', text: '<p>Fragen</p>', language: 'de' },
      { where: 'config.items[0].name', text: 'Ticket', language: 'en' },
      { where: 'config.items[0].translations.nl.name', text: 'Kaart', language: 'nl' },
    ]);
  });

  it('keeps block elements apart and leaves addresses alone', () => {
    expect(joinedWords([{ where: 'x', text: '<h2>Payment</h2><p>Write to <a href="mailto:shop@northwind-festival.example">shop@northwind-festival.example</a> or see northwind-festival.example/faq.</p><ul><li>One.</li><li>Two.</li></ul>' }])).toEqual([]);
  });

  it('finds amounts written with a currency code', () => {
    const texts = [{ where: 'a', text: '<p>You pay <strong>EUR 49.00 today</strong>, then 48.00 EUR, EUR10 off; €49.00, NWF27 and 2027 are fine.</p>' }];
    expect(codedAmounts(texts)).toEqual(['a: "EUR 49.00"', 'a: "48.00 EUR"', 'a: "EUR10"']);
  });

  it('writes every amount of the configuration and the catalogue as the shop does, with the € sign', () => {
    const config = JSON.parse(readFileSync(path.join(REPO_ROOT, 'config/demo-shop.json'), 'utf8')) as unknown;
    const catalogue = YAML.parse(readFileSync(path.join(REPO_ROOT, 'catalog/demo/catalogue.yaml'), 'utf8')) as unknown;
    expect(codedAmounts([...collectTexts(config, 'config'), ...collectTexts(catalogue, 'catalogue')])).toEqual([]);
  });

  it('has no words joined at a lost space in the configuration or the catalogue', () => {
    const config = JSON.parse(readFileSync(path.join(REPO_ROOT, 'config/demo-shop.json'), 'utf8')) as unknown;
    const catalogue = YAML.parse(readFileSync(path.join(REPO_ROOT, 'catalog/demo/catalogue.yaml'), 'utf8')) as unknown;
    const texts = [...collectTexts(config, 'config'), ...collectTexts(catalogue, 'catalogue')];
    expect(texts.length).toBeGreaterThan(100);
    // Every language of the demo is read.
    expect(new Set(texts.map((text) => text.language))).toEqual(new Set(['en', 'de', 'nl', 'fr', 'es', 'pl', 'ar']));
    expect(joinedWords(texts)).toEqual([]);
  });
});
