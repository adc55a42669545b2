import { api } from '@festival/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/databases';
import { cartWith, checkoutPayload, createCustomer } from '../../../test/shop-flows';
import { createTestShop, type TestShop } from '../../../test/test-shop';
import { customers, orders, tickets } from '../../db/schema';

describe.each(testEngines())('the customer data version on %s', (engine) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(engine, { app: { catalogMaxAgeMs: 0 } });
  });
  afterAll(async () => {
    await shop?.close();
  });

  const versionOf = async (id: number) => (await shop.database.db.select({ version: customers.dataVersion }).from(customers).where(eq(customers.id, id)))[0]!.version;
  const dataOf = async (token: string) => api['get-data'].answer.parse((await shop.call('get-data', { token })).body).data;

  it('stays 0 for a customer with nothing, and grows with every change to their orders and tickets, whoever makes it', async () => {
    const buyer = await createCustomer(shop);
    const friend = await createCustomer(shop);
    expect(await versionOf(buyer.id)).toBe(0);
    expect(await dataOf(buyer.token)).toMatchObject({ orders: [], refunds: [], existing_tickets: [] });

    // A cart changes nothing of it.
    const cart = await cartWith(shop, buyer.token, ['NWF27-LOCKER', 'NWF27-LOCKER']);
    expect(await versionOf(buyer.id)).toBe(0);
    const placed = await shop.call('checkout-cart', checkoutPayload(buyer.token, cart, { payment_method: 'bank_transfer' }));
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const afterCheckout = await versionOf(buyer.id);
    expect(afterCheckout).toBeGreaterThan(0);
    const code = placed.body.order.code as string;
    expect((await dataOf(buyer.token)).orders.map((order) => [order.code, order.payment_status])).toEqual([[code, 'pending']]);

    // Changed behind the server's back (another instance, an organiser's SQL): the next answer shows it.
    await shop.database.db.update(orders).set({ paymentStatus: 'cancelled' }).where(eq(orders.code, code));
    expect(await versionOf(buyer.id)).toBeGreaterThan(afterCheckout);
    expect((await dataOf(buyer.token)).orders[0]!.payment_status).toBe('cancelled');

    // A ticket passed to another customer changes the data of both.
    const [order] = await shop.database.db.select().from(orders).where(eq(orders.code, code));
    const [buyerBefore, friendBefore] = [await versionOf(buyer.id), await versionOf(friend.id)];
    expect(friendBefore).toBe(0);
    const [first] = await shop.database.db.select().from(tickets).where(eq(tickets.orderId, order!.id));
    await shop.database.db.update(tickets).set({ holderCustomerId: friend.id }).where(eq(tickets.id, first!.id));
    expect(await versionOf(buyer.id)).toBeGreaterThan(buyerBefore);
    expect(await versionOf(friend.id)).toBeGreaterThan(0);
    expect((await dataOf(friend.token)).orders.map((candidate) => candidate.code)).toEqual([code]);
    // And passing it back again leaves the friend's data too.
    const friendHolding = await versionOf(friend.id);
    await shop.database.db.update(tickets).set({ holderCustomerId: null }).where(eq(tickets.id, first!.id));
    expect(await versionOf(friend.id)).toBeGreaterThan(friendHolding);
    expect((await dataOf(friend.token)).orders).toEqual([]);
  });
});
