import { english, messages } from '@festival/contract';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../../test/test-shop';
import { shopItems } from '../../db/schema';
import { postgresTestUrl } from '../../../test/engines';
import { createCustomer } from '../../../test/shop-flows';
import { createStatementRecorder } from '../../../test/statement-recorder';

const postgresUrl = postgresTestUrl('sold-out fast path test');

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
      expect(answers.map((answer) => [answer.status, answer.body.message])).toEqual(Array.from({ length: 20 }, () => [409, english(messages.cart.soldOut('Locker (weekend)'))]));
      // Nothing waited for the lock (it is still held).
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
    }
  });

  it("read nothing, not even a signed-in buyer's session, once the snapshot knows the item is sold out", async () => {
    const buyer = await createCustomer(shop);
    await shop.database.db.update(shopItems).set({ stock: 3, held: 1, sold: 2 }).where(eq(shopItems.externalCode, 'NWF27-LOCKER'));
    await shop.database.db.update(shopItems).set({ stock: 2, held: 0, sold: 2 }).where(eq(shopItems.externalCode, 'NWF27-TOTE'));
    // The snapshot is taken (catalogMaxAgeMs 0: on every call) before the recording.
    const recorder = createStatementRecorder();
    try {
      const ticket = await recorder.during(() => shop.call('add-product-to-cart', { token: buyer.token, external_code: 'NWF27-LOCKER', full_name: 'Late Buyer', email: buyer.email }));
      expect([ticket.status, ticket.body.message]).toEqual([409, english(messages.cart.soldOut('Locker (weekend)'))]);
      const merchandise = await recorder.during(() => shop.call('add-merchandise-to-cart', { token: buyer.token, external_code: 'NWF27-TOTE' }));
      expect(merchandise.status).toBe(409);
      // The catalogue's own refresh is all that reached the database: no session, cart or stock statement.
      expect(recorder.take().filter((statement) => !/from "shop_items"|from "events"|from "travel_times"|from "product_questions"|sale_starts_at|on_sales|onsale/i.test(statement.text)).map((statement) => statement.text)).toEqual([]);
      // A buyer with stock to take still gets their session read and the unit.
      const open = await shop.call('add-product-to-cart', { token: buyer.token, external_code: 'NWF27-WEEKEND', full_name: 'Late Buyer', email: buyer.email, age: '25-34' });
      expect(open.status).toBe(200);
    } finally {
      recorder.restore();
    }
  });

  it('are refused at once, before inserting anything, when the last unit is gone but the snapshot still shows stock', async () => {
    const stale = await createTestShop('postgres', { app: { catalogMaxAgeMs: 60_000 } });
    const locker = new pg.Client({ connectionString: stale.database.url });
    await locker.connect();
    try {
      // The snapshot is read with stock left; then the last units go (committed) and another
      // session holds the row, as the commit-time trigger of a checkout does.
      expect((await stale.call('get-shop-item', { external_code: 'NWF27-LOCKER' })).status).toBe(200);
      await stale.database.db.update(shopItems).set({ stock: 3, held: 1, sold: 2 }).where(eq(shopItems.externalCode, 'NWF27-LOCKER'));
      await locker.query('BEGIN');
      await locker.query("SELECT * FROM shop_items WHERE external_code = 'NWF27-LOCKER' FOR UPDATE");
      const cartNumber = async () => (await locker.query<{ n: string }>("SELECT last_value || '/' || is_called AS n FROM carts_id_seq")).rows[0]!.n;
      const cartNumberBefore = await cartNumber();
      const started = Date.now();
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) => stale.call('add-product-to-cart', { external_code: 'NWF27-LOCKER', full_name: `Late ${index}`, email: `late${index}@example.org` })),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 20 }, () => 409));
      expect(Date.now() - started).toBeLessThan(5_000);
      const [row] = await stale.database.db.select().from(shopItems).where(eq(shopItems.externalCode, 'NWF27-LOCKER'));
      expect({ held: row!.held, sold: row!.sold }).toEqual({ held: 1, sold: 2 });
      // Not even a cart number was drawn: the statement found nothing left before inserting a cart
      // (a failed insert would still have used one), so no statement failed and nothing was logged.
      expect(await cartNumber()).toBe(cartNumberBefore);
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
      await stale.close();
    }
  });

  it('are refused from memory once one was, until the next snapshot shows a unit back', async () => {
    const quick = await createTestShop('postgres', { app: { catalogMaxAgeMs: 1_000 } });
    try {
      const add = (index: number) => quick.call('add-product-to-cart', { external_code: 'NWF27-LOCKER', full_name: `Buyer ${index}`, email: `buyer${index}@example.org` });
      expect((await quick.call('get-shop-item', { external_code: 'NWF27-LOCKER' })).status).toBe(200);
      await quick.database.db.update(shopItems).set({ stock: 3, held: 0, sold: 3 }).where(eq(shopItems.externalCode, 'NWF27-LOCKER'));
      expect((await add(1)).status).toBe(409);
      // A unit comes back (a refund): this instance keeps refusing until its next snapshot.
      await quick.database.db.update(shopItems).set({ sold: 2 }).where(eq(shopItems.externalCode, 'NWF27-LOCKER'));
      expect((await add(2)).status).toBe(409);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect((await add(3)).status).toBe(200);
    } finally {
      await quick.close();
    }
  });
});
