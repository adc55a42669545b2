import { messages } from '@festival/contract';
import type { FastifyInstance } from 'fastify';

/**
 * Every API call must carry X-Requested-With: XMLHttpRequest. A cross-site form cannot set
 * it, and a cross-site script cannot send it without a CORS preflight we never grant.
 */
export function requireXhrHeader(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/api/') && request.headers['x-requested-with'] !== 'XMLHttpRequest') {
      reply.status(400).send({ message: messages.server.missingHeader });
      return;
    }
    done();
  });
}
