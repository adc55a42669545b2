import { messages } from '@festival/contract';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../../test/test-shop';
import { shopItems } from '../../db/schema';

const postgresUrl = process.env.TEST_DATABASE_URL;
if (!postgresUrl) console.warn('[tests] sold-out fast path test skipped: it needs PostgreSQL (TEST_DATABASE_URL is not set; .ci/run sets it).');

/**
 * Late buyers of a sold-out item are refused from the catalogue snapshot, without queueing for
 * the item's row: shown here by holding that row's lock in another session while they try.
 */
describe.skipIf(!postgresUrl)('adds of a sold-out item', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop('postgres', { app: { catalogMaxAgeMs: 0 } });
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('are refused at once, even while the item’s row is locked', async () => {
    await shop.database.db.update(shopItems).set({ stock: 3, held: 1, sold: 2 }).where(eq(shopItems.externalCode, 'NWF27-LOCKER'));
    const locker = new pg.Client({ connectionString: shop.database.url });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query("SELECT * FROM shop_items WHERE external_code = 'NWF27-LOCKER' FOR UPDATE");
      const started = Date.now();
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) => shop.call('add-product-to-cart', { external_code: 'NWF27-LOCKER', full_name: `Late ${index}`, email: `late${index}@example.org` })),
      );
      expect(answers.map((answer) => [answer.status, answer.body.message])).toEqual(Array.from({ length: 20 }, () => [409, messages.cart.soldOut('Locker (weekend)')]));
      // Nothing waited for the lock (it is still held).
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
    }
  });
});
