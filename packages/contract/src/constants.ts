/**
 * Plain constants, free of zod: the web app's first route imports these and messages, and
 * nothing here may pull the schemas into its bundle.
 */

/** The id of the script element that carries the configuration in index.html. */
export const CONFIG_ELEMENT_ID = 'shop-config';

/**
 * The id of the script element with the API answers a page needs first (get-data for a visitor,
 * get-shop-item on a product page), put there by the server so the first render need not wait
 * for them. Its shape is PagePreload.
 */
export const PRELOAD_ELEMENT_ID = 'shop-preload';

export interface PagePreload {
  /** The get-data answer for a visitor without a session. */
  'get-data'?: unknown;
  /** The get-shop-item answer of the product page's item. */
  'get-shop-item'?: { external_code: string; answer: unknown };
}

/** `sizes` of the product page's main image: full width on phones and tablets, 500 px beside the details from 52rem. */
export const GALLERY_IMAGE_SIZES = '(max-width: 51.99rem) 100vw, 500px';
/** `sizes` of a product card's image: two cards side by side on phones, at most about 20rem otherwise. */
export const CARD_IMAGE_SIZES = '(max-width: 35.99rem) 50vw, 20rem';

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

/**
 * A srcset of width descriptors, every variant from `from` to `to`, for an image whose shown size
 * varies with the viewport: pair it with a `sizes` attribute so the browser picks the smallest
 * file that is sharp on the visitor's screen.
 */
export function imageWidthSrcSet(url: string, from: ImageWidth, to: ImageWidth): string {
  return IMAGE_WIDTHS.filter((width) => width >= from && width <= to)
    .map((width) => `${imageVariantUrl(url, width)} ${width}w`)
    .join(', ');
}

/** A srcset for an image shown at `displayWidth` CSS pixels: 1x and 2x. */
export function imageSrcSet(url: string, displayWidth: 100 | 350 | 500): string {
  const double = (displayWidth * 2) as ImageWidth;
  return `${imageVariantUrl(url, displayWidth)} 1x, ${imageVariantUrl(url, double)} 2x`;
}
