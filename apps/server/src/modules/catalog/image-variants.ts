import { IMAGE_WIDTHS } from '@festival/contract';
import sharp from 'sharp';

export interface MediaRow {
  hash: string;
  contentType: string;
  bytes: Buffer;
  size: number;
}

// Variants depend only on the original's bytes: a process that imports the same image again
// (tests, repeated imports) reuses them instead of resizing again.
const cache = new Map<string, MediaRow[]>();

/**
 * Square WebP variants of a catalogue image at every width the pages ask for
 * (`<hash>-<width>`), so a phone downloads a 350 px card image, not the 1000 px original.
 */
export async function makeImageVariants(original: MediaRow): Promise<MediaRow[]> {
  const cached = cache.get(original.hash);
  if (cached) return cached;
  const variants = await Promise.all(
    IMAGE_WIDTHS.map(async (width) => {
      const bytes = await sharp(original.bytes, { density: 300 })
        .resize(width, width, { fit: 'cover' })
        .webp({ quality: 78, effort: 4 })
        .toBuffer();
      return { hash: `${original.hash}-${width}`, contentType: 'image/webp', bytes, size: bytes.length };
    }),
  );
  cache.set(original.hash, variants);
  return variants;
}
