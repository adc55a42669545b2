import { messages } from '@festival/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from './app-error';

/**
 * Every refusal answers {message, errors?}. Statuses below 500 keep their message; a 5xx
 * answer never shows internals (they go to the log).
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const body = error.errors ? { message: error.message, errors: error.errors } : { message: error.message };
      return reply.status(error.status).send(body);
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ message: messages.server.internal });
    }
    // Fastify's own refusals: unparsable JSON, a body over the limit, a wrong content type, rate limit.
    const message =
      status === 413
        ? messages.server.tooLarge
        : status === 429
          ? messages.server.tooManyRequests
          : status === 400 || status === 415
            ? messages.server.invalidInput
            : error.message;
    return reply.status(status).send({ message });
  });

}
