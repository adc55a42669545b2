import { z } from 'zod';
import { issueMessage, message, messageWith } from './i18n/text';
import { catalogueCode } from './catalogue-fields';
import { questionDefinition } from './product-questions';

const noProduct = messageWith<{ code: string }>({ id: 'staffQuestionMessages.noProduct', defaultMessage: 'There is no product {code}.' });
const noQuestion = messageWith<{ code: string }>({ id: 'staffQuestionMessages.noQuestion', defaultMessage: 'The product has no question {code}.' });
const codeKept = messageWith<{ code: string }>({ id: 'staffQuestionMessages.codeKept', defaultMessage: 'must stay {code}: answers and exports name the question by it' });
const kindKept = messageWith<{ kind: string }>({ id: 'staffQuestionMessages.kindKept', defaultMessage: 'must stay {kind}: buyers have answered the question already' });
const created = messageWith<{ label: string }>({ id: 'staffQuestionMessages.created', defaultMessage: 'The question "{label}" is added: buyers are asked it from now on.' });
const saved = messageWith<{ label: string }>({ id: 'staffQuestionMessages.saved', defaultMessage: 'The question "{label}" is saved. Answers already given stay as they are.' });
const archived = messageWith<{ label: string; count: number }>({
  id: 'staffQuestionMessages.archived',
  defaultMessage: 'The question "{label}" is archived: buyers are no longer asked it; its {count, plural, one {# answer stays} other {# answers stay}} with their orders.',
});
const removed = messageWith<{ label: string }>({ id: 'staffQuestionMessages.removed', defaultMessage: 'The question "{label}" is removed.' });
const ordered = message({ id: 'staffQuestionMessages.ordered', defaultMessage: 'The questions are in their new order.' });

/**
 * The back office's questions per product (issue 37 point 4, decision 0106): admins list, add,
 * change, reorder and remove a product's questions with the catalogue file's rules
 * (product-questions.ts). A question that has answers is never deleted: removing it archives it.
 */
export const staffQuestionMessages = {
  chooseProduct: message({ id: 'staffQuestionMessages.chooseProduct', defaultMessage: 'Choose a product.' }),
  noProduct: (code: string) => noProduct({ code }),
  noQuestion: (code: string) => noQuestion({ code }),
  codeKept: (code: string) => codeKept({ code }),
  kindKept: (kind: string) => kindKept({ kind }),
  sameCodes: message({ id: 'staffQuestionMessages.sameCodes', defaultMessage: 'must list each of the product’s questions once' }),
  created: (label: string) => created({ label }),
  saved: (label: string) => saved({ label }),
  archived: (label: string, count: number) => archived({ label, count }),
  removed: (label: string) => removed({ label }),
  ordered,
};

const texts = staffQuestionMessages;
// Codes as the catalogue file writes them: a product or question is named by nothing else.
const productCode = z.string({ error: issueMessage(texts.chooseProduct) }).regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, issueMessage(texts.chooseProduct));
const questionCode = catalogueCode;

export const questionView = z.object({
  question: questionDefinition,
  /** Answers given to it: a question with answers is archived rather than removed. */
  answers: z.number().int(),
  /** Added or changed in the back office: an import keeps it until the file wins (decision 0114). */
  set_here: z.boolean(),
});
export type QuestionView = z.infer<typeof questionView>;

export const questionListPayload = z.strictObject({ product: productCode });
export const questionListAnswer = z.object({
  product: z.string(),
  name: z.string(),
  /** The shop's languages, its default first: the editor asks a label in each. */
  languages: z.array(z.string()),
  /** In the order asked, archived ones too. */
  questions: z.array(questionView),
});
export type QuestionListAnswer = z.infer<typeof questionListAnswer>;

/** Adds a question (`code` null, asked last) or changes the question `code`, sent whole as the file writes it. */
export const questionSavePayload = z.strictObject({
  product: productCode,
  code: questionCode.nullable(),
  question: questionDefinition,
});
export const questionSaveAnswer = z.object({ question: questionView, message: z.string() });

/** Removes a question: deleted when nobody answered it, else archived. */
export const questionRemovePayload = z.strictObject({ product: productCode, code: questionCode });
export const questionRemoveAnswer = z.object({ deleted: z.boolean(), message: z.string() });

/** The order the product's questions are asked in: every code once. */
export const questionOrderPayload = z.strictObject({ product: productCode, codes: z.array(questionCode).max(200) });
export const questionOrderAnswer = z.object({ questions: z.array(questionView), message: z.string() });

const editLabel = messageWith<{ label: string }>({ id: 'questionEditorTexts.editLabel', defaultMessage: 'Edit the question "{label}"' });
const removeLabel = messageWith<{ label: string }>({ id: 'questionEditorTexts.removeLabel', defaultMessage: 'Remove the question "{label}"' });
const upLabel = messageWith<{ label: string }>({ id: 'questionEditorTexts.upLabel', defaultMessage: 'Ask "{label}" earlier' });
const downLabel = messageWith<{ label: string }>({ id: 'questionEditorTexts.downLabel', defaultMessage: 'Ask "{label}" later' });
const editTitle = messageWith<{ label: string }>({ id: 'questionEditorTexts.editTitle', defaultMessage: 'Edit the question "{label}"' });
const labelIn = messageWith<{ language: string }>({ id: 'questionEditorTexts.labelIn', defaultMessage: 'Question in {language}' });
const answers = messageWith<{ count: number }>({ id: 'questionEditorTexts.answers', defaultMessage: '{count, plural, one {# answer} other {# answers}}' });
const fieldProblem = messageWith<{ label: string; problem: string }>({ id: 'questionEditorTexts.fieldProblem', defaultMessage: '{label} {problem}.' });

