import { checkAnswers, type AnswerProblem, type Answers, type QuestionDefinition, type ShopItem } from '@festival/contract';
import { answersFormOf, type AnswersForm } from '../../components/ui/question-field';

/** A product of the cart with its per-order questions (decision 0106): asked once for the order, whatever the number of its lines. */
export interface OrderQuestions {
  productCode: string;
  productName: string;
  questions: QuestionDefinition[];
}

/**
 * The per-order questions of the cart's products, by product in the cart's order (each once). A
 * cart line's product does not carry its questions: the shop's listing (get-data) does.
 */
export function orderQuestionsOf(lines: readonly { product: { id: number; external_code: string; name: string } }[], listing: readonly Pick<ShopItem, 'id' | 'questions'>[] | undefined): OrderQuestions[] {
  const asked: OrderQuestions[] = [];
  for (const { product } of lines) {
    if (asked.some((entry) => entry.productCode === product.external_code)) continue;
    const questions = (listing?.find((item) => item.id === product.id)?.questions ?? []).filter((question) => question.per === 'order' && !question.archived);
    if (questions.length) asked.push({ productCode: product.external_code, productName: product.name, questions });
  }
  return asked;
}

/** The id of the field of a per-order question. */
export const orderAnswerFieldId = (productCode: string, code: string) => `checkout-answer-${productCode}-${code}`;

/** The fields' values when the page opens: empty. */
export function orderAnswersForm(asked: readonly OrderQuestions[]): Record<string, AnswersForm> {
  return Object.fromEntries(asked.map((entry) => [entry.productCode, answersFormOf(entry.questions, undefined)]));
}

export interface OrderAnswerProblem {
  productCode: string;
  code: string;
  message: AnswerProblem['message'];
}

/**
 * The answers as checkout-cart takes them (by product code, then question code), checked by the
 * contract's rule the server runs too; the problems in the order asked. None asked: none sent.
 */
export function orderAnswersInput(asked: readonly OrderQuestions[], form: Readonly<Record<string, AnswersForm>>, language: string): { answers: Record<string, Answers> | undefined; problems: OrderAnswerProblem[] } {
  if (!asked.length) return { answers: undefined, problems: [] };
  const answers: Record<string, Answers> = {};
  const problems: OrderAnswerProblem[] = [];
  for (const entry of asked) {
    const checked = checkAnswers(entry.questions, form[entry.productCode], language);
    if (Object.keys(checked.answers).length) answers[entry.productCode] = checked.answers;
    problems.push(...checked.problems.map((problem) => ({ productCode: entry.productCode, ...problem })));
  }
  return { answers, problems };
}

/** The question a server refusal names (`answers.<product code>.<question code>`), when it names one. */
export function refusedOrderQuestion(field: string | undefined): { productCode: string; code: string } | null {
  if (!field?.startsWith('answers.')) return null;
  const rest = field.slice('answers.'.length);
  const dot = rest.lastIndexOf('.');
  return dot > 0 ? { productCode: rest.slice(0, dot), code: rest.slice(dot + 1) } : null;
}
