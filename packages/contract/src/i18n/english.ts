import { createTranslator } from './format';
import type { Shown } from './text';

const translator = createTranslator('en', {});

/** A text in English, its source language (the spec's words): for tests, logs and the surfaces not yet translated. */
export const english = (text: Shown): string => translator.format(text);
