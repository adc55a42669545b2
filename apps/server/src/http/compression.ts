import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { PrecompressedEncoding } from './api-route';

/**
 * How answers are compressed, on the way out (app.ts) and ahead (a precompressed answer): brotli at
 * a fast level (its default, 11, costs far more CPU than it saves bytes on JSON), gzip at zlib's
 * default. Built assets are compressed ahead by the build, at the highest level.
 */
export const BROTLI_OPTIONS = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } };
export const GZIP_OPTIONS = { level: 6 };

/** `bytes` compressed as an answer going out with that encoding would be. */
export function compressAnswer(bytes: Buffer, encoding: PrecompressedEncoding): Buffer {
  return encoding === 'br' ? brotliCompressSync(bytes, BROTLI_OPTIONS) : gzipSync(bytes, GZIP_OPTIONS);
}
