import path from 'node:path';
import type { ShopConfigFile } from '@festival/contract';
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase, type Database } from './db/client';
import type { Env } from './env';
import { DEMO_SHOP_CONFIG, REPO_ROOT } from './env';
import { countEvents } from './modules/catalog/catalog.queries';
import { importCatalogue, readCatalogueFile } from './modules/catalog/catalogue-import';
import { loadShopConfig, rememberPublicAddress, shopPlaceOf } from './modules/config/shop-config';

export const WEB_ROOT = path.join(REPO_ROOT, 'apps/web/dist');

export interface Shop {
  database: Database;
  config: ShopConfigFile;
}

/** Opens and migrates the database, loads the configuration, and fills an empty shop with the demo. */
export async function prepareShop(env: Env, log?: Pick<FastifyBaseLogger, 'info'>): Promise<Shop> {
  const config = loadShopConfig(env.SHOP_CONFIG, shopPlaceOf(env, DEMO_SHOP_CONFIG));
  // The organiser commands run in other processes: they read the address the shop serves at here.
  rememberPublicAddress(env.DATA_DIR, config.publicBaseUrl);
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: path.join(env.DATA_DIR, 'pglite'), poolSize: env.DATABASE_POOL_SIZE });
  try {
    await database.migrate();
    if (env.DEMO_CATALOGUE !== 'none' && (await countEvents(database.db)) === 0) {
      const summary = await importCatalogue(database.db, readCatalogueFile(env.DEMO_CATALOGUE), path.dirname(env.DEMO_CATALOGUE), env.DEMO_CATALOGUE);
      log?.info({ summary, file: env.DEMO_CATALOGUE }, 'empty database: demo catalogue loaded');
    }
  } catch (error) {
    await database.close();
    throw error;
  }
  return { database, config };
}
