import { readFileSync } from 'node:fs';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import '../index';
import { createTranslator } from './format';
import { LOCALES, SOURCE_LOCALE, type Locale } from './locales';
import { declaredMessages } from './text';

/**
 * The catalogues (packages/contract/lang/<code>.json) against the messages the code declares:
 * every language has every message, nothing else, in valid ICU MessageFormat with the same
 * placeholders of the same kinds, and every plural gives the forms its language needs.
 */
const catalogueOf = (locale: Locale): Record<string, string> => JSON.parse(readFileSync(new URL(`../../lang/${locale}.json`, import.meta.url), 'utf8'));
/**
 * Every message of the shop: the English catalogue, which `npm run i18n` extracts from every
 * package's code (`npm run i18n -- --check` in the lint layer fails when it is out of date). The
 * messages this package declares are checked against it below.
 */
const declared = new Map(Object.entries(catalogueOf(SOURCE_LOCALE)).map(([id, defaultMessage]) => [id, { id, defaultMessage }]));

interface Argument {
  name: string;
  kind: string;
}

/** Each placeholder of a parsed message, with its kind (text, number, plural, select, date, time), nested ones included. */
function argumentsOf(elements: MessageFormatElement[], found: Argument[] = []): Argument[] {
  for (const element of elements) {
    if (element.type === TYPE.argument) found.push({ name: element.value, kind: 'text' });
    else if (element.type === TYPE.number) found.push({ name: element.value, kind: 'number' });
    else if (element.type === TYPE.date || element.type === TYPE.time) found.push({ name: element.value, kind: 'date' });
    else if (element.type === TYPE.plural || element.type === TYPE.select) {
      found.push({ name: element.value, kind: element.type === TYPE.plural ? `plural${element.pluralType === 'ordinal' ? ' ordinal' : ''}` : 'select' });
      for (const option of Object.values(element.options)) argumentsOf(option.value, found);
    } else if (element.type === TYPE.tag) argumentsOf(element.children, found);
  }
  return found;
}
const signature = (elements: MessageFormatElement[]) => [...new Set(argumentsOf(elements).map((argument) => `${argument.name}:${argument.kind}`))].sort();

/** The plural arguments of a parsed message with the option keys each gives. */
function pluralsOf(elements: MessageFormatElement[], found: { name: string; keys: string[]; ordinal: boolean }[] = []) {
  for (const element of elements) {
    if (element.type === TYPE.plural) found.push({ name: element.value, keys: Object.keys(element.options), ordinal: element.pluralType === 'ordinal' });
    if (element.type === TYPE.plural || element.type === TYPE.select) for (const option of Object.values(element.options)) pluralsOf(option.value, found);
  }
  return found;
}

/** Values for every placeholder of a message, of the kind it takes. */
function sampleValues(elements: MessageFormatElement[]): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  for (const { name, kind } of argumentsOf(elements)) values[name] = kind.startsWith('plural') || kind === 'number' ? 3 : kind === 'select' ? 'other' : kind === 'date' ? Date.UTC(2027, 6, 9) : `«${name}»`;
  return values;
}

/** How many letters a message has outside its placeholders. */
function literalLetters(source: string): number {
  let depth = 0;
  let letters = 0;
  for (const character of source) {
    if (character === '{') depth += 1;
    else if (character === '}') depth -= 1;
    else if (depth === 0 && /\p{L}/u.test(character)) letters += 1;
  }
  return letters;
}

describe('the message catalogues', () => {
  it('English (lang/en.json, made by `npm run i18n`) has every message the contract declares, in its source words', () => {
    const english = catalogueOf(SOURCE_LOCALE);
    for (const [id, { defaultMessage }] of declaredMessages()) expect(english[id], id).toBe(defaultMessage);
  });

  describe.each(LOCALES.filter((locale) => locale !== SOURCE_LOCALE))('%s', (locale) => {
    const catalogue = catalogueOf(locale);
    const pluralForms = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
    const ordinalForms = new Intl.PluralRules(locale, { type: 'ordinal' }).resolvedOptions().pluralCategories;

    it('has every message and no other', () => {
      expect(Object.keys(catalogue).filter((id) => !declared.has(id)), 'messages no code declares').toEqual([]);
      expect([...declared.keys()].filter((id) => !(id in catalogue)), 'messages missing').toEqual([]);
    });

    it('says each message in valid ICU with the same placeholders, of the same kinds, as the English', () => {
      for (const [id, { defaultMessage }] of declared) {
        const translated = catalogue[id];
        if (translated === undefined) continue;
        let elements: MessageFormatElement[];
        try {
          elements = parse(translated);
        } catch (error) {
          throw new Error(`${locale} ${id}: not valid ICU MessageFormat (${(error as Error).message})`);
        }
        expect(signature(elements), `${locale} ${id}`).toEqual(signature(parse(defaultMessage)));
      }
    });

    it('gives every plural the forms its language needs (CLDR), and no ASCII apostrophe that ICU would read as a quote', () => {
      for (const [id, translated] of Object.entries(catalogue)) {
        for (const plural of pluralsOf(parse(translated))) {
          const needed = plural.ordinal ? ordinalForms : pluralForms;
          const missing = needed.filter((form) => !plural.keys.includes(form));
          expect(missing, `${locale} ${id}: {${plural.name}, plural} lacks forms`).toEqual([]);
        }
        expect(translated.includes("'"), `${locale} ${id}: use ’ instead of '`).toBe(false);
      }
    });

    it('formats every message with values, without a placeholder or error left', () => {
      const problems: string[] = [];
      const translator = createTranslator(locale, catalogue, (problem) => problems.push(problem));
      const english = createTranslator('en', {});
      for (const [id, descriptor] of declared) {
        const words = translator.format({ ...descriptor, values: sampleValues(parse(descriptor.defaultMessage)) });
        expect(words, `${locale} ${id}`).not.toMatch(/[{}]/);
        // A sentence left in English (short words and frames such as "Voucher {name}" or "{field}: {value}" may be the same).
        if (literalLetters(descriptor.defaultMessage) >= 16) expect(words, `${locale} ${id} is still the English`).not.toBe(english.format({ ...descriptor, values: sampleValues(parse(descriptor.defaultMessage)) }));
      }
      expect(problems).toEqual([]);
    });
  });
});
