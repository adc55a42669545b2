import type { FastifyInstance } from 'fastify';

/**
 * One line per answered request, as an access log has it: method, path, status and the server's
 * time, at info. Fastify's own request logging writes two (one on arrival, one on the answer),
 * with the whole request serialised in the first: at an on-sale's thousands of calls a second,
 * twice the log and a share of every call's CPU (decision 0081). A request that fails also logs
 * its error where it is handled (error-handler.ts).
 */
export function installAccessLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info({ method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 }, 'answered');
    done();
  });
}
