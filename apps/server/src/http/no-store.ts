import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pathSegments } from './path-segments';

/**
 * The first path segments whose answers may carry personal data (decision 0054): every API call
 * (the shop's, the staff's, the waiting room's), the documents and QR pictures behind download
 * links, the development mailbox, payment returns and news, the sandbox's pages, and the shop's
 * pages that belong to a signed-in customer or whose address holds a secret (order links, reset
 * links).
 */
const PERSONAL = new Set([
  'api',
  'download-ticket',
  'download-invoice',
  'download-credit-note',
  'dev',
  'payments',
  'sandbox-gateway',
  'portal',
  'order',
  'account',
  'checkout',
  'accept-tcs',
  'payment-plan-payment',
  'reset-password',
]);

/** The headers of an answer no cache may keep. */
export const NO_STORE_HEADERS: Readonly<Record<string, string>> = Object.freeze({ 'cache-control': 'no-store', pragma: 'no-cache' });

const NO_STORE = /(?:^|,)\s*no-store\s*(?:,|$)/i;

/** Whether a request's answer may carry personal data, by the route the router matched and by the path however it is spelled. */
export function mayCarryPersonalData(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (route !== undefined && PERSONAL.has(pathSegments(route).segments[0] ?? '')) return true;
  return PERSONAL.has(pathSegments(request.url.split(/[?#]/, 1)[0]!).segments[0] ?? '');
}

/**
 * Personal data is never cached (issue 33, point 9; decision 0054), held here for every answer
 * rather than by each route: an answer that may carry personal data says `no-store` (with
 * `Pragma: no-cache` for old HTTP/1.0 caches) whatever its route set, refusals and answers made
 * before any route (a missing header, a body over the limit, an unknown call) included; any other
 * answer without a policy of its own is not stored either. Only answers that hold nothing of a
 * visitor's keep the policy their route gave them: built assets and images (cached), the shop's
 * public pages and the scanner's page (revalidated).
 */
export function installNoStore(app: FastifyInstance): void {
  // A callback hook, not an async one: no promise per request on the hottest path.
  app.addHook('onSend', (request, reply, payload, done) => {
    const policy = reply.getHeader('cache-control');
    if (policy === undefined || (!NO_STORE.test(String(policy)) && mayCarryPersonalData(request))) reply.header('cache-control', NO_STORE_HEADERS['cache-control']);
    if (NO_STORE.test(String(reply.getHeader('cache-control')))) reply.header('pragma', NO_STORE_HEADERS.pragma);
    done(null, payload);
  });
}
