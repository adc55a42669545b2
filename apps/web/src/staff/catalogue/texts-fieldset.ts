import type { Locale, Shown } from '@festival/contract';
import { textChanges, type FieldProblems, type TextEntry, type TextKey, type TextsForm } from '../catalogue-page';
import { staffTexts } from '../texts';

const texts = staffTexts.catalogue;

/** The text fields' labels by the payload's names (name, translations.de.description), as a problem's sentence names them. */
export function textFieldLabels(languages: readonly Locale[]): Record<string, Shown> {
  return {
    name: texts.textsName,
    description: texts.textsDescription,
    translations: texts.fieldNames.translations!,
    ...Object.fromEntries(
      languages.slice(1).flatMap((code) => [
        [`translations.${code}`, texts.fieldNames.translations!],
        [`translations.${code}.name`, texts.textsName],
        [`translations.${code}.description`, texts.textsDescription],
      ]),
    ),
  };
}

/**
 * The problems left once a text of one language is typed in: the field's own (by its name in the
 * payload: `name` for the default language, `translations.de.name` for another), the
 * translations' as a whole and the form's, wherever they are keyed.
 */
export function withoutTextProblems(current: FieldProblems, key: TextKey, language: Locale, languages: readonly Locale[]): FieldProblems {
  const own = language === languages[0] ? [key] : [`translations.${language}.${key}`, `translations.${language}`];
  const fields = [...own, 'translations', '_'];
  if (!fields.some((field) => field in current)) return current;
  return Object.fromEntries(Object.entries(current).filter(([field]) => !fields.includes(field)));
}

/** The texts a new item is made with (decision 0094): its own in the default language, every other language's given, empty ones left out. */
export function newEntryTexts(form: TextsForm, languages: readonly Locale[]): { name: string; description: string; translations: Record<string, { name?: string; description?: string }> } {
  const none: TextEntry = { name: '', description: '', translations: {} };
  const changes = textChanges(none, form, languages);
  const own = form[languages[0] ?? 'en'];
  return { name: own?.name.trim() ?? '', description: own?.description ?? '', translations: changes.translations ?? {} };
}
