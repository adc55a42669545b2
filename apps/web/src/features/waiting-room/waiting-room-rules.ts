import { leadingZeroBits, proofInput, waitingRoomTexts, type QueueStatus, type Text } from '@festival/contract';
import { sha256 } from '@festival/contract/sha256';

/** The waiting page's pure rules (issue 23, decision 0048): wait texts, when to ask again, the proof of work. */

/** The estimated wait in words (the text of the page's wait sentences): rounded so that it does not flicker with every update. */
export function waitText(seconds: number): Text {
  const words = waitingRoomTexts.wait;
  if (seconds < 60) return words.underAMinute;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return words.minutes(minutes);
  // Past an hour, to the nearest 5 minutes.
  const rounded = Math.round(minutes / 5) * 5;
  const hours = Math.floor(rounded / 60);
  const rest = rounded % 60;
  return rest === 0 ? words.hours(hours) : words.hoursMinutes(hours, rest);
}

/** A product's page in the shop. */
export const productPagePath = (product: Pick<QueueStatus['products'][number], 'shop_item_type' | 'external_code'>) =>
  `/${product.shop_item_type}/${encodeURIComponent(product.external_code)}`;

const PRODUCT_PAGE = /^\/(tickets|merchandise)\/([^/?#]+)(?:[?#].*)?$/;

function decoded(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/**
 * Where the visitor goes at their turn (decision 0075): to the product they queued for. `from` is
 * the page the shop sent them from (already a safe same-site path), `products` the on-sale's.
 * - From the product page of one of the sale's products: back to it (of several, the one they
 *   reached for).
 * - From the checkout (a cart holding one of the sale's products): back to it, to finish.
 * - Otherwise (an organiser's link, a listing, the home page): the page of the sale's first product
 *   still to be had, else of its first product (which says it is sold out), else the tickets.
 */
export function turnDestination(from: string | null, products: readonly QueueStatus['products'][number][]): string {
  const match = from ? PRODUCT_PAGE.exec(from) : null;
  if (from && match) {
    const code = decoded(match[2]!);
    if (products.some((product) => product.shop_item_type === match[1] && product.external_code === code)) return from;
  }
  if (from && /^\/checkout(?:[?#].*)?$/.test(from)) return from;
  const product = products.find((candidate) => candidate.available) ?? products[0];
  return product ? productPagePath(product) : '/tickets';
}

/** The shopping time left in whole minutes, rounded up: 20 just after the turn, 1 in the last minute (decision 0075). */
export const minutesLeft = (ms: number) => Math.max(0, Math.ceil(ms / 60_000));

/** `ms` give or take 20 %, so pages that were told the same do not all ask at once. */
export const jittered = (ms: number, random: () => number = Math.random) => Math.max(0, Math.round(ms * (0.8 + 0.4 * random())));

/** How long to wait before trying again after the n-th failure in a row (1, 2, 4 … up to 30 s). */
export const retryDelayMs = (failures: number) => Math.min(30_000, 1000 * 2 ** Math.max(0, Math.min(failures - 1, 5)));

/** How long an update may take before the page gives up on it and tries again (a slow phone connection). */
export const STATUS_TIMEOUT_MS = 15_000;

/**
 * Finds a nonce whose SHA-256 with the challenge starts with `bits` zero bits, working in slices
 * so the page stays responsive (2^bits hashes on average). Stops (null) when `signal` aborts.
 */
export async function solveProof(challenge: string, bits: number, signal?: AbortSignal, slice = 4096): Promise<string | null> {
  let counter = Math.floor(Math.random() * 2 ** 32);
  for (;;) {
    for (let tried = 0; tried < slice; tried++, counter++) {
      const nonce = counter.toString(36);
      if (leadingZeroBits(sha256(proofInput(challenge, nonce))) >= bits) return nonce;
    }
    if (signal?.aborted) return null;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}
