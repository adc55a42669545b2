import { api, questionDefinition, type QuestionDefinitionInput } from '@festival/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/databases';
import { createCustomer } from '../../../test/shop-flows';
import { signedInStaff } from '../../../test/staff-sign-in';
import { createTestShop, type TestShop } from '../../../test/test-shop';
import { customers, shopItems } from '../../db/schema';
import { questionColumns, upsertQuestion } from '../catalog/questions.queries';
import { timeLimit } from '../../../test/time-limits';

const SECRET = 'answers-language-test-secret-of-32-chars';

/**
 * The answers on the customer's order page are worded in the reader's language (decision 0109),
 * also in a shop whose default language is not English, and also in a language the catalogue has
 * no texts in (the catalogue's snapshot is then the default language's).
 */
describe.each(testEngines())('the answers on the customer’s page in their language on %s', (engine) => {
  let shop: TestShop;
  const clock = new Date('2026-11-23T12:00:00Z');
  let desk = '';
  beforeAll(async () => {
    // A German shop that also sells in Polish; the catalogue has no Polish texts here.
    shop = await createTestShop(engine, { config: { languages: ['de', 'en', 'pl'] }, app: { appSecret: SECRET, now: () => clock, catalogMaxAgeMs: 0 } });
    await db().execute(sql`UPDATE shop_items SET translations = translations - 'pl' WHERE translations ? 'pl'`);
    await db().execute(sql`UPDATE events SET translations = translations - 'pl' WHERE translations ? 'pl'`);
    desk = (await signedInStaff(shop.app, shop.database.db, { email: 'desk@example.org', role: 'box_office' }, clock)).cookie;
    const [parking] = await db().select({ id: shopItems.id }).from(shopItems).where(eq(shopItems.externalCode, 'NWF27-PARKING'));
    const asked: QuestionDefinitionInput = { code: 'electric', kind: 'yes_no', label: 'Electric car', translations: { de: { label: 'Elektroauto' } } };
    await upsertQuestion(db(), questionColumns(questionDefinition.parse(asked), parking!.id, 0));
  }, timeLimit(120_000));
  afterAll(async () => {
    await shop?.close();
  });
  const db = () => shop.database.db;

  it('says yes and no in the reader’s language: the shop’s default German, and Polish where the catalogue has no Polish texts', async () => {
    const buyer = await createCustomer(shop);
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/staff/box-office-sell',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', cookie: desk },
      payload: JSON.stringify({ buyer: { email: buyer.email, full_name: 'Desk Buyer' }, lines: [{ code: 'NWF27-PARKING', quantity: 1, holders: [{ full_name: 'Ann', email: '', answers: { electric: true } }] }], payment: 'cash' }),
    });
    expect(response.statusCode, response.body).toBe(200);
    const code = (response.json() as { order_code: string }).order_code;
    const answersIn = async (language: string) => {
      await db().update(customers).set({ language }).where(eq(customers.id, buyer.id));
      const data = api['get-data'].answer.parse((await shop.call('get-data', { token: buyer.token })).body).data;
      return data.orders.find((order) => order.code === code)!.tickets[0]!.answers;
    };
    expect(await answersIn('de')).toEqual([{ code: 'electric', question: 'Elektroauto', answer: 'Ja' }]);
    expect(await answersIn('pl')).toEqual([{ code: 'electric', question: 'Electric car', answer: 'Tak' }]);
    expect(await answersIn('en')).toEqual([{ code: 'electric', question: 'Electric car', answer: 'Yes' }]);
  });
});
