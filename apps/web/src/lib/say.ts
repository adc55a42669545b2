import { createTranslator, type Shown } from '@festival/contract';

/**
 * The page's words for a text of the catalogues (docs/decisions/0093). The page speaks English,
 * the catalogues' source, until the web app's own language choice lands (issue 36's next step);
 * every text it shows already goes through here, so that step changes this translator only.
 */
const translator = createTranslator('en', {});

export const say = (text: Shown): string => translator.format(text);
