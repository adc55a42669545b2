import { answerDayIn } from '@festival/contract';
import { describe, expect, it } from 'vitest';
import { shownAnswersOf, type AnswerRow } from './answers-shown';

const question = (code: string, kind: AnswerRow['question']['kind'], extra: Partial<AnswerRow['question']> = {}): AnswerRow['question'] => ({
  id: code.length,
  shopItemId: 1,
  code,
  kind,
  label: code,
  required: false,
  per: 'ticket',
  atGate: false,
  options: [],
  limits: {},
  translations: null,
  archived: false,
  sortOrder: 0,
  setHere: false,
  createdAt: new Date(0),
  updatedAt: new Date(0),
  ...extra,
});

describe('answers as a reader sees them', () => {
  it('words a date in the reader’s language when told how, choices by their labels, yes/no in words, by ticket and by order', () => {
    const rows: AnswerRow[] = [
      { orderId: 7, ticketId: 70, value: '2027-06-18', question: question('arrival', 'date', { translations: { de: { label: 'Anreise' } } }) },
      { orderId: 7, ticketId: 70, value: ['veg', 'gf'], question: question('diet', 'multi', { options: [{ code: 'veg', label: 'Vegetarian', translations: { de: { label: 'Vegetarisch' } } }, { code: 'gf', label: 'Gluten-free' }] }) },
      { orderId: 7, ticketId: null, value: true, question: question('news', 'yes_no', { per: 'order' }) },
    ] as AnswerRow[];
    const german = shownAnswersOf(rows, 'de', { day: answerDayIn('de-DE') });
    expect(german.byTicket.get(70)).toEqual([
      { code: 'arrival', question: 'Anreise', answer: '18. Juni 2027' },
      { code: 'diet', question: 'diet', answer: 'Vegetarisch, Gluten-free' },
    ]);
    expect(german.byOrder.get(7)).toEqual([{ code: 'news', question: 'news', answer: 'Ja' }]);
    // Without a way to word days, the day stays as kept (the export's sortable form).
    expect(shownAnswersOf(rows, 'en').byTicket.get(70)![0]!.answer).toBe('2027-06-18');
  });
});
