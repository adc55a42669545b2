import { describe, expect, it } from 'vitest';
import { imageSrcSet, imageVariantUrl, imageWidthSrcSet } from './constants';

const original = '/media/0123456789abcdef0123456789abcdef.jpg';

describe('image variant URLs', () => {
  it('names the WebP variant of a stored image by width', () => {
    expect(imageVariantUrl(original, 350)).toBe('/media/0123456789abcdef0123456789abcdef-350.webp');
  });

  it('leaves any other URL alone', () => {
    expect(imageVariantUrl('https://example.org/a.png', 350)).toBe('https://example.org/a.png');
  });

  it('offers 1x and 2x for a fixed-size image', () => {
    expect(imageSrcSet(original, 100)).toBe('/media/0123456789abcdef0123456789abcdef-100.webp 1x, /media/0123456789abcdef0123456789abcdef-200.webp 2x');
  });

  it('offers every variant between two widths with width descriptors', () => {
    expect(imageWidthSrcSet(original, 200, 500)).toBe(
      '/media/0123456789abcdef0123456789abcdef-200.webp 200w, /media/0123456789abcdef0123456789abcdef-350.webp 350w, /media/0123456789abcdef0123456789abcdef-500.webp 500w',
    );
  });
});
