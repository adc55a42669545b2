import type { FastifyInstance } from 'fastify';

/**
 * The page's Content-Security-Policy: nothing inline, nothing from other origins, except the
 * payment provider's page that a form may be sent to (decision 0037: exactly the configured
 * provider's origins; its flow is a redirect to a hosted page, so it needs no connect or frame).
 */
export function contentSecurityPolicy(paymentOrigins: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    ["form-action 'self'", ...paymentOrigins].join(' '),
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The policy of a shop without a payment provider's origins (the sandbox's page is the shop's own). */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/**
 * Security headers on every answer. They never vary, so they are built once: a per-request
 * middleware (helmet) computing the same values cost a third of the server's throughput.
 */
export function securityHeaders(paymentOrigins: readonly string[] = []): Readonly<Record<string, string>> {
  return Object.freeze({ ...BASE_HEADERS, 'content-security-policy': contentSecurityPolicy(paymentOrigins) });
}

const BASE_HEADERS = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

export function installSecurityHeaders(app: FastifyInstance, paymentOrigins: readonly string[] = []): void {
  const headers = securityHeaders(paymentOrigins);
  // A callback hook, not an async one: no promise per request on the hottest path.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/**
 * `Server-Timing: app;dur=<ms>` on every answer: the time from the request's first hook to the
 * answer's sending (SERVER_TIMING=1; benchmarks read it to tell the server's time from their own
 * clients' queueing on a shared machine).
 */
export function installServerTiming(app: FastifyInstance): void {
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(1)}`);
    done(null, payload);
  });
}
