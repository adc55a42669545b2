import { english, api, messages } from '@festival/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/databases';
import { createTestShop, type TestShop } from '../../../test/test-shop';
import { carts, customers, sessions, shopItems, travelTimes } from '../../db/schema';
import { hashToken } from '../accounts/session.service';
import { timeLimit } from '../../../test/time-limits';

const jane = { full_name: 'Jane Doe', email: 'jane@example.org', age: '25-34' };

describe.each(testEngines())('the cart on %s', (engine) => {
  let shop: TestShop;
  beforeAll(async () => {
    // Every read of the catalogue fresh, and a quick sweeper, so changes show at once.
    shop = await createTestShop(engine, { app: { catalogMaxAgeMs: 0, cartSweepIntervalMs: 50 } });
  });
  afterAll(async () => {
    await shop?.close();
  });

  const db = () => shop.database.db;
  const itemCounts = async (code: string) => {
    const [row] = await db().select({ held: shopItems.held, sold: shopItems.sold }).from(shopItems).where(eq(shopItems.externalCode, code));
    return row!;
  };
  const seatCounts = async (id: number) => {
    const [row] = await db().select({ held: travelTimes.held }).from(travelTimes).where(eq(travelTimes.id, id));
    return row!.held;
  };
  const shuttleTimes = async () => {
    const { body } = await shop.call('get-shop-item', { external_code: 'NWF27-SHUTTLE' });
    return body.item.travel_times as { id: number; travel_time: string; remaining: number | null }[];
  };
  const addProduct = (payload: Record<string, unknown>) => shop.call('add-product-to-cart', payload);
  const lineCount = async (code: string) => {
    const { body } = await shop.call('get-cart', { cart: code });
    return body.cart ? body.cart.products.length + body.cart.merchandise.length : 0;
  };

  /** A refusal: the status and message, and nothing held or added by it. */
  async function expectRefused(
    payload: Record<string, unknown>,
    status: number,
    message: string,
    call: 'add-product-to-cart' | 'add-merchandise-to-cart' = 'add-product-to-cart',
  ) {
    const code = String(payload.external_code);
    const before = await itemCounts(code);
    const linesBefore = payload.cart ? await lineCount(String(payload.cart)) : 0;
    const answer = await shop.call(call, payload);
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    expect(answer.body.message).toBe(message);
    expect(await itemCounts(code)).toEqual(before);
    if (payload.cart) expect(await lineCount(String(payload.cart))).toBe(linesBefore);
    return answer;
  }

  it('creates a cart on the first add, holding one unit, reachable by its unguessable code alone', async () => {
    const before = await itemCounts('NWF27-WEEKEND');
    const answer = await addProduct({ external_code: 'NWF27-WEEKEND', ...jane });
    expect(answer.status).toBe(200);
    const parsed = api['add-product-to-cart'].answer.parse(answer.body);
    const cart = parsed.cart!;
    expect(cart.code).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(cart.products).toHaveLength(1);
    expect(cart.products[0]).toMatchObject({ full_name: 'Jane Doe', email: 'jane@example.org', age: '25-34', transport_time_id: null, shop_item_type: 'tickets' });
    expect(cart.products[0]!.product.name).toBe('Weekend ticket');
    expect(cart.total_price).toBe(cart.products[0]!.price + cart.products[0]!.fee);
    // Holds end 15 minutes after the cart was created; now is the server's clock.
    const hold = Date.parse(cart.expires_at) - Date.parse(cart.now);
    expect(hold).toBeGreaterThan(14.9 * 60_000);
    expect(hold).toBeLessThanOrEqual(15 * 60_000);
    expect(parsed.data.products.length).toBeGreaterThan(0);
    expect(await itemCounts('NWF27-WEEKEND')).toEqual({ held: before.held + 1, sold: before.sold });

    const again = await shop.call('get-cart', { cart: cart.code });
    expect(api['get-cart'].answer.parse(again.body).cart).toMatchObject({ code: cart.code, products: [{ id: cart.products[0]!.id }] });
    // A second add goes into the same cart.
    const second = await addProduct({ cart: cart.code, external_code: 'NWF27-CAMPING', ...jane });
    expect(second.body.cart.code).toBe(cart.code);
    expect(second.body.cart.products).toHaveLength(2);
    const other = await addProduct({ external_code: 'NWF27-WEEKEND', ...jane });
    expect(other.body.cart.code).not.toBe(cart.code);
  });

  it('answers no cart for an unknown code or none at all', async () => {
    expect((await shop.call('get-cart', { cart: 'no-such-cart' })).body).toEqual({ cart: null });
    expect((await shop.call('get-cart', {})).body).toEqual({ cart: null });
  });

  it('refuses a sold-out item and a sold-out travel time, holding nothing', async () => {
    await expectRefused({ external_code: 'NWF27-GLAMPING', ...jane }, 409, english(messages.cart.soldOut('Bell tent for two (glamping)')));
    const times = await shuttleTimes();
    const soldOut = times.find((time) => time.remaining === 0)!;
    const seatsBefore = await seatCounts(soldOut.id);
    await expectRefused({ external_code: 'NWF27-SHUTTLE', ...jane, transport_time_id: soldOut.id }, 409, english(messages.cart.travelTimeSoldOut));
    expect(await seatCounts(soldOut.id)).toBe(seatsBefore);
  });

  it('holds a seat of a tracked travel time, and takes any number on an untracked one', async () => {
    const times = await shuttleTimes();
    const tracked = times.find((time) => time.remaining !== null && time.remaining > 0)!;
    const untracked = times.find((time) => time.remaining === null)!;
    const before = await seatCounts(tracked.id);
    const answer = await addProduct({ external_code: 'NWF27-SHUTTLE', ...jane, transport_time_id: tracked.id });
    expect(answer.status).toBe(200);
    expect(answer.body.cart.products[0]).toMatchObject({ transport_time_id: tracked.id, travel_time: tracked.travel_time });
    expect(await seatCounts(tracked.id)).toBe(before + 1);
    const second = await addProduct({ cart: answer.body.cart.code, external_code: 'NWF27-SHUTTLE', ...jane, full_name: 'John Doe', transport_time_id: untracked.id });
    expect(second.status).toBe(200);
    expect((await shuttleTimes()).find((time) => time.id === untracked.id)!.remaining).toBeNull();
  });

  it('refuses more than the limit per order', async () => {
    const first = await addProduct({ external_code: 'NWF27-PARKING', ...jane });
    const code = first.body.cart.code as string;
    await addProduct({ cart: code, external_code: 'NWF27-PARKING', ...jane, full_name: 'John Doe' });
    await expectRefused({ cart: code, external_code: 'NWF27-PARKING', ...jane, full_name: 'Joan Doe' }, 409, english(messages.cart.limitPerOrder('Car park pass (weekend)', 2)));
  });

  it('takes a payment-plan item only into an empty cart, and nothing beside it', async () => {
    const first = await addProduct({ external_code: 'NWF27-CAMPING', ...jane });
    await expectRefused({ cart: first.body.cart.code, external_code: 'NWF27-WEEKEND-PLAN', ...jane }, 409, english(messages.cart.paymentPlanNeedsEmptyCart));
    const plan = await addProduct({ external_code: 'NWF27-WEEKEND-PLAN', ...jane });
    expect(plan.status).toBe(200);
    const code = plan.body.cart.code as string;
    await expectRefused({ cart: code, external_code: 'NWF27-CAMPING', ...jane }, 409, english(messages.cart.paymentPlanAlone));
    await expectRefused({ cart: code, external_code: 'NWF27-TEE-LINEUP' }, 409, english(messages.cart.paymentPlanAlone), 'add-merchandise-to-cart');
  });

  it('refuses a second line of the same product for the same holder, however the name is typed', async () => {
    const first = await addProduct({ external_code: 'NWF27-WEEKEND', ...jane });
    const code = first.body.cart.code as string;
    const answer = await expectRefused(
      { cart: code, external_code: 'NWF27-WEEKEND', ...jane, full_name: '  jane   DOE ' },
      422,
      english(messages.personalise.duplicateHolder('Weekend ticket', 'jane   DOE')),
    );
    expect(answer.body.errors).toEqual({ full_name: [answer.body.message] });
    // Another product for the same person is fine.
    expect((await addProduct({ cart: code, external_code: 'NWF27-DAY-SAT', ...jane })).status).toBe(200);
  });

  it("checks the holder's details in the spec's order, with its texts", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: jane.email, age: jane.age }, 'full_name', english(messages.personalise.fullNameRequired)],
      [{ full_name: '   ', email: jane.email, age: jane.age }, 'full_name', english(messages.personalise.fullNameRequired)],
      [{ full_name: 'Jane Doe', age: jane.age }, 'email', english(messages.personalise.emailRequired)],
      [{ full_name: 'Jane Doe', email: 'jane@example', age: jane.age }, 'email', english(messages.personalise.emailInvalid)],
      [{ full_name: 'Jane Doe', email: 'mailto:jane@example.org', age: jane.age }, 'email', english(messages.personalise.emailInvalid)],
      [{ full_name: 'Jane Doe', email: jane.email }, 'age', english(messages.personalise.ageRequired)],
      [{ full_name: 'Jane Doe', email: jane.email, age: '12-17' }, 'age', english(messages.cart.ageUnknown)],
    ];
    for (const [holder, field, message] of cases) {
      const answer = await expectRefused({ external_code: 'NWF27-WEEKEND', ...holder }, 422, message);
      expect(answer.body.errors).toEqual({ [field]: [message] });
    }
    // Transport needs a travel time of its own, and no age (not an entry ticket).
    await expectRefused({ external_code: 'NWF27-SHUTTLE', full_name: 'Jane Doe', email: jane.email }, 422, english(messages.personalise.travelTimeRequired));
    const [, , , , otherItemsTime] = await shuttleTimes();
    const [coach] = await db().select({ id: shopItems.id }).from(shopItems).where(eq(shopItems.externalCode, 'NWF27-COACH-UTR'));
    const [foreignTime] = await db().insert(travelTimes).values({ shopItemId: coach!.id, departsAt: new Date('2027-06-18T09:00:00Z'), seats: 5, active: false }).returning();
    await expectRefused({ external_code: 'NWF27-SHUTTLE', full_name: 'Jane Doe', email: jane.email, transport_time_id: foreignTime!.id }, 422, english(messages.cart.travelTimeUnknown));
    expect(otherItemsTime).toBeDefined();
    // An add-on needs a name and e-mail but no age.
    expect((await addProduct({ external_code: 'NWF27-LOCKER', full_name: 'Jane Doe', email: jane.email })).status).toBe(200);
  });

  it('answers bad payloads with 422 and field errors, never a 500', async () => {
    for (const payload of ['not json', { external_code: '' }, { external_code: 'X', transport_time_id: 'soon' }, { cart: 5, external_code: 'X' }]) {
      const answer = await shop.call('add-product-to-cart', payload as never);
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(answer.body.message).toBeTruthy();
    }
  });

  it('refuses an unknown item, an item taken off sale, and merchandise added as a ticket', async () => {
    await expectRefused({ external_code: 'NO-SUCH-ITEM', ...jane }, 404, 'This item does not exist or is no longer on sale.');
    await expectRefused({ external_code: 'NWF27-TEE-LINEUP', ...jane }, 404, 'This item does not exist or is no longer on sale.');
    await db().update(shopItems).set({ onSale: false }).where(eq(shopItems.externalCode, 'NWF27-POSTER'));
    await expectRefused({ external_code: 'NWF27-POSTER' }, 404, 'This item does not exist or is no longer on sale.', 'add-merchandise-to-cart');
    await db().update(shopItems).set({ onSale: true }).where(eq(shopItems.externalCode, 'NWF27-POSTER'));
  });

  it('personalises a line again: new details, and the seat moves to the new travel time', async () => {
    const times = (await shuttleTimes()).filter((time) => time.remaining !== null && time.remaining > 0);
    const [from, to] = [times[0]!, times[1]!];
    const added = await addProduct({ external_code: 'NWF27-SHUTTLE', ...jane, transport_time_id: from.id });
    const code = added.body.cart.code as string;
    const lineId = added.body.cart.products[0].id as number;
    await addProduct({ cart: code, external_code: 'NWF27-SHUTTLE', ...jane, full_name: 'John Doe', transport_time_id: from.id });
    const [fromBefore, toBefore] = [await seatCounts(from.id), await seatCounts(to.id)];

    const updated = await shop.call('update-product-in-cart', { cart: code, cart_product_id: lineId, full_name: 'Jane Smith', email: 'jane.smith@example.org', transport_time_id: to.id });
    expect(updated.status).toBe(200);
    expect(api['update-product-in-cart'].answer.parse(updated.body).cart!.products[0]).toMatchObject({ full_name: 'Jane Smith', email: 'jane.smith@example.org', transport_time_id: to.id });
    expect([await seatCounts(from.id), await seatCounts(to.id)]).toEqual([fromBefore - 1, toBefore + 1]);

    // Keeping its own name is not a duplicate; taking the other line's name is.
    expect((await shop.call('update-product-in-cart', { cart: code, cart_product_id: lineId, full_name: 'Jane Smith', email: jane.email, transport_time_id: to.id })).status).toBe(200);
    const duplicate = await shop.call('update-product-in-cart', { cart: code, cart_product_id: lineId, full_name: 'John Doe', email: jane.email, transport_time_id: to.id });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body.message).toBe(english(messages.personalise.duplicateHolder('Shuttle bus from Amsterdam Centraal (return)', 'John Doe')));
    expect((await shop.call('update-product-in-cart', { cart: code, cart_product_id: 999_999, ...jane, transport_time_id: to.id })).status).toBe(404);
  });

  it('removes a ticket and a merchandise line, giving back their stock and seat', async () => {
    const [time] = (await shuttleTimes()).filter((option) => option.remaining !== null && option.remaining > 0);
    const added = await addProduct({ external_code: 'NWF27-SHUTTLE', ...jane, transport_time_id: time!.id });
    const code = added.body.cart.code as string;
    const shirt = await shop.call('add-merchandise-to-cart', { cart: code, external_code: 'NWF27-TEE-LINEUP' });
    expect(shirt.status).toBe(200);
    expect(api['add-merchandise-to-cart'].answer.parse(shirt.body).cart!.merchandise[0]).toMatchObject({ merchandise: { name: 'Line-up T-shirt' }, price: 2995, fee: 0 });
    const [shuttleBefore, shirtBefore, seatsBefore] = [await itemCounts('NWF27-SHUTTLE'), await itemCounts('NWF27-TEE-LINEUP'), await seatCounts(time!.id)];

    const removed = await shop.call('remove-product-from-cart', { cart: code, cart_product_id: added.body.cart.products[0].id });
    expect(removed.status).toBe(200);
    expect(removed.body.cart.products).toEqual([]);
    expect(removed.body.data).toBeDefined();
    expect((await itemCounts('NWF27-SHUTTLE')).held).toBe(shuttleBefore.held - 1);
    expect(await seatCounts(time!.id)).toBe(seatsBefore - 1);

    const gone = await shop.call('remove-merchandise-from-cart', { cart: code, cart_merchandise_id: shirt.body.cart.merchandise[0].id });
    expect(gone.status).toBe(200);
    expect(gone.body.cart).toMatchObject({ products: [], merchandise: [], total_price: 0 });
    expect((await itemCounts('NWF27-TEE-LINEUP')).held).toBe(shirtBefore.held - 1);
    // The same line twice: it is no longer there.
    const twice = await shop.call('remove-merchandise-from-cart', { cart: code, cart_merchandise_id: shirt.body.cart.merchandise[0].id });
    expect(twice.status).toBe(404);
    expect(twice.body.message).toBe(english(messages.cart.lineGone));
  });

  it('returns the stock and seats of an expired cart without anyone opening it again', async () => {
    const [time] = (await shuttleTimes()).filter((option) => option.remaining !== null && option.remaining > 0);
    const added = await addProduct({ external_code: 'NWF27-SHUTTLE', ...jane, transport_time_id: time!.id });
    const code = added.body.cart.code as string;
    const [held, seats] = [await itemCounts('NWF27-SHUTTLE'), await seatCounts(time!.id)];
    // Its 15 minutes are up.
    await db().update(carts).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(carts.code, code));
    await expect.poll(async () => (await itemCounts('NWF27-SHUTTLE')).held, { timeout: timeLimit(5000) }).toBe(held.held - 1);
    expect(await seatCounts(time!.id)).toBe(seats - 1);
    const [row] = await db().select({ status: carts.status }).from(carts).where(eq(carts.code, code));
    expect(row!.status).toBe('expired');
    expect((await shop.call('get-cart', { cart: code })).body).toEqual({ cart: null });
    const update = await shop.call('update-product-in-cart', { cart: code, cart_product_id: added.body.cart.products[0].id, ...jane, transport_time_id: time!.id });
    expect(update.status).toBe(410);
    expect(update.body.message).toBe(english(messages.cart.expired));
    // Adding with the old code starts a new cart.
    const fresh = await addProduct({ cart: code, external_code: 'NWF27-CAMPING', ...jane });
    expect(fresh.body.cart.code).not.toBe(code);
  });

  it('attaches a cart to the customer whose session uses it, and keeps everyone else out', async () => {
    const session = async (email: string) => {
      const [customer] = await db().insert(customers).values({ email, fullName: 'Customer', passwordHash: 'x' }).returning();
      const token = `token-${email}`;
      await db().insert(sessions).values({ customerId: customer!.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
      return { id: customer!.id, token };
    };
    const [owner, other] = [await session('owner@example.org'), await session('other@example.org')];
    const added = await addProduct({ external_code: 'NWF27-CAMPING', ...jane });
    const code = added.body.cart.code as string;
    expect((await shop.call('get-cart', { token: owner.token, cart: code })).body.cart.code).toBe(code);
    const [row] = await db().select({ customerId: carts.customerId }).from(carts).where(eq(carts.code, code));
    expect(row!.customerId).toBe(owner.id);
    expect((await shop.call('get-cart', { token: other.token, cart: code })).body).toEqual({ cart: null });
    // Without a session neither: the lines carry names and e-mail addresses.
    expect((await shop.call('get-cart', { cart: code })).body).toEqual({ cart: null });
    expect((await shop.call('get-cart', { token: owner.token, cart: code })).body.cart.code).toBe(code);
    const stranger = await shop.call('add-product-to-cart', { token: other.token, cart: code, external_code: 'NWF27-CAMPING', ...jane });
    expect(stranger.body.cart.code).not.toBe(code);
  });
});

