/** Any origin will do: only whether a path stays on it matters. */
const PROBE_ORIGIN = 'https://shop.invalid';

/**
 * The `from` query parameter names where to go after login. Only same-site paths are followed,
 * so a crafted link cannot send a fresh login to another site ("//evil.example" or "https:").
 */
export function safeRedirectTarget(value: string | null | undefined): string | null {
  if (!value || !isPlainSitePath(value)) return null;
  // React Router decodes a path to match it ("/%2F/x" reads "///x", "/%5Cx" reads "/\x"): the
  // target must be a plain path read that way too, so nothing that treats the decoded path as a
  // URL can leave the shop. A malformed escape is matched as written, as React Router does.
  const decoded = decodeOrNull(value);
  if (decoded !== null && decoded !== value && !isPlainSitePath(decoded)) return null;
  return value;
}

/** The `from` parameter of a search string, if it is a safe same-site path. */
export function fromParam(search: string): string | null {
  return safeRedirectTarget(new URLSearchParams(search).get('from'));
}

function isPlainSitePath(text: string): boolean {
  if (!text.startsWith('/') || text.startsWith('//')) return false;
  // Browsers drop tabs and newlines and read "\" as "/" in URLs: "/\t/x" and "/\x" become "//x".
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(text)) return false;
  // They also resolve dot segments: "/..//x" and "/%2e%2e//x" are the path "//x".
  const resolved = new URL(text, PROBE_ORIGIN);
  return resolved.origin === PROBE_ORIGIN && !resolved.pathname.startsWith('//');
}

function decodeOrNull(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}
