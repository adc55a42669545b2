import type { staffApi, StaffApiAnswer, StaffApiPath } from '@festival/contract';
import type { z } from 'zod';
import { currentLanguage } from './language';

/** What a staff call takes, before the contract's defaults are applied. */
export type StaffCallInput<P extends StaffApiPath> = z.input<(typeof staffApi)[P]['payload']>;

/** No answer from the shop: the network is down, the call timed out, or a proxy stood in for it (the scanner may judge offline). */
export class NetworkError extends Error {}

/** The shop answered and refused: its message is what staff read. */
export class StaffApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

/** What staff read when the shop does not answer, or answers without a text of its own. */
export interface StaffCallTexts {
  network: string;
  server: string;
}

/**
 * A call to POST /api/staff/<path>, for the scanner and the back office. The session is an
 * HttpOnly cookie the sign-in call set (sent by the browser, never read here). With `timeoutMs`,
 * a call without an answer by then is a NetworkError (a gate cannot wait: the scanner decides
 * offline instead).
 */
export async function callStaffApi<P extends StaffApiPath>(texts: StaffCallTexts, path: P, payload: StaffCallInput<P>, options: { timeoutMs?: number } = {}): Promise<StaffApiAnswer<P>> {
  const controller = new AbortController();
  const timer = options.timeoutMs ? setTimeout(() => controller.abort(), options.timeoutMs) : undefined;
  try {
    let response: Response;
    let body: unknown;
    try {
      response = await fetch(`/api/staff/${path}`, {
        method: 'POST',
        credentials: 'same-origin',
        // The page's language (also one opened by ?lang=), so refusals and answers come back in it, as the shop's calls do.
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', 'Accept-Language': currentLanguage() },
        body: JSON.stringify(payload),
        signal: controller.signal,
        cache: 'no-store',
      });
      body = await response.json().catch(() => null);
    } catch {
      throw new NetworkError(texts.network);
    }
    // A gateway's 502 to 504 is the network's failure, not the shop's answer.
    if (response.status >= 502 && response.status <= 504) throw new NetworkError(texts.network);
    if (!response.ok) {
      const refusal = (body ?? {}) as { message?: unknown; errors?: Record<string, string[]> };
      throw new StaffApiError(typeof refusal.message === 'string' ? refusal.message : texts.server, response.status, refusal.errors ?? {});
    }
    return body as StaffApiAnswer<P>;
  } finally {
    if (timer) clearTimeout(timer);
  }
}

/** The session is gone (never signed in, signed out elsewhere, the scanner revoked). */
export const isSignedOut = (error: unknown) => error instanceof StaffApiError && error.status === 401;
