import { leadingZeroBits, proofInput } from '@festival/contract';
import { sha256 } from '@festival/contract/sha256';

/** The waiting page's pure rules (issue 23, decision 0048): wait texts, when to ask again, the proof of work. */

/** The estimated wait in words: rounded so that it does not flicker with every update. */
export function waitText(seconds: number): string {
  if (seconds < 60) return 'less than a minute';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return minutes === 1 ? 'about 1 minute' : `about ${minutes} minutes`;
  // Past an hour, to the nearest 5 minutes.
  const rounded = Math.round(minutes / 5) * 5;
  const hours = Math.floor(rounded / 60);
  const rest = rounded % 60;
  const hoursText = hours === 1 ? '1 hour' : `${hours} hours`;
  return rest === 0 ? `about ${hoursText}` : `about ${hoursText} ${rest} minutes`;
}

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
