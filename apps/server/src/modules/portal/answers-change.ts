import { answerDayIn, checkAnswers, type AnswerValue, type Locale, type ShopConfigFile } from '@festival/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import { readerLanguage, wordsFor } from '../../lib/reader';
import { loadAskedQuestions } from '../catalog/catalog.service';
import { enqueueMail } from '../mail/outbox';
import { answerShower } from '../orders/answers-shown';
import { findOrderCustomer, findPassedOnHolder } from '../orders/orders.queries';
import { answersChangedMail, type ChangedAnswer } from './portal.mail';
import * as queries from './portal.queries';

/** One answer's change as the ticket's changes and the audit keep it (`answer.<code>`: from, to). */
export type AnswerChanges = Record<string, { from: string | number | null; to: string | number | null }>;

/** Where the answers belong: a ticket's (its id and code), or the order's own to one product's per-order questions. */
export type AnswerScope = { orderId: number; itemId: number } & ({ ticketId: number; ticketCode: string; productName: string } | { ticketId: null; productName: string });

const asText = (value: unknown): string | number | null =>
  value === undefined || value === null ? null : typeof value === 'boolean' ? (value ? 'yes' : 'no') : Array.isArray(value) ? value.join(', ') : typeof value === 'number' ? value : String(value);

/**
 * Changes a ticket's or an order's answers (decision 0109), for the portal and for staff alike,
 * inside the caller's transaction and under its row lock (the ticket's or the order's): the
 * product's questions asked now of that scope (an archived question keeps its stored answer and is
 * not answered anew: its answer sent is ignored), checked by the contract's `checkAnswers` in
 * `language`, refused by field (`answers.<code>`) with nothing written. The questions answered are
 * held (`holdAnsweredQuestions`, in `replaceAnswers`) against a removal. A change to a question
 * shown at the gate touches the ticket or the order, so scanners sync it again. Answers the changes
 * (none: nothing was written) and the answers as they are now, for the buyer's e-mail.
 */
export async function replaceScopeAnswers(
  tx: Db,
  scope: AnswerScope,
  sent: Record<string, unknown>,
  language: Locale,
): Promise<{ changes: AnswerChanges; now: { question: (Awaited<ReturnType<typeof loadAskedQuestions>>)[number]['question']; value: AnswerValue | undefined }[] }> {
  const questions = (await loadAskedQuestions(tx, [scope.itemId])).filter((row) => row.question.per === (scope.ticketId === null ? 'order' : 'ticket'));
  const { answers, problems } = checkAnswers(
    questions.map((row) => row.question),
    sent as Parameters<typeof checkAnswers>[1],
    language,
  );
  if (problems.length) throw new AppError('INVALID_INPUT', problems[0]!.message, { [`answers.${problems[0]!.code}`]: [problems[0]!.message] });
  const ids = questions.map((row) => row.id);
  const kept = await queries.listAnswersOf(tx, scope.orderId, scope.ticketId, ids);
  const changes: AnswerChanges = {};
  let atGate = false;
  for (const row of questions) {
    const from = kept.get(row.id);
    const to = answers[row.question.code];
    if (JSON.stringify(from ?? null) === JSON.stringify(to ?? null)) continue;
    changes[`answer.${row.question.code}`] = { from: asText(from), to: asText(to) };
    if (row.question.at_gate) atGate = true;
  }
  const now = questions.map((row) => ({ question: row.question, value: answers[row.question.code] }));
  if (!Object.keys(changes).length) return { changes, now };
  await queries.replaceAnswers(tx, scope.orderId, scope.ticketId, ids, questions.flatMap((row) => (answers[row.question.code] === undefined ? [] : [{ questionId: row.id, value: answers[row.question.code]! }])));
  // The ticket's or the order's updated_at is what the scanner's sync reads.
  if (atGate) {
    if (scope.ticketId !== null) await queries.updateTicket(tx, scope.ticketId, {});
    else await queries.touchOrder(tx, scope.orderId);
  }
  return { changes, now };
}

/**
 * Tells the order's buyer (or, for a ticket passed on to another account, its holder, in their own
 * language) that answers changed (in the portal, or by staff): the answers as they are now, worded
 * for the reader's language (answers-shown), through the outbox in the same transaction. Each change sends its own mail: two within a minute send two, each with the answers
 * as they were then.
 */
export async function mailAnswersChanged(
  tx: Db,
  config: ShopConfigFile,
  order: { code: string; customerId: number; language: string | null },
  scope: AnswerScope,
  answers: Awaited<ReturnType<typeof replaceScopeAnswers>>['now'],
  by: 'customer' | 'staff',
): Promise<void> {
  // A ticket passed on to another account is its holder's: they are told, in their own language,
  // and the buyer, who no longer has it, is not sent the holder's answers.
  const holder = scope.ticketId === null ? undefined : await findPassedOnHolder(tx, scope.ticketId);
  const to = holder ?? (await findOrderCustomer(tx, order.customerId));
  const language = readerLanguage(config, holder?.language ?? order.language);
  const words = wordsFor(config, language);
  const show = answerShower(language, { day: answerDayIn(words.intlLocale) });
  const shown: ChangedAnswer[] = answers.map(({ question, value }) => ({ question: show.label(question), answer: value === undefined ? null : show.words(question, value) }));
  const about = scope.ticketId === null ? { kind: 'order' as const, product: scope.productName } : { kind: 'ticket' as const, product: scope.productName, ticket: scope.ticketCode };
  await enqueueMail(tx, await answersChangedMail(config, language, to, order.code, about, shown, by));
}
