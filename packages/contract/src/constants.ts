/**
 * Plain constants, free of zod: the web app's first route imports these and messages, and
 * nothing here may pull the schemas into its bundle.
 */

/** The id of the script element that carries the configuration in index.html. */
export const CONFIG_ELEMENT_ID = 'shop-config';

/** The minimum length of a new password (the reset page states it; the server enforces it). */
export const PASSWORD_MIN_LENGTH = 8;

/**
 * Widths (px) the server keeps of every catalogue image: thumbnails 100, cards 350, gallery
 * 500, each also at double density (1000 for the 500 gallery). `/media/<hash>.webp` is the original;
 * `/media/<hash>-<width>.webp` a variant.
 */
export const IMAGE_WIDTHS = [100, 200, 350, 500, 700, 1000] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** The URL of one width of a catalogue image (its original for a URL of another form). */
export function imageVariantUrl(url: string, width: ImageWidth): string {
  const match = /^\/media\/([a-f0-9]{32})\.[a-z0-9]+$/.exec(url);
  return match ? `/media/${match[1]}-${width}.webp` : url;
}

/** A srcset for an image shown at `displayWidth` CSS pixels: 1x and 2x. */
export function imageSrcSet(url: string, displayWidth: 100 | 350 | 500): string {
  const double = (displayWidth * 2) as ImageWidth;
  return `${imageVariantUrl(url, displayWidth)} 1x, ${imageVariantUrl(url, double)} 2x`;
}
