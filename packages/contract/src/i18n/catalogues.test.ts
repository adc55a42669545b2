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
const declared = declaredMessages();

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

describe('the message catalogues', () => {
  it('English (lang/en.json, made by `npm run i18n`) is every declared message in its source words', () => {
    const english = catalogueOf(SOURCE_LOCALE);
    expect(Object.keys(english).sort()).toEqual([...declared.keys()].sort());
    for (const [id, { defaultMessage }] of declared) expect(english[id], id).toBe(defaultMessage);
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
      for (const [id, descriptor] of declared) {
        const words = translator.format({ ...descriptor, values: sampleValues(parse(descriptor.defaultMessage)) });
        expect(words, `${locale} ${id}`).not.toMatch(/[{}]/);
        expect(words, `${locale} ${id} is still the English`).not.toBe(descriptor.defaultMessage.length > 12 ? createTranslator('en', {}).format({ ...descriptor, values: sampleValues(parse(descriptor.defaultMessage)) }) : null);
      }
      expect(problems).toEqual([]);
    });
  });
});
