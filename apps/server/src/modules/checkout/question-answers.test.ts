import { api, english, LOCALES, questionDefinition, questionLabelIn, questionMessages, type QuestionDefinitionInput } from '@festival/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/databases';
import { changedTables, createSnapshotter } from '../../../test/db-snapshot';
import { checkoutPayload, createCustomer } from '../../../test/shop-flows';
import { createTestShop, type TestShop } from '../../../test/test-shop';
import { cartProducts, orders, productQuestions, questionAnswers, shopItems, tickets } from '../../db/schema';
import { translatorFor } from '../../lib/language';
import { questionColumns, upsertQuestion } from '../catalog/questions.queries';
import { timeLimit } from '../../../test/time-limits';

/**
 * Questions per product asked of buyers (issue 37 point 4, decision 0106): a ticket's answers are
 * given where its holder is (add-product-to-cart, update-product-in-cart), the order's at checkout;
 * each checked by the contract's rule, a required one missing refused by field with a text naming
 * the question in the page's language and nothing written; the answers stored with the tickets and
 * the order when it is made.
 */
describe.each(testEngines())('questions asked of buyers on %s', (engine) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(engine, { config: { languages: [...LOCALES] }, app: { catalogMaxAgeMs: 0 } });
    const [weekend] = await db().select({ id: shopItems.id }).from(shopItems).where(eq(shopItems.externalCode, 'NWF27-WEEKEND'));
    const asked: QuestionDefinitionInput[] = [
      { code: 'size', kind: 'choice', label: 'T-shirt size', required: true, options: [{ code: 's', label: 'Small' }, { code: 'm', label: 'Medium' }], translations: { de: { label: 'T-Shirt-Größe' } } },
      { code: 'company', kind: 'text', label: 'Company', max_length: 20 },
      { code: 'contact', kind: 'text', label: 'Emergency contact', required: true, per: 'order' },
      { code: 'old', kind: 'yes_no', label: 'No longer asked', required: true, archived: true },
    ];
    for (const [sort, question] of asked.entries()) await upsertQuestion(db(), questionColumns(questionDefinition.parse(question), weekend!.id, sort));
  }, timeLimit(120_000));
  afterAll(async () => {
    await shop?.close();
  });

  const db = () => shop.database.db;
  const snapshot = () => createSnapshotter(db())();
  const de = (text: Parameters<typeof english>[0]) => translatorFor('de').format(text);
  const holder = { external_code: 'NWF27-WEEKEND', full_name: 'Ada Holder', email: 'ada@example.org', age: '25-34' };
  async function call(path: string, payload: unknown, language = 'en') {
    const response = await shop.app.inject({ method: 'POST', url: `/api/${path}`, headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', 'accept-language': language }, payload: JSON.stringify(payload) });
    return { status: response.statusCode, body: response.json() as { message: string; errors?: Record<string, string[]>; cart?: { code: string; products: { id: number; answers?: unknown }[] } } };
  }

  it('serves a product’s questions with its shop item (not archived, in the order asked, with their German labels), and none with a product without', async () => {
    const weekend = await call('get-shop-item', { external_code: 'NWF27-WEEKEND' }, 'de');
    expect(weekend.status).toBe(200);
    const item = api['get-shop-item'].answer.parse(weekend.body).item;
    expect(item.questions?.map((question) => [question.code, question.per, question.required])).toEqual([
      ['size', 'ticket', true],
      ['company', 'ticket', false],
      ['contact', 'order', true],
    ]);
    expect(questionLabelIn(item.questions![0]!, 'de')).toBe('T-Shirt-Größe');
    expect(item.questions![0]!.options.map((option) => option.code)).toEqual(['s', 'm']);
    // The listing (get-data) carries them too, from the same snapshot.
    const listed = api['get-data'].answer.parse((await call('get-data', { token: null }, 'de')).body).data.products;
    expect(listed.find((product) => product.external_code === 'NWF27-WEEKEND')?.questions).toHaveLength(3);
    const camping = await call('get-shop-item', { external_code: 'NWF27-CAMPING' }, 'de');
    expect(api['get-shop-item'].answer.parse(camping.body).item.questions).toBeUndefined();
  });

  it('refuses a ticket without its required answer, or with an answer its rule refuses, by field in the page’s language, with nothing written', async () => {
    const buyer = await createCustomer(shop);
    const before = await snapshot();
    const german = await call('add-product-to-cart', { token: buyer.token, ...holder }, 'de');
    expect([german.status, german.body.message, german.body.errors]).toEqual([422, de(questionMessages.required('T-Shirt-Größe')), { 'answers.size': [de(questionMessages.required('T-Shirt-Größe'))] }]);
    const wrong = await call('add-product-to-cart', { token: buyer.token, ...holder, answers: { size: 'xl', company: 'A company name that is too long' } });
    expect([wrong.status, wrong.body.errors]).toEqual([422, { 'answers.size': [english(questionMessages.notAnOption)], 'answers.company': [english(questionMessages.textLength(20))] }]);
    expect(changedTables(before, await snapshot())).toEqual([]);
  });

  it('keeps a ticket’s answers with its cart line, changes them with the holder, and stores them with the tickets and the order’s at checkout', async () => {
    const buyer = await createCustomer(shop);
    const added = await call('add-product-to-cart', { token: buyer.token, ...holder, answers: { size: 's', company: '  ACME  ', old: 'no', unknown: 'x' } });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const cart = added.body.cart!.code;
    expect(added.body.cart!.products[0]!.answers).toEqual({ size: 's', company: 'ACME' });
    const second = await call('add-product-to-cart', { token: buyer.token, cart, ...holder, full_name: 'Bo Holder', answers: { size: 'm' } });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const lineId = second.body.cart!.products[1]!.id;
    const refusedChange = await call('update-product-in-cart', { token: buyer.token, cart, cart_product_id: lineId, full_name: 'Bo Holder', email: 'bo@example.org', age: '25-34', answers: {} });
    expect([refusedChange.status, refusedChange.body.errors]).toEqual([422, { 'answers.size': [english(questionMessages.required('T-shirt size'))] }]);
    const changed = await call('update-product-in-cart', { token: buyer.token, cart, cart_product_id: lineId, full_name: 'Bo Holder', email: 'bo@example.org', age: '25-34', answers: { size: 's', company: 'Crew' } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await db().select({ answers: cartProducts.answers }).from(cartProducts).where(eq(cartProducts.id, lineId)))[0]!.answers).toEqual({ size: 's', company: 'Crew' });

    // The order's own question: refused at checkout until answered, naming the product's question.
    const ordersBefore = (await db().select({ id: orders.id }).from(orders)).length;
    const missing = await call('checkout-cart', checkoutPayload(buyer.token, cart), 'de');
    expect([missing.status, missing.body.errors]).toEqual([422, { 'answers.NWF27-WEEKEND.contact': [de(questionMessages.required('Emergency contact'))] }]);
    expect((await db().select({ id: orders.id }).from(orders)).length).toBe(ordersBefore);

    const placed = await call('checkout-cart', { ...checkoutPayload(buyer.token, cart), answers: { 'NWF27-WEEKEND': { contact: ' Mum, +31 6 1234 5678 ' } } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const order = api['checkout-cart'].answer.parse(placed.body).order;
    const orderTickets = await db().select({ id: tickets.id, fullName: tickets.fullName }).from(tickets).where(eq(tickets.orderId, order.id)).orderBy(tickets.id);
    const stored = await db()
      .select({ ticketId: questionAnswers.ticketId, code: productQuestions.code, value: questionAnswers.value })
      .from(questionAnswers)
      .innerJoin(productQuestions, eq(productQuestions.id, questionAnswers.questionId))
      .where(eq(questionAnswers.orderId, order.id))
      .orderBy(questionAnswers.id);
    const ticketOf = (name: string) => orderTickets.find((ticket) => ticket.fullName === name)!.id;
    expect(stored).toEqual([
      { ticketId: ticketOf('Ada Holder'), code: 'size', value: 's' },
      { ticketId: ticketOf('Ada Holder'), code: 'company', value: 'ACME' },
      { ticketId: ticketOf('Bo Holder'), code: 'size', value: 's' },
      { ticketId: ticketOf('Bo Holder'), code: 'company', value: 'Crew' },
      { ticketId: null, code: 'contact', value: 'Mum, +31 6 1234 5678' },
    ]);

    // The customer's order page shows them: each ticket's with it, the order's with the order.
    const data = api['get-data'].answer.parse((await call('get-data', { token: buyer.token })).body).data;
    const shown = data.orders.find((candidate) => candidate.code === order.code)!;
    expect(shown.tickets.map((ticket) => [ticket.full_name, ticket.answers])).toEqual([
      ['Ada Holder', [{ code: 'size', question: 'T-shirt size', answer: 'Small' }, { code: 'company', question: 'Company', answer: 'ACME' }]],
      ['Bo Holder', [{ code: 'size', question: 'T-shirt size', answer: 'Small' }, { code: 'company', question: 'Company', answer: 'Crew' }]],
    ]);
    expect(shown.answers).toEqual([{ code: 'contact', question: 'Emergency contact', answer: 'Mum, +31 6 1234 5678' }]);
  });
});
