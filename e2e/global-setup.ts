import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../apps/server/src/app';
import { openDatabase } from '../apps/server/src/db/client';
import { REPO_ROOT } from '../apps/server/src/env';
import { importCatalogue, readCatalogueFile } from '../apps/server/src/modules/catalog/catalogue-import';
import { loadShopConfig } from '../apps/server/src/modules/config/shop-config';
// @ts-expect-error plain ESM helper shared with npm start
import { ensureWebBuild } from '../scripts/ensure-web-build.mjs';

/** The shop served under each configuration the journeys need; all share one database. */
export type ShopVariant = 'default' | 'noMerchandise' | 'shopInactive';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    baseUrls: Record<ShopVariant, string>;
  }
}

/**
 * Builds the web app when stale and serves the real shop (server, built app, demo
 * catalogue) on a fresh in-memory PGlite for the browser journeys.
 */
export default async function setup(project: TestProject) {
  ensureWebBuild({ log: (line: string) => console.log(`[e2e] ${line}`) });
  const database = await openDatabase({});
  await database.migrate();
  const catalogueFile = path.join(REPO_ROOT, 'catalog/demo/catalogue.yaml');
  await importCatalogue(database.db, readCatalogueFile(catalogueFile), path.dirname(catalogueFile));
  const config = loadShopConfig(path.join(REPO_ROOT, 'config/demo-shop.json'));
  const variants: Record<ShopVariant, typeof config> = {
    default: config,
    noMerchandise: { ...config, merchandiseActive: false },
    shopInactive: { ...config, shopActive: false },
  };
  const apps = await Promise.all(
    Object.values(variants).map((variant) => buildApp({ db: database.db, config: variant, webRoot: path.join(REPO_ROOT, 'apps/web/dist') })),
  );
  const addresses = await Promise.all(apps.map((app) => app.listen({ port: 0, host: '127.0.0.1' })));
  const baseUrls = Object.fromEntries(Object.keys(variants).map((name, index) => [name, addresses[index]!])) as Record<ShopVariant, string>;
  project.provide('baseUrl', baseUrls.default);
  project.provide('baseUrls', baseUrls);
  return async () => {
    await Promise.all(apps.map((app) => app.close()));
    await database.close();
  };
}
