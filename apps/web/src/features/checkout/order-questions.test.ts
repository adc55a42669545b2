import { english, questionDefinition, questionMessages } from '@festival/contract';
import { describe, expect, it } from 'vitest';
import { orderAnswersForm, orderAnswersInput, orderQuestionsOf, refusedOrderQuestion } from './order-questions';

const questions = [
  { code: 'size', kind: 'choice', label: 'T-shirt size', required: true, options: [{ code: 's', label: 'Small' }] },
  { code: 'contact', kind: 'text', label: 'Emergency contact', required: true, per: 'order', translations: { de: { label: 'Notfallkontakt' } } },
  { code: 'arrival', kind: 'date', label: 'Arrival', per: 'order' },
  { code: 'old', kind: 'text', label: 'Old', per: 'order', archived: true },
].map((question) => questionDefinition.parse(question));
const listing = [
  { id: 1, questions },
  { id: 2, questions: undefined },
];
const line = (id: number, code: string) => ({ product: { id, external_code: code, name: `Product ${id}` } });

describe("the checkout page's per-order questions (decision 0106)", () => {
  it("asks each product's per-order questions once, in the cart's order; none for a product without or not listed", () => {
    const asked = orderQuestionsOf([line(1, 'WEEKEND'), line(2, 'CAMPING'), line(1, 'WEEKEND'), line(3, 'GONE')], listing);
    expect(asked.map((entry) => [entry.productCode, entry.questions.map((question) => question.code)])).toEqual([['WEEKEND', ['contact', 'arrival']]]);
    expect(orderQuestionsOf([line(1, 'WEEKEND')], undefined)).toEqual([]);
  });

  it("sends the answers by product code, checked by the contract's rule, with the problems in the page's language", () => {
    const asked = orderQuestionsOf([line(1, 'WEEKEND')], listing);
    const empty = orderAnswersForm(asked);
    expect(empty).toEqual({ WEEKEND: { contact: '', arrival: '' } });
    const refused = orderAnswersInput(asked, { WEEKEND: { ...empty.WEEKEND!, arrival: '2027-02-30' } }, 'de');
    expect(refused.problems.map((problem) => [problem.productCode, problem.code, english(problem.message)])).toEqual([
      ['WEEKEND', 'contact', english(questionMessages.required('Notfallkontakt'))],
      ['WEEKEND', 'arrival', english(questionMessages.date)],
    ]);
    expect(orderAnswersInput(asked, { WEEKEND: { contact: ' Mum ', arrival: '' } }, 'en')).toEqual({ answers: { WEEKEND: { contact: 'Mum' } }, problems: [] });
    expect(orderAnswersInput([], {}, 'en')).toEqual({ answers: undefined, problems: [] });
  });

  it("names the question of a server's refusal by its field", () => {
    expect(refusedOrderQuestion('answers.NWF27-WEEKEND.contact')).toEqual({ productCode: 'NWF27-WEEKEND', code: 'contact' });
    expect(refusedOrderQuestion('order.accept_terms')).toBeNull();
    expect(refusedOrderQuestion(undefined)).toBeNull();
  });
});
