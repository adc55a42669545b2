import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client';

export type Engine = 'pglite' | 'postgres';

const postgresUrl = process.env.TEST_DATABASE_URL;
let skipNoticePrinted = false;

/**
 * The engines API tests run on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set.
 * Without it the PostgreSQL runs are skipped, and the reason is printed.
 */
export function testEngines(): Engine[] {
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

/** A fresh, migrated, empty database of its own for one test file. */
export async function createTestDatabase(engine: Engine): Promise<TestDatabase> {
  if (engine === 'pglite') {
    const database = await openDatabase({});
    await database.migrate();
    return { ...database, destroy: () => database.close() };
  }
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `shop_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 30 });
  await database.migrate();
  return {
    ...database,
    url: url.toString(),
    async destroy() {
      await database.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
