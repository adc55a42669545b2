import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase, type Database } from '../src/db/client';
import { importCatalogue, readCatalogueFile } from '../src/modules/catalog/catalogue-import';
import { DEMO_CATALOGUE } from './demo-files';
import { onlyEngine } from './engines';
import { adminQuery } from './load/server-process';

/**
 * Migrated databases made once per test run and copied for each test file (decision 0049): an
 * empty one, and one with the demo catalogue imported (what createTestShop starts from). Making a
 * PGlite database runs initdb and the migrations (2-10 s on this machine, most of an API file's
 * set-up), and the demo catalogue resizes its images; a copy takes well under a second on either
 * engine. The API layer's global set-up makes them and tells the workers where they are through
 * the environment; without it (a file run outside that layer) each database is made as before.
 */
export type TemplateKind = 'migrated' | 'demo';

/** Where a run's templates are: PGlite data-directory images (files) and PostgreSQL database names. */
export interface DatabaseTemplates {
  /** Absent from a run on PostgreSQL alone (TEST_ENGINES=postgres): a PGlite database is then made as before. */
  pglite?: Record<TemplateKind, string>;
  postgres?: Record<TemplateKind, string>;
}

export const TEMPLATES_ENV = 'SHOP_TEST_DATABASE_TEMPLATES';

export function readTemplates(): DatabaseTemplates | undefined {
  const value = process.env[TEMPLATES_ENV];
  return value ? (JSON.parse(value) as DatabaseTemplates) : undefined;
}

async function importDemo(database: Database): Promise<void> {
  await importCatalogue(database.db, readCatalogueFile(DEMO_CATALOGUE), path.dirname(DEMO_CATALOGUE));
}

/**
 * An empty PGlite cluster made small to copy: its WAL in 1 MB segments instead of 16, and without
 * the template0 and template1 databases (PGlite serves one database, `postgres`, and no test makes
 * another). The demo template's image is 19 MB instead of 45, and every test database opened from
 * it costs about 0.3 s less CPU (decision 0083).
 */
async function smallPgliteCluster(): Promise<Blob> {
  const client = await PGlite.create({ initDbStartParams: ['--wal-segsize=1'] });
  try {
    for (const template of ['template0', 'template1']) {
      await client.exec(`ALTER DATABASE ${template} IS_TEMPLATE false`);
      await client.exec(`DROP DATABASE ${template}`);
    }
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/** A PGlite template: migrated from the small empty cluster, or made from another template's image. */
async function pgliteImage(folder: string, kind: TemplateKind, from?: string): Promise<string> {
  const database = await openDatabase({ image: from ? new Blob([readFileSync(from)]) : await smallPgliteCluster() });
  try {
    if (!from) await database.migrate();
    if (kind === 'demo') await importDemo(database);
    const client = (database.db as unknown as { $client: PGlite }).$client;
    // A checkpoint first, so the image needs no WAL replay. Uncompressed: loading skips the gunzip,
    // and the file lives only for the run.
    await client.exec('CHECKPOINT');
    const image = await client.dumpDataDir('none');
    const file = path.join(folder, `${kind}.tar`);
    writeFileSync(file, Buffer.from(await image.arrayBuffer()));
    return file;
  } finally {
    await database.close();
  }
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function postgresTemplate(serverUrl: string, name: string, kind: TemplateKind, from?: string): Promise<void> {
  await adminQuery(serverUrl, from ? `CREATE DATABASE ${name} TEMPLATE ${from}` : `CREATE DATABASE ${name}`);
  const database = await openDatabase({ url: databaseUrl(serverUrl, name), poolSize: 3 });
  try {
    if (!from) await database.migrate();
    if (kind === 'demo') await importDemo(database);
  } finally {
    // A template takes no connections: CREATE DATABASE … TEMPLATE refuses a source in use.
    await database.close();
  }
}

/** Makes the run's templates (PGlite's unless `pglite: false`); the returned function removes them. */
export async function makeDatabaseTemplates(
  postgresUrl: string | undefined,
  { pglite: withPglite = true }: { pglite?: boolean } = {},
): Promise<{ templates: DatabaseTemplates; remove(): Promise<void> }> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'shop-test-templates-'));
  const made: string[] = [];
  const remove = async () => {
    rmSync(folder, { recursive: true, force: true });
    for (const name of made.reverse()) await adminQuery(postgresUrl!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
  };
  try {
    const makePglite = async () => {
      const migrated = await pgliteImage(folder, 'migrated');
      return { migrated, demo: await pgliteImage(folder, 'demo', migrated) };
    };
    const makePostgres = async (serverUrl: string) => {
      const base = `shop_template_${process.pid}`;
      const names = { migrated: `${base}_migrated`, demo: `${base}_demo` };
      made.push(names.migrated);
      await postgresTemplate(serverUrl, names.migrated, 'migrated');
      made.push(names.demo);
      await postgresTemplate(serverUrl, names.demo, 'demo', names.migrated);
      return names;
    };
    // Side by side: PGlite's work is this process's CPU, PostgreSQL's mostly the server's.
    const [pglite, postgres] = await Promise.all([withPglite ? makePglite() : undefined, postgresUrl ? makePostgres(postgresUrl) : undefined]);
    const templates: DatabaseTemplates = { ...(pglite ? { pglite } : {}), ...(postgres ? { postgres } : {}) };
    return { templates, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}

/**
 * The API layer's global set-up: templates for the run, shared with its workers. Both API projects
 * (vitest.config.ts) name it; vitest runs their set-ups in one process, so the second finds the
 * first's templates and the last teardown removes them.
 */
const shared = Symbol.for('festival-shop.database-templates');
type Shared = { made: ReturnType<typeof makeDatabaseTemplates>; users: number };

export default async function setup(): Promise<() => Promise<void>> {
  const holder = globalThis as unknown as Record<symbol, Shared | undefined>;
  // Only the engines the run uses: a run on PostgreSQL alone makes no PGlite template (the initdb,
  // migrations and demo import in WebAssembly would cost it CPU for nothing).
  const run = (holder[shared] ??= {
    made: makeDatabaseTemplates(onlyEngine === 'pglite' ? undefined : process.env.TEST_DATABASE_URL, { pglite: onlyEngine !== 'postgres' }),
    users: 0,
  });
  run.users += 1;
  const { templates, remove } = await run.made;
  process.env[TEMPLATES_ENV] = JSON.stringify(templates);
  return async () => {
    run.users -= 1;
    if (run.users > 0) return;
    holder[shared] = undefined;
    delete process.env[TEMPLATES_ENV];
    await remove();
  };
}
