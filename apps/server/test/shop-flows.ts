import { api, type Order, type PaymentInstruction } from '@festival/contract';
import { expect } from 'vitest';
import { customers, sessions } from '../src/db/schema';
import { hashToken } from '../src/modules/accounts/session.service';
import { SANDBOX_CARDS } from '../src/modules/payments/sandbox-gateway';
import type { TestShop } from './test-shop';

/** The steps of buying that the checkout and payment tests share. */

export const NL_ADDRESS = { 'Street and number': 'Damrak 1', Postcode: '1012 LG', City: 'Amsterdam' };

/** The bank details of a refund request (a valid IBAN and BIC). */
export const BANK_DETAILS = {
  bank_owner_full_name: 'Buyer Holder',
  bank_owner_address: NL_ADDRESS,
  bank_name: 'ABN AMRO',
  bank_city: 'Amsterdam',
  bank_country: 'NL',
  bank_bic: 'ABNANL2A',
  bank_iban: 'NL91 ABNA 0417 1643 00',
};

let customerCount = 0;

/** A customer with a live session (inserted directly: the accounts tests cover registering). */
export async function createCustomer(shop: TestShop): Promise<{ token: string; email: string; id: number }> {
  const number = (customerCount += 1);
  const email = `buyer${number}.${process.pid}@example.org`;
  const [row] = await shop.database.db.insert(customers).values({ email, fullName: `Buyer ${number}`, passwordHash: 'x', country: 'NL', address: NL_ADDRESS }).returning();
  const token = `flow-token-${process.pid}-${number}`;
  await shop.database.db.insert(sessions).values({ customerId: row!.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
  return { token, email, id: row!.id };
}

/** A cart of the customer's with these products (one holder each) and merchandise. */
export async function cartWith(shop: TestShop, token: string, products: string[], merchandise: string[] = []): Promise<string> {
  let cart: string | undefined;
  for (const [index, code] of products.entries()) {
    const answer = await shop.call('add-product-to-cart', { token, cart, external_code: code, full_name: `Holder ${index} ${code}`, email: `holder${index}@example.org`, age: '25-34' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    cart = answer.body.cart.code;
  }
  for (const code of merchandise) {
    const answer = await shop.call('add-merchandise-to-cart', { token, cart, external_code: code });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    cart = answer.body.cart.code;
  }
  return cart!;
}

export const checkoutPayload = (token: string, cart: string, order: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  token,
  cart,
  customer: { country: 'NL', address: NL_ADDRESS },
  order: { payment_method: 'credit_card', accept_terms: true, ...order },
  voucher_code: null,
  ...extra,
});

/** A form post as a browser sends it, without following the redirect. */
export const formPost = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
  redirect: 'manual' as const,
});

/**
 * The payer on the sandbox gateway: opens its page with the shop's posted form, pays with a card
 * (or cancels), and comes back through the shop's return address. Answers where the shop sends them.
 */
export async function payOnSandbox(base: string, instruction: PaymentInstruction | null | undefined, card: string | 'cancel'): Promise<string> {
  if (instruction?.action !== 'submit') throw new Error(`expected a form to post, got ${JSON.stringify(instruction)}`);
  const page = await fetch(base + instruction.url, formPost(instruction.params));
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Card number');
  const done = await fetch(`${base}/sandbox-gateway/pay/complete`, formPost({ ...instruction.params, ...(card === 'cancel' ? { action: 'cancel' } : { action: 'pay', card }) }));
  expect(done.status).toBe(303);
  const back = await fetch(base + done.headers.get('location')!, { redirect: 'manual' });
  expect(back.status).toBe(303);
  return back.headers.get('location')!;
}

/** A line of a test order: the product, and its holder's details where they matter. */
export interface OrderLine {
  code: string;
  holder?: string;
  age?: string;
  transport_time_id?: number;
}

/**
 * A card order of these lines (and merchandise, shipped to the Netherlands) for the buyer, paid on
 * the sandbox gateway of the shop listening at `base`; answers the order as the buyer's data shows it.
 */
export async function paidOrder(shop: TestShop, base: string, buyer: { token: string; id: number }, lines: OrderLine[], merchandise: string[] = []): Promise<Order> {
  let cart: string | undefined;
  for (const [index, line] of lines.entries()) {
    const answer = await shop.call('add-product-to-cart', {
      token: buyer.token,
      cart,
      external_code: line.code,
      full_name: line.holder ?? `Holder ${index} of ${buyer.id}`,
      email: `holder${index}.${buyer.id}@example.org`,
      age: line.age ?? '25-34',
      transport_time_id: line.transport_time_id,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    cart = answer.body.cart.code;
  }
  for (const code of merchandise) {
    const answer = await shop.call('add-merchandise-to-cart', { token: buyer.token, cart, external_code: code });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    cart = answer.body.cart.code;
  }
  const shipping = merchandise.length ? { shipping_name: 'Bea Buyer', shipping_country: 'NL', shipping_address: NL_ADDRESS } : {};
  const checkout = await shop.call('checkout-cart', checkoutPayload(buyer.token, cart!, shipping));
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
  const placed = api['checkout-cart'].answer.parse(checkout.body);
  await payOnSandbox(base, placed.payment, SANDBOX_CARDS.succeeds);
  const data = api['get-data'].answer.parse((await shop.call('get-data', { token: buyer.token })).body).data;
  return data.orders.find((order) => order.code === placed.order.code)!;
}