/** The back office's questions editor (the catalogue page's product cards). */
export const questionEditorTexts = {
  summary: message({ id: 'questionEditorTexts.summary', defaultMessage: 'Questions to buyers' }),
  lead: message({ id: 'questionEditorTexts.lead', defaultMessage: 'What buyers are asked with this product, in this order: per ticket when they personalise it, per order at checkout.' }),
  empty: message({ id: 'questionEditorTexts.empty', defaultMessage: 'Buyers are asked nothing more with this product.' }),
  /** A question of a product from the catalogue file, added or changed in the back office. */
  setHere: message({ id: 'questionEditorTexts.setHere', defaultMessage: 'Changed here' }),
  add: message({ id: 'questionEditorTexts.add', defaultMessage: 'Add a question' }),
  newTitle: message({ id: 'questionEditorTexts.newTitle', defaultMessage: 'New question' }),
  editTitle: (label: string) => editTitle({ label }),
  edit: message({ id: 'questionEditorTexts.edit', defaultMessage: 'Edit' }),
  remove: message({ id: 'questionEditorTexts.remove', defaultMessage: 'Remove' }),
  up: message({ id: 'questionEditorTexts.up', defaultMessage: 'Earlier' }),
  down: message({ id: 'questionEditorTexts.down', defaultMessage: 'Later' }),
  editLabel: (label: string) => editLabel({ label }),
  removeLabel: (label: string) => removeLabel({ label }),
  upLabel: (label: string) => upLabel({ label }),
  downLabel: (label: string) => downLabel({ label }),
  close: message({ id: 'questionEditorTexts.close', defaultMessage: 'Close' }),
  save: message({ id: 'questionEditorTexts.save', defaultMessage: 'Save question' }),
  code: message({ id: 'questionEditorTexts.code', defaultMessage: 'Code' }),
  codeHint: message({ id: 'questionEditorTexts.codeHint', defaultMessage: 'Letters, digits, dashes or underscores: the exports’ column and the catalogue file name the question by it, for good.' }),
  label: message({ id: 'questionEditorTexts.label', defaultMessage: 'Question' }),
  labelIn: (language: string) => labelIn({ language }),
  labelInHint: message({ id: 'questionEditorTexts.labelInHint', defaultMessage: 'Left empty: asked in the shop’s default language.' }),
  kind: message({ id: 'questionEditorTexts.kind', defaultMessage: 'Kind of answer' }),
  kinds: {
    text: message({ id: 'questionEditorTexts.kinds.text', defaultMessage: 'Text' }),
    choice: message({ id: 'questionEditorTexts.kinds.choice', defaultMessage: 'One of the options' }),
    multi: message({ id: 'questionEditorTexts.kinds.multi', defaultMessage: 'Several of the options' }),
    number: message({ id: 'questionEditorTexts.kinds.number', defaultMessage: 'Whole number' }),
    date: message({ id: 'questionEditorTexts.kinds.date', defaultMessage: 'Date' }),
    yes_no: message({ id: 'questionEditorTexts.kinds.yes_no', defaultMessage: 'Yes or no' }),
  },
  per: message({ id: 'questionEditorTexts.per', defaultMessage: 'Asked' }),
  perTicket: message({ id: 'questionEditorTexts.perTicket', defaultMessage: 'For each ticket' }),
  perOrder: message({ id: 'questionEditorTexts.perOrder', defaultMessage: 'Once for the order' }),
  required: message({ id: 'questionEditorTexts.required', defaultMessage: 'An answer is required' }),
  atGate: message({ id: 'questionEditorTexts.atGate', defaultMessage: 'Shown at the gate' }),
  archived: message({ id: 'questionEditorTexts.archived', defaultMessage: 'Archived: no longer asked' }),
  options: message({ id: 'questionEditorTexts.options', defaultMessage: 'Options' }),
  optionsHint: message({ id: 'questionEditorTexts.optionsHint', defaultMessage: 'One a line, its code, a colon and its label: "s: Small".' }),
  min: message({ id: 'questionEditorTexts.min', defaultMessage: 'Lowest number' }),
  max: message({ id: 'questionEditorTexts.max', defaultMessage: 'Highest number' }),
  earliest: message({ id: 'questionEditorTexts.earliest', defaultMessage: 'Earliest date' }),
  latest: message({ id: 'questionEditorTexts.latest', defaultMessage: 'Latest date' }),
  maxLength: message({ id: 'questionEditorTexts.maxLength', defaultMessage: 'Longest answer (characters)' }),
  optional: message({ id: 'questionEditorTexts.optional', defaultMessage: 'Optional.' }),
  answers: (count: number) => answers({ count }),
  fieldProblem: (label: string, problem: string) => fieldProblem({ label, problem }),
};
