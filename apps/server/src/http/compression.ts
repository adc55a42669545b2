import { brotliCompressSync, constants as zlibConstants, crc32, deflateRawSync, gzipSync } from 'node:zlib';
import type { PrecompressedEncoding } from './api-route';

/**
 * How answers are compressed, on the way out (app.ts) and ahead (a precompressed answer): brotli at
 * a fast level (its default, 11, costs far more CPU than it saves bytes on JSON), gzip at zlib's
 * default. Built assets are compressed ahead by the build, at the highest level.
 */
export const BROTLI_OPTIONS = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } };
export const GZIP_OPTIONS = { level: 6 };

/**
 * The largest answer compressed in one call on the event loop (the compression hook's
 * syncThreshold, app.ts; a spliced answer's own part, data.service.ts): about 0.5 ms of CPU at
 * most. Larger ones go through a zlib stream, off the loop.
 */
export const ONE_CALL_MAX_BYTES = 65_536;

/** `bytes` compressed as an answer going out with that encoding would be. */
export function compressAnswer(bytes: Buffer, encoding: PrecompressedEncoding): Buffer {
  return encoding === 'br' ? brotliCompressSync(bytes, BROTLI_OPTIONS) : gzipSync(bytes, GZIP_OPTIONS);
}

/**
 * A part of many answers (the catalogue in every customer's get-data) compressed once, to be
 * spliced into gzip answers with parts compressed per call (gzipOfParts). Deflate's blocks follow
 * one another in a stream (RFC 1951): a part deflated on its own and flushed to a byte boundary,
 * without a final block, is valid anywhere in one, and its matches refer only to its own bytes.
 */
export interface DeflatedPart {
  bytes: Buffer;
  deflated: Buffer;
}

/** A part deflated on its own, ending on a byte boundary and not last (a sync flush). */
export function deflatePart(bytes: Buffer): DeflatedPart {
  return { bytes, deflated: deflateRawSync(bytes, { ...GZIP_OPTIONS, finishFlush: zlibConstants.Z_SYNC_FLUSH }) };
}

/**
 * Parts up to this size go into the stream as they are (a stored block): a customer's own few
 * hundred bytes would shrink by less than a deflater's set-up costs (about 25 µs a call).
 */
const STORED_MAX = 2048;

/** A part in a stored block (RFC 1951 3.2.4): a byte-aligned header, its length and the length's complement, the bytes. */
function storedPart(bytes: Buffer): DeflatedPart {
  const header = Buffer.alloc(5);
  header.writeUInt16LE(bytes.length, 1);
  header.writeUInt16LE(~bytes.length & 0xffff, 3);
  return { bytes, deflated: Buffer.concat([header, bytes]) };
}

/** gzip's header as zlib writes it: no name, no time, no extra flags, Unix. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03]);
/** An empty final block: the end of the deflate stream. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/**
 * One gzip member (RFC 1952) holding `parts` in order, each a Buffer deflated now or a part
 * deflated ahead: the header, the parts' blocks, an empty final block, then the CRC-32 and the
 * length of the whole. Any gzip decoder reads it as the parts' bytes joined. A customer's answer
 * then costs its own few hundred bytes (stored, or deflated when larger), not the compressing of the
 * catalogue's sixteen thousand again (brotli at quality 4: about 125 µs a call).
 */
export function gzipOfParts(parts: readonly (Buffer | DeflatedPart)[]): Buffer {
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  for (const part of parts) {
    const { bytes, deflated } = Buffer.isBuffer(part) ? (part.length <= STORED_MAX ? storedPart(part) : deflatePart(part)) : part;
    chunks.push(deflated);
    crc = crc32(bytes, crc);
    length += bytes.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  chunks.push(FINAL_BLOCK, trailer);
  return Buffer.concat(chunks);
}
