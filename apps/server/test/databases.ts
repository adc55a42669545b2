import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { openDatabase, type Database } from '../src/db/client';
import { readTemplates, type TemplateKind } from './database-templates';
import { onlyEngine } from './engines';
import { adminQuery } from './load/server-process';

export type Engine = 'pglite' | 'postgres';

const postgresUrl = process.env.TEST_DATABASE_URL;
let skipNoticePrinted = false;

/**
 * The engines API tests run on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set, or the
 * one TEST_ENGINES names (engines.ts).
 * Without it the PostgreSQL runs are skipped, and the reason is printed.
 */
export function testEngines(): Engine[] {
  if (onlyEngine === 'pglite') return ['pglite'];
  if (onlyEngine === 'postgres') {
    if (!postgresUrl) throw new Error('TEST_ENGINES=postgres needs TEST_DATABASE_URL');
    return ['postgres'];
  }
  if (postgresUrl) return ['pglite', 'postgres'];
  if (!skipNoticePrinted) {
    skipNoticePrinted = true;
    console.warn('[tests] PostgreSQL runs skipped: TEST_DATABASE_URL is not set (.ci/run sets it; see README).');
  }
  return ['pglite'];
}

export interface TestDatabase extends Database {
  /** The PostgreSQL database's URL, for a second connection pool (a second server instance). */
  url?: string;
  /** Removes the database (PostgreSQL) after closing it. */
  destroy(): Promise<void>;
}

const templates = readTemplates();
const images = new Map<string, Blob>();

/** A template's data-directory image, read once per worker. */
function pgliteImage(file: string): Blob {
  let image = images.get(file);
  if (!image) images.set(file, (image = new Blob([readFileSync(file)])));
  return image;
}

/**
 * A fresh, migrated database of its own for one test file: empty, or with the demo catalogue
 * imported (`from: 'demo'`). Copied from the run's template when the API layer made one
 * (database-templates.ts), otherwise made and migrated here (and the demo catalogue is then the
 * caller's to import: `imported` says whether it is in).
 */
export async function createTestDatabase(engine: Engine, from: TemplateKind = 'migrated'): Promise<TestDatabase & { imported: boolean }> {
  if (engine === 'pglite') {
    const template = templates?.pglite?.[from];
    const database = await openDatabase({ image: template ? pgliteImage(template) : undefined });
    if (!template) await database.migrate();
    return { ...database, imported: Boolean(template) && from === 'demo', destroy: () => database.close() };
  }
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set');
  const template = templates?.postgres?.[from];
  const name = `shop_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(postgresUrl, template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 30 });
  if (!template) await database.migrate();
  return {
    ...database,
    imported: Boolean(template) && from === 'demo',
    url: url.toString(),
    async destroy() {
      await database.close();
      await adminQuery(postgresUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
