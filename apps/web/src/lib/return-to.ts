import { safeRedirectTarget } from './safe-redirect';
import { readStored, readStoredJson, writeStoredJson } from './storage';

/**
 * Where a customer was going when they left for an account detour (register, forgot password,
 * reset password, re-send tickets), issue 19. In-app links carry it as the `from` parameter; the
 * e-mailed links (the password, the reset link) cannot, as the spec's calls take no such field,
 * and are often opened in another tab. So a detour that sends an e-mail also remembers the
 * destination in this browser for a while, and the pages those e-mails lead to read it back.
 * Every value read, from the URL or from storage, passes the same-site check of safe-redirect.
 */
export const RETURN_TO_KEY = 'shop.returnTo';
/** The reset link is valid 15 minutes and e-mail is expected within 10 (spec section 9): 30 minutes covers both. */
export const RETURN_TO_KEEP_MS = 30 * 60_000;

interface Remembered {
  path: string;
  until: number;
}

/** Remembers a (safe) destination for RETURN_TO_KEEP_MS; a null or unsafe one is not kept. */
export function rememberReturnTo(path: string | null, now: number = Date.now()): void {
  const safe = safeRedirectTarget(path);
  if (safe) writeStoredJson(RETURN_TO_KEY, { path: safe, until: now + RETURN_TO_KEEP_MS } satisfies Remembered);
}

/** The remembered destination while it lasts; an expired, malformed or unsafe entry is dropped. */
export function rememberedReturnTo(now: number = Date.now()): string | null {
  if (readStored(RETURN_TO_KEY) === null) return null;
  const value = readStoredJson<Partial<Remembered>>(RETURN_TO_KEY);
  const path = value && typeof value.until === 'number' && value.until > now ? safeRedirectTarget(typeof value.path === 'string' ? value.path : null) : null;
  if (!path) forgetReturnTo();
  return path;
}

/** A login used the destination (or the customer went elsewhere): it is not offered again. */
export function forgetReturnTo(): void {
  writeStoredJson(RETURN_TO_KEY, null);
}

/** `path` with `?from=` the destination, when there is a safe one other than home (where a login goes anyway). */
export function withFrom(path: string, from: string | null | undefined): string {
  const safe = safeRedirectTarget(from);
  return safe && safe !== '/' ? `${path}?from=${encodeURIComponent(safe)}` : path;
}
