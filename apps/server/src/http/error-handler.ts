import { isText, messages, type Shown, type Text } from '@festival/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { answerTranslatorFor, requestLocale } from '../lib/language';
import { AppError } from './app-error';

/** A refusal's body in the request's language (`Content-Language` says which): its message and its fields' messages. */
function refusal(request: FastifyRequest, reply: FastifyReply, message: Shown, errors?: Readonly<Record<string, readonly Shown[]>>, extra?: object) {
  const locale = requestLocale(request);
  const { format } = answerTranslatorFor(locale);
  reply.header('content-language', locale);
  return {
    message: format(message),
    ...(errors ? { errors: Object.fromEntries(Object.entries(errors).map(([field, texts]) => [field, texts.map(format)])) } : {}),
    ...extra,
  };
}

/**
 * Every refusal answers {message, errors?}. Statuses below 500 keep their message; a 5xx
 * answer never shows internals (they go to the log).
 */
export function installErrorHandler(app: FastifyInstance): void {
  // Any answer whose `message` is a text (a route's refusal sent as it is, a 404 of the web app, an
  // account's confirmation) goes out in the request's language: no text reaches a reader unsaid.
  app.addHook('preSerialization', (request, reply, payload: unknown, done) => {
    if (payload && typeof payload === 'object' && !Array.isArray(payload) && isText((payload as { message?: unknown }).message)) {
      const locale = requestLocale(request);
      reply.header('content-language', locale);
      return done(null, { ...payload, message: answerTranslatorFor(locale).format((payload as { message: Text }).message) });
    }
    done(null, payload);
  });
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(refusal(request, reply, error.text, error.errors, error.extra));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (databaseUnavailable(error)) {
      // The database is away (restarting, failing over): the request changed nothing and may be
      // tried again in a moment; a load balancer's health check sees the same from /healthz.
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '2').send(refusal(request, reply, messages.server.internal));
    }
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send(refusal(request, reply, messages.server.internal));
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
    return reply.status(status).send(refusal(request, reply, message));
  });

}

/**
 * Fastify's `frameworkErrors`: the answer to a request the router cannot read (a path that is no
 * valid percent-encoding such as `%zz` or overlong UTF-8, a path part over the router's limit),
 * which reaches no route and runs no hook. A bad request (414 for the over-long part) in the
 * shop's words, never a page, carrying `headers`: the ones every other answer gets from the hooks
 * it skipped (the security headers, no-store).
 */
export function unroutableRequestHandler(headers: Readonly<Record<string, string>>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const [status, message] = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? [414, messages.server.tooLarge] : [400, messages.server.invalidInput];
    return reply.status(status).headers(headers).send(refusal(request, reply, message));
  };
}

/** Connection refused or lost, or PostgreSQL shutting down or starting (SQLSTATE classes 08 and 57P). */
export function databaseUnavailable(error: unknown): boolean {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (/^08/.test(code) || /^57P0[1-3]$/.test(code) || code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'EPIPE')) return true;
    if (typeof message === 'string' && /Connection terminated|connection timeout|Client has encountered a connection error/i.test(message)) return true;
  }
  return false;
}
