import { z } from 'zod';
import { INTEGER_COLUMN_MAX, INTEGER_COLUMN_MIN } from './bounds';
import { catalogueBoolean, catalogueCode } from './catalogue-fields';
import { boundFirst } from './common';
import { issueMessage, message, messageWith, textOfIssueMessage, type Text } from './i18n/text';

/**
 * Questions per product (issue 37 point 4, decision 0106): the organiser asks a buyer something
 * with a product (T-shirt size, dietary needs, company, emergency contact), once per ticket or
 * once per order. One schema for the catalogue file's `questions:` and the back office's editor
 * (`questionDefinition`), and one function for an answer's rules (`answersProblems`), which the
 * personalise modal, the checkout page, the desk and the server all call, so a value is refused
 * by the same rule with the same words everywhere.
 */

export const QUESTION_KINDS = ['text', 'choice', 'multi', 'number', 'date', 'yes_no'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export const QUESTION_SCOPES = ['ticket', 'order'] as const;
export type QuestionScope = (typeof QUESTION_SCOPES)[number];

export const QUESTIONS_MAX = 30;
export const QUESTION_OPTIONS_MAX = 100;
/** The longest text answer a question may allow (and what one allows when it does not say). */
export const TEXT_ANSWER_MAX = 1000;
export const QUESTION_LABEL_MAX = 200;

const labelLength = messageWith<{ max: number }>({ id: 'questionMessages.labelLength', defaultMessage: 'must be 1-{max} characters' });
const optionTwice = messageWith<{ code: string }>({ id: 'questionMessages.optionTwice', defaultMessage: '"{code}" is the code of another option' });
const codeTwice = messageWith<{ code: string }>({ id: 'questionMessages.codeTwice', defaultMessage: '"{code}" is the code of another question of this product' });
const tooMany = messageWith<{ max: number }>({ id: 'questionMessages.tooMany', defaultMessage: 'at most {max} questions a product' });
const onlyFor = messageWith<{ kinds: string }>({ id: 'questionMessages.onlyFor', defaultMessage: 'only a question of kind {kinds} takes this' });
const required = messageWith<{ question: string }>({ id: 'questionMessages.required', defaultMessage: '"{question}" needs an answer' });
const numberRange = messageWith<{ min: string; max: string }>({ id: 'questionMessages.numberRange', defaultMessage: 'must be a whole number from {min} to {max}' });
const dateFrom = messageWith<{ earliest: string }>({ id: 'questionMessages.dateFrom', defaultMessage: 'must be {earliest} or later' });
const dateUntil = messageWith<{ latest: string }>({ id: 'questionMessages.dateUntil', defaultMessage: 'must be {latest} or earlier' });
const textLength = messageWith<{ max: number }>({ id: 'questionMessages.textLength', defaultMessage: 'must be at most {max} characters' });

/** The texts of the questions' rules, the same in the catalogue file, the editor and every form that asks. */
export const questionMessages = {
  labelLength: labelLength({ max: QUESTION_LABEL_MAX }),
  kind: message({ id: 'questionMessages.kind', defaultMessage: 'must be text, choice, multi, number, date or yes_no' }),
  per: message({ id: 'questionMessages.per', defaultMessage: 'must be ticket or order' }),
  options: message({ id: 'questionMessages.options', defaultMessage: 'a choice question needs at least one option' }),
  optionTwice: (code: string) => optionTwice({ code }),
  codeTwice: (code: string) => codeTwice({ code }),
  tooMany: tooMany({ max: QUESTIONS_MAX }),
  onlyFor: (kinds: string) => onlyFor({ kinds }),
  minAboveMax: message({ id: 'questionMessages.minAboveMax', defaultMessage: 'must not be more than max' }),
  earliestAfterLatest: message({ id: 'questionMessages.earliestAfterLatest', defaultMessage: 'must not be later than latest' }),
  date: message({ id: 'questionMessages.date', defaultMessage: 'must be a date such as 2027-06-18' }),
  /** A question answered was removed in the back office while the answers were on their way (decision 0106). */
  changed: message({ id: 'questionMessages.changed', defaultMessage: 'The questions for this product have just changed. Please check your answers and try again.' }),
  wholeNumber: message({ id: 'questionMessages.wholeNumber', defaultMessage: 'must be a whole number' }),
  maxLength: message({ id: 'questionMessages.maxLength', defaultMessage: 'must be a whole number from 1 to 1000' }),
  /** An answer's texts. `question`: the question's label in the reader's language. */
  required: (question: string) => required({ question }),
  notAnOption: message({ id: 'questionMessages.notAnOption', defaultMessage: 'must be one of the options' }),
  notOptions: message({ id: 'questionMessages.notOptions', defaultMessage: 'must be some of the options, each once' }),
  yesOrNo: message({ id: 'questionMessages.yesOrNo', defaultMessage: 'must be yes or no' }),
  text: message({ id: 'questionMessages.text', defaultMessage: 'must be text' }),
  numberRange: (min: number | null, max: number | null) => numberRange({ min: min === null ? '-2147483648' : String(min), max: max === null ? '2147483647' : String(max) }),
  dateFrom: (earliest: string) => dateFrom({ earliest }),
  dateUntil: (latest: string) => dateUntil({ latest }),
  textLength: (max: number) => textLength({ max }),
};

const q = {
  label: issueMessage(questionMessages.labelLength),
  kind: issueMessage(questionMessages.kind),
  per: issueMessage(questionMessages.per),
  date: issueMessage(questionMessages.date),
  wholeNumber: issueMessage(questionMessages.wholeNumber),
  maxLength: issueMessage(questionMessages.maxLength),
};

const label = z.string({ error: q.label }).trim().min(1, q.label).max(QUESTION_LABEL_MAX, q.label);
/** A calendar day, YYYY-MM-DD, that exists (2027-02-30 does not). */
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
export const questionDay = z.string({ error: q.date }).refine(isDay, q.date);
const wholeNumber = z.number({ error: q.wholeNumber }).int(q.wholeNumber).min(-2147483648, q.wholeNumber).max(2147483647, q.wholeNumber);

/** A question's or option's label in the shop's other languages: `{ de: { label: T-Shirt-Größe } }`. */
export const questionTranslations = z.record(z.string(), z.strictObject({ label }));
export type QuestionTranslations = z.infer<typeof questionTranslations>;

export const questionOption = z.strictObject({
  code: catalogueCode,
  label,
  translations: questionTranslations.optional(),
});
export type QuestionOption = z.infer<typeof questionOption>;

const KINDS_WITH_OPTIONS: readonly QuestionKind[] = ['choice', 'multi'];

/**
 * A question as the catalogue file writes it under a product's `questions:` and the back office
 * sends it. Its `code` names it for good (the answers, the file and the exports' columns name it by
 * code); the order of a product's questions is the order they are asked in.
 */
export const questionDefinition = z
  .strictObject({
    code: catalogueCode,
    kind: z.enum(QUESTION_KINDS, { error: q.kind }),
    label,
    required: catalogueBoolean.default(false),
    /** Asked for each ticket (in the personalise step) or once for the order (at checkout). */
    per: z.enum(QUESTION_SCOPES, { error: q.per }).default('ticket'),
    /** The scanner shows the ticket's answer at the gate. */
    at_gate: catalogueBoolean.default(false),
    /** choice and multi: what a buyer picks from, in this order. */
    options: z.array(questionOption).max(QUESTION_OPTIONS_MAX).default([]),
    /** number: the range of the answer. */
    min: wholeNumber.nullish(),
    max: wholeNumber.nullish(),
    /** date: the range of the answer. */
    earliest: questionDay.nullish(),
    latest: questionDay.nullish(),
    /** text: the longest answer (default 1000 characters). */
    max_length: z.number({ error: q.maxLength }).int(q.maxLength).min(1, q.maxLength).max(TEXT_ANSWER_MAX, q.maxLength).nullish(),
    translations: questionTranslations.optional(),
    /** No longer asked; its answers stay with the orders that gave them (a question with answers is never deleted). */
    archived: catalogueBoolean.default(false),
  })
  .superRefine((question, ctx) => {
    const only = (field: string, kinds: string) => ctx.addIssue({ code: 'custom', path: [field], message: issueMessage(questionMessages.onlyFor(kinds)) });
    const hasOptions = KINDS_WITH_OPTIONS.includes(question.kind);
    if (hasOptions && question.options.length === 0) ctx.addIssue({ code: 'custom', path: ['options'], message: issueMessage(questionMessages.options) });
    if (!hasOptions && question.options.length > 0) only('options', 'choice, multi');
    const seen = new Set<string>();
    question.options.forEach((option, index) => {
      if (seen.has(option.code)) ctx.addIssue({ code: 'custom', path: ['options', index, 'code'], message: issueMessage(questionMessages.optionTwice(option.code)) });
      seen.add(option.code);
    });
    if (question.kind !== 'number') {
      if (question.min != null) only('min', 'number');
      if (question.max != null) only('max', 'number');
    } else if (question.min != null && question.max != null && question.min > question.max) {
      ctx.addIssue({ code: 'custom', path: ['min'], message: issueMessage(questionMessages.minAboveMax) });
    }
    if (question.kind !== 'date') {
      if (question.earliest != null) only('earliest', 'date');
      if (question.latest != null) only('latest', 'date');
    } else if (question.earliest != null && question.latest != null && question.earliest > question.latest) {
      ctx.addIssue({ code: 'custom', path: ['earliest'], message: issueMessage(questionMessages.earliestAfterLatest) });
    }
    if (question.kind !== 'text' && question.max_length != null) only('max_length', 'text');
  });
export type QuestionDefinition = z.output<typeof questionDefinition>;
export type QuestionDefinitionInput = z.input<typeof questionDefinition>;

/** A product's questions, in the order they are asked: the rules across them (codes name one question). */
export const productQuestions = z.array(questionDefinition).superRefine((questions, ctx) => {
  if (questions.length > QUESTIONS_MAX) ctx.addIssue({ code: 'custom', path: [], message: issueMessage(questionMessages.tooMany) });
  const seen = new Set<string>();
  questions.forEach((question, index) => {
    if (seen.has(question.code)) ctx.addIssue({ code: 'custom', path: [index, 'code'], message: issueMessage(questionMessages.codeTwice(question.code)) });
    seen.add(question.code);
  });
});

/** A question's label, or an option's, in `language`: its translation where given, else its own. */
export function questionLabelIn(entry: { label: string; translations?: QuestionTranslations | null | undefined }, language: string): string {
  return entry.translations?.[language]?.label || entry.label;
}

/**
 * An answer as it is kept (jsonb) and sent: text and date (YYYY-MM-DD) a string, choice the
 * option's code, multi the codes chosen (in the options' order), number a number, yes_no a
 * boolean. An unanswered question has no answer (null, absent, an empty text or an empty choice).
 */
export type AnswerValue = string | number | boolean | string[];
/** Answers by question code. */
export type Answers = Record<string, AnswerValue>;
export const answersPayload = z
  .record(
    z.string().max(64, boundFirst),
    z.union([
      z.string().max(TEXT_ANSWER_MAX * 2, boundFirst),
      // A number question takes whole numbers within the database's integer column (its own range is the question's rule).
      z.number().int().min(INTEGER_COLUMN_MIN).max(INTEGER_COLUMN_MAX),
      z.boolean(),
      z.array(z.string().max(64, boundFirst)).max(QUESTION_OPTIONS_MAX),
      z.null(),
    ]),
  )
  .refine((answers) => Object.keys(answers).length <= QUESTIONS_MAX);

/** The parts of a question an answer's rules read. */
export type AskedQuestion = Pick<QuestionDefinition, 'code' | 'kind' | 'label' | 'required' | 'options' | 'min' | 'max' | 'earliest' | 'latest' | 'max_length' | 'translations'>;

const blank = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

/** The zod rule of an answer to one question (given, not blank). */
function answerRule(question: AskedQuestion): z.ZodType<AnswerValue> {
  const codes = question.options.map((option) => option.code);
  switch (question.kind) {
    case 'text': {
      const max = question.max_length ?? TEXT_ANSWER_MAX;
      return z.string({ error: issueMessage(questionMessages.text) }).trim().max(max, issueMessage(questionMessages.textLength(max)));
    }
    case 'choice':
      return z.string({ error: issueMessage(questionMessages.notAnOption) }).refine((code) => codes.includes(code), issueMessage(questionMessages.notAnOption));
    case 'multi':
      return z
        .array(z.string(), { error: issueMessage(questionMessages.notOptions) })
        .refine((chosen) => chosen.every((code) => codes.includes(code)) && new Set(chosen).size === chosen.length, issueMessage(questionMessages.notOptions))
        .transform((chosen) => codes.filter((code) => chosen.includes(code)));
    case 'number': {
      const range = issueMessage(questionMessages.numberRange(question.min ?? null, question.max ?? null));
      // A form's field gives text: "42" is 42.
      return z.preprocess(
        (value) => (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value),
        z
          .number({ error: range })
          .int(range)
          .min(question.min ?? -2147483648, range)
          .max(question.max ?? 2147483647, range),
      );
    }
    case 'date': {
      let rule: z.ZodType<string> = questionDay;
      if (question.earliest) rule = rule.refine((day) => day >= question.earliest!, issueMessage(questionMessages.dateFrom(question.earliest)));
      if (question.latest) rule = rule.refine((day) => day <= question.latest!, issueMessage(questionMessages.dateUntil(question.latest)));
      return rule;
    }
    case 'yes_no':
      return z.preprocess((value) => (value === 'yes' ? true : value === 'no' ? false : value), z.boolean({ error: issueMessage(questionMessages.yesOrNo) }));
  }
}

export interface AnswerProblem {
  /** The question's code: the form's field is `answers.<code>`. */
  code: string;
  message: Text;
}

/**
 * The answers to a set of questions checked by their rules (kind, required, the option exists,
 * the number's and the date's range, the text's length), with the answers as they are kept: text
 * trimmed, blanks left out, multi's codes in the options' order. Answers to questions not asked
 * are left out (a question archived since the page was loaded is not an error). `language`: the
 * reader's, for the label a "needs an answer" text names.
 */
export function checkAnswers(questions: readonly AskedQuestion[], given: Readonly<Record<string, unknown>> | null | undefined, language: string): { answers: Answers; problems: AnswerProblem[] } {
  const answers: Answers = {};
  const problems: AnswerProblem[] = [];
  for (const question of questions) {
    const value = given?.[question.code];
    if (blank(value)) {
      if (question.required) problems.push({ code: question.code, message: questionMessages.required(questionLabelIn(question, language)) });
      continue;
    }
    const parsed = answerRule(question).safeParse(value);
    if (!parsed.success) {
      const key = parsed.error.issues[0]?.message ?? '';
      problems.push({ code: question.code, message: textOfIssueMessage(key) ?? questionMessages.notAnOption });
      continue;
    }
    if (blank(parsed.data)) {
      if (question.required) problems.push({ code: question.code, message: questionMessages.required(questionLabelIn(question, language)) });
      continue;
    }
    answers[question.code] = parsed.data;
  }
  return { answers, problems };
}

/**
 * An answer as words for a page, an export or the gate: options by their labels in `language`,
 * yes/no by the given words, several choices joined by `separator`, a date as `day` writes it (as
 * kept, YYYY-MM-DD, without one: what an export sorts by).
 */
export function answerWords(
  question: Pick<AskedQuestion, 'kind' | 'options'>,
  value: AnswerValue,
  language: string,
  yesNo: { yes: string; no: string },
  how: { day?: (value: string) => string; separator?: string } = {},
): string {
  const optionLabel = (code: string) => {
    const option = question.options.find((entry) => entry.code === code);
    return option ? questionLabelIn(option, language) : code;
  };
  if (typeof value === 'boolean') return value ? yesNo.yes : yesNo.no;
  if (Array.isArray(value)) return value.map(optionLabel).join(how.separator ?? ', ');
  if (question.kind === 'choice' && typeof value === 'string') return optionLabel(value);
  if (question.kind === 'date' && typeof value === 'string' && how.day && isDay(value)) return how.day(value);
  return String(value);
}

/** The words of a yes/no answer where a page or an export shows it. */
export const answerTexts = {
  yes: message({ id: 'answerTexts.yes', defaultMessage: 'Yes' }),
  no: message({ id: 'answerTexts.no', defaultMessage: 'No' }),
  /** The heading of an order's own answers on its page. */
  orderAnswers: message({ id: 'answerTexts.orderAnswers', defaultMessage: 'Your answers for this order' }),
};

/** A calendar day (YYYY-MM-DD) in words in an `Intl` locale: "18 June 2027". The day as kept, whatever the reader's time zone. */
export function answerDayIn(intlLocale: string): (day: string) => string {
  const format = new Intl.DateTimeFormat(intlLocale, { dateStyle: 'long', timeZone: 'UTC' });
  return (day) => format.format(new Date(`${day}T00:00:00Z`));
}
