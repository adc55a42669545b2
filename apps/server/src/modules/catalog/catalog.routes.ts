import { messages } from '@festival/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import { registerApiRoute, SerializedAnswer } from '../../http/api-route';
import { requestLocale } from '../../lib/language';
import { findMedia } from './catalog.queries';
import { createMediaCache } from './media-cache';
import type { CatalogReader } from './catalog-snapshot';

export function registerCatalogRoutes(app: FastifyInstance, db: Db, catalog: CatalogReader): void {
  const mediaCache = createMediaCache((hash) => findMedia(db, hash));
  // The item's name and description in the request's language, serialised once per snapshot and language (decision 0094).
  registerApiRoute(app, 'get-shop-item', async (input, request) => {
    const answer = (await catalog.current()).in(requestLocale(request)).itemAnswers.get(input.external_code);
    if (!answer) throw new AppError('NOT_FOUND', messages.server.itemNotFound);
    return new SerializedAnswer(answer);
  });

  // Images are addressed by content hash, so a URL's bytes never change: cache for a year.
  app.get<{ Params: { file: string } }>('/media/:file', async (request, reply) => {
    const match = /^([a-f0-9]{32}(?:-\d{2,4})?)\.[a-z]{3,4}$/.exec(request.params.file);
    const row = match ? await mediaCache.get(match[1]!) : undefined;
    if (!row) return reply.status(404).send({ message: messages.server.notFound });
    return reply
      .header('content-type', row.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      // An SVG opened directly must not run script in the shop's origin.
      .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
      .send(row.bytes);
  });
}
