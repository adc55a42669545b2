import type { QuestionDefinition } from '@festival/contract';

/** An answer's field while it is typed: text, number, date and choice a string, yes/no 'yes', 'no' or '', multi the codes ticked. */
export type AnswerFormValue = string | string[];
export type AnswersForm = Record<string, AnswerFormValue>;

/** The answer fields' values when the modal opens: a cart line's answers as they are, empty fields for the rest. */
export function answersFormOf(questions: readonly QuestionDefinition[], given: Readonly<Record<string, unknown>> | null | undefined): AnswersForm {
  const form: AnswersForm = {};
  for (const question of questions) {
    const value = given?.[question.code];
    if (question.kind === 'multi') form[question.code] = Array.isArray(value) ? value.map(String) : [];
    else if (typeof value === 'boolean') form[question.code] = value ? 'yes' : 'no';
    else if (typeof value === 'string' || typeof value === 'number') form[question.code] = String(value);
    else form[question.code] = '';
  }
  return form;
}
