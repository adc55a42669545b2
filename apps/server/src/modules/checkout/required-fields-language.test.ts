import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/databases';
import { BANK_DETAILS, NL_ADDRESS, cartWith, checkoutPayload, createCustomer, paidOrder } from '../../../test/shop-flows';
import { createTestShop, type TestShop } from '../../../test/test-shop';
import { customers, orders } from '../../db/schema';
import { hashPassword } from '../accounts/passwords';

/**
 * The required-fields messages name every field in the reader's language (issue 36 point 1):
 * the shop's own fields by the catalogues' texts, the organiser's address lines by their
 * translation in the configuration; and an address is kept under the default language's line
 * texts whatever the page's language, so a German page's address is the same address.
 */
describe.each(testEngines())('the required fields named in the reader’s language on %s', (engine) => {
  let shop: TestShop;
  let base: string;
  const german = { 'accept-language': 'de-DE,de;q=0.9' };
  beforeAll(async () => {
    shop = await createTestShop(engine, {
      config: {
        languages: ['en', 'de'],
        translations: { de: { addressLines: [{ text: 'Straße und Hausnummer' }, { text: 'Adresszusatz' }, { text: 'Postleitzahl' }, { text: 'Ort' }] } },
      },
    });
    base = await shop.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await shop?.close();
  });

  const post = async (path: string, payload: unknown, headers: Record<string, string> = german) => {
    const response = await shop.app.inject({ method: 'POST', url: `/api/${path}`, headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', ...headers }, payload: JSON.stringify(payload) });
    return { status: response.statusCode, body: response.json() as Record<string, any> };
  };
  const refusedWith = async (path: string, payload: unknown, field: string, message: string, headers?: Record<string, string>) => {
    const answer = await post(path, payload, headers);
    expect(answer.status, JSON.stringify(answer.body)).toBe(422);
    expect(answer.body).toEqual({ message, errors: { [field]: [message] } });
  };

  it('checkout: the billing and shipping lines by their German labels, the recipient as “Vollständiger Name”; English pages unchanged', async () => {
    const buyer = await createCustomer(shop);
    const cart = await cartWith(shop, buyer.token, ['NWF27-PARKING'], ['NWF27-POSTER']);
    const shipping = { shipping_name: ' ', shipping_country: 'NL', shipping_address: { 'Street and number': 'Damrak 1' } };
    await refusedWith('checkout-cart', { ...checkoutPayload(buyer.token, cart, shipping), customer: { country: 'NL', address: { City: 'Amsterdam' } } }, 'customer.address', 'Bitte füllen Sie die folgenden Felder aus: Straße und Hausnummer, Postleitzahl, Vollständiger Name, Postleitzahl (Lieferadresse) und Ort (Lieferadresse).');
    await refusedWith('checkout-cart', checkoutPayload(buyer.token, cart, shipping), 'order.shipping_address', 'Bitte füllen Sie die folgenden Felder aus: Vollständiger Name, Postleitzahl (Lieferadresse) und Ort (Lieferadresse).');
    await refusedWith('checkout-cart', checkoutPayload(buyer.token, cart, shipping), 'order.shipping_address', 'Please fill out the following fields: Full name, Postcode (shipping), City (shipping).', { 'accept-language': 'en' });
    // Keyed by the German labels, an address is not the shop's: its lines are still missing.
    await refusedWith('checkout-cart', { ...checkoutPayload(buyer.token, cart, { shipping_name: 'Bea', shipping_country: 'NL', shipping_address: NL_ADDRESS }), customer: { country: 'NL', address: { 'Straße und Hausnummer': 'Damrak 1', Postleitzahl: '1012 LG', Ort: 'Amsterdam' } } }, 'customer.address', 'Bitte füllen Sie die folgenden Felder aus: Straße und Hausnummer, Postleitzahl und Ort.');
    expect(await shop.database.db.select().from(orders).where(eq(orders.customerId, buyer.id))).toEqual([]);
    // Keyed by the default language's texts, as the page sends it in every language: placed, and kept under them.
    const placed = await post('checkout-cart', checkoutPayload(buyer.token, cart, { shipping_name: 'Bea', shipping_country: 'NL', shipping_address: NL_ADDRESS }));
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const [order] = await shop.database.db.select({ billing: orders.billingAddress, language: orders.language }).from(orders).where(eq(orders.customerId, buyer.id));
    expect(order).toEqual({ billing: NL_ADDRESS, language: 'de' });
  });

  it('account settings: the missing lines of a started address by their German labels', async () => {
    const buyer = await createCustomer(shop);
    await shop.database.db.update(customers).set({ passwordHash: await hashPassword('the-old-password') }).where(eq(customers.id, buyer.id));
    const settings = { token: buyer.token, old_password: 'the-old-password', full_name: 'Bea Buyer', email: buyer.email, country: 'DE' };
    await refusedWith('update-settings', { ...settings, address: { 'Street and number': 'Hauptstraße 1' } }, 'address', 'Bitte füllen Sie die folgenden Felder aus: Postleitzahl, Ort.');
    const saved = await post('update-settings', { ...settings, address: { 'Street and number': 'Hauptstraße 1', Postcode: '10115', City: 'Berlin' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.customer.address).toEqual({ 'Street and number': 'Hauptstraße 1', Postcode: '10115', City: 'Berlin' });
  });

  it('the portal: a ticket’s and a refund’s missing fields in German, the bank owner’s address lines by their labels', async () => {
    const buyer = await createCustomer(shop);
    const order = await paidOrder(shop, base, buyer, [{ code: 'NWF27-WEEKEND' }]);
    const ticket = order.tickets[0]!;
    const edit = await post('change-ticket', { token: buyer.token, order_id: order.id, code: ticket.code, full_name: ' ', email: ' ', age: '', reassign: false });
    expect(edit.status, JSON.stringify(edit.body)).toBe(422);
    expect(edit.body.message).toBe('Bitte füllen Sie die folgenden Felder aus: Vollständiger Name, E-Mail-Adresse und Altersgruppe');

    const bank = { ...BANK_DETAILS, bank_owner_full_name: '', bank_owner_address: { 'Street and number': 'Damrak 1' }, bank_name: '', bank_country: 'US', bank_bic: '', bank_iban: null, bank_account: '' };
    const refund = await post('request-refund', { token: buyer.token, order_id: order.id, tickets: ticket.code, ...bank });
    expect(refund.status, JSON.stringify(refund.body)).toBe(422);
    expect(refund.body.message).toBe('Bitte füllen Sie die folgenden Felder aus: Vollständiger Name des Kontoinhabers, Postleitzahl, Ort, Name der Bank, BIC/SWIFT und Kontonummer.');
  });
});
