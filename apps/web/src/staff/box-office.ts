import { checkAnswers, type Answers, type BoxOfficeItem, type BoxOfficePayment, type BoxOfficeSellInput, type QuestionDefinition, type Shown, type Text } from '@festival/contract';
import type { AnswersForm } from '../components/ui/question-field';
import { parseAmount } from './money';

/** A ticket holder as typed at the desk; empty name and address put the ticket in the buyer's name. */
export interface HolderDraft {
  full_name: string;
  email: string;
  age: string;
  /** The answers to the product's per-ticket questions as typed (decision 0106), by question code. */
  answers?: AnswersForm;
}

/** An item's questions asked for each ticket, or once for the order (decision 0106). */
export const questionsOf = (item: BoxOfficeItem, per: 'ticket' | 'order'): QuestionDefinition[] => (item.questions ?? []).filter((question) => question.per === per && !question.archived);

/** The answers of the per-order questions as typed, by product code then question code. */
export type OrderAnswersDraft = Record<string, AnswersForm>;

/** The field a question's answer is refused at, as the server names it: a holder's, or the order's by product. */
export const holderAnswerField = (lineIndex: number, unit: number, code: string) => `lines.${lineIndex}.holders.${unit}.answers.${code}`;
export const orderAnswerField = (product: string, code: string) => `answers.${product}.${code}`;

/**
 * The basket's answers checked by the contract's rule the server runs too (a required question is
 * required at the desk as in the shop): the problems by field, in the page's order.
 */
export function answerProblems(basket: Basket, items: ReadonlyMap<string, BoxOfficeItem>, orderAnswers: OrderAnswersDraft, language: string): Record<string, Text> {
  const problems: Record<string, Text> = {};
  const codes = Object.keys(basket).filter((code) => items.has(code));
  codes.forEach((code, index) => {
    const questions = questionsOf(items.get(code)!, 'ticket');
    if (!questions.length) return;
    basket[code]!.holders.forEach((holder, unit) => {
      for (const problem of checkAnswers(questions, holder.answers, language).problems) problems[holderAnswerField(index, unit, problem.code)] = problem.message;
    });
  });
  for (const code of codes) {
    const questions = questionsOf(items.get(code)!, 'order');
    for (const problem of checkAnswers(questions, orderAnswers[code], language).problems) problems[orderAnswerField(code, problem.code)] = problem.message;
  }
  return problems;
}

/** A basket line: how many of an item, its departure (transport), one holder per ticket. */
export interface BasketLine {
  quantity: number;
  departureId: string;
  holders: HolderDraft[];
  /**
   * The desk's price of each unit as typed (decision 0100), the list price when empty, and why it
   * changed. The fee stays the item's.
   */
  price?: string;
  priceReason?: string;
}

/** The unit price a line is sold at: the typed one when it reads as an amount, else the list price. */
export function unitPriceOf(item: BoxOfficeItem, line: Pick<BasketLine, 'price'>, currency: string): number {
  if (!line.price?.trim()) return item.price;
  const parsed = parseAmount(line.price, currency);
  return parsed.ok ? parsed.minor : item.price;
}

/** Whether a line's price was changed at the desk (something typed). */
export const priceChanged = (line: Pick<BasketLine, 'price'>): boolean => Boolean(line.price?.trim());

export type Basket = Record<string, BasketLine>;

/** The basket's lines in the order the sale's payload sends them: `lines.N` of a refusal is the N-th. */
export const payloadIndexOf = (basket: Basket, items: ReadonlyMap<string, { code: string }>, code: string): number =>
  Object.keys(basket)
    .filter((key) => items.has(key))
    .indexOf(code);

const emptyHolder = (): HolderDraft => ({ full_name: '', email: '', age: '' });

/** Most units the desk may add: what is left, the per-order limit and the sale's bound, whichever is smallest. */
export function maxUnits(item: BoxOfficeItem): number {
  const bounds = [50];
  if (item.left !== null) bounds.push(item.left);
  if (item.limit_per_order > 0) bounds.push(item.limit_per_order);
  return item.sold_out ? 0 : Math.min(...bounds);
}

