import { api, discountLinesOf, english, LOCALES, messages, voucherDiscount, type Invoice } from '@festival/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/databases';
import { cartWith as flowCart, checkoutPayload, createCustomer } from '../../../test/shop-flows';
import { createTestShop, type TestShop } from '../../../test/test-shop';
import { carts, orders, vouchers } from '../../db/schema';
import { translatorFor } from '../../lib/language';
import { timeLimit } from '../../../test/time-limits';

/**
 * Vouchers of every kind at checkout (issue 37 point 3, decision 0096): validate-voucher answers
 * the discount the checkout then takes, computed by the one function the page uses too; a voucher
 * limited to products discounts their lines only and is refused for a cart without them; the uses
 * in all and per customer never pass their limits, also when checkouts arrive at the same moment
 * (on PostgreSQL, many connections at once).
 */
describe.each(testEngines())('vouchers of every kind at checkout on %s', (engine) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(engine, { config: { languages: [...LOCALES] }, app: { catalogMaxAgeMs: 0 } });
  }, timeLimit(120_000));
  afterAll(async () => {
    await shop?.close();
  });

  const db = () => shop.database.db;
  const voucher = async (code: string) => (await db().select().from(vouchers).where(eq(vouchers.code, code)))[0]!;
  const addVoucher = (values: Partial<typeof vouchers.$inferInsert> & { code: string }) => db().insert(vouchers).values({ name: `Voucher ${values.code}`, ...values });
  const invoiceOf = async (token: string, cart: string): Promise<Invoice> => api['calculate-invoice'].answer.parse((await shop.call('calculate-invoice', { token, cart, country: 'NL' })).body).invoice;
  const validate = (token: string, cart: string, code: string) => shop.call('validate-voucher', { token, cart, code });
  const checkout = (token: string, cart: string, code: string | null) => shop.call('checkout-cart', checkoutPayload(token, cart, {}, { voucher_code: code }));
  const refusal = (text: Parameters<typeof english>[0], field = 'voucher_code') => ({ status: 422, body: { message: english(text), errors: { [field]: [english(text)] } } });
  const ordersWith = async (voucherId: number, customerId?: number) =>
    (await db().select({ count: sql<number>`count(*)::int` }).from(orders).where(and(eq(orders.voucherId, voucherId), customerId === undefined ? undefined : eq(orders.customerId, customerId))))[0]!.count;

  it('takes a percentage off the lines of its products only, never the shipping, rounded half up once per order, as validate-voucher and the page say', async () => {
    await addVoucher({ code: 'MERCH10', kind: 'percentage', percent: 10, products: ['NWF27-PARKING', 'NWF27-TEE-LINEUP'] });
    const buyer = await createCustomer(shop);
    const cart = await flowCart(shop, buyer.token, ['NWF27-WEEKEND', 'NWF27-PARKING'], ['NWF27-TEE-LINEUP']);
    const invoice = await invoiceOf(buyer.token, cart);
    expect(invoice.shipping?.price).toBeGreaterThan(0);
    const eligible = invoice.items.filter((item) => item.external_code !== 'NWF27-WEEKEND').reduce((sum, item) => sum + item.price, 0);
    // 10 % of €55.95 is €5.595: half a cent, rounded up once for the order.
    expect(eligible).toBe(2600 + 2995);
    const expected = 560;
    const validated = await validate(buyer.token, cart, 'merch10');
    expect(validated.status, JSON.stringify(validated.body)).toBe(200);
    const answer = api['validate-voucher'].answer.parse(validated.body).voucher;
    expect(answer).toEqual({ code: 'MERCH10', discount_amount: expected, terms: { kind: 'percentage', discount_amount: null, percent: 10, product: null, products: ['NWF27-PARKING', 'NWF27-TEE-LINEUP'] } });
    // What the checkout page computes from the answer and the invoice it shows.
    expect(voucherDiscount(answer.terms, discountLinesOf(invoice.items), invoice.total, false).discount).toBe(expected);
    const placed = await shop.call('checkout-cart', checkoutPayload(buyer.token, cart, { shipping_country: 'NL', shipping_name: 'Buyer', shipping_address: { 'Street and number': 'Damrak 1', Postcode: '1012 LG', City: 'Amsterdam' } }, { voucher_code: 'MERCH10' }));
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.order).toMatchObject({ discount_amount: expected, discount_name: 'Voucher MERCH10', total_price: invoice.total - expected });
    expect((await voucher('MERCH10')).used).toBe(1);
  });

  it('gives one unit of its product free, and a fixed amount off its products only, the rest lost', async () => {
    await addVoucher({ code: 'FREEPARKING', kind: 'free_product', freeProduct: 'NWF27-PARKING' });
    await addVoucher({ code: 'LOCKER50', kind: 'fixed', discountAmount: 5000, products: ['NWF27-LOCKER'] });
    const buyer = await createCustomer(shop);
    const cart = await flowCart(shop, buyer.token, ['NWF27-WEEKEND', 'NWF27-PARKING']);
    const invoice = await invoiceOf(buyer.token, cart);
    const parking = invoice.items.find((item) => item.external_code === 'NWF27-PARKING')!.price;
    expect((await validate(buyer.token, cart, 'FREEPARKING')).body.voucher).toMatchObject({ discount_amount: parking });
    expect((await checkout(buyer.token, cart, 'FREEPARKING')).body.order).toMatchObject({ discount_amount: parking, total_price: invoice.total - parking });

    const other = await createCustomer(shop);
    const lockerCart = await flowCart(shop, other.token, ['NWF27-WEEKEND', 'NWF27-LOCKER']);
    const lockerInvoice = await invoiceOf(other.token, lockerCart);
    const locker = lockerInvoice.items.find((item) => item.external_code === 'NWF27-LOCKER')!.price;
    expect(locker).toBeLessThan(5000);
    expect((await validate(other.token, lockerCart, 'LOCKER50')).body.voucher).toMatchObject({ discount_amount: locker });
    expect((await checkout(other.token, lockerCart, 'LOCKER50')).body.order).toMatchObject({ discount_amount: locker, total_price: lockerInvoice.total - locker });
  });

  it('refuses a voucher for products the cart does not hold, at validation and at checkout, in the buyer’s language, and takes no use', async () => {
    await addVoucher({ code: 'CAMPINGONLY', kind: 'fixed', discountAmount: 500, products: ['NWF27-CAMPING'] });
    await addVoucher({ code: 'FREECAMPING', kind: 'free_product', freeProduct: 'NWF27-CAMPING' });
    const buyer = await createCustomer(shop);
    const cart = await flowCart(shop, buyer.token, ['NWF27-PARKING']);
    for (const code of ['CAMPINGONLY', 'FREECAMPING']) {
      expect(await validate(buyer.token, cart, code), code).toEqual(refusal(messages.checkout.voucherNotForCart, 'code'));
      expect(await checkout(buyer.token, cart, code), code).toEqual(refusal(messages.checkout.voucherNotForCart));
      expect((await voucher(code)).used).toBe(0);
    }
    expect((await db().select().from(carts).where(eq(carts.code, cart)))[0]!.status).toBe('open');
    const german = await shop.app.inject({
      method: 'POST',
      url: '/api/validate-voucher',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', 'accept-language': 'de' },
      payload: JSON.stringify({ token: buyer.token, cart, code: 'CAMPINGONLY' }),
    });
    expect([german.statusCode, german.json().message]).toEqual([422, translatorFor('de').format(messages.checkout.voucherNotForCart)]);
    expect(german.json().message).toBe('Dieser Gutschein gilt nicht für die Artikel in Ihrem Warenkorb.');
  });

  it('lets a customer use a voucher as often as it allows one customer; a cancelled order gives its use back', async () => {
    await addVoucher({ code: 'TWICEEACH', kind: 'fixed', discountAmount: 100, maxUsesPerCustomer: 2 });
    const buyer = await createCustomer(shop);
    const placed: string[] = [];
    for (let round = 0; round < 2; round += 1) {
      const cart = await flowCart(shop, buyer.token, ['NWF27-PARKING']);
      const answer = await checkout(buyer.token, cart, 'TWICEEACH');
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      placed.push(answer.body.order.code);
    }
    const third = await flowCart(shop, buyer.token, ['NWF27-PARKING']);
    expect(await validate(buyer.token, third, 'TWICEEACH')).toEqual(refusal(messages.checkout.voucherUsedUpByYou, 'code'));
    expect(await checkout(buyer.token, third, 'TWICEEACH')).toEqual(refusal(messages.checkout.voucherUsedUpByYou));
    // Another customer still may.
    const other = await createCustomer(shop);
    expect((await checkout(other.token, await flowCart(shop, other.token, ['NWF27-PARKING']), 'TWICEEACH')).status).toBe(200);
    // An order that ends without being paid gives its use back, in all and to its customer.
    await db().update(orders).set({ paymentStatus: 'cancelled' }).where(eq(orders.code, placed[0]!));
    expect((await checkout(buyer.token, third, 'TWICEEACH')).status).toBe(200);
  });

  it('never passes max_uses nor one customer’s max_uses_per_customer when checkouts arrive at the same moment', async () => {
    // Many buyers at once for a voucher of 5 uses.
    await addVoucher({ code: 'FIVEUSES', kind: 'percentage', percent: 10, maxUses: 5 });
    const buyers = await Promise.all(Array.from({ length: 16 }, () => createCustomer(shop)));
    const cartCodes = await Promise.all(buyers.map((buyer) => flowCart(shop, buyer.token, ['NWF27-PARKING'])));
    const answers = await Promise.all(buyers.map((buyer, index) => checkout(buyer.token, cartCodes[index]!, 'FIVEUSES')));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
    for (const answer of answers.filter((candidate) => candidate.status !== 200)) expect(answer).toEqual(refusal(messages.checkout.voucherInvalid));
    const five = await voucher('FIVEUSES');
    expect([five.used, await ordersWith(five.id)]).toEqual([5, 5]);

    // One customer with several carts, checking them all out at once with a voucher of one use per customer.
    await addVoucher({ code: 'ONCEEACH', kind: 'fixed', discountAmount: 200, maxUsesPerCustomer: 1 });
    const racer = await createCustomer(shop);
    const racerCarts = await Promise.all(Array.from({ length: 8 }, () => flowCart(shop, racer.token, ['NWF27-PARKING'])));
    expect(new Set(racerCarts).size).toBe(8);
    const raced = await Promise.all(racerCarts.map((cart) => checkout(racer.token, cart, 'ONCEEACH')));
    expect(raced.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of raced.filter((candidate) => candidate.status !== 200)) expect(answer).toEqual(refusal(messages.checkout.voucherUsedUpByYou));
    const once = await voucher('ONCEEACH');
    expect([once.used, await ordersWith(once.id, racer.id)]).toEqual([1, 1]);
  });
});
