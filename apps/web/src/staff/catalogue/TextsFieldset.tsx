import { directionOf, LOCALE_NAMES, type Locale, type Shown, type Text } from '@festival/contract';
import { useEffect, useRef, useState, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { Dropdown } from '../../components/ui/Dropdown';
import { TextField } from '../../components/ui/TextField';
import { pageLanguages } from '../../lib/app-languages';
import { say } from '../../lib/say';
import { languageOfProblems, textsFormOf, type FieldProblems, type TextEntry, type TextKey, type TextsForm } from '../catalogue-page';
import { staffTexts } from '../texts';
import { textFieldLabels, withoutTextProblems } from './texts-fieldset';

const texts = staffTexts.catalogue;

export type TextsFormState = ReturnType<typeof useTextsForm>;

/**
 * An event's or item's texts per language of the shop (decision 0094), as a form shows them: one
 * language's fields at a time. Typing in a field clears its problems; a refused text of another
 * language shows that language's fields (`showLanguageOf`), so its problem is seen and focused.
 */
export function useTextsForm(entry: TextEntry, setProblems: Dispatch<SetStateAction<FieldProblems>>) {
  const [languages] = useState<readonly Locale[]>(() => pageLanguages());
  const [language, setLanguage] = useState<Locale>(() => languages[0] ?? 'en');
  const [form, setForm] = useState<TextsForm>(() => textsFormOf(entry, languages));
  const setText = (key: TextKey, value: string) => {
    setForm((current) => ({ ...current, [language]: { ...(current[language] ?? { name: '', description: '' }), [key]: value } }));
    setProblems((current) => withoutTextProblems(current, key, language, languages));
  };

  const showLanguageOf = (fields: string[]) => {
    const code = languageOfProblems(fields, languages);
    if (code) setLanguage(code);
  };
  /** The text fields' labels by the payload's names, as a problem's sentence names them. */
  const labels: Record<string, Shown> = textFieldLabels(languages);
  return { languages, language, setLanguage, form, setText, showLanguageOf, labels };
}

/**
 * The shop's refusal of a text in another language than the one shown (its own check: a language
 * the shop does not have, a name too long in German) shows that language's fields, as the
 * browser's own check does on Save, and the refused field takes the focus once it is on the form.
 * `fields` are the refused fields by the payload's names (the form's mapping of the shop's errors,
 * none before the form was sent); `errors` is the refusal itself: only a new one moves the form.
 */
export function useLanguageOfRefusal(state: TextsFormState, formRef: RefObject<HTMLFormElement | null>, errors: unknown, fields: readonly string[]) {
  const [seen, setSeen] = useState(errors);
  const [pending, setPending] = useState<{ language: Locale; errors: unknown } | null>(null);
  // A new refusal, seen while rendering (React's way to follow a value from render to render).
  if (seen !== errors) {
    setSeen(errors);
    const code = languageOfProblems(fields, state.languages);
    if (code && code !== state.language) {
      state.setLanguage(code);
      setPending({ language: code, errors });
    }
  }
  const focused = useRef<unknown>(null);
  useEffect(() => {
    if (!pending || pending.language !== state.language || focused.current === pending.errors) return;
    focused.current = pending.errors;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [pending, state.language, formRef]);
}

/** The fields of an entry's texts in one language of the shop, with the language to show chosen above them (named in its own language). */
export function TextsFieldset({
  formId,
  texts: state,
  fields,
  legend,
  defaultHint,
  problemOf,
}: {
  formId: string;
  texts: TextsFormState;
  fields: readonly TextKey[];
  legend: Text;
  /** What the default language's texts are to the entry. */
  defaultHint: Text;
  problemOf: (field: string) => string | undefined;
}) {
  const { languages, language, form, setText } = state;
  const isDefault = language === languages[0];
  const own = form[language] ?? { name: '', description: '' };
  const at = (key: TextKey) => (isDefault ? key : `translations.${language}.${key}`);
  const nameProblem = problemOf(at('name')) ?? (isDefault ? undefined : (problemOf(`translations.${language}`) ?? problemOf('translations')));
  const descriptionProblem = problemOf(at('description'));
  const fallback = say(isDefault ? defaultHint : texts.textsFallback(LOCALE_NAMES[languages[0] ?? 'en']));
  const descriptionId = `${formId}-description`;
  return (
    <fieldset className="fieldset staff-cat-edit__group">
      <legend>{say(legend)}</legend>
      {languages.length > 1 && (
        <Dropdown
          label={say(texts.textsLanguage)}
          options={languages.map((code) => ({ value: code, label: LOCALE_NAMES[code] }))}
          value={language}
          onChange={(value) => state.setLanguage(value as Locale)}
          hint={fallback}
        />
      )}
      <TextField
        lang={language}
        dir={directionOf(language)}
        label={say(texts.textsName)}
        value={own.name}
        onChange={(value) => setText('name', value)}
        autoComplete="off"
        maxLength={200}
        hint={nameProblem}
        aria-invalid={nameProblem ? true : undefined}
        className={nameProblem ? 'staff-cat-field--invalid' : undefined}
      />
      {fields.includes('description') && (
        <div className={['field', descriptionProblem ? 'staff-cat-field--invalid' : ''].filter(Boolean).join(' ')}>
          <label className="field__label" htmlFor={descriptionId}>
            {say(texts.textsDescription)}
          </label>
          <textarea
            id={descriptionId}
            lang={language}
            dir={directionOf(language)}
            className="field__control"
            rows={4}
            value={own.description}
            onChange={(event) => setText('description', event.target.value)}
            aria-invalid={descriptionProblem ? true : undefined}
            aria-describedby={descriptionProblem ? `${descriptionId}-hint` : undefined}
          />
          {descriptionProblem && (
            <p id={`${descriptionId}-hint`} className="field__hint">
              {descriptionProblem}
            </p>
          )}
        </div>
      )}
    </fieldset>
  );
}

