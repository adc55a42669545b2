import type { FastifyInstance } from 'fastify';

/** A staff call as the scanner and the back office make it: JSON, the shop's header, the session's cookie if any. */
export async function staffCall(app: FastifyInstance, path: string, payload: unknown, cookie?: string | null) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/staff/${path}`,
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', ...(cookie ? { cookie } : {}) },
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
