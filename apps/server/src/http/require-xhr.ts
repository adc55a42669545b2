import { messages } from '@festival/contract';
import type { FastifyInstance } from 'fastify';

/**
 * Every API call must carry X-Requested-With: XMLHttpRequest. A cross-site form cannot set
 * it, and a cross-site script cannot send it without a CORS preflight we never grant.
 */
export function requireXhrHeader(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    if (request.headers['x-requested-with'] !== 'XMLHttpRequest') {
      return reply.status(400).send({ message: messages.server.missingHeader });
    }
  });
}
