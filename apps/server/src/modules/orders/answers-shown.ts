import { answerTexts, answerWords, questionLabelIn, type AnswerValue, type Locale, type QuestionDefinition, type QuestionTranslations, type ShownAnswer } from '@festival/contract';
import { translatorFor } from '../../lib/language';
import { questionOfRow } from '../catalog/questions.queries';
import type { listAnswersOfOrders } from './orders.queries';

/** An answer as `listAnswersOfOrders` reads it: its order, its ticket (null: the order's own), its value and its question's row. */
export type AnswerRow = Awaited<ReturnType<typeof listAnswersOfOrders>>[number];

/** How a reader sees answers: a date's words (as kept, YYYY-MM-DD, without), several choices' separator. */
export interface AnswerWording {
  day?: (value: string) => string;
  separator?: string;
}

/**
 * Shows answers to one reader (decision 0106): the question's label in `language` (its
 * translation, else its own), choices by their options' labels in that language, yes/no in its
 * words. The customer's order page, the staff's order page, the attendees export and the gate all
 * word answers with it.
 */
export function answerShower(language: Locale, wording: AnswerWording = {}) {
  const translator = translatorFor(language);
  const yesNo = { yes: translator.format(answerTexts.yes), no: translator.format(answerTexts.no) };
  return {
    label: (question: { label: string; translations?: QuestionTranslations | null }) => questionLabelIn(question, language),
    words: (question: Pick<QuestionDefinition, 'kind' | 'options'>, value: AnswerValue) => answerWords(question, value, language, yesNo, wording),
  };
}

/** Answers read with `listAnswersOfOrders`, shown to one reader: by ticket id and, for the orders' own answers, by order id, in the order asked. */
export function shownAnswersOf(rows: readonly AnswerRow[], language: Locale, wording: AnswerWording = {}): { byTicket: Map<number, ShownAnswer[]>; byOrder: Map<number, ShownAnswer[]> } {
  const show = answerShower(language, wording);
  const byTicket = new Map<number, ShownAnswer[]>();
  const byOrder = new Map<number, ShownAnswer[]>();
  for (const row of rows) {
    const question = questionOfRow(row.question);
    const shown = { code: question.code, question: show.label(question), answer: show.words(question, row.value) };
    const into = row.ticketId === null ? byOrder : byTicket;
    const key = row.ticketId ?? row.orderId;
    const list = into.get(key);
    if (list) list.push(shown);
    else into.set(key, [shown]);
  }
  return { byTicket, byOrder };
}
