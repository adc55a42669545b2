import { createHmac } from 'node:crypto';
import { english, api, messages, type PaymentInstruction, paymentMessages } from '@festival/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchRead } from '../../../test/fetch-read';
import { testEngines } from '../../../test/databases';
import { cartWith as flowCart, checkoutPayload, createCustomer, formPost, NL_ADDRESS, payOnSandbox as payWith } from '../../../test/shop-flows';
import { createTestShop, type TestShop } from '../../../test/test-shop';
import { carts, customers, emailOutbox, orders, payments, shopItems, tickets, vouchers } from '../../db/schema';
import { translatorFor } from '../../lib/language';
import { runOrdersCommand } from '../orders/orders-command';
import { formatAmount } from '../orders/orders.mail';
import { createPaymentsService } from '../payments/payments.service';
import { createSandboxGateway, SANDBOX_CARDS, SANDBOX_SIGNATURE_HEADER } from '../payments/sandbox-gateway';
import { timeLimit } from '../../../test/time-limits';

const SECRET = 'checkout-test-secret-of-at-least-32-characters';
const MAX_ATTEMPTS = 3;

describe.each(testEngines())('checkout and payments on %s', (engine) => {
  let shop: TestShop;
  let base: string;
  beforeAll(async () => {
    shop = await createTestShop(engine, { config: { maxCreditCardAttempts: MAX_ATTEMPTS }, app: { appSecret: SECRET, cartSweepIntervalMs: 50, catalogMaxAgeMs: 0 } });
    // The sandbox gateway notifies the shop over HTTP, as a provider does: the shop listens.
    base = await shop.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await shop?.close();
  });

  const db = () => shop.database.db;

  const customer = () => createCustomer(shop);
  const cartWith = (token: string, products: string[], merchandise: string[] = []) => flowCart(shop, token, products, merchandise);
  async function checkedOut(token: string, cart: string, order: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
    const answer = await shop.call('checkout-cart', checkoutPayload(token, cart, order, extra));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return api['checkout-cart'].answer.parse(answer.body);
  }
  const payOnSandbox = (instruction: PaymentInstruction | null | undefined, card: string) => payWith(base, instruction, card);
  const form = formPost;

  const orderRow = async (code: string) => (await db().select().from(orders).where(eq(orders.code, code)))[0]!;
  const itemCounts = async (code: string) => {
    const [row] = await db().select({ held: shopItems.held, sold: shopItems.sold }).from(shopItems).where(eq(shopItems.externalCode, code));
    return row!;
  };
  const mailsTo = async (to: string) => db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));

  it('pays an order by card through the sandbox gateway: tickets issued, stock sold, confirmation mailed once', async () => {
    const buyer = await customer();
    const before = await itemCounts('NWF27-WEEKEND');
    const cart = await cartWith(buyer.token, ['NWF27-WEEKEND', 'NWF27-WEEKEND']);
    expect(await itemCounts('NWF27-WEEKEND')).toEqual({ held: before.held + 2, sold: before.sold });

    const answer = await checkedOut(buyer.token, cart);
    expect(answer.order).toMatchObject({ payment_status: 'pending', payment_method: 'credit_card', total_price: 2 * (18950 + 350), payment_attempts: 0, staff: 'Online', accepted_ts_and_cs: true });
    expect(answer.order.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(answer.order.tickets.map((ticket) => ticket.status)).toEqual(['pending', 'pending']);
    expect(answer.data.orders.map((order) => order.code)).toContain(answer.order.code);
    // The holds are sold to the order; the cart has ended.
    expect(await itemCounts('NWF27-WEEKEND')).toEqual({ held: before.held, sold: before.sold + 2 });
    expect((await db().select().from(carts).where(eq(carts.code, cart)))[0]!.status).toBe('checked_out');
    expect((await shop.call('get-cart', { token: buyer.token, cart })).body).toEqual({ cart: null });

    const location = await payOnSandbox(answer.payment, SANDBOX_CARDS.succeeds);
    expect(location).toBe(`/portal/orders/${answer.order.code}/confirmation`);
    const paid = await orderRow(answer.order.code);
    expect(paid).toMatchObject({ paymentStatus: 'paid', totalPaid: 2 * (18950 + 350), payBy: null });
    const issued = await db().select().from(tickets).where(eq(tickets.orderId, paid.id));
    expect(issued.map((ticket) => ticket.status)).toEqual(['active', 'active']);
    for (const ticket of issued) expect(ticket.code).toMatch(/^[A-Z2-9]{20}$/);
    const confirmation = (await mailsTo(buyer.email)).filter((mail) => mail.subject.includes(answer.order.code));
    expect(confirmation).toHaveLength(1);
    expect(confirmation[0]!.textBody).toContain(`/download-ticket/holder0%40example.org/${issued[0]!.code}`);
    expect(confirmation[0]!.textBody).toContain(`/portal/orders/${answer.order.code}`);
    const data = api['get-data'].answer.parse((await shop.call('get-data', { token: buyer.token })).body).data;
    expect(data.orders.find((order) => order.code === answer.order.code)).toMatchObject({ payment_status: 'paid', has_invoice: true });
  });

  it('makes one order of a cart submitted twice, one after the other and at the same moment', async () => {
    const buyer = await customer();
    const first = await cartWith(buyer.token, ['NWF27-DAY-SAT']);
    const once = await checkedOut(buyer.token, first);
    const again = await checkedOut(buyer.token, first);
    expect(again.order.id).toBe(once.order.id);
    // The repeat answers the same open payment, not a second attempt.
    expect(again.payment).toEqual(once.payment);
    expect(again.order.payment_attempts).toBe(0);

    const before = await itemCounts('NWF27-DAY-SAT');
    const second = await cartWith(buyer.token, ['NWF27-DAY-SAT']);
    const answers = await Promise.all([1, 2, 3, 4].map(() => shop.call('checkout-cart', checkoutPayload(buyer.token, second))));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body.order.id)).size).toBe(1);
    const [cartRow] = await db().select().from(carts).where(eq(carts.code, second));
    expect((await db().select().from(orders).where(eq(orders.cartId, cartRow!.id))).length).toBe(1);
    expect((await db().select().from(payments).where(eq(payments.orderId, answers[0]!.body.order.id))).length).toBe(1);
    expect(await itemCounts('NWF27-DAY-SAT')).toEqual({ held: before.held, sold: before.sold + 1 });
  });

  it('refuses an expired cart with a clear message, and gives its holds back', async () => {
    const buyer = await customer();
    const before = await itemCounts('NWF27-CAMPING');
    const cart = await cartWith(buyer.token, ['NWF27-CAMPING']);
    await db().update(carts).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(carts.code, cart));
    const answer = await shop.call('checkout-cart', checkoutPayload(buyer.token, cart));
    expect(answer).toEqual({ status: 410, body: { message: english(messages.cart.expired) } });
    await expect.poll(() => itemCounts('NWF27-CAMPING')).toEqual(before);
    expect((await db().select().from(orders).where(eq(orders.customerId, buyer.id))).length).toBe(0);
  });

  it('needs a logged-in customer', async () => {
    const buyer = await customer();
    const cart = await cartWith(buyer.token, ['NWF27-PARKING']);
    const answer = await shop.call('checkout-cart', checkoutPayload('', cart));
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe(english(paymentMessages.loginRequired));
  });

  it('answers each checkout validation message of spec section 5, changing nothing', async () => {
    const buyer = await customer();
    const cart = await cartWith(buyer.token, ['NWF27-PARKING'], ['NWF27-POSTER']);
    const shipping = { shipping_name: 'Bea Buyer', shipping_country: 'NL', shipping_address: NL_ADDRESS };
    const refused = async (payload: Record<string, unknown>, field: string, message: string) => {
      const answer = await shop.call('checkout-cart', payload);
      expect(answer.status, JSON.stringify(answer.body)).toBe(422);
      expect(answer.body).toEqual({ message, errors: { [field]: [message] } });
    };
    await refused({ ...checkoutPayload(buyer.token, cart, shipping), customer: { country: null, address: NL_ADDRESS } }, 'customer.country', english(messages.checkout.countryRequired));
    await refused({ ...checkoutPayload(buyer.token, cart, shipping), customer: { country: 'NL', address: { City: 'Amsterdam' } } }, 'customer.address', english(messages.checkout.fillOutFields(['Street and number', 'Postcode'])));
    // A German page names the lines as its form does (the demo's German labels); the address is keyed by the default's text all the same.
    const inGerman = async (payload: Record<string, unknown>) => {
      const response = await shop.app.inject({ method: 'POST', url: '/api/checkout-cart', headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', 'accept-language': 'de' }, payload: JSON.stringify(payload) });
      return { status: response.statusCode, body: response.json() as { message: string } };
    };
    expect(await inGerman({ ...checkoutPayload(buyer.token, cart, shipping), customer: { country: 'NL', address: { City: 'Amsterdam' } } })).toMatchObject({
      status: 422,
      body: { message: translatorFor('de').format(messages.checkout.fillOutFields(['Straße und Hausnummer', 'Postleitzahl'])) },
    });
    expect(await inGerman(checkoutPayload(buyer.token, cart, { ...shipping, accept_terms: false }))).toMatchObject({ status: 422, body: { message: translatorFor('de').format(messages.checkout.acceptTerms) } });
    await refused(checkoutPayload(buyer.token, cart, { ...shipping, shipping_country: null }), 'order.shipping_country', english(messages.checkout.shippingCountryRequired));
    await refused(checkoutPayload(buyer.token, cart, { ...shipping, shipping_name: ' ', shipping_address: { 'Street and number': 'Damrak 1' } }), 'order.shipping_address', english(messages.checkout.fillOutFields(['Full name', 'Postcode (shipping)', 'City (shipping)'])));
    await refused(checkoutPayload(buyer.token, cart, { ...shipping, accept_terms: false }), 'order.accept_terms', english(messages.checkout.acceptTerms));
    await refused(checkoutPayload(buyer.token, cart, shipping, { voucher_code: 'NO-SUCH-CODE' }), 'voucher_code', english(messages.checkout.voucherInvalid));
    const nowhere = await shop.call('checkout-cart', checkoutPayload(buyer.token, cart, { ...shipping, shipping_country: 'GB' }));
    expect(nowhere).toEqual({ status: 409, body: { message: english(messages.checkout.shippingUnavailable) } });
    // Bank transfer is allowed in NL, BE and DE only: a customer in GB paying for an event that allows no cards has no method.
    await db().execute(sql`UPDATE events SET credit_card_active = false`);
    try {
      await refused({ ...checkoutPayload(buyer.token, cart, shipping), customer: { country: 'GB', address: NL_ADDRESS } }, 'order.payment_method', english(messages.checkout.noPaymentMethods));
    } finally {
      await db().execute(sql`UPDATE events SET credit_card_active = true`);
    }
    expect((await db().select().from(orders).where(eq(orders.customerId, buyer.id))).length).toBe(0);
    expect((await db().select().from(carts).where(eq(carts.code, cart)))[0]!.status).toBe('open');

    // With every field right the same cart checks out, shipping and addresses stored.
    const answer = await checkedOut(buyer.token, cart, shipping);
    const parking = (await db().select().from(shopItems).where(eq(shopItems.externalCode, 'NWF27-PARKING')))[0]!;
    expect(answer.order).toMatchObject({ shipping_amount: 495, shipping_country: 'NL', total_price: parking.price + parking.fee + 1495 + 495 });
    const row = await orderRow(answer.order.code);
    expect(row).toMatchObject({ billingCountry: 'NL', billingAddress: NL_ADDRESS, shippingName: 'Bea Buyer', shippingAddress: NL_ADDRESS });
    expect(row.acceptedTermsAt).toBeInstanceOf(Date);
  });

  it('keeps the billing address as the account\'s default only when asked, and not from a refused checkout (decision 0070)', async () => {
    const buyer = await customer();
    await db().update(customers).set({ country: null, address: {} }).where(eq(customers.id, buyer.id));
    const storedAddress = async () => (await db().select({ country: customers.country, address: customers.address }).from(customers).where(eq(customers.id, buyer.id)))[0]!;
    const billing = { country: 'BE', address: { 'Street and number': ' Grote Markt 1 ', Postcode: '1000', City: 'Brussel', Unknown: 'dropped' } };

    // Not asked: the order has the address, the account does not.
    const first = await checkedOut(buyer.token, await cartWith(buyer.token, ['NWF27-LOCKER']), {}, { customer: billing });
    expect(first.data.customer).toMatchObject({ country: null, address: {} });
    expect(await storedAddress()).toEqual({ country: null, address: {} });

    // A refused checkout that asked keeps nothing.
    const cart = await cartWith(buyer.token, ['NWF27-LOCKER']);
    const refused = await shop.call('checkout-cart', checkoutPayload(buyer.token, cart, { accept_terms: false }, { customer: { ...billing, save_address: true } }));
    expect(refused.status).toBe(422);
    expect(await storedAddress()).toEqual({ country: null, address: {} });

    // Asked: the account keeps the cleaned address, and the answer's data already shows it.
    const saved = await checkedOut(buyer.token, cart, {}, { customer: { ...billing, save_address: true } });
    const cleaned = { 'Street and number': 'Grote Markt 1', Postcode: '1000', City: 'Brussel' };
    expect(saved.data.customer).toMatchObject({ country: 'BE', address: cleaned });
    expect(await storedAddress()).toEqual({ country: 'BE', address: cleaned });
    const data = api['get-data'].answer.parse((await shop.call('get-data', { token: buyer.token })).body).data;
    expect(data.customer).toMatchObject({ country: 'BE', address: cleaned });

    // A save_address that is not a boolean is refused with a 4xx and changes nothing.
    const odd = await shop.call('checkout-cart', checkoutPayload(buyer.token, await cartWith(buyer.token, ['NWF27-LOCKER']), {}, { customer: { ...billing, country: 'NL', save_address: 'yes' } }));
    expect(odd.status).toBe(422);
    expect(await storedAddress()).toEqual({ country: 'BE', address: cleaned });
  });

  it('takes a voucher that covers the whole order without a payment step, and issues the tickets at once', async () => {
    await db().insert(vouchers).values({ code: 'COVERALL', name: 'Cover-all voucher', discountAmount: 50_000, maxUses: 10 });
    const buyer = await customer();
    const cart = await cartWith(buyer.token, ['NWF27-LOCKER']);
    const answer = await checkedOut(buyer.token, cart, { payment_method: 'credit_card' }, { voucher_code: 'coverall' });
    expect(answer.payment ?? null).toBeNull();
    expect(answer.order).toMatchObject({ payment_method: 'voucher', payment_status: 'paid', total_price: 0, discount_amount: 1900, discount_name: 'Cover-all voucher' });
    expect(answer.order.tickets.map((ticket) => ticket.status)).toEqual(['active']);
    expect((await db().select().from(vouchers).where(eq(vouchers.code, 'COVERALL')))[0]!.used).toBe(1);
    expect((await mailsTo(buyer.email)).some((mail) => mail.subject.includes(answer.order.code))).toBe(true);
  });

  it('ignores a voucher with a payment plan and takes only the initial payment', async () => {
    await db().insert(vouchers).values({ code: 'PLANVOUCHER', name: 'Plan voucher', discountAmount: 1000, maxUses: 10 });
    const buyer = await customer();
    const cart = await cartWith(buyer.token, ['NWF27-WEEKEND-PLAN']);
    const answer = await checkedOut(buyer.token, cart, {}, { voucher_code: 'PLANVOUCHER' });
    expect(answer.order).toMatchObject({ discount_amount: 0, total_price: 19300, has_payment_plan: true });
    expect(answer.order.payments.length).toBeGreaterThan(1);
    expect((await db().select().from(vouchers).where(eq(vouchers.code, 'PLANVOUCHER')))[0]!.used).toBe(0);
    const first = answer.order.payments[0]!;
    expect(answer.payment).toMatchObject({ action: 'submit', params: { amount: String(first.amount) } });
    await payOnSandbox(answer.payment, SANDBOX_CARDS.succeeds);
    const row = await orderRow(answer.order.code);
    expect(row).toMatchObject({ paymentStatus: 'partial', totalPaid: first.amount });
  });

  it('never redeems a limited voucher more often than allowed, also by simultaneous checkouts', async () => {
    await db().insert(vouchers).values({ code: 'ONLYTHREE', name: 'Three uses', discountAmount: 500, maxUses: 3 });
    const buyers = await Promise.all(Array.from({ length: 8 }, () => customer()));
    const cartCodes: string[] = [];
    for (const buyer of buyers) cartCodes.push(await cartWith(buyer.token, ['NWF27-PARKING']));
    const answers = await Promise.all(buyers.map((buyer, index) => shop.call('checkout-cart', checkoutPayload(buyer.token, cartCodes[index]!, {}, { voucher_code: 'ONLYTHREE' }))));
    const accepted = answers.filter((answer) => answer.status === 200);
    expect(accepted).toHaveLength(3);
    for (const answer of accepted) expect(answer.body.order.discount_amount).toBe(500);
    for (const answer of answers.filter((candidate) => candidate.status !== 200)) {
      expect(answer).toEqual({ status: 422, body: { message: english(messages.checkout.voucherInvalid), errors: { voucher_code: [english(messages.checkout.voucherInvalid)] } } });
    }
    expect((await db().select().from(vouchers).where(eq(vouchers.code, 'ONLYTHREE')))[0]!.used).toBe(3);
  });

  it('changes nothing for a forged, replayed or mismatched notification', async () => {
    const buyer = await customer();
    const answer = await checkedOut(buyer.token, await cartWith(buyer.token, ['NWF27-PARKING']));
    const instruction = answer.payment!;
    if (instruction.action !== 'submit') throw new Error('expected a form');
    const reference = instruction.params.reference!;
    const gateway = createSandboxGateway(SECRET);
    const notify = (body: object, signature?: string) => {
      const text = JSON.stringify(body);
      const sign = signature ?? createHmac('sha256', gateway.secret).update(text).digest('hex');
      return fetch(`${base}/payments/notify/sandbox`, { method: 'POST', headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: sign }, body: text });
    };
    const paidBody = { id: 'ntf_test_1', reference, outcome: 'paid', amount: answer.order.total_price, currency: shop.config.currency };

    expect((await notify(paidBody, 'f'.repeat(64))).status).toBe(401);
    expect((await notify({ ...paidBody, amount: 1 }, undefined)).status).toBe(422);
    expect((await notify({ ...paidBody, id: 'ntf_unknown', reference: 'pay_unknown' })).status).toBe(404);
    expect((await orderRow(answer.order.code)).paymentStatus).toBe('pending');
    // A return that claims payment does not pay the order either.
    const returned = await fetch(`${base}/payments/return/sandbox?reference=${reference}&outcome=paid&signature=${'0'.repeat(64)}`, { redirect: 'manual' });
    expect(returned.headers.get('location')).toBe('/portal');
    expect((await orderRow(answer.order.code)).paymentStatus).toBe('pending');

    expect((await notify({ ...paidBody, id: 'ntf_test_2' })).status).toBe(200);
    const paid = await orderRow(answer.order.code);
    expect(paid).toMatchObject({ paymentStatus: 'paid', totalPaid: answer.order.total_price });
    // The same notification again, and another one for the same payment: nothing more.
    expect((await notify({ ...paidBody, id: 'ntf_test_2' })).status).toBe(200);
    expect((await notify({ ...paidBody, id: 'ntf_test_3' })).status).toBe(200);
    expect(await orderRow(answer.order.code)).toMatchObject({ paymentStatus: 'paid', totalPaid: answer.order.total_price });
    expect((await mailsTo(buyer.email)).filter((mail) => mail.subject.includes(answer.order.code))).toHaveLength(1);
  });

  it("refuses a gateway form whose amount or return address was changed on the way", async () => {
    const buyer = await customer();
    const answer = await checkedOut(buyer.token, await cartWith(buyer.token, ['NWF27-PARKING']));
    if (answer.payment?.action !== 'submit') throw new Error('expected a form');
    const changes: Record<string, string>[] = [{ amount: '1' }, { return_path: '/elsewhere' }, { signature: 'x' }];
    for (const change of changes) {
      const page = await fetch(base + answer.payment.url, form({ ...answer.payment.params, ...change }));
      expect(page.status).toBe(400);
      const complete = await fetch(`${base}/sandbox-gateway/pay/complete`, form({ ...answer.payment.params, ...change, action: 'pay', card: SANDBOX_CARDS.succeeds }));
      expect(complete.status).toBe(400);
    }
    expect((await orderRow(answer.order.code)).paymentStatus).toBe('pending');
  });

  it('keeps a declined order pending, counts declined attempts only, pays on a retry, and refuses attempts past the maximum', async () => {
    const buyer = await customer();
    const answer = await checkedOut(buyer.token, await cartWith(buyer.token, ['NWF27-PARKING']));
    expect(await payOnSandbox(answer.payment, SANDBOX_CARDS.declined)).toBe(`/order/${answer.order.code}?payment=declined`);
    expect((await orderRow(answer.order.code)).paymentStatus).toBe('pending');
    const retry = await shop.call('pay-order', { token: buyer.token, order: answer.order.code });
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    const parsed = api['pay-order'].answer.parse(retry.body);
    // A cancel uses up no attempt (decision 0066): only the decline counts.
    expect(await payOnSandbox(parsed.payment, 'cancel')).toBe(`/order/${answer.order.code}?payment=cancelled`);
    let next = api['pay-order'].answer.parse((await shop.call('pay-order', { token: buyer.token, order: answer.order.code })).body);
    expect(next.data.orders.find((order) => order.code === answer.order.code)!.payment_attempts).toBe(1);
    for (let declined = 2; declined <= MAX_ATTEMPTS; declined += 1) {
      await payOnSandbox(next.payment, SANDBOX_CARDS.declined);
      expect((await orderRow(answer.order.code)).paymentAttempts).toBe(declined);
      if (declined < MAX_ATTEMPTS) next = api['pay-order'].answer.parse((await shop.call('pay-order', { token: buyer.token, order: answer.order.code })).body);
    }
    // At the maximum no further attempt starts.
    const refused = await shop.call('pay-order', { token: buyer.token, order: answer.order.code });
    expect(refused).toEqual({ status: 409, body: { message: english(paymentMessages.maxAttemptsReached) } });
    // Another customer cannot pay (or see) this order.
    const stranger = await customer();
    expect((await shop.call('pay-order', { token: stranger.token, order: answer.order.code })).status).toBe(404);
    expect((await shop.call('pay-by-transfer', { token: stranger.token, order: answer.order.code })).status).toBe(404);
    // The way out (decision 0066): paid by bank transfer instead.
    const turned = await shop.call('pay-by-transfer', { token: buyer.token, order: answer.order.code });
    expect(turned.status, JSON.stringify(turned.body)).toBe(200);
    expect(await orderRow(answer.order.code)).toMatchObject({ paymentMethod: 'bank_transfer', paymentStatus: 'pending' });
  });

  it('abandons a card order not paid within the reservation time: stock, seats and voucher use go back; paid after all, it is taken up again', async () => {
    await db().insert(vouchers).values({ code: 'SMALL', name: 'Small voucher', discountAmount: 100, maxUses: 5 });
    const buyer = await customer();
    const before = await itemCounts('NWF27-PARKING');
    const answer = await checkedOut(buyer.token, await cartWith(buyer.token, ['NWF27-PARKING']), {}, { voucher_code: 'SMALL' });
    expect(await itemCounts('NWF27-PARKING')).toEqual({ held: before.held, sold: before.sold + 1 });
    await db().update(orders).set({ payBy: new Date(Date.now() - 1000) }).where(eq(orders.code, answer.order.code));
    await expect.poll(async () => (await orderRow(answer.order.code)).paymentStatus, { timeout: timeLimit(5000) }).toBe('abandoned');
    expect(await itemCounts('NWF27-PARKING')).toEqual(before);
    expect((await db().select().from(vouchers).where(eq(vouchers.code, 'SMALL')))[0]!.used).toBe(0);
    const order = await orderRow(answer.order.code);
    expect((await db().select().from(tickets).where(eq(tickets.orderId, order.id))).map((ticket) => ticket.status)).toEqual(['cancelled']);
    expect((await db().select().from(payments).where(and(eq(payments.orderId, order.id), eq(payments.status, 'expired')))).length).toBe(1);
    expect((await shop.call('pay-order', { token: buyer.token, order: answer.order.code })).body).toEqual({ message: english(paymentMessages.notPayable) });
    // The abandoned order's attempt is cancelled at the gateway too: its page takes no card.
    if (answer.payment?.action !== 'submit') throw new Error('expected a form');
    expect((await fetchRead(base + answer.payment.url, form(answer.payment.params))).status).toBe(409);
    // A payment the provider took before that arrives after all: the stock and the voucher's use are
    // still there, so the order is taken up again and paid (decision 0037; when they are gone the
    // money goes back, as payments/stripe-payments.test.ts and reinstate.test.ts show).
    const news = JSON.stringify({ id: 'ntf_late', reference: answer.payment.params.reference, outcome: 'paid', amount: answer.order.total_price, currency: shop.config.currency });
    const signature = createHmac('sha256', createSandboxGateway(SECRET).secret).update(news).digest('hex');
    expect((await fetchRead(`${base}/payments/notify/sandbox`, { method: 'POST', headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature }, body: news })).status).toBe(200);
    expect(await orderRow(answer.order.code)).toMatchObject({ paymentStatus: 'paid', totalPaid: answer.order.total_price, returnedAmount: 0 });
    expect((await db().select().from(payments).where(eq(payments.orderId, order.id))).map((payment) => payment.status)).toEqual(['paid']);
    expect((await db().select().from(tickets).where(eq(tickets.orderId, order.id))).map((ticket) => ticket.status)).toEqual(['active']);
    expect(await itemCounts('NWF27-PARKING')).toEqual({ held: before.held, sold: before.sold + 1 });
    expect((await db().select().from(vouchers).where(eq(vouchers.code, 'SMALL')))[0]!.used).toBe(1);
  });

  it('places a bank transfer order awaiting payment, and the organiser command records partial and full payment', async () => {
    const buyer = await customer();
    const answer = await checkedOut(buyer.token, await cartWith(buyer.token, ['NWF27-DAY-SAT']), { payment_method: 'bank_transfer' });
    expect(answer.payment ?? null).toBeNull();
    expect(answer.order).toMatchObject({ payment_method: 'bank_transfer', payment_status: 'pending', payment_reference: `NWF${answer.order.code}` });
    const instructions = (await mailsTo(buyer.email)).find((mail) => mail.subject.startsWith('How to pay'))!;
    expect(instructions.textBody).toContain(shop.config.bankTransfer!.iban);
    expect(instructions.textBody).toContain(`NWF${answer.order.code}`);
    // Unpaid bank transfer orders keep their items for the configured days (decision 0032), not the
    // reservation time, and the instructions name the exact amount and that date.
    const placed = await orderRow(answer.order.code);
    expect(placed.payBy!.getTime() - placed.createdAt.getTime()).toBeGreaterThan((shop.config.bankTransfer!.payWithinDays! * 24 - 1) * 3_600_000);
    expect(instructions.textBody).toContain(`Please make sure it arrives by ${new Intl.DateTimeFormat(shop.config.locale, { dateStyle: 'long', timeZone: shop.config.timezone }).format(placed.payBy!)}`);
    expect(instructions.textBody).toContain(`Amount: ${formatAmount(shop.config, answer.order.total_price)}`);

    const lines: string[] = [];
    const payments = createPaymentsService({ db: db(), config: shop.config, gateway: createSandboxGateway(SECRET), appSecret: SECRET });
    const deps = { db: db(), config: shop.config, appSecret: SECRET, payments, print: (line: string) => lines.push(line), printError: (line: string) => lines.push(line) };
    expect(await runOrdersCommand(['mark-paid', answer.order.code, '50'], deps)).toBe(0);
    expect(await orderRow(answer.order.code)).toMatchObject({ paymentStatus: 'partial', totalPaid: 5000 });
    expect((await db().select().from(tickets).where(eq(tickets.orderId, answer.order.id)))[0]!.status).toBe('pending');
    const rest = ((answer.order.total_price - 5000) / 100).toFixed(2);
    expect(await runOrdersCommand(['mark-paid', answer.order.code.toLowerCase(), rest], deps)).toBe(0);
    expect(await orderRow(answer.order.code)).toMatchObject({ paymentStatus: 'paid', totalPaid: answer.order.total_price });
    expect((await db().select().from(tickets).where(eq(tickets.orderId, answer.order.id)))[0]!.status).toBe('active');
    expect(lines.at(-1)).toContain('status paid');
    expect(await runOrdersCommand(['mark-paid', answer.order.code, '1'], deps)).toBe(1);
    expect(await runOrdersCommand(['mark-paid', 'NOSUCHORDER', '1'], deps)).toBe(1);
    expect(await runOrdersCommand(['mark-paid', answer.order.code, '-5'], deps)).toBe(2);
  });
});

