import { describe, expect, it } from 'vitest';
import { textsFormOf } from '../catalogue-page';
import { newEntryTexts, textFieldLabels, withoutTextProblems } from './texts-fieldset';

const LANGUAGES = ['en', 'de', 'ar'] as const;

describe('the texts fieldset’s reckoning (decision 0094)', () => {
  it('labels every language’s fields by the payload’s names, the default language’s as the entry’s own', () => {
    expect(Object.keys(textFieldLabels(LANGUAGES))).toEqual([
      'name',
      'description',
      'translations',
      'translations.de',
      'translations.de.name',
      'translations.de.description',
      'translations.ar',
      'translations.ar.name',
      'translations.ar.description',
    ]);
  });

  it('clears the typed field’s problems and the translations’ as a whole, never another language’s', () => {
    const problems = { name: 'a', 'translations.de.name': 'b', 'translations.ar.name': 'c', translations: 'd', _: 'e', price: 'f' };
    expect(withoutTextProblems(problems, 'name', 'de', LANGUAGES)).toEqual({ name: 'a', 'translations.ar.name': 'c', price: 'f' });
    expect(withoutTextProblems(problems, 'name', 'en', LANGUAGES)).toEqual({ 'translations.de.name': 'b', 'translations.ar.name': 'c', price: 'f' });
    const untouched = { price: 'f' };
    expect(withoutTextProblems(untouched, 'description', 'ar', LANGUAGES)).toBe(untouched);
  });

  it('makes a new entry’s texts: its own trimmed, every other language’s given, empty ones left out', () => {
    const form = textsFormOf({ name: '', description: '', translations: {} }, LANGUAGES);
    form.en = { name: ' Weekend pass ', description: '<p>Three days</p>' };
    form.ar = { name: 'تذكرة نهاية الأسبوع', description: '' };
    expect(newEntryTexts(form, LANGUAGES)).toEqual({ name: 'Weekend pass', description: '<p>Three days</p>', translations: { ar: { name: 'تذكرة نهاية الأسبوع' } } });
    expect(newEntryTexts(textsFormOf({ name: 'Cap', description: '', translations: {} }, LANGUAGES), LANGUAGES).translations).toEqual({});
  });
});
