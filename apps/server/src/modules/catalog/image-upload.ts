import { createHash } from 'node:crypto';
import { CATALOGUE_IMAGE_MAX_BYTES, CATALOGUE_IMAGE_MAX_SIDE, staffCatalogueMessages as texts, type Shown } from '@festival/contract';
import sharp from 'sharp';
import type { MediaRow } from './image-variants';

/** The kinds an image from the browser may be, by what the decoder finds: never SVG (decision 0105). */
const ACCEPTED = { jpeg: { extension: '.jpg', contentType: 'image/jpeg' }, png: { extension: '.png', contentType: 'image/png' }, webp: { extension: '.webp', contentType: 'image/webp' } } as const;
type AcceptedFormat = keyof typeof ACCEPTED;

export type ReadImage = { ok: true; row: MediaRow; url: string; width: number; height: number } | { ok: false; problem: Shown };

/** Decodes at most this many images at a time: sharp decodes on libuv's pool, which fs and crypto share. */
const AT_ONCE = 2;
let running = 0;
const waiting: (() => void)[] = [];
async function oneOfFew<T>(work: () => Promise<T>): Promise<T> {
  if (running >= AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/**
 * An image uploaded in the browser, believed for what its bytes decode as (its name and declared
 * type are the browser's word): a JPEG, PNG or WebP of at most 5 MB and 5,000 pixels a side,
 * decoded whole (a truncated or damaged one is refused). Named by its content hash as an import
 * names an image read from the catalogue's folder, so the same bytes are the same image.
 * sharp decodes on its own threads, not the event loop; at most two images at a time.
 */
export async function readUploadedImage(bytes: Buffer): Promise<ReadImage> {
  const megabytes = CATALOGUE_IMAGE_MAX_BYTES / 1024 / 1024;
  if (bytes.length === 0) return { ok: false, problem: texts.notAnImage };
  if (bytes.length > CATALOGUE_IMAGE_MAX_BYTES) return { ok: false, problem: texts.imageTooLarge(megabytes) };
  return oneOfFew(async () => {
    let format: string | undefined;
    let width = 0;
    let height = 0;
    let pages = 1;
    try {
      const metadata = await sharp(bytes).metadata();
      ({ format } = metadata);
      width = metadata.width ?? 0;
      height = metadata.pageHeight ?? metadata.height ?? 0;
      pages = metadata.pages ?? 1;
    } catch {
      return { ok: false, problem: texts.notAnImage };
    }
    if (!format || !Object.hasOwn(ACCEPTED, format) || !width || !height) return { ok: false, problem: texts.notAnImage };
    if (width > CATALOGUE_IMAGE_MAX_SIDE || height > CATALOGUE_IMAGE_MAX_SIDE || pages > 1) return { ok: false, problem: texts.imageTooWide(CATALOGUE_IMAGE_MAX_SIDE) };
    try {
      // Every pixel decoded, a warning of the decoder (a truncated file) an error: what the shop stores it can show.
      await sharp(bytes, { failOn: 'warning', limitInputPixels: CATALOGUE_IMAGE_MAX_SIDE * CATALOGUE_IMAGE_MAX_SIDE }).stats();
    } catch {
      return { ok: false, problem: texts.notAnImage };
    }
    const kind = ACCEPTED[format as AcceptedFormat];
    const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
    return { ok: true, row: { hash, contentType: kind.contentType, bytes, size: bytes.length }, url: `/media/${hash}${kind.extension}`, width, height };
  });
}

/** The path a browser's image is remembered by (decision 0095): the export names it so, and an upload of that file finds it. */
export const uploadedImagePath = (url: string): string => `images/${url.slice('/media/'.length)}`;
