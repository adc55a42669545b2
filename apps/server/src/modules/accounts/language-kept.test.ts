import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { customers, orders } from '../../db/schema';
import { testEngines } from '../../../test/databases';
import { cartWith, checkoutPayload, createCustomer } from '../../../test/shop-flows';
import { createTestShop, type TestShop } from '../../../test/test-shop';

/**
 * The language follows the person (issue 36 point 4, decision 0094): an order keeps the language
 * of the page it was placed from, an account the language its customer chose, among the shop's
 * languages; anything else falls back without changing what is kept.
 */
describe.each(testEngines())('the language kept on orders and accounts on %s', (engine) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(engine, { config: { languages: ['en', 'de', 'ar'] } });
  });
  afterAll(async () => {
    await shop?.close();
  });

  const post = async (path: string, payload: unknown, headers: Record<string, string> = {}) => {
    const response = await shop.app.inject({ method: 'POST', url: `/api/${path}`, headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', ...headers }, payload: JSON.stringify(payload) });
    return { status: response.statusCode, body: response.json() as Record<string, any> };
  };
  const customerLanguage = async (id: number) => (await shop.database.db.select({ language: customers.language }).from(customers).where(eq(customers.id, id)))[0]!.language;

  it('keeps the page’s language on the order placed from it, and the shop’s default for one it does not speak', async () => {
    for (const [header, kept] of [
      ['de-DE,de;q=0.9', 'de'],
      ['ar', 'ar'],
      ['fr-FR', 'en'],
      ['x'.repeat(5000), 'en'],
    ] as const) {
      const buyer = await createCustomer(shop);
      const cart = await cartWith(shop, buyer.token, ['NWF27-WEEKEND']);
      const answer = await post('checkout-cart', checkoutPayload(buyer.token, cart), { 'accept-language': header });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const [order] = await shop.database.db.select({ language: orders.language }).from(orders).where(eq(orders.customerId, buyer.id));
      expect(order!.language, header.slice(0, 20)).toBe(kept);
    }
  });

  it('keeps a signed-in customer’s choice on the account, reads it back, and ignores a language the shop does not offer', async () => {
    const buyer = await createCustomer(shop);
    expect(await post('set-language', { token: buyer.token, language: null })).toEqual({ status: 200, body: { language: null } });
    expect(await post('set-language', { token: buyer.token, language: 'de' })).toEqual({ status: 200, body: { language: 'de' } });
    expect(await customerLanguage(buyer.id)).toBe('de');
    // A language the shop does not offer changes nothing: the kept one comes back.
    expect(await post('set-language', { token: buyer.token, language: 'fr' })).toEqual({ status: 200, body: { language: 'de' } });
    expect(await post('set-language', { token: buyer.token, language: null })).toEqual({ status: 200, body: { language: 'de' } });
    expect(await customerLanguage(buyer.id)).toBe('de');
    // Not a language at all: refused, in the request's language, and nothing kept.
    const refused = await post('set-language', { token: buyer.token, language: '../..' }, { 'accept-language': 'de' });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Einige der gesendeten Angaben sind ungültig.');
    expect(await customerLanguage(buyer.id)).toBe('de');
    // Without a session: refused.
    expect((await post('set-language', { token: 'not-a-session', language: 'ar' })).status).toBe(401);
  });

  it('keeps the page’s language on an account registered from it', async () => {
    const email = `registered.${process.pid}.${engine}@example.org`;
    expect((await post('register', { full_name: 'Renate Registered', email }, { 'accept-language': 'de' })).status).toBe(200);
    const [row] = await shop.database.db.select({ language: customers.language }).from(customers).where(eq(customers.email, email));
    expect(row!.language).toBe('de');
  });
});
