import { createTranslator } from './format';
import { isText, type Shown, type Text } from './text';

const translator = createTranslator('en', {});

/** A text in English, its source language (the spec's words): for tests, logs and the surfaces not yet translated. */
export const english = (text: Shown): string => translator.format(text);

/** A catalogue object with each of its texts in English (functions and other values as they are). */
export type InEnglish<T> = T extends Text ? string : T extends (...args: never[]) => unknown ? T : T extends object ? { [K in keyof T]: InEnglish<T[K]> } : T;

/**
 * A whole catalogue object in English, for tests that find a page's elements by their words (the
 * browser journeys run the pages in English, the source language).
 */
export function englishOf<T>(texts: T): InEnglish<T> {
  if (isText(texts)) return english(texts) as InEnglish<T>;
  if (!texts || typeof texts !== 'object' || Array.isArray(texts)) return texts as InEnglish<T>;
  return Object.fromEntries(Object.entries(texts).map(([key, value]) => [key, englishOf(value)])) as InEnglish<T>;
}
