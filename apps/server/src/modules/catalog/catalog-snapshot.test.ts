import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngines, type TestDatabase } from '../../../test/databases';
import { DEMO_CATALOGUE } from '../../../test/test-shop';
import path from 'node:path';
import { shopItems } from '../../db/schema';
import { createCatalogReader } from './catalog-snapshot';
import { importCatalogue, readCatalogueFile } from './catalogue-import';

describe.each(testEngines())('catalogue snapshot on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await importCatalogue(database.db, readCatalogueFile(DEMO_CATALOGUE), path.dirname(DEMO_CATALOGUE));
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('shares one database read among concurrent readers and shows changes once it is older than its age', async () => {
    const reader = createCatalogReader(database.db, 60_000);
    const [first, second] = await Promise.all([reader.current(), reader.current()]);
    expect(second).toBe(first);
    const stockOf = (snapshot: typeof first) => snapshot.products.find((item) => item.external_code === 'NWF27-WEEKEND')!.stock_level;
    const before = stockOf(first);
    await database.db.update(shopItems).set({ sold: 1 }).where(eq(shopItems.externalCode, 'NWF27-WEEKEND'));
    expect(stockOf(await reader.current())).toBe(before);
    reader.invalidate();
    expect(stockOf(await reader.current())).toBe(before! - 1);
    const fresh = createCatalogReader(database.db, 0);
    await database.db.update(shopItems).set({ sold: 2 }).where(eq(shopItems.externalCode, 'NWF27-WEEKEND'));
    expect(stockOf(await fresh.current())).toBe(before! - 2);
    expect(JSON.parse((await fresh.current()).itemAnswers.get('NWF27-WEEKEND')!).item.stock_level).toBe(before! - 2);
  });
});
