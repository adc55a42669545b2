import { LOCALES, questionDefinition, staffApi, type QuestionDefinitionInput } from '@festival/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/databases';
import { createCustomer, paidOrder } from '../../../test/shop-flows';
import { signedInStaff } from '../../../test/staff-sign-in';
import { createTestShop, type TestShop } from '../../../test/test-shop';
import { productQuestions, questionAnswers, shopItems, tickets } from '../../db/schema';
import { questionColumns, upsertQuestion } from '../catalog/questions.queries';
import { timeLimit } from '../../../test/time-limits';

const SECRET = 'order-answers-test-secret-of-32-characters';

/**
 * The answers to product questions on the back office's order page (issue 37 point 4, decision
 * 0106): each ticket's with the ticket, the order's own with the order, in the member's language
 * (the question's own label where it has no translation), as words (options by their labels, yes/no,
 * dates), an archived question's answers still shown.
 */
describe.each(testEngines())('the answers on the staff’s order page on %s', (engine) => {
  let shop: TestShop;
  let base: string;
  let cookie: string;
  beforeAll(async () => {
    shop = await createTestShop(engine, { config: { languages: [...LOCALES] }, app: { appSecret: SECRET, catalogMaxAgeMs: 0 } });
    base = await shop.app.listen({ port: 0, host: '127.0.0.1' });
    cookie = (await signedInStaff(shop.app, shop.database.db, { email: 'answers.desk@example.org', role: 'box_office' })).cookie;
  }, timeLimit(120_000));
  afterAll(async () => {
    await shop?.close();
  });
  const db = () => shop.database.db;

  async function detail(code: string, language: string) {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/staff/order-detail',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', 'accept-language': language, cookie },
      payload: JSON.stringify({ code }),
    });
    expect(response.statusCode, response.body).toBe(200);
    return staffApi['order-detail'].answer.parse(response.json());
  }

  it('shows each ticket’s answers under it and the order’s with the order, in the member’s language, archived questions’ too', async () => {
    const buyer = await createCustomer(shop);
    // Placed before the questions exist (the buyer's side is question-answers.test.ts): the answers are written as the checkout writes them.
    const order = await paidOrder(shop, base, buyer, [{ code: 'NWF27-WEEKEND', holder: 'Ada' }, { code: 'NWF27-WEEKEND', holder: 'Bo' }, { code: 'NWF27-DAY-SAT', holder: 'Cy' }]);
    const [weekend] = await db().select({ id: shopItems.id }).from(shopItems).where(eq(shopItems.externalCode, 'NWF27-WEEKEND'));
    const asked: QuestionDefinitionInput[] = [
      {
        code: 'size',
        kind: 'choice',
        label: 'T-shirt size',
        options: [
          { code: 's', label: 'Small', translations: { de: { label: 'Klein' } } },
          { code: 'm', label: 'Medium', translations: { de: { label: 'Mittel' } } },
        ],
        translations: { de: { label: 'T-Shirt-Größe' } },
      },
      { code: 'diet', kind: 'multi', label: 'Diet', options: [{ code: 'veg', label: 'Vegetarian' }, { code: 'nuts', label: 'No nuts', translations: { de: { label: 'Ohne Nüsse' } } }] },
      { code: 'arrival', kind: 'date', label: 'Arrival', translations: { de: { label: 'Anreise' } } },
      { code: 'first', kind: 'yes_no', label: 'First time here', archived: true },
      { code: 'contact', kind: 'text', label: 'Emergency contact', per: 'order', translations: { de: { label: 'Notfallkontakt' } } },
    ];
    for (const [sort, question] of asked.entries()) await upsertQuestion(db(), questionColumns(questionDefinition.parse(question), weekend!.id, sort));
    const questionId = new Map((await db().select({ id: productQuestions.id, code: productQuestions.code }).from(productQuestions).where(eq(productQuestions.shopItemId, weekend!.id))).map((row) => [row.code, row.id]));
    const ids = await db().select({ id: tickets.id, code: tickets.code, name: tickets.fullName }).from(tickets).where(eq(tickets.orderId, order.id)).orderBy(asc(tickets.id));
    const ticketOf = (name: string) => ids.find((ticket) => ticket.name === name)!;
    await db()
      .insert(questionAnswers)
      .values([
        { orderId: order.id, ticketId: ticketOf('Ada').id, questionId: questionId.get('size')!, value: 'm' },
        { orderId: order.id, ticketId: ticketOf('Ada').id, questionId: questionId.get('diet')!, value: ['veg', 'nuts'] },
        { orderId: order.id, ticketId: ticketOf('Ada').id, questionId: questionId.get('arrival')!, value: '2027-06-18' },
        { orderId: order.id, ticketId: ticketOf('Ada').id, questionId: questionId.get('first')!, value: true },
        { orderId: order.id, ticketId: ticketOf('Bo').id, questionId: questionId.get('size')!, value: 's' },
        { orderId: order.id, ticketId: null, questionId: questionId.get('contact')!, value: 'Mum, +31 6 1234 5678' },
      ]);

    const german = await detail(order.code, 'de');
    const answersOf = (page: typeof german, name: string) => page.tickets.find((ticket) => ticket.holder_name === name)!.answers;
    expect(answersOf(german, 'Ada')).toEqual([
      { code: 'size', question: 'T-Shirt-Größe', answer: 'Mittel' },
      // No German label: the question's own; an option without one likewise.
      { code: 'diet', question: 'Diet', answer: 'Vegetarian, Ohne Nüsse' },
      { code: 'arrival', question: 'Anreise', answer: '18. Juni 2027' },
      // Archived since: still shown, yes/no in the member's words.
      { code: 'first', question: 'First time here', answer: 'Ja' },
    ]);
    expect(answersOf(german, 'Bo')).toEqual([{ code: 'size', question: 'T-Shirt-Größe', answer: 'Klein' }]);
    expect(answersOf(german, 'Cy')).toEqual([]);
    expect(german.answers).toEqual([{ code: 'contact', question: 'Notfallkontakt', answer: 'Mum, +31 6 1234 5678' }]);

    const english = await detail(order.code, 'en');
    expect(answersOf(english, 'Ada')).toEqual([
      { code: 'size', question: 'T-shirt size', answer: 'Medium' },
      { code: 'diet', question: 'Diet', answer: 'Vegetarian, No nuts' },
      { code: 'arrival', question: 'Arrival', answer: '18 June 2027' },
      { code: 'first', question: 'First time here', answer: 'Yes' },
    ]);
    expect(english.answers).toEqual([{ code: 'contact', question: 'Emergency contact', answer: 'Mum, +31 6 1234 5678' }]);
  });

  it('answers an order without questions with no answers', async () => {
    const buyer = await createCustomer(shop);
    const order = await paidOrder(shop, base, buyer, [{ code: 'NWF27-DAY-SAT' }]);
    const page = await detail(order.code, 'en');
    expect(page.answers).toEqual([]);
    expect(page.tickets.map((ticket) => ticket.answers)).toEqual([[]]);
  });
});