describe.each(testEngines())('the cart of a closed shop on %s', (engine) => {
  let closed: TestShop;
  let noMerchandise: TestShop;
  beforeAll(async () => {
    [closed, noMerchandise] = await Promise.all([
      createTestShop(engine, { config: { shopActive: false }, app: { catalogMaxAgeMs: 0 } }),
      createTestShop(engine, { config: { merchandiseActive: false }, app: { catalogMaxAgeMs: 0 } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([closed?.close(), noMerchandise?.close()]);
  });

  it('refuses every add while the shop is inactive, and merchandise while merchandise is', async () => {
    for (const [call, payload] of [
      ['add-product-to-cart', { external_code: 'NWF27-WEEKEND', ...jane }],
      ['add-merchandise-to-cart', { external_code: 'NWF27-TEE-LINEUP' }],
    ] as const) {
      const answer = await closed.call(call, payload);
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe(english(messages.cart.shopClosed));
    }
    const merchandise = await noMerchandise.call('add-merchandise-to-cart', { external_code: 'NWF27-TEE-LINEUP' });
    expect(merchandise.status).toBe(409);
    expect(merchandise.body.message).toBe(english(messages.cart.merchandiseClosed));
    const [closedCount, noMerchandiseCount] = await Promise.all(
      [closed, noMerchandise].map(async (shop) => (await shop.database.db.select({ n: sql<number>`count(*)::int` }).from(carts))[0]!.n),
    );
    expect([closedCount, noMerchandiseCount]).toEqual([0, 0]);
  });
});
