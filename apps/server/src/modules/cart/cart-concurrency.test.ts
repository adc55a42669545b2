import path from 'node:path';
import { english, messages } from '@festival/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../env';
import { testEngines } from '../../../test/databases';
import { createTestShop, TEST_HOLD_LIMITS, type TestShop } from '../../../test/test-shop';
import { buildApp } from '../../app';
import { openDatabase, type Database } from '../../db/client';
import { cartProducts, shopItems, travelTimes } from '../../db/schema';

const BUYERS = 200;
const LEFT = 20;

/**
 * On-sale pressure: many buyers press Add at the same moment for the last units. On PostgreSQL
 * the requests are split over two server instances, each with its own connection pool, as a
 * shop behind a load balancer runs; only the database can keep them from overselling.
 */
describe.each(testEngines())('simultaneous adds on %s', (engine) => {
  let shop: TestShop;
  let second: { app: FastifyInstance; database: Database } | undefined;
  beforeAll(async () => {
    shop = await createTestShop(engine);
    if (shop.database.url) {
      const database = await openDatabase({ url: shop.database.url, poolSize: 30 });
      // Its buyers all come from one address, like the first instance's (cart-holds.test.ts proves the caps).
      const app = await buildApp({ db: database.db, config: shop.config, webRoot: path.join(REPO_ROOT, 'apps/web/dist'), holdLimits: TEST_HOLD_LIMITS });
      await app.ready();
      second = { app, database };
    }
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.database.close();
    await shop?.close();
  });

  const fire = (payloads: object[]) =>
    Promise.all(
      payloads.map(async (payload, index) => {
        const app = second && index % 2 === 1 ? second.app : shop.app;
        const response = await app.inject({
          method: 'POST',
          url: '/api/add-product-to-cart',
          headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
          payload: JSON.stringify(payload),
        });
        return { status: response.statusCode, body: response.json() as { message?: string } };
      }),
    );

  it(`lets exactly ${LEFT} of ${BUYERS} simultaneous buyers have the last ${LEFT} units`, async () => {
    const db = shop.database.db;
    const [item] = await db
      .update(shopItems)
      .set({ stock: sql`${shopItems.held} + ${shopItems.sold} + ${LEFT}` })
      .where(eq(shopItems.externalCode, 'NWF27-LOCKER'))
      .returning();
    const answers = await fire(Array.from({ length: BUYERS }, (_, index) => ({ external_code: 'NWF27-LOCKER', full_name: `Buyer ${index}`, email: `buyer${index}@example.org` })));

    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(LEFT);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused).toHaveLength(BUYERS - LEFT);
    for (const answer of refused) expect(answer).toEqual({ status: 409, body: { message: english(messages.cart.soldOut(item!.name)) } });
    const [after] = await db.select().from(shopItems).where(eq(shopItems.id, item!.id));
    expect(after!.held + after!.sold).toBe(after!.stock);
    const [lines] = await db.select({ n: sql<number>`count(*)::int` }).from(cartProducts).where(eq(cartProducts.shopItemId, item!.id));
    expect(lines!.n).toBe(LEFT);
  });

  it(`seats exactly ${LEFT} of ${BUYERS} simultaneous buyers on a departure with ${LEFT} seats left`, async () => {
    const db = shop.database.db;
    const [shuttle] = await db.select().from(shopItems).where(eq(shopItems.externalCode, 'NWF27-SHUTTLE'));
    const [time] = await db
      .update(travelTimes)
      .set({ seats: sql`${travelTimes.held} + ${travelTimes.sold} + ${LEFT}` })
      .where(sql`${travelTimes.shopItemId} = ${shuttle!.id} AND ${travelTimes.seats} > 0`)
      .returning();
    const answers = await fire(
      Array.from({ length: BUYERS }, (_, index) => ({ external_code: 'NWF27-SHUTTLE', full_name: `Rider ${index}`, email: `rider${index}@example.org`, transport_time_id: time!.id })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(LEFT);
    for (const answer of answers.filter((candidate) => candidate.status !== 200)) {
      expect(answer).toEqual({ status: 409, body: { message: english(messages.cart.travelTimeSoldOut) } });
    }
    const [after] = await db.select().from(travelTimes).where(eq(travelTimes.id, time!.id));
    expect(after!.held + after!.sold).toBe(after!.seats);
  });
});
