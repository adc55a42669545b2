import { describe, expect, it } from 'vitest';
import { createMediaCache } from './media-cache';

const row = (hash: string, size: number) => ({ hash, contentType: 'image/webp', bytes: Buffer.alloc(0), size });

describe('media cache', () => {
  it('loads a hash once, and lets the least recently used entries go past 32 MiB', async () => {
    const loads: string[] = [];
    const cache = createMediaCache(async (hash) => {
      loads.push(hash);
      return hash === 'missing' ? undefined : row(hash, 7 * 1024 * 1024);
    });
    await cache.get('a');
    await cache.get('a');
    expect(loads).toEqual(['a']);
    for (const hash of ['b', 'c', 'd']) await cache.get(hash);
    await cache.get('a'); // a is the most recent now
    await cache.get('e'); // 5 × 7 MiB > 32 MiB: b, the least recent, leaves
    await cache.get('b');
    await cache.get('a');
    expect(loads).toEqual(['a', 'b', 'c', 'd', 'e', 'b']);
    expect(await cache.get('missing')).toBeUndefined();
    expect(await cache.get('missing')).toBeUndefined();
    expect(loads.filter((hash) => hash === 'missing')).toHaveLength(2);
  });
});
