import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { loadShopConfig } from '../config/shop-config';
import type { CatalogSnapshot } from '../catalog/catalog-snapshot';
import { DEMO_CONFIG } from '../../../test/demo-files';
import type { UserData } from '@festival/contract';
import { createVisitorAnswers } from './data.service';

const snapshot = (name: string) => ({ products: [{ name }], merchandise: [] }) as unknown as CatalogSnapshot;

describe("the visitor's get-data answer", () => {
  const visitor = createVisitorAnswers(loadShopConfig(DEMO_CONFIG));

  it('is compressed once per catalogue snapshot and encoding, and decompresses to its JSON', () => {
    const first = snapshot('Weekend');
    const br = visitor.compressed(first, 'br');
    expect(visitor.compressed(first, 'br')).toBe(br);
    expect(brotliDecompressSync(br).toString()).toBe(visitor.json(first));
    const gzip = visitor.compressed(first, 'gzip');
    expect(visitor.compressed(first, 'gzip')).toBe(gzip);
    expect(gunzipSync(gzip).toString()).toBe(visitor.json(first));
  });

  it('is compressed again for a new snapshot', () => {
    const before = snapshot('Saturday');
    const after = snapshot('Sunday');
    expect(visitor.compressed(after, 'br')).not.toBe(visitor.compressed(before, 'br'));
    expect(brotliDecompressSync(visitor.compressed(after, 'br')).toString()).toContain('Sunday');
  });
});

describe("a customer's answer, spliced with the catalogue", () => {
  const visitor = createVisitorAnswers(loadShopConfig(DEMO_CONFIG));
  const userData = (orders: number) =>
    ({
      customer: { full_name: 'Ann', email: 'ann@example.org', country: 'NL', address: {} },
      config: { shopActive: true, merchandiseActive: true },
      country: 'NL',
      orders: Array.from({ length: orders }, (_, index) => ({ code: `ORD-${index}`, note: 'x'.repeat(200) })),
      refunds: [],
      products: [],
      merchandise: [],
      existing_tickets: [],
    }) as unknown as UserData;

  it('offers gzip spliced from its own part and the catalogue deflated once, reading back as its JSON', () => {
    const shared = snapshot('Weekend');
    for (const orders of [0, 5, 100]) {
      const answer = visitor.customerAnswer(shared, userData(orders), '{"data":');
      expect(answer.encodings).toEqual(['gzip']);
      expect(gunzipSync(answer.precompressed!('gzip')).equals(Buffer.from(answer.json))).toBe(true);
      expect(JSON.parse(answer.json.toString()).data.products).toEqual([{ name: 'Weekend' }]);
    }
  });

  it('leaves a customer with a long history to the compression on the way out (no deflating of it on the event loop)', () => {
    const answer = visitor.customerAnswer(snapshot('Weekend'), userData(400), '{"data":');
    expect(answer.json.length).toBeGreaterThan(65_536);
    expect(answer.precompressed).toBeUndefined();
  });
});