/**
 * Issue 20: the provider's payment is created after the checkout's transaction, so an on-sale's
 * locks and connections never wait on the provider. A provider that does not answer leaves the
 * order placed and unpaid, and the same checkout submitted again asks it again.
 */
describe.each(testEngines())('a checkout whose payment provider does not answer, on %s', (engine) => {
  let shop: TestShop;
  let base: string;
  const sandbox = createSandboxGateway(SECRET);
  let providerDown = false;
  let creations = 0;
  const gateway = {
    ...sandbox,
    async createPayment(request: Parameters<typeof sandbox.createPayment>[0]) {
      creations += 1;
      if (providerDown) throw new Error('connect ECONNREFUSED (the provider is down)');
      return sandbox.createPayment(request);
    },
  };
  beforeAll(async () => {
    shop = await createTestShop(engine, { app: { appSecret: SECRET, sandboxGateway: sandbox, gateway, catalogMaxAgeMs: 0 } });
    base = await shop.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('places the order without a payment page, and gives the page when the checkout is submitted again', async () => {
    const buyer = await createCustomer(shop);
    const cart = await flowCart(shop, buyer.token, ['NWF27-PARKING']);
    providerDown = true;
    const first = await shop.call('checkout-cart', checkoutPayload(buyer.token, cart));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const placed = api['checkout-cart'].answer.parse(first.body);
    // Placed and unpaid: the web app goes to the order's page, which offers Pay now.
    expect(placed.payment).toBeNull();
    expect(placed.order.payment_status).toBe('pending');
    const [attempt] = await shop.database.db.select().from(payments).where(eq(payments.orderId, placed.order.id));
    expect(attempt).toMatchObject({ status: 'open', provider: 'sandbox', attempt: 1 });
    expect(creations).toBe(1);

    providerDown = false;
    const again = api['checkout-cart'].answer.parse((await shop.call('checkout-cart', checkoutPayload(buyer.token, cart))).body);
    expect(again.order.code).toBe(placed.order.code);
    expect(again.payment?.action).toBe('submit');
    // The same attempt: one payment row, asked of the provider again.
    expect(await shop.database.db.select().from(payments).where(eq(payments.orderId, placed.order.id))).toHaveLength(1);
    await payWith(base, again.payment, SANDBOX_CARDS.succeeds);
    const [paid] = await shop.database.db.select().from(orders).where(eq(orders.code, placed.order.code));
    expect(paid!.paymentStatus).toBe('paid');
  });
});
