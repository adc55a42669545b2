import { API_PATHS, dataAnswer, shopItem } from '@festival/contract';
import { count } from 'drizzle-orm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../../test/test-shop';
import { testEngines } from '../../../test/databases';
import { carts, cartProducts, orders, shopItems, tickets } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { createCustomer } from '../../../test/shop-flows';

describe.each(testEngines())('get-data and the API frame on %s', (engine) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(engine);
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('answers configuration, products and merchandise to a visitor without a token', async () => {
    const { status, body } = await shop.call('get-data', {});
    expect(status).toBe(200);
    const { data } = dataAnswer.parse(body);
    expect(data.customer).toBeNull();
    expect(data.config).toEqual({ shopActive: true, merchandiseActive: true });
    expect(data.orders).toEqual([]);
    expect(data.products.length).toBeGreaterThanOrEqual(6);
    expect(data.merchandise.length).toBeGreaterThanOrEqual(4);
    for (const item of [...data.products, ...data.merchandise]) expect(() => shopItem.parse(item)).not.toThrow();
    expect(new Set(data.products.map((item) => item.shop_item_type))).toEqual(new Set(['tickets']));
    expect(new Set(data.merchandise.map((item) => item.shop_item_type))).toEqual(new Set(['merchandise']));
    const transport = data.products.find((item) => item.travel_time_type === 'selectable');
    expect(transport?.travel_times.length).toBeGreaterThan(1);
    expect(transport?.travel_times.some((time) => time.remaining === 0)).toBe(true);
    expect(data.products.some((item) => item.has_payment_plan && item.payment_plan!.length >= 2)).toBe(true);
    expect([...data.products, ...data.merchandise].some((item) => !item.in_stock && item.stock_level === 0)).toBe(true);
  });

  it('sends a visitor the answer compressed ahead in the encoding the browser accepts, the same JSON as uncompressed', async () => {
    const getData = (acceptEncoding?: string) =>
      shop.app.inject({
        method: 'POST',
        url: '/api/get-data',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) },
        payload: '{}',
      });
    const plain = await getData();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(dataAnswer.parse(plain.json()).data.customer).toBeNull();
    const cases: [string, 'br' | 'gzip' | undefined][] = [
      ['gzip, deflate, br, zstd', 'br'],
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=0.5, br;q=0.9', 'br'],
      ['GZIP', 'gzip'],
      ['*', 'gzip'],
      ['x-gzip', 'gzip'],
      ['identity', undefined],
      ['deflate', undefined],
      ['br;q=0, gzip;q=0', undefined],
      ['', undefined],
    ];
    for (const [acceptEncoding, expected] of cases) {
      const response = await getData(acceptEncoding);
      expect(response.statusCode, acceptEncoding).toBe(200);
      expect(response.headers['content-encoding'], acceptEncoding).toBe(expected);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.headers['cache-control']).toContain('no-store');
      if (expected) {
        expect(response.headers.vary).toMatch(/accept-encoding/i);
        // Sent as made ahead, with its length: a compression on the way out streams without one.
        expect(response.headers['content-length'], acceptEncoding).toBe(String(response.rawPayload.length));
      }
      const body = expected === 'br' ? brotliDecompressSync(response.rawPayload) : expected === 'gzip' ? gunzipSync(response.rawPayload) : response.rawPayload;
      expect(body.toString(), acceptEncoding).toBe(plain.body);
    }
  });

  it("sends the answers that end with the catalogue (a customer's get-data and cart calls, a visitor's cart calls) as gzip spliced from parts, the same JSON as uncompressed", async () => {
    const buyer = await createCustomer(shop);
    const post = (path: string, payload: object, acceptEncoding?: string) =>
      shop.app.inject({
        method: 'POST',
        url: `/api/${path}`,
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) },
        payload: JSON.stringify(payload),
      });
    const holder = { full_name: 'Spliced Holder', email: 'spliced@example.org', age: '25-34' };
    const calls: [string, string, () => object][] = [
      ["a customer's get-data", 'get-data', () => ({ token: buyer.token })],
      ["a customer's add", 'add-product-to-cart', () => ({ token: buyer.token, external_code: 'NWF27-WEEKEND', ...holder })],
      ["a visitor's add", 'add-product-to-cart', () => ({ external_code: 'NWF27-WEEKEND', ...holder })],
    ];
    for (const [label, path, payload] of calls) {
      const plain = await post(path, payload());
      expect(plain.statusCode, label).toBe(200);
      expect(plain.headers['content-encoding'], label).toBeUndefined();
      for (const [acceptEncoding, expected] of [
        ['gzip, deflate, br, zstd', 'gzip'],
        ['gzip', 'gzip'],
        ['br', 'br'],
        ['identity', undefined],
      ] as const) {
        const response = await post(path, payload(), acceptEncoding);
        expect(response.statusCode, `${label}, ${acceptEncoding}`).toBe(200);
        expect(response.headers['content-encoding'], `${label}, ${acceptEncoding}`).toBe(expected);
        const body = expected === 'br' ? brotliDecompressSync(response.rawPayload) : expected === 'gzip' ? gunzipSync(response.rawPayload) : response.rawPayload;
        // Each add makes a new cart: compared without the cart's own code and times.
        const comparable = (text: string) => text.replace(/"(code|expires_at|now)":"[^"]*"/g, '"$1":"…"').replace(/"(id)":\d+/g, '"$1":0');
        expect(comparable(body.toString()), `${label}, ${acceptEncoding}`).toBe(comparable(plain.body));
        if (expected === 'gzip') {
          expect(response.headers['content-length']).toBe(String(response.rawPayload.length));
          // The catalogue is sent compressed: the answer is a fraction of its JSON.
          expect(response.rawPayload.length, label).toBeLessThan(plain.rawPayload.length / 2);
        }
      }
    }
  });

  it('treats a token that belongs to nobody as a visitor, so the web app logs out', async () => {
    const { status, body } = await shop.call('get-data', { token: 'no-such-session-token' });
    expect(status).toBe(200);
    expect(body.data.customer).toBeNull();
  });

  it('answers a malformed payload with 422 and field errors, and changes nothing', async () => {
    const before = await shop.database.db.select({ n: count() }).from(carts);
    const linesBefore = await shop.database.db.select({ n: count() }).from(cartProducts);
    const { status, body } = await shop.call('add-product-to-cart', { external_code: 42, transport_time_id: 'soon', token: ['x'] });
    expect(status).toBe(422);
    expect(typeof body.message).toBe('string');
    expect(Object.keys(body.errors)).toEqual(expect.arrayContaining(['external_code', 'transport_time_id', 'token']));
    for (const list of Object.values(body.errors)) expect((list as string[]).length).toBeGreaterThan(0);
    const after = await shop.database.db.select({ n: count() }).from(carts);
    const lines = await shop.database.db.select({ n: count() }).from(cartProducts);
    expect(after).toEqual(before);
    expect(lines).toEqual(linesBefore);
  });

  it('answers get-data with a wrong token type as 422, not 500', async () => {
    const { status, body } = await shop.call('get-data', { token: 12345 });
    expect(status).toBe(422);
    expect(body.errors.token).toBeDefined();
  });

  it('refuses a call without the X-Requested-With header', async () => {
    const response = await shop.app.inject({ method: 'POST', url: '/api/get-data', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/shop application/);
  });

  it('answers unparsable JSON with 400 and a message', async () => {
    const { status, body } = await shop.call('get-data', '{"token":');
    expect(status).toBe(400);
    expect(body.message).toBeTruthy();
    expect(JSON.stringify(body)).not.toMatch(/stack|at Object/);
  });

  it('refuses a body over the size limit with 413', async () => {
    const { status, body } = await shop.call('get-data', { token: 'x'.repeat(100_000) });
    expect(status).toBe(413);
    expect(body.message).toBe('The request is too large.');
  });

  it("lists a customer's standing tickets: their orders' (whoever holds them now) and those passed to them, none cancelled or refunded", async () => {
    const [buyer, holder, other] = [await createCustomer(shop), await createCustomer(shop), await createCustomer(shop)];
    const [item] = await shop.database.db.select().from(shopItems).where(eq(shopItems.externalCode, 'NWF27-WEEKEND'));
    const orderOf = async (customerId: number, code: string) =>
      (await shop.database.db.insert(orders).values({ code, customerId, totalPrice: 100, paymentMethod: 'credit_card', paymentStatus: 'paid' }).returning())[0]!;
    const ticket = (orderId: number, code: string, fullName: string, status: 'active' | 'refunded' | 'cancelled', holderCustomerId: number | null = null) => ({
      code, orderId, shopItemId: item!.id, productName: 'Weekend ticket', productType: 'ticket' as const, fullName, email: `${code.toLowerCase()}@example.org`, status, price: 100, fee: 0, holderCustomerId,
    });
    const bought = await orderOf(buyer.id, `ORD-EX-A-${engine}`);
    const elsewhere = await orderOf(other.id, `ORD-EX-C-${engine}`);
    await shop.database.db.insert(tickets).values([
      ticket(bought.id, `TCK-EX-1-${engine}`, 'Kept Here', 'active'),
      ticket(bought.id, `TCK-EX-2-${engine}`, 'Refunded One', 'refunded'),
      ticket(bought.id, `TCK-EX-3-${engine}`, 'Passed On', 'active', holder.id),
      ticket(bought.id, `TCK-EX-4-${engine}`, 'Cancelled One', 'cancelled', holder.id),
      ticket(elsewhere.id, `TCK-EX-5-${engine}`, 'Given To Holder', 'active', holder.id),
      ticket(elsewhere.id, `TCK-EX-6-${engine}`, 'Not Theirs', 'active'),
    ]);
    const existing = async (token: string) => {
      const { data } = dataAnswer.parse((await shop.call('get-data', { token })).body);
      return data.existing_tickets.map((entry) => [entry.full_name, entry.event_id]);
    };
    expect(await existing(buyer.token)).toEqual([['Kept Here', item!.eventId], ['Passed On', item!.eventId]]);
    expect(await existing(holder.token)).toEqual([['Passed On', item!.eventId], ['Given To Holder', item!.eventId]]);
    // The answer holds the user data's keys and nothing of the server's own.
    const { body } = await shop.call('get-data', { token: buyer.token });
    expect(Object.keys((body as { data: object }).data).sort()).toEqual(['config', 'country', 'customer', 'existing_tickets', 'merchandise', 'orders', 'products', 'refunds']);
  });

  it('answers every call of the contract, validating its payload first', async () => {
    for (const path of API_PATHS) {
      const { status, body } = await shop.call(path, { token: 42, cart: { nested: true }, code: ['x'], order: null, email: 7 });
      expect([path, status]).toEqual([path, 422]);
      expect(body.errors, path).toBeTruthy();
    }
    const invalid = await shop.call('set-travel-time', { code: '', transport_time_id: 'soon' });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.errors).sort()).toEqual(['code', 'transport_time_id']);
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const { status, body } = await shop.call('no-such-call' as 'get-data', {});
    expect(status).toBe(404);
    expect(body.message).toBe('Not found.');
  });

  it('reports health with a database round trip', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});
