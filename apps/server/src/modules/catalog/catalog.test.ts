import { getShopItemAnswer, IMAGE_WIDTHS, imageVariantUrl } from '@festival/contract';
import { count } from 'drizzle-orm';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/databases';
import { createTestShop, DEMO_CATALOGUE, type TestShop } from '../../../test/test-shop';
import * as schema from '../../db/schema';
import { importCatalogue, readCatalogueFile } from './catalogue-import';

describe.each(testEngines())('catalogue on %s', (engine) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(engine);
  });
  afterAll(async () => {
    await shop?.close();
  });

  const tables = [
    schema.events,
    schema.taxRates,
    schema.shopItems,
    schema.travelTimes,
    schema.vouchers,
    schema.shippingRates,
    schema.media,
  ] as const;
  const countRows = async () => Promise.all(tables.map(async (table) => (await shop.database.db.select({ n: count() }).from(table))[0]!.n));

  it('applied the migrations to an empty database and imported the demo', async () => {
    const counts = await countRows();
    for (const n of counts) expect(n).toBeGreaterThan(0);
  });

  it('imports the demo catalogue a second time without duplicating anything', async () => {
    const before = await countRows();
    const items = await shop.database.db.select({ id: schema.shopItems.id, code: schema.shopItems.externalCode }).from(schema.shopItems);
    await importCatalogue(shop.database.db, readCatalogueFile(DEMO_CATALOGUE), path.dirname(DEMO_CATALOGUE));
    expect(await countRows()).toEqual(before);
    const again = await shop.database.db.select({ id: schema.shopItems.id, code: schema.shopItems.externalCode }).from(schema.shopItems);
    expect(again.sort((a, b) => a.id - b.id)).toEqual(items.sort((a, b) => a.id - b.id));
  });

  it('answers get-shop-item for a known code and a clear 404 for an unknown one', async () => {
    const { body: data } = await shop.call('get-data', {});
    const code = data.data.products[0].external_code as string;
    const found = await shop.call('get-shop-item', { external_code: code });
    expect(found.status).toBe(200);
    expect(getShopItemAnswer.parse(found.body).item.external_code).toBe(code);
    const missing = await shop.call('get-shop-item', { external_code: 'NO-SUCH-ITEM' });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('This item does not exist or is no longer on sale.');
  });

  it('serves imported images by content hash with a year of caching', async () => {
    const { body } = await shop.call('get-data', {});
    const url = body.data.products.find((item: { shop_image: string | null }) => item.shop_image)?.shop_image as string;
    expect(url).toMatch(/^\/media\/[a-f0-9]{32}\.\w+$/);
    const response = await shop.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.rawPayload.length).toBeGreaterThan(100);
  });

  it('serves a smaller WebP at every responsive width, and 404s a width it does not keep', async () => {
    const { body } = await shop.call('get-data', {});
    const url = body.data.products.find((item: { shop_image: string | null }) => item.shop_image)?.shop_image as string;
    const original = await shop.app.inject({ method: 'GET', url });
    let previous = 0;
    for (const width of IMAGE_WIDTHS) {
      const variant = await shop.app.inject({ method: 'GET', url: imageVariantUrl(url, width) });
      expect(variant.statusCode, `width ${width}`).toBe(200);
      expect(variant.headers['content-type']).toBe('image/webp');
      expect(variant.headers['cache-control']).toContain('immutable');
      expect(variant.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
      expect(variant.rawPayload.length).toBeGreaterThan(previous);
      previous = variant.rawPayload.length;
    }
    expect((await shop.app.inject({ method: 'GET', url: imageVariantUrl(url, 350) })).rawPayload.length).toBeLessThan(original.rawPayload.length);
    const missing = await shop.app.inject({ method: 'GET', url: url.replace(/\.\w+$/, '-123.webp') });
    expect(missing.statusCode).toBe(404);
  });
});
