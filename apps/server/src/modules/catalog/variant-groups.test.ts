import { readFileSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { api, english, messages, waitingRoomMessages } from '@festival/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/databases';
import { checkoutPayload, createCustomer } from '../../../test/shop-flows';
import { createTestShop, DEMO_CATALOGUE, type TestShop } from '../../../test/test-shop';
import { importCatalogue, parseCatalogue } from './catalogue-import';
import { timeLimit } from '../../../test/time-limits';

const SECRET = 'variant-groups-test-secret-of-32-chars!!';
const demo = YAML.parse(readFileSync(DEMO_CATALOGUE, 'utf8')) as { merchandise: unknown[]; vouchers: unknown[] };

/** A T-shirt in two sizes, a voucher for the shirt's group, one for the poster, and one tee free (the group named). */
const TEE = YAML.parse(`
- code: NWF27-TEE-SIZES
  type: shirt
  name: Sizes tee
  price: 2500
  tax: high
  variants:
    - { code: NWF27-TEE-S, label: S, stock: 10 }
    - { code: NWF27-TEE-M, label: M, stock: 10 }
`) as unknown[];
const VOUCHERS = YAML.parse(`
- { code: TEE5, name: Tee voucher, discount_amount: 500, products: [NWF27-TEE-SIZES] }
- { code: POSTER5, name: Poster voucher, discount_amount: 500, products: [NWF27-POSTER] }
- { code: FREETEE, name: A tee free, kind: free_product, product: NWF27-TEE-SIZES }
`) as unknown[];

/**
 * A merchandise group's code stands for its variants (decision 0104): the group is never sold
 * itself, so a voucher limited to the group discounts its sizes, and an on-sale of the group stands
 * in front of each size.
 */
describe.each(testEngines())('a merchandise group’s code covering its variants on %s', (engine) => {
  let shop: TestShop;
  const importWith = async (onsales: string[]) => {
    const file = { ...demo, merchandise: [...demo.merchandise, ...TEE], vouchers: [...demo.vouchers, ...VOUCHERS], ...(onsales.length ? { onsales: onsales.map((line) => YAML.parse(line) as unknown) } : {}) };
    await importCatalogue(shop.database.db, parseCatalogue(YAML.stringify(file), 'groups.yaml'), path.dirname(DEMO_CATALOGUE), 'groups.yaml');
    shop.app.waitingRoom.invalidate();
  };
  beforeAll(async () => {
    shop = await createTestShop(engine, { app: { appSecret: SECRET, catalogMaxAgeMs: 0, waitingRoomStateMaxAgeMs: 0 } });
    await importWith([]);
  }, timeLimit(120_000));
  afterAll(async () => {
    await shop?.close();
  });

  it('discounts a variant with a voucher limited to its group, at validation and checkout; a voucher for another item does not apply', async () => {
    const buyer = await createCustomer(shop);
    const added = await shop.call('add-merchandise-to-cart', { token: buyer.token, external_code: 'NWF27-TEE-M' });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const cart: string = added.body.cart.code;
    const validated = await shop.call('validate-voucher', { token: buyer.token, cart, code: 'TEE5' });
    expect(validated.status, JSON.stringify(validated.body)).toBe(200);
    expect(api['validate-voucher'].answer.parse(validated.body).voucher).toMatchObject({ code: 'TEE5', discount_amount: 500, terms: { products: expect.arrayContaining(['NWF27-TEE-SIZES', 'NWF27-TEE-S', 'NWF27-TEE-M']) } });
    const other = await shop.call('validate-voucher', { token: buyer.token, cart, code: 'POSTER5' });
    expect([other.status, other.body.message]).toEqual([422, english(messages.checkout.voucherNotForCart)]);
    const placed = await shop.call(
      'checkout-cart',
      checkoutPayload(buyer.token, cart, { shipping_country: 'NL', shipping_name: 'Buyer', shipping_address: { 'Street and number': 'Damrak 1', Postcode: '1012 LG', City: 'Amsterdam' } }, { voucher_code: 'TEE5' }),
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.order).toMatchObject({ discount_amount: 500 });
  });

  it('gives one unit of any size free with a free-product voucher naming the group, at validation and checkout', async () => {
    const buyer = await createCustomer(shop);
    const cheap = await shop.call('add-merchandise-to-cart', { token: buyer.token, external_code: 'NWF27-POSTER' });
    expect(cheap.status, JSON.stringify(cheap.body)).toBe(200);
    const cart: string = cheap.body.cart.code;
    // Without a tee in the cart the voucher gives nothing: refused as for any product it names.
    const early = await shop.call('validate-voucher', { token: buyer.token, cart, code: 'FREETEE' });
    expect([early.status, early.body.message]).toEqual([422, english(messages.checkout.voucherNotForCart)]);
    expect((await shop.call('add-merchandise-to-cart', { token: buyer.token, external_code: 'NWF27-TEE-S', cart })).status).toBe(200);
    const validated = await shop.call('validate-voucher', { token: buyer.token, cart, code: 'FREETEE' });
    expect(validated.status, JSON.stringify(validated.body)).toBe(200);
    expect(api['validate-voucher'].answer.parse(validated.body).voucher).toMatchObject({ code: 'FREETEE', discount_amount: 2500, terms: { kind: 'free_product', product: 'NWF27-TEE-SIZES' } });
    const placed = await shop.call(
      'checkout-cart',
      checkoutPayload(buyer.token, cart, { shipping_country: 'NL', shipping_name: 'Buyer', shipping_address: { 'Street and number': 'Damrak 1', Postcode: '1012 LG', City: 'Amsterdam' } }, { voucher_code: 'FREETEE' }),
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.order).toMatchObject({ discount_amount: 2500 });
  });

  it('sends a buyer of a variant to the waiting room of an on-sale of its group; other merchandise sells as before', async () => {
    await importWith([`{ code: TEES, event: NWF27, opens_at: "${new Date(Date.now() + 10 * 60_000).toISOString()}", products: [NWF27-TEE-SIZES], admission: { rate_per_minute: 60 } }`]);
    const buyer = await createCustomer(shop);
    for (const code of ['NWF27-TEE-S', 'NWF27-TEE-M']) {
      const refused = await shop.call('add-merchandise-to-cart', { token: buyer.token, external_code: code });
      expect(refused, code).toEqual({ status: 403, body: { message: english(waitingRoomMessages.admissionRequired), waiting_room: 'TEES' } });
    }
    expect((await shop.call('add-merchandise-to-cart', { token: buyer.token, external_code: 'NWF27-POSTER' })).status).toBe(200);
  });
});
