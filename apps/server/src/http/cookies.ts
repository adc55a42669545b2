import type { FastifyRequest } from 'fastify';

/** One cookie's value from a request (only the named one is read; no cookie library is needed for that), or null. */
export function cookieValue(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=') || null;
  }
  return null;
}
