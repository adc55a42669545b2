import { CATALOGUE_IMAGE_CHUNK, CATALOGUE_IMAGE_MAX_BYTES, CATALOGUE_IMAGES_MAX } from '@festival/contract';

/**
 * An item's images in its editor (issue 37 point 1, decision 0105): at most four, in the order the
 * shop shows them, added by uploading a file, removed and moved; the shop decodes each file itself.
 */

/** Whether another image may be added. */
export const canAddImage = (images: readonly string[]): boolean => images.length < CATALOGUE_IMAGES_MAX;

/** The list with an image added at its end (once: the same image twice is one). */
export const withImage = (images: readonly string[], url: string): string[] => (images.includes(url) || !canAddImage(images) ? [...images] : [...images, url]);

export const withoutImage = (images: readonly string[], index: number): string[] => images.filter((_, at) => at !== index);

/** The list with the image at `index` moved one place (-1 earlier, 1 later); unchanged at an end. */
export function movedImage(images: readonly string[], index: number, by: -1 | 1): string[] {
  const to = index + by;
  if (to < 0 || to >= images.length) return [...images];
  const moved = [...images];
  [moved[index], moved[to]] = [moved[to]!, moved[index]!];
  return moved;
}

/** Whether a chosen file is larger than the shop takes: said before it is sent. */
export const isTooLarge = (size: number): boolean => size > CATALOGUE_IMAGE_MAX_BYTES;

/** A file's bytes as catalogue-image-upload takes them: base64 in pieces of at most 4,000 characters. */
export function base64Pieces(bytes: Uint8Array): string[] {
  let binary = '';
  // In slices: String.fromCharCode takes only so many arguments.
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  const text = btoa(binary);
  const pieces: string[] = [];
  for (let at = 0; at < text.length; at += CATALOGUE_IMAGE_CHUNK) pieces.push(text.slice(at, at + CATALOGUE_IMAGE_CHUNK));
  return pieces.length ? pieces : [''];
}
