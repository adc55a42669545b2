import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { loadShopConfig } from '../config/shop-config';
import type { CatalogSnapshot } from '../catalog/catalog-snapshot';
import { DEMO_CONFIG } from '../../../test/demo-files';
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