/** The basket with one more (or one fewer: `step` -1) of an item; a line at zero leaves the basket. */
export function changeQuantity(basket: Basket, item: BoxOfficeItem, step: 1 | -1): Basket {
  const line = basket[item.code] ?? { quantity: 0, departureId: '', holders: [] };
  const quantity = Math.max(0, Math.min(maxUnits(item), line.quantity + step));
  const { [item.code]: _dropped, ...rest } = basket;
  if (quantity === 0) return rest;
  const holders = item.needs.holder ? Array.from({ length: quantity }, (_, index) => line.holders[index] ?? emptyHolder()) : [];
  return { ...basket, [item.code]: { ...line, quantity, holders } };
}

/** Units in the basket and what they cost (price and fee, minor units). */
export function basketTotals(basket: Basket, items: ReadonlyMap<string, BoxOfficeItem>, currency = 'EUR'): { units: number; total: number } {
  let units = 0;
  let total = 0;
  for (const [code, line] of Object.entries(basket)) {
    const item = items.get(code);
    if (!item) continue;
    units += line.quantity;
    total += line.quantity * (unitPriceOf(item, line, currency) + item.fee);
  }
  return { units, total };
}

/**
 * What the desk still has to fill in before selling, in the page's words (null: ready): the
 * buyer, a departure for transport, an age range where asked. The server checks it all again.
 */
export function basketProblem(
  basket: Basket,
  items: ReadonlyMap<string, BoxOfficeItem>,
  buyer: { email: string; full_name: string },
  words: { needBuyer: Shown; needEmailToPayLater: Shown; needDeparture: (name: string) => Shown; needAge: (name: string) => Shown; needPrice?: (name: string) => Shown; needPriceReason?: (name: string) => Shown },
  payment: BoxOfficePayment = 'cash',
  currency = 'EUR',
): Shown | null {
  if (!buyer.full_name.trim()) return words.needBuyer;
  // Without an address the buyer's tickets are printed at the desk; paying later needs the e-mailed link (decision 0076).
  if (!buyer.email.trim() && payment === 'pay_later') return words.needEmailToPayLater;
  for (const [code, line] of Object.entries(basket)) {
    const item = items.get(code);
    if (!item) continue;
    if (item.needs.departure && !line.departureId) return words.needDeparture(item.name);
    if (item.needs.age && line.holders.some((holder) => !holder.age)) return words.needAge(item.name);
    // A changed price reads as an amount and has its reason (the server says the rest beside the field).
    if (priceChanged(line) && !parseAmount(line.price!, currency).ok && words.needPrice) return words.needPrice(item.name);
    if (priceChanged(line) && !line.priceReason?.trim() && words.needPriceReason) return words.needPriceReason(item.name);
  }
  return null;
}

/** The sale's payload: each ticket's holder as typed, or the buyer where left empty. */
export function sellPayload(
  basket: Basket,
  items: ReadonlyMap<string, BoxOfficeItem>,
  buyer: { email: string; full_name: string },
  payment: BoxOfficePayment,
  currency = 'EUR',
  orderAnswers: OrderAnswersDraft = {},
  language = 'en',
): BoxOfficeSellInput {
  // The answers as the contract keeps them (text trimmed, "42" a number, blanks left out).
  const kept = (questions: QuestionDefinition[], form: AnswersForm | undefined): Answers | undefined => (questions.length ? checkAnswers(questions, form, language).answers : undefined);
  const answers: Record<string, Answers> = {};
  for (const code of Object.keys(basket)) {
    const item = items.get(code);
    const given = item && kept(questionsOf(item, 'order'), orderAnswers[code]);
    if (given) answers[code] = given;
  }
  const lines = Object.entries(basket)
    .filter(([code]) => items.has(code))
    .map(([code, line]) => {
      const item = items.get(code)!;
      return {
        code,
        quantity: line.quantity,
        ...(item.needs.departure && line.departureId ? { departure_id: Number(line.departureId) } : {}),
        ...(priceChanged(line) ? { price: unitPriceOf(item, line, currency), price_reason: line.priceReason?.trim() ?? '' } : {}),
        ...(item.needs.holder
          ? {
              holders: line.holders.map((holder) => ({
                full_name: holder.full_name.trim() || buyer.full_name.trim(),
                email: holder.email.trim() || buyer.email.trim(),
                ...(item.needs.age ? { age: holder.age } : {}),
                ...(questionsOf(item, 'ticket').length ? { answers: kept(questionsOf(item, 'ticket'), holder.answers) } : {}),
              })),
            }
          : {}),
      };
    });
  return { buyer: { email: buyer.email.trim(), full_name: buyer.full_name.trim() }, lines, payment, ...(Object.keys(answers).length ? { answers } : {}) };
}
