import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One line per answered request, as an access log has it: method, path, status and the server's
 * time, at info (at error when the answer could not be sent). Fastify's own request logging
 * writes two (one on arrival, with the whole request serialised, one on the answer): at an
 * on-sale's thousands of calls a second, twice the log and a share of every call's CPU (decision
 * 0081). Fastify's other log lines (its error handler's, a closing server's) stay as they are.
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) reply.log.error({ ...line, err: error }, 'answer failed');
    else reply.log.info(line, 'answered');
  }
}
