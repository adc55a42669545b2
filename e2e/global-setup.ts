import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../apps/server/src/app';
import { freePort } from '../apps/server/src/lib/free-port';
// Every browser of the suite is one address: the hold caps (decision 0025) are out of its reach.
import { TEST_HOLD_LIMITS } from '../apps/server/test/test-shop';
import { makeDatabaseTemplates, TEMPLATES_ENV, type TemplateKind } from '../apps/server/test/database-templates';
import { openDatabase } from '../apps/server/src/db/client';
import { REPO_ROOT } from '../apps/server/src/env';
import { importCatalogue, parseCatalogue } from '../apps/server/src/modules/catalog/catalogue-import';
import { loadShopConfig } from '../apps/server/src/modules/config/shop-config';
import { createBoxOfficeOrder } from '../apps/server/src/modules/orders/box-office';
import { ACCEPT_TERMS_LINK, orderLinkSignature } from '../apps/server/src/modules/checkout/order-links.signatures';
import { createPaymentsService } from '../apps/server/src/modules/payments/payments.service';
import { createSandboxGateway } from '../apps/server/src/modules/payments/sandbox-gateway';
// @ts-expect-error plain ESM helper shared with npm start
import { ensureWebBuild } from '../scripts/ensure-web-build.mjs';
import { hostileCatalogue, hostileConfig } from './support/hostile-shop';
import { prepareScanners } from './support/scanner-setup';
import { prepareRefundQueue } from './support/refund-queue';
import { prepareStaff, type StaffJourneyMember } from './support/staff-setup';

/**
 * The shop served under each configuration the journeys need. The first three share one database
 * with the demo catalogue (and so does the short-hold shop, whose carts expire in seconds); the
 * empty ones share a database with nothing on sale (and differ in
 * having an out-of-stock text and an ambassadors page configured or not). The hostile shop has a
 * database of its own with one ticket, and script written into its texts (support/hostile-shop.ts).
 */
export type ShopVariant = 'default' | 'noMerchandise' | 'shopInactive' | 'empty' | 'emptyUnconfigured' | 'hostile' | 'shortHold';

/** The short-hold shop's reservation time: long enough to add an item, short enough to watch a cart expire. */
export const SHORT_HOLD_MS = 8_000;

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    baseUrls: Record<ShopVariant, string>;
    /** An order the box office placed for a customer, with the link that accepts its terms and pays it. */
    boxOfficeOrder: { code: string; checksum: string; email: string; link: string };
    /** Scanner codes of the demo shop, one for each of the scanner's journeys (support/scanner-setup.ts). */
    scannerCodes: string[];
    /** Members of staff of the demo shop, as `npm run staff -- add` makes them, with their first passwords (support/staff-setup.ts). */
    staffMembers: Record<StaffJourneyMember, { email: string; password: string }>;
  }
}

/** The shops' secret: the journeys open links signed with it. */
const APP_SECRET = 'e2e-journeys-secret-of-at-least-32-characters';

/**
 * Builds the web app when stale and serves the real shop (server, built app, demo
 * catalogue) on a fresh in-memory PGlite for the browser journeys. Without an SMTP server the
 * shop keeps its e-mail and shows it at /dev/mailbox, where the account journeys read it.
 */
