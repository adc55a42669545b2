import { safeRedirectTarget } from './safe-redirect';

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

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** Remembers a (safe) destination for RETURN_TO_KEEP_MS; a null or unsafe one is not kept. */
export function rememberReturnTo(path: string | null, now: number = Date.now()): void {
  const safe = safeRedirectTarget(path);
  if (!safe) return;
  try {
    storage()?.setItem(RETURN_TO_KEY, JSON.stringify({ path: safe, until: now + RETURN_TO_KEEP_MS } satisfies Remembered));
  } catch {
    // Storage refused: the in-app links still carry `from`.
  }
}

/** The remembered destination while it lasts; an expired, malformed or unsafe entry is dropped. */
export function rememberedReturnTo(now: number = Date.now()): string | null {
  let raw: string | null = null;
  try {
    raw = storage()?.getItem(RETURN_TO_KEY) ?? null;
  } catch {
    return null;
  }
  if (!raw) return null;
  let value: Partial<Remembered> | null = null;
  try {
    value = JSON.parse(raw) as Partial<Remembered>;
  } catch {
    value = null;
  }
  const path = value && typeof value.until === 'number' && value.until > now ? safeRedirectTarget(typeof value.path === 'string' ? value.path : null) : null;
  if (!path) forgetReturnTo();
  return path;
}

/** A login used the destination (or the customer went elsewhere): it is not offered again. */
export function forgetReturnTo(): void {
  try {
    storage()?.removeItem(RETURN_TO_KEY);
  } catch {
    // nothing kept
  }
}

/** `path` with `?from=` the destination, when there is a safe one other than home (where a login goes anyway). */
export function withFrom(path: string, from: string | null | undefined): string {
  const safe = safeRedirectTarget(from);
  return safe && safe !== '/' ? `${path}?from=${encodeURIComponent(safe)}` : path;
}
