/**
 * The `from` query parameter names where to go after login. Only same-site paths are followed,
 * so a crafted link cannot send a fresh login to another site ("//evil.example" or "https:").
 */
export function safeRedirectTarget(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return null;
  // Browsers drop tabs and newlines and read "\" as "/" in URLs: "/\t/x" and "/\x" become "//x".
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  return value;
}

/** The `from` parameter of a search string, if it is a safe same-site path. */
export function fromParam(search: string): string | null {
  return safeRedirectTarget(new URLSearchParams(search).get('from'));
}
