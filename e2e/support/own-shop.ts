import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../apps/server/src/app';
import { openDatabase, type Database } from '../../apps/server/src/db/client';
import { REPO_ROOT } from '../../apps/server/src/env';
import { freePort } from '../../apps/server/src/lib/free-port';
import { importCatalogue, parseCatalogue } from '../../apps/server/src/modules/catalog/catalogue-import';
import { loadShopConfig } from '../../apps/server/src/modules/config/shop-config';
import { TEST_HOLD_LIMITS } from '../../apps/server/test/test-shop';

const DEMO_FILE = path.join(REPO_ROOT, 'catalog/demo/catalogue.yaml');

export interface OwnShop {
  base: string;
  database: Database;
  app: FastifyInstance;
}

/**
 * A demo shop of a journey's own, on an embedded database and a free port, for journeys that change
 * the shop for every shopper (a catalogue import, an on-sale's room): nothing another journey
 * counts on is touched. `onsales`: entries of the catalogue file's `onsales`, each a YAML flow map.
 */
export async function startOwnShop(options: { appSecret: string; onsales?: readonly string[]; app?: Partial<AppOptions> }): Promise<OwnShop> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const database = await openDatabase({});
  await database.migrate();
  const onsales = options.onsales?.length ? `\nonsales:\n${options.onsales.map((entry) => `  - ${entry}\n`).join('')}` : '';
  await importCatalogue(database.db, parseCatalogue(`${readFileSync(DEMO_FILE, 'utf8')}${onsales}`, DEMO_FILE), path.dirname(DEMO_FILE));
  const config = { ...loadShopConfig(path.join(REPO_ROOT, 'config/demo-shop.json')), publicBaseUrl: base };
  const app = await buildApp({
    db: database.db,
    config,
    webRoot: path.join(REPO_ROOT, 'apps/web/dist'),
    devMailbox: true,
    appSecret: options.appSecret,
    holdLimits: TEST_HOLD_LIMITS,
    ...options.app,
  });
  await app.listen({ port, host: '127.0.0.1' });
  return { base, database, app };
}

export async function stopOwnShop(shop: OwnShop | undefined): Promise<void> {
  await shop?.app.close();
  await shop?.database.close();
}
