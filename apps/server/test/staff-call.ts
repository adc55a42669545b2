import type { FastifyInstance } from 'fastify';

/**
 * A staff call as the scanner and the back office make it: JSON, the shop's header, the session's
 * cookie if any, and the browser's language if given (the refusals are said in it).
 */
export async function staffCall(app: FastifyInstance, path: string, payload: unknown, cookie?: string | null, language?: string) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/staff/${path}`,
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', ...(cookie ? { cookie } : {}), ...(language ? { 'accept-language': language } : {}) },
    payload: JSON.stringify(payload) ?? 'null',
  });
  let body: any;
  try {
    body = response.json();
  } catch {
    body = response.body;
  }
  return { status: response.statusCode, body, headers: response.headers };
}
