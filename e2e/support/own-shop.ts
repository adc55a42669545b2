import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildApp, type AppOptions } from '../../apps/server/src/app';
import type { Database } from '../../apps/server/src/db/client';
import { customers, sessions } from '../../apps/server/src/db/schema';
import { REPO_ROOT } from '../../apps/server/src/env';
import { freePort } from '../../apps/server/src/lib/free-port';
import { hashToken } from '../../apps/server/src/modules/accounts/session.service';
import { importCatalogue, parseCatalogue } from '../../apps/server/src/modules/catalog/catalogue-import';
import type { ShopConfigFile } from '@festival/contract';
import { loadShopConfig } from '../../apps/server/src/modules/config/shop-config';
import { createTestDatabase } from '../../apps/server/test/databases';
import { NL_ADDRESS } from '../../apps/server/test/shop-flows';
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
/**
 * A database of a journey's own with the demo catalogue: copied from the run's template (made by
 * the journeys' global set-up), or made and imported here when a journey runs without it.
 */
export async function demoDatabase(): Promise<Database> {
  const database = await createTestDatabase('pglite', 'demo');
  if (!database.imported) await importCatalogue(database.db, parseCatalogue(readFileSync(DEMO_FILE, 'utf8'), DEMO_FILE), path.dirname(DEMO_FILE));
  return database;
}

/**
 * `config`: settings of the demo configuration the journey changes (its languages, say); `configure`: a change made by a function of it;
 * `empty`: a freshly migrated database with no catalogue at all (no events, products, rates or vouchers), the demo's configuration still.
 */
export async function startOwnShop(options: { appSecret: string; empty?: boolean; onsales?: readonly string[]; config?: Partial<ShopConfigFile>; app?: Partial<AppOptions>; configure?: (config: AppOptions['config']) => AppOptions['config'] }): Promise<OwnShop> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let database: Database;
  if (options.empty) {
    database = await createTestDatabase('pglite');
  } else if (options.onsales?.length) {
    database = await createTestDatabase('pglite');
    const onsales = `\nonsales:\n${options.onsales.map((entry) => `  - ${entry}\n`).join('')}`;
    await importCatalogue(database.db, parseCatalogue(`${readFileSync(DEMO_FILE, 'utf8')}${onsales}`, DEMO_FILE), path.dirname(DEMO_FILE));
  } else {
    database = await demoDatabase();
  }
  const demo = { ...loadShopConfig(path.join(REPO_ROOT, 'config/demo-shop.json')), ...options.config, publicBaseUrl: base };
  const config = options.configure ? options.configure(demo) : demo;
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

let customerCount = 0;

/** A signed-in customer of the shop's, made as the shop stores one (an account and a session): its session token. */
export async function signedInCustomer(shop: OwnShop, name: string): Promise<string> {
  customerCount += 1;
  const [row] = await shop.database.db
    .insert(customers)
    .values({ email: `${name.toLowerCase()}.${customerCount}.${Date.now().toString(36)}@example.org`, fullName: name, passwordHash: 'x', country: 'NL', address: NL_ADDRESS })
    .returning();
  const token = `own-shop-customer-${row!.id}-${customerCount}`;
  await shop.database.db.insert(sessions).values({ customerId: row!.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
  return token;
}

/** The customer of the token takes a place in the on-sale's queue through the shop's call, as a waiting page does. */
export async function joinQueue(shop: OwnShop, token: string, onsale: string): Promise<void> {
  const answer = await fetch(`${shop.base}/api/queue-join`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' }, body: JSON.stringify({ token, onsale }) });
  expect(answer.status, await answer.clone().text()).toBe(200);
}
