import { english, api, messages } from '@festival/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/databases';
import { createTestShop, type TestShop } from '../../../test/test-shop';
import { carts, vouchers } from '../../db/schema';

const jane = { full_name: 'Jane Doe', email: 'jane@example.org', age: '25-34' };

describe.each(testEngines())('invoice and vouchers on %s', (engine) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(engine);
  });
  afterAll(async () => {
    await shop?.close();
  });

  const cartWith = async (...adds: [path: 'add-product-to-cart' | 'add-merchandise-to-cart', payload: object][]) => {
    let code: string | undefined;
    for (const [path, payload] of adds) {
      const answer = await shop.call(path, { ...payload, cart: code } as never);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      code = answer.body.cart.code;
    }
    return code!;
  };

  it('invoices tickets without shipping, tax per rate taken out of price plus fee', async () => {
    const code = await cartWith(['add-product-to-cart', { external_code: 'NWF27-WEEKEND', ...jane }], ['add-product-to-cart', { external_code: 'NWF27-CAMPING', ...jane }]);
    const answer = await shop.call('calculate-invoice', { cart: code, country: null });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { invoice } = api['calculate-invoice'].answer.parse(answer.body);
    const cart = (await shop.call('get-cart', { cart: code })).body.cart;
    expect(invoice.total).toBe(cart.total_price);
    expect(invoice.shipping).toBeNull();
    expect(invoice.items.map((item) => [item.name, item.product_type, item.type, item.full_name])).toEqual([
      ['Weekend ticket', 'ticket', 'ticket', 'Jane Doe'],
      [cart.products[1].product.name, 'add-on', 'camping', 'Jane Doe'],
    ]);
    // Both are at the low rate (9%) in the demo catalogue.
    expect(Object.keys(invoice.tax)).toEqual(['VAT 9%']);
    expect(invoice.tax['VAT 9%']! + invoice.items_total_without_tax['VAT 9%']!).toBe(invoice.total);
    expect(invoice.tax['VAT 9%']).toBe(Math.round((invoice.total * 9) / 109));
  });

  it("adds shipping for merchandise at the country's rate, and says when it cannot ship", async () => {
    const code = await cartWith(['add-product-to-cart', { external_code: 'NWF27-WEEKEND', ...jane }], ['add-merchandise-to-cart', { external_code: 'NWF27-TEE-LINEUP' }]);
    const nl = api['calculate-invoice'].answer.parse((await shop.call('calculate-invoice', { cart: code, country: 'NL' })).body).invoice;
    expect(nl.shipping).toEqual({ name: 'PostNL parcel', type: 'standard', price: 495 });
    expect(Object.keys(nl.tax).sort()).toEqual(['VAT 21%', 'VAT 9%']);
    // The shirt and its shipping at 21%.
    expect(nl.tax['VAT 21%']).toBe(Math.round(((2995 + 495) * 21) / 121));
    expect(nl.total).toBe(nl.items.reduce((sum, item) => sum + item.price, 0) + 495);

    const noCountry = await shop.call('calculate-invoice', { cart: code });
    expect(noCountry.status).toBe(422);
    expect(noCountry.body.message).toBe(english(messages.checkout.selectCountryForShipping));
    const far = await shop.call('calculate-invoice', { cart: code, country: 'US' });
    expect(far).toEqual({ status: 409, body: { message: english(messages.checkout.shippingUnavailable) } });
  });

  it('refuses the invoice of a cart that has ended', async () => {
    const code = await cartWith(['add-product-to-cart', { external_code: 'NWF27-WEEKEND', ...jane }]);
    await shop.database.db.update(carts).set({ status: 'expired' }).where(eq(carts.code, code));
    expect(await shop.call('calculate-invoice', { cart: code, country: 'NL' })).toEqual({ status: 410, body: { message: english(messages.cart.expired) } });
  });

  it('validates vouchers without regard to case, refusing empty, unknown, used-up and out-of-date codes', async () => {
    expect((await shop.call('validate-voucher', { code: 'welcome10' })).body).toEqual({
      voucher: { code: 'WELCOME10', discount_amount: 1000, terms: { kind: 'fixed', discount_amount: 1000, percent: null, product: null, products: null } },
    });
    const refused = async (code: string, message: string) => {
      const answer = await shop.call('validate-voucher', { code });
      expect(answer.status).toBe(422);
      expect(answer.body.message).toBe(message);
    };
    await refused('  ', english(messages.checkout.voucherRequired));
    await refused('NO-SUCH-CODE', english(messages.checkout.voucherInvalid));
    const db = shop.database.db;
    await db.update(vouchers).set({ used: 100 }).where(eq(vouchers.code, 'WELCOME10'));
    await refused('WELCOME10', english(messages.checkout.voucherInvalid));
    await db.update(vouchers).set({ used: 0 }).where(eq(vouchers.code, 'WELCOME10'));
    await db.update(vouchers).set({ validUntil: new Date(Date.now() - 1000) }).where(eq(vouchers.code, 'NORTHWIND25'));
    await refused('NORTHWIND25', english(messages.checkout.voucherInvalid));
  });
});
