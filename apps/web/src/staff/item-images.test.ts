import { CATALOGUE_IMAGE_CHUNK, CATALOGUE_IMAGE_MAX_BYTES } from '@festival/contract';
import { describe, expect, it } from 'vitest';
import { base64Pieces, canAddImage, isTooLarge, movedImage, withImage, withoutImage } from './item-images';

describe('an item’s images in its editor', () => {
  it('adds up to four, once each, removes and moves them in order', () => {
    const four = ['/a', '/b', '/c', '/d'];
    expect(withImage(['/a'], '/b')).toEqual(['/a', '/b']);
    expect(withImage(['/a'], '/a')).toEqual(['/a']);
    expect(canAddImage(four)).toBe(false);
    expect(withImage(four, '/e')).toEqual(four);
    expect(withoutImage(four, 1)).toEqual(['/a', '/c', '/d']);
    expect(movedImage(four, 0, 1)).toEqual(['/b', '/a', '/c', '/d']);
    expect(movedImage(four, 3, -1)).toEqual(['/a', '/b', '/d', '/c']);
    expect(movedImage(four, 0, -1)).toEqual(four);
    expect(movedImage(four, 3, 1)).toEqual(four);
  });

  it('sends a file as base64 in pieces of at most 4,000 characters, and says a file too large before sending it', () => {
    const bytes = new Uint8Array(7000).map((_, index) => (index * 31) % 256);
    const pieces = base64Pieces(bytes);
    expect(pieces.every((piece) => piece.length <= CATALOGUE_IMAGE_CHUNK)).toBe(true);
    expect(pieces.length).toBe(Math.ceil(Math.ceil(7000 / 3) * 4 / CATALOGUE_IMAGE_CHUNK));
    expect(Buffer.from(pieces.join(''), 'base64').equals(Buffer.from(bytes))).toBe(true);
    expect(isTooLarge(CATALOGUE_IMAGE_MAX_BYTES)).toBe(false);
    expect(isTooLarge(CATALOGUE_IMAGE_MAX_BYTES + 1)).toBe(true);
  });
});
