import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

/**
 * What the simulated buyers of the load runs (the flash and onsale benches, call-cpu, the fault
 * tests) send as Accept-Encoding: what Chromium sends, so the server's compression is part of what
 * a purchase costs it, as it is for a real buyer (decision 0092). `BENCH_ACCEPT_ENCODING=` (empty)
 * asks for plain answers, as the buyers did before, to compare with figures taken that way.
 */
export const BUYER_ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br, zstd';

/** The request headers that ask for it (none when it is empty). */
export const acceptEncodingHeader = (): Record<string, string> => (BUYER_ACCEPT_ENCODING ? { 'accept-encoding': BUYER_ACCEPT_ENCODING } : {});

/** An answer's text, decoded by its Content-Encoding (the server offers br and gzip; deflate for completeness). */
export function answerText(bytes: Buffer, contentEncoding: string | string[] | undefined): string {
  switch (contentEncoding) {
    case undefined:
    case 'identity':
      return bytes.toString();
    case 'gzip':
      return gunzipSync(bytes).toString();
    case 'br':
      return brotliDecompressSync(bytes).toString();
    case 'deflate':
      return inflateSync(bytes).toString();
    default:
      throw new Error(`an answer in an encoding the buyers did not ask for: ${String(contentEncoding)}`);
  }
}

/** The line a bench prints about it, so its figures say how they were taken. */
export const buyersEncodingNote = () =>
  `the buyers ask for ${BUYER_ACCEPT_ENCODING ? `Accept-Encoding: ${BUYER_ACCEPT_ENCODING}` : 'plain answers (BENCH_ACCEPT_ENCODING is empty)'}`;
