import path from 'node:path';
import type { ShopConfigFile } from '@festival/contract';
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase, type Database } from './db/client';
import type { Env } from './env';
import { DEMO_SHOP_CONFIG, isDemoConfig, REPO_ROOT } from './env';
import { countEvents } from './modules/catalog/catalog.queries';
import { importCatalogue, readCatalogueFile } from './modules/catalog/catalogue-import';
import { loadShopConfig, rememberPublicAddress, shopPlaceOf } from './modules/config/shop-config';
import { missingMailRefusal, verifyMailServer } from './modules/mail/mail-check';

export const WEB_ROOT = path.join(REPO_ROOT, 'apps/web/dist');

export interface Shop {
  database: Database;
  config: ShopConfigFile;
}

/**
 * The shop as a worker process serves it (decision 0077): its configuration and its own database
 * connections. The primary process has run prepareShop once before starting the workers, so the
 * checks, the migrations and the demo catalogue are not repeated here.
 */
export async function openPreparedShop(env: Env): Promise<Shop> {
  const config = loadShopConfig(env.SHOP_CONFIG, shopPlaceOf(env, DEMO_SHOP_CONFIG));
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: path.join(env.DATA_DIR, 'pglite'), poolSize: env.DATABASE_POOL_SIZE });
  return { database, config };
}

/**
 * Checks what a shop needs before it opens (its configuration, a way to mail its customers, a
 * mail server that answers), opens and migrates the database, and fills the demo shop's empty
 * database with the demo catalogue. A shop of one's own starts empty (decision 0058).
 */
export async function prepareShop(env: Env, log?: Pick<FastifyBaseLogger, 'info' | 'warn'>): Promise<Shop> {
  const config = loadShopConfig(env.SHOP_CONFIG, shopPlaceOf(env, DEMO_SHOP_CONFIG));
  const demoConfig = isDemoConfig(env.SHOP_CONFIG);
  if (!demoConfig && env.DEMO_CATALOGUE !== 'none') {
    throw new Error(
      `DEMO_CATALOGUE is set (${env.DEMO_CATALOGUE}), but only the demo shop loads a catalogue at start: this shop has its own SHOP_CONFIG and starts empty.\nUnset DEMO_CATALOGUE, start the shop, and load your catalogue with \`npm run catalog -- import FILE\` or in the back office (Catalogue) (docs/own-shop.md).`,
    );
  }
  const refusal = missingMailRefusal({ production: env.NODE_ENV === 'production', demoConfig, smtpUrl: env.SMTP_URL, allowNoMail: env.ALLOW_NO_MAIL });
  if (refusal) throw new Error(refusal);
  if (env.SMTP_URL) await verifyMailServer(env.SMTP_URL);
  else if (!demoConfig && env.NODE_ENV === 'production') log?.warn('ALLOW_NO_MAIL=1: this shop sends no e-mail; customers get no password, order confirmation or tickets by mail');
  if (!demoConfig && !config.seller) {
    log?.warn('the configuration has no "seller": invoices and credit notes carry the shop\'s name instead of the seller\'s legal name, and no VAT number; set "seller" with "legalName" and "vatNumber" (docs/configuration.md)');
  }
  // The organiser commands run in other processes: they read the address the shop serves at here.
  rememberPublicAddress(env.DATA_DIR, config.publicBaseUrl);
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: path.join(env.DATA_DIR, 'pglite'), poolSize: env.DATABASE_POOL_SIZE });
  try {
    await database.migrate();
    if (demoConfig && env.DEMO_CATALOGUE !== 'none' && (await countEvents(database.db)) === 0) {
      const summary = await importCatalogue(database.db, readCatalogueFile(env.DEMO_CATALOGUE, config.languages), path.dirname(env.DEMO_CATALOGUE), env.DEMO_CATALOGUE);
      log?.info({ summary, file: env.DEMO_CATALOGUE }, 'empty database: demo catalogue loaded');
    } else if (!demoConfig && (await countEvents(database.db)) === 0) {
      log?.warn('the shop has no catalogue yet: load one with `npm run catalog -- import FILE` or in the back office at /staff/, and add the first admin with `npm run staff -- add EMAIL --role admin`');
    }
  } catch (error) {
    await database.close();
    throw error;
  }
  return { database, config };
}
