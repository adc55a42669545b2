import { api, english, paymentMessages, type Order } from '@festival/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/databases';
import { type MollieDouble, startMollieDouble } from '../../../test/provider-doubles/mollie-double';
import { openShopAddress, orderPage, payOrderAgain, placeCardOrder, pressOnPage, type ProviderShop, redirectUrl, shopRecords, startProviderShop } from '../../../test/provider-shop';

const MINUTE = 60_000;
/** The provider shop's configured maximum of card attempts. */
const MAX_ATTEMPTS = 5;

/**
 * Issue 34 point 6 (decision 0066): the customer can always pay. Only a declined card payment uses
 * up one of the configured attempts (a payment page left with Back, a cancel, an expiry do not);
 * an unpaid order is listed with its time to pay until it ends; with the card attempts used up the
 * order is paid by bank transfer instead of being a dead end. Through the real app, Mollie's SDK
 * and the Mollie double.
 */
describe.each(testEngines())('an unpaid order can always be paid, on %s', (engine) => {
  let double: MollieDouble;
  let world: ProviderShop;
  let records: ReturnType<typeof shopRecords>;

  beforeAll(async () => {
    double = await startMollieDouble();
    world = await startProviderShop(engine, 'mollie', { mollie: { apiKey: double.apiKey, apiUrl: double.apiUrl } });
    records = shopRecords(world.shop);
  });
  afterAll(async () => {
    await world?.close();
    await double?.close();
  });

  /** The payer finishes on Mollie's page: where the shop sends them back to. */
  async function finish(page: string, action: 'pay' | 'fail' | 'cancel'): Promise<string> {
    const answer = await pressOnPage(page, { action, method: 'creditcard' });
    expect(answer.status).toBe(303);
    return openShopAddress(answer.headers.get('location')!);
  }

  async function viewOf(token: string, code: string): Promise<Order> {
    const answer = await world.shop.call('get-data', { token });
    expect(answer.status).toBe(200);
    return api['get-data'].answer.parse(answer.body).data.orders.find((order) => order.code === code)!;
  }

  it('counts only declines: a cancel and a page left with Back use up no attempt, a decline does', async () => {
    const { buyer, order, instruction } = await placeCardOrder(world.shop);
    expect((await viewOf(buyer.token, order.code)).payment_attempts).toBe(0);

    // Cancelled on the provider's page.
    expect(await finish(redirectUrl(instruction), 'cancel')).toBe(orderPage(order.code, 'cancelled'));
    expect((await records.order(order.code)).paymentAttempts).toBe(0);

    // Left with Back twice (each Pay now replaces the attempt before, which was never finished).
    await payOrderAgain(world.shop, buyer, order);
    await payOrderAgain(world.shop, buyer, order);
    expect((await records.order(order.code)).paymentAttempts).toBe(0);

    // One real decline: one attempt used, so the page's next attempt is the second.
    const fourth = await payOrderAgain(world.shop, buyer, order);
    expect(await finish(redirectUrl(fourth), 'fail')).toBe(orderPage(order.code, 'declined'));
    const view = await viewOf(buyer.token, order.code);
    expect(view.payment_attempts).toBe(1);
    expect((await records.payments(order.id)).map((row) => [row.status, row.attempt])).toEqual([
      ['cancelled', 1],
      ['cancelled', 2],
      ['cancelled', 3],
      ['failed', 4],
    ]);
  });

  it('lists an unpaid card order with its time to pay and the way to pay it, until it ends', async () => {
    const { buyer, order } = await placeCardOrder(world.shop);
    const row = await records.order(order.code);
    const view = await viewOf(buyer.token, order.code);
    expect(view).toMatchObject({ payment_status: 'pending', payment_method: 'credit_card', pay_by: row.payBy!.toISOString(), can_pay_by_transfer: true });
    // Payable again from the list (pay-order), as the banner and the portal offer.
    expect(redirectUrl(await payOrderAgain(world.shop, buyer, order))).toContain(double.url);

    // Once its time is over it is abandoned, and no longer offered for payment.
    expect(await world.abandonOverdue(20 * MINUTE)).toBeGreaterThanOrEqual(1);
    const ended = await viewOf(buyer.token, order.code);
    expect(ended).toMatchObject({ payment_status: 'abandoned', pay_by: null, can_pay_by_transfer: false });
    const refused = await world.shop.call('pay-by-transfer', { token: buyer.token, order: order.code });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: english(paymentMessages.transferNotPossible) });
  });

  it('offers bank transfer when the card attempts are used up: the open attempt ends, the bank details are mailed once, the order waits for the transfer', async () => {
    const { buyer, order, instruction } = await placeCardOrder(world.shop);
    let page = redirectUrl(instruction);
    for (let declined = 1; declined <= MAX_ATTEMPTS; declined += 1) {
      expect(await finish(page, 'fail')).toBe(orderPage(order.code, 'declined'));
      expect((await records.order(order.code)).paymentAttempts).toBe(declined);
      if (declined < MAX_ATTEMPTS) page = redirectUrl(await payOrderAgain(world.shop, buyer, order));
    }
    const more = await world.shop.call('pay-order', { token: buyer.token, order: order.code });
    expect(more.status).toBe(409);
    expect(more.body).toMatchObject({ message: english(paymentMessages.maxAttemptsReached) });
    expect(await viewOf(buyer.token, order.code)).toMatchObject({ payment_attempts: MAX_ATTEMPTS, can_pay_by_transfer: true });

    // Another customer cannot turn it; a visitor must log in.
    const other = await placeCardOrder(world.shop);
    expect((await world.shop.call('pay-by-transfer', { token: other.buyer.token, order: order.code })).status).toBe(404);
    expect((await world.shop.call('pay-by-transfer', { order: order.code })).status).toBe(401);

    const answer = await world.shop.call('pay-by-transfer', { token: buyer.token, order: order.code });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const turned = api['pay-by-transfer'].answer.parse(answer.body).data.orders.find((candidate) => candidate.code === order.code)!;
    const prefix = world.shop.config.bankTransfer?.referencePrefix ?? '';
    expect(turned).toMatchObject({ payment_method: 'bank_transfer', payment_status: 'pending', payment_reference: `${prefix}${order.code}`, can_pay_by_transfer: false });
    const row = await records.order(order.code);
    expect(row.payBy === null || row.payBy.getTime() > Date.now() + 60 * MINUTE).toBe(true);
    expect(await records.mailsTo(buyer.email, `How to pay your order ${order.code}`)).toHaveLength(1);
    // Asked again (a second click): refused, nothing more sent.
    expect((await world.shop.call('pay-by-transfer', { token: buyer.token, order: order.code })).status).toBe(409);
    expect(await records.mailsTo(buyer.email, `How to pay your order ${order.code}`)).toHaveLength(1);
    expect((await world.shop.call('pay-order', { token: buyer.token, order: order.code })).status).toBe(409);
  });

  it('ends the open card attempt at the provider when the customer chooses bank transfer before any decline', async () => {
    const { buyer, order } = await placeCardOrder(world.shop);
    const [attempt] = await records.payments(order.id);
    const answer = await world.shop.call('pay-by-transfer', { token: buyer.token, order: order.code });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((await records.payments(order.id)).map((row) => row.status)).toEqual(['cancelled']);
    expect(double.payments.get(attempt!.providerPaymentId!)!.status).toBe('canceled');
    // The provider's page left open takes no money any more.
    expect((await pressOnPage(double.checkoutUrl(attempt!.providerPaymentId!), { action: 'pay', method: 'creditcard' })).status).toBe(409);
  });
});
