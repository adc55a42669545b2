import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { deflatePart, gzipOfParts } from './compression';

describe('gzip spliced from parts', () => {
  const shared = Buffer.from(JSON.stringify({ products: Array.from({ length: 200 }, (_, id) => ({ id, name: `Łódź Δ 李 ${id}`, price: id * 100 })) }));
  const sharedPart = deflatePart(shared);

  it('reads back as the parts joined, whatever their sizes (stored up to 2 KiB, deflated above, empty)', () => {
    for (const size of [0, 1, 2047, 2048, 2049, 65_535, 65_536, 200_000]) {
      const own = Buffer.from('é'.repeat(Math.floor(size / 2)) + 'x'.repeat(size % 2));
      const parts = [own, sharedPart, Buffer.from('}'), sharedPart, own];
      expect(gunzipSync(gzipOfParts(parts)).equals(Buffer.concat([own, shared, Buffer.from('}'), shared, own])), String(size)).toBe(true);
    }
    expect(gunzipSync(gzipOfParts([])).length).toBe(0);
  });

  it('carries the shared part compressed, made once', () => {
    const answer = gzipOfParts([Buffer.from('{"cart":null'), sharedPart]);
    expect(answer.length).toBeLessThan(shared.length / 3);
    expect(answer.length).toBeLessThan(sharedPart.deflated.length + 64);
  });
});
