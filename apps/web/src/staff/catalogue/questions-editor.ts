import { issueText, questionDefinition, QUESTION_KINDS, type QuestionDefinition, type QuestionDefinitionInput, type QuestionKind, type QuestionScope, type Shown } from '@festival/contract';
import type { FieldProblems } from '../catalogue-page';

/** The question form: what staff type, as they typed it. */
export interface QuestionForm {
  code: string;
  kind: QuestionKind;
  label: string;
  /** The label in the shop's other languages, by language code ('' for none). */
  translations: Record<string, string>;
  required: boolean;
  per: QuestionScope;
  at_gate: boolean;
  /** One option a line: "code: label". */
  options: string;
  min: string;
  max: string;
  earliest: string;
  latest: string;
  max_length: string;
  archived: boolean;
}

export const emptyQuestionForm = (languages: readonly string[]): QuestionForm => ({
  code: '',
  kind: 'text',
  label: '',
  translations: Object.fromEntries(languages.slice(1).map((language) => [language, ''])),
  required: false,
  per: 'ticket',
  at_gate: false,
  options: '',
  min: '',
  max: '',
  earliest: '',
  latest: '',
  max_length: '',
  archived: false,
});

export function questionFormOf(question: QuestionDefinition, languages: readonly string[]): QuestionForm {
  return {
    ...emptyQuestionForm(languages),
    code: question.code,
    kind: question.kind,
    label: question.label,
    translations: Object.fromEntries(languages.slice(1).map((language) => [language, question.translations?.[language]?.label ?? ''])),
    required: question.required,
    per: question.per,
    at_gate: question.at_gate,
    options: question.options.map((option) => `${option.code}: ${option.label}`).join('\n'),
    min: question.min == null ? '' : String(question.min),
    max: question.max == null ? '' : String(question.max),
    earliest: question.earliest ?? '',
    latest: question.latest ?? '',
    max_length: question.max_length == null ? '' : String(question.max_length),
    archived: question.archived,
  };
}

/** A whole number as typed, NaN when it is not one (the contract then refuses it in the file's words); null when empty. */
const numberOf = (text: string) => (text.trim() === '' ? null : /^\s*-?\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/** The form's field of a problem's path: `question.options.2.code` is the options'. */
export const questionFormFieldOf = (path: string): string => {
  const [field, second, ...rest] = path.replace(/^question\.?/, '').split('.');
  if (field === 'translations' && second) return `translations.${second}`;
  void rest;
  return field || '_';
};

/**
 * The question the form describes, as question-save takes it, checked with the catalogue file's
 * rules; an option kept keeps its translations (`previous`: the question as the shop has it).
 */
export function prepareQuestion(form: QuestionForm, previous: QuestionDefinition | null): { ok: true; question: QuestionDefinitionInput } | { ok: false; problems: FieldProblems } {
  const hasOptions = form.kind === 'choice' || form.kind === 'multi';
  const options = hasOptions
    ? form.options
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
        .map((line) => {
          const at = line.indexOf(':');
          const code = (at < 0 ? line : line.slice(0, at)).trim();
          const label = (at < 0 ? line : line.slice(at + 1)).trim();
          const kept = previous?.options.find((option) => option.code === code)?.translations;
          return kept ? { code, label, translations: kept } : { code, label };
        })
    : [];
  const translations = Object.fromEntries(
    Object.entries(form.translations)
      .map(([language, label]) => [language, label.trim()] as const)
      .filter(([, label]) => label !== '')
      .map(([language, label]) => [language, { label }]),
  );
  const question: QuestionDefinitionInput = {
    code: form.code.trim(),
    kind: form.kind,
    label: form.label.trim(),
    required: form.required,
    per: form.per,
    at_gate: form.at_gate,
    options,
    ...(form.kind === 'number' ? { min: numberOf(form.min), max: numberOf(form.max) } : {}),
    ...(form.kind === 'date' ? { earliest: form.earliest.trim() || null, latest: form.latest.trim() || null } : {}),
    ...(form.kind === 'text' ? { max_length: numberOf(form.max_length) } : {}),
    ...(Object.keys(translations).length ? { translations } : {}),
    archived: form.archived,
  };
  const checked = questionDefinition.safeParse(question);
  if (checked.success) return { ok: true, question };
  const problems: FieldProblems = {};
  for (const issue of checked.error.issues) problems[questionFormFieldOf(['question', ...issue.path].join('.'))] ??= issueText(issue);
  return { ok: false, problems };
}

/** The shop's field errors (`question.label`, `question.options.1.code`) by the form's fields. */
export function questionServerProblems(errors: Record<string, string[]>): Record<string, Shown> {
  const problems: Record<string, string> = {};
  for (const [key, list] of Object.entries(errors)) {
    const field = questionFormFieldOf(key);
    problems[field] = [problems[field], ...list].filter(Boolean).join(' ');
  }
  return problems;
}

/** The codes in their order with the question at `index` moved one place (`by` -1 earlier, 1 later). */
export function movedCodes(codes: readonly string[], index: number, by: -1 | 1): string[] {
  const next = [...codes];
  const to = index + by;
  if (to < 0 || to >= next.length) return next;
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

export const QUESTION_KIND_LIST: readonly QuestionKind[] = QUESTION_KINDS;
