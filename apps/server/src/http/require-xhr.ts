import { messages } from '@festival/contract';
import type { FastifyInstance } from 'fastify';

const JSON_TYPE = /^application\/json\s*(;|$)/i;

/**
 * Every API call must carry X-Requested-With: XMLHttpRequest. A cross-site form cannot set
 * it, and a cross-site script cannot send it without a CORS preflight we never grant. A body
 * must be JSON: the types a plain form can send (text/plain, form-encoded, multipart) are
 * refused before any parsing, so no payload ever arrives in a shape the contract did not name.
 */
export function requireXhrHeader(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/api/')) {
      const { headers } = request;
      if (headers['x-requested-with'] !== 'XMLHttpRequest') {
        reply.status(400).send({ message: messages.server.missingHeader });
        return;
      }
      const hasBody = (headers['content-length'] !== undefined && headers['content-length'] !== '0') || headers['transfer-encoding'] !== undefined;
      if (hasBody && !JSON_TYPE.test(headers['content-type'] ?? '')) {
        reply.status(415).send({ message: messages.server.jsonOnly });
        return;
      }
    }
    done();
  });
}
