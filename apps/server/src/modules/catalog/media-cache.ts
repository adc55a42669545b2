import type { MediaRow } from './image-variants';

const MAX_CACHED_BYTES = 32 * 1024 * 1024;

/**
 * Media bytes never change for a hash, so they can be kept in memory: an on-sale crowd
 * loading the same card images does not turn into a database read per image.
 * Least recently used entries leave first once the cache holds 32 MiB.
 */
export function createMediaCache(load: (hash: string) => Promise<MediaRow | undefined>) {
  const entries = new Map<string, MediaRow>();
  let bytes = 0;
  return {
    async get(hash: string): Promise<MediaRow | undefined> {
      const hit = entries.get(hash);
      if (hit) {
        entries.delete(hash);
        entries.set(hash, hit);
        return hit;
      }
      const row = await load(hash);
      if (!row || row.size > MAX_CACHED_BYTES / 4) return row;
      entries.set(hash, row);
      bytes += row.size;
      for (const [key, entry] of entries) {
        if (bytes <= MAX_CACHED_BYTES) break;
        entries.delete(key);
        bytes -= entry.size;
      }
      return row;
    },
  };
}
