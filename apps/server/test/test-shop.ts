import path from 'node:path';
import type { ApiPath, ApiPayload, ShopConfigFile } from '@festival/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../src/app';
import { REPO_ROOT } from '../src/env';
import { importCatalogue, readCatalogueFile } from '../src/modules/catalog/catalogue-import';
import { loadShopConfig } from '../src/modules/config/shop-config';
import { createTestDatabase, type Engine, type TestDatabase } from './databases';

import { DEMO_CATALOGUE, DEMO_CONFIG } from './demo-files';

export { DEMO_CATALOGUE, DEMO_CONFIG };
/** Hold caps no test reaches by accident: a test shop's visitors all share one address. */
export const TEST_HOLD_LIMITS = { perCart: 1000, perAddress: 100_000, perNetwork: 100_000 };
/** Every test device signs in from one address: wrong scanner codes are limited out of reach unless a test asks for the real limits. */
export const TEST_SCANNER_SIGN_IN_LIMITS = { perAddress: 100_000, perNetwork: 100_000 };

export interface TestShop {
  app: FastifyInstance;
  database: TestDatabase;
  config: ShopConfigFile;
  /** POSTs a call the way the web app does (JSON body, X-Requested-With header). */
  call<P extends ApiPath>(path: P, payload: ApiPayload<P> | Record<string, unknown> | string): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

export async function createTestShop(
  engine: Engine,
  options: {
    catalogue?: boolean;
    config?: Partial<ShopConfigFile>;
    webRoot?: string;
    /** Other options of buildApp: snapshot age, cart hold time, sweep interval, account timings… */
    app?: Partial<Omit<AppOptions, 'db' | 'config' | 'webRoot'>>;
  } = {},
): Promise<TestShop> {
  const database = await createTestDatabase(engine, options.catalogue === false ? 'migrated' : 'demo');
  const config = { ...loadShopConfig(DEMO_CONFIG), ...options.config };
  let app: FastifyInstance;
  try {
    if (options.catalogue !== false && !database.imported) {
      await importCatalogue(database.db, readCatalogueFile(DEMO_CATALOGUE), path.dirname(DEMO_CATALOGUE));
    }
    // Every call of a test comes from one address, so the hold caps (decision 0025) and the scanner
    // sign-in limits are set out of reach unless a test asks for its own; they still count. Tests move
    // the clock past sessions' ends and revoke scanners from other instances: every staff call asks
    // for its session (the cache is tested on its own).
    app = await buildApp({ db: database.db, backOfficeDb: database.backOfficeDb, config, webRoot: options.webRoot ?? path.join(REPO_ROOT, 'apps/web/dist'), holdLimits: TEST_HOLD_LIMITS, scannerSignInLimits: TEST_SCANNER_SIGN_IN_LIMITS, scannerSessionCacheMs: 0, ...options.app });
    await app.ready();
  } catch (error) {
    // A shop that fails to build must not leave its database behind on the server.
    await database.destroy();
    throw error;
  }
  return {
    app,
    database,
    config,
    async call(apiPath, payload) {
      const response = await app.inject({
        method: 'POST',
        url: `/api/${apiPath}`,
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });
      return { status: response.statusCode, body: response.json() };
    },
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}