export default async function setup(project: TestProject) {
  ensureWebBuild({ log: (line: string) => console.log(`[e2e] ${line}`) });
  // Migrated once, with and without the demo catalogue, and copied for each shop: the ones here
  // and those journeys start of their own (createTestDatabase reads the templates from the
  // environment the journeys' worker inherits), as the API layer does (decision 0049).
  const { templates, remove: removeTemplates } = await makeDatabaseTemplates(undefined);
  process.env[TEMPLATES_ENV] = JSON.stringify(templates);
  const pgliteTemplates = templates.pglite;
  if (!pgliteTemplates) throw new Error('the journeys need PGlite templates');
  const image = (kind: TemplateKind) => new Blob([readFileSync(pgliteTemplates[kind])]);
  const [database, emptyDatabase, hostileDatabase] = await Promise.all([openDatabase({ image: image('demo') }), openDatabase({ image: image('migrated') }), openDatabase({ image: image('migrated') })]);
  const config = loadShopConfig(path.join(REPO_ROOT, 'config/demo-shop.json'));
  // The hostile texts take the organiser's way in: a configuration file and a catalogue, each
  // loaded (and sanitised) by the same code as the real ones.
  const hostileDir = mkdtempSync(path.join(os.tmpdir(), 'festival-e2e-hostile-'));
  let hostileShopConfig: typeof config;
  try {
    writeFileSync(path.join(hostileDir, 'shop.json'), JSON.stringify(hostileConfig(config)));
    hostileShopConfig = loadShopConfig(path.join(hostileDir, 'shop.json'));
    await importCatalogue(hostileDatabase.db, parseCatalogue(hostileCatalogue(), 'hostile-catalogue.yaml'), hostileDir);
  } finally {
    rmSync(hostileDir, { recursive: true, force: true });
  }
  const variants: Record<ShopVariant, [typeof config, typeof database]> = {
    default: [config, database],
    noMerchandise: [{ ...config, merchandiseActive: false }, database],
    shopInactive: [{ ...config, shopActive: false }, database],
    empty: [config, emptyDatabase],
    emptyUnconfigured: [{ ...config, texts: { ...config.texts, outOfStock: null }, ambassadors: { ...config.ambassadors, title: null, text: null } }, emptyDatabase],
    hostile: [hostileShopConfig, hostileDatabase],
    // The demo shop whose carts hold for seconds instead of 15 minutes: the expired cart's journey (issue 19).
    shortHold: [config, database],
  };
  // Each shop knows the address it is reached at, as a real one does (publicBaseUrl): the links in
  // its e-mails and documents lead back to it, and the mailbox shows the logo it serves itself.
  const ports = Object.fromEntries(await Promise.all(Object.keys(variants).map(async (name) => [name, await freePort()] as const))) as Record<ShopVariant, number>;
  const addressOf = (name: ShopVariant) => `http://127.0.0.1:${ports[name]}`;
  const apps = await Promise.all(
    (Object.entries(variants) as [ShopVariant, (typeof variants)[ShopVariant]][]).map(([name, [variant, db]]) =>
      buildApp({
        db: db.db,
        config: { ...variant, publicBaseUrl: addressOf(name) },
        webRoot: path.join(REPO_ROOT, 'apps/web/dist'),
        devMailbox: true,
        appSecret: APP_SECRET,
        holdLimits: TEST_HOLD_LIMITS,
        ...(name === 'shortHold' ? { cartHoldMs: SHORT_HOLD_MS } : {}),
      }),
    ),
  );
  const names = Object.keys(variants) as ShopVariant[];
  const addresses = await Promise.all(apps.map((app, index) => app.listen({ port: ports[names[index]!], host: '127.0.0.1' })));
  const baseUrls = Object.fromEntries(names.map((name, index) => [name, addresses[index]!])) as Record<ShopVariant, string>;
  // A box-office order, as `npm run orders -- create` places it: unpaid, terms not yet accepted.
  const defaultConfig = { ...config, publicBaseUrl: addressOf('default') };
  const payments = createPaymentsService({ db: database.db, config: defaultConfig, gateway: createSandboxGateway(APP_SECRET), appSecret: APP_SECRET });
  const boxOffice = await createBoxOfficeOrder(
    { db: database.db, config: defaultConfig, appSecret: APP_SECRET, payments, actor: { commandLine: true } },
    { email: 'box.office.buyer@example.com', fullName: 'Box Office Buyer', lines: [{ code: 'NWF27-DAY-SAT' }, { code: 'NWF27-PARKING' }], method: 'credit_card', paid: false },
  );
  project.provide('boxOfficeOrder', {
    code: boxOffice.order.code,
    checksum: orderLinkSignature(APP_SECRET, boxOffice.order.code, ACCEPT_TERMS_LINK),
    email: 'box.office.buyer@example.com',
    link: boxOffice.link,
  });
  project.provide('scannerCodes', await prepareScanners(database.db, 4));
  project.provide('staffMembers', await prepareStaff(database.db));
  // Two refund requests for the back office's refund queue journey (issue 22 point 4): one to approve, one to reject.
  project.provide('refundQueue', await prepareRefundQueue(baseUrls.default, { db: database.db, config: defaultConfig, appSecret: APP_SECRET, payments, actor: { commandLine: true } }));
  project.provide('baseUrl', baseUrls.default);
  project.provide('baseUrls', baseUrls);
  return async () => {
    await Promise.all(apps.map((app) => app.close()));
    await Promise.all([database.close(), emptyDatabase.close(), hostileDatabase.close()]);
    await removeTemplates();
  };
}
