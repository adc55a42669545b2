import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { API_PATHS, type ApiPath, type ShopConfigFile } from '@festival/contract';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from './db/client';
import { registerPendingApiRoute } from './http/api-route';
import { installErrorHandler } from './http/error-handler';
import { requireXhrHeader } from './http/require-xhr';
import { registerWebApp } from './http/web-app';
import { registerCatalogRoutes } from './modules/catalog/catalog.routes';
import { listEventSettings } from './modules/catalog/catalog.service';
import { buildClientConfig } from './modules/config/shop-config';
import { registerDataRoutes } from './modules/data/data.routes';

export interface AppOptions {
  db: Db;
  config: ShopConfigFile;
  /** The built web app folder; pages answer 503 when it has no index.html. */
  webRoot: string;
  /** A pino logger; without one the app logs nothing (tests). */
  logger?: FastifyBaseLogger;
}

/** Calls answered by this build; the rest exist, validate, and answer 501 until their issue lands. */
const IMPLEMENTED: ReadonlySet<ApiPath> = new Set(['get-data', 'get-shop-item']);

export const BODY_LIMIT_BYTES = 64 * 1024;

/** Builds the shop without listening, so tests run the same app the server runs. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { db, config } = options;
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    bodyLimit: BODY_LIMIT_BYTES,
    return503OnClosing: true,
    requestTimeout: 30_000,
  });

  installErrorHandler(app);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  // Limits are applied per route (login, password reset); festival buyers share carrier NATs.
  await app.register(rateLimit, { global: false });
  requireXhrHeader(app);

  app.get('/healthz', async (_request, reply) => {
    try {
      await db.execute(sql`select 1`);
      return { status: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });

  registerDataRoutes(app, db, config);
  registerCatalogRoutes(app, db);
  for (const path of API_PATHS) {
    if (!IMPLEMENTED.has(path)) registerPendingApiRoute(app, path);
  }

  await registerWebApp(app, {
    root: options.webRoot,
    clientConfig: async () => buildClientConfig(config, await listEventSettings(db)),
  });
  return app;
}
