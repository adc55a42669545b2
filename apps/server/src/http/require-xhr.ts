import { messages } from '@festival/contract';
import type { FastifyInstance, onRequestHookHandler, RouteOptions } from 'fastify';

/**
 * Whether a Content-Type header names JSON: the media type alone, trimmed and in any casing,
 * must be application/json; its parameters (charset) are left to the JSON parser. Anything a
 * plain HTML form can send (text/plain, application/x-www-form-urlencoded, multipart/form-data,
 * whatever their parameters, casing or spacing) is not.
 */
export function namesJson(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const mediaType = contentType.split(';', 1)[0]!.trim().toLowerCase();
  return mediaType === 'application/json';
}

/**
 * The guard of every API call, attached to the ROUTE (not decided from the URL), so it runs
 * whatever spelling of the path the router matched (`/%61pi/register`, `/api/%72egister`, ...).
 * It runs at onRequest, before any body parser: a body the guard refuses is never parsed, so
 * no content-type parser registered anywhere in the app (the sandbox's form parser) can hand an
 * API handler a payload.
 *
 * Every API call must carry X-Requested-With: XMLHttpRequest. A cross-site form cannot set
 * it, and a cross-site script cannot send it without a CORS preflight we never grant. A body
 * must be JSON: the types a plain form can send are refused, and so is a Content-Type other
 * than JSON even on an empty body, so no payload ever arrives in a shape the contract did not name.
 */
export const apiGuard: onRequestHookHandler = (request, reply, done) => {
  const { headers } = request;
  if (headers['x-requested-with'] !== 'XMLHttpRequest') {
    reply.status(400).send({ message: messages.server.missingHeader });
    return;
  }
  const hasBody = (headers['content-length'] !== undefined && headers['content-length'] !== '0') || headers['transfer-encoding'] !== undefined;
  if ((hasBody || headers['content-type'] !== undefined) && !namesJson(headers['content-type'])) {
    reply.status(415).send({ message: messages.server.jsonOnly });
    return;
  }
  done();
};

/** Whether a declared route path is an API path, in any casing (the router may be told to ignore it). */
export function isApiRoutePath(url: string): boolean {
  return /^\/+api(?:\/|$)/i.test(url);
}

/** Adds the guard to a route's own onRequest hooks, first, once. */
export function withApiGuard(hooks: RouteOptions['onRequest']): onRequestHookHandler[] {
  const list = (hooks === undefined ? [] : Array.isArray(hooks) ? [...hooks] : [hooks]) as onRequestHookHandler[];
  return list.includes(apiGuard) ? list : [apiGuard, ...list];
}

/**
 * Every route DECLARED under /api/ gets the guard as its own hook, whichever helper or plugin
 * declares it (registerApiRoute attaches it too; a staff route or a plugin's route under /api/
 * that forgets it still gets it). The decision is made on the declared path when the route is
 * added, never on the URL a request spells, which the router decodes and normalises.
 */
export function requireXhrHeader(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (isApiRoutePath(route.url)) route.onRequest = withApiGuard(route.onRequest);
  });
}
