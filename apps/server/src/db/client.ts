import { mkdirSync, openSync, readFileSync, rmSync, writeFileSync, closeSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { isAlive, serveBackups, writeBackup } from './backup';
/**
 * The database or a transaction: every query function takes one of these first. Without Drizzle's
 * relational query API (`db.query.…`, which the shop does not use): given the schema, Drizzle
 * builds a query builder for every table in every transaction it opens, a tenth of a purchase's
 * server CPU (decision 0089).
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = PgTransaction<PgQueryResultHKT>;

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Any two-argument key; the same number on every instance serialises migrations. */
const MIGRATION_LOCK_KEY = 715_202_611;

export interface Database {
  db: Db;
  /**
   * The staff's lane (decision 0043): the back office's session checks and dashboard reads on
   * connections of their own, so that an organiser watching an on-sale never queues behind the
   * buyers, nor takes a connection from them. The same database as `db` on PGlite.
   */
  backOfficeDb: Db;
  engine: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** The embedded database's copy in a new file (decision 0118); undefined on PostgreSQL (pg_dump). */
  backup?: (file: string) => Promise<{ bytes: number }>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… to use a PostgreSQL server; otherwise the embedded PGlite. */
  url?: string | undefined;
  /** PGlite data directory; undefined keeps the database in memory (tests). */
  dataDir?: string | undefined;
  poolSize?: number;
  /** PGlite in memory started from this data-directory image (a test run's migrated template). */
  image?: Blob | undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 20);
  return openPglite(options.dataDir, options.image);
}

/**
 * Names for statement texts, so that PostgreSQL parses and plans a statement the server sends
 * again and again (every query of a request path) once per connection instead of on every call:
 * node-postgres prepares a named statement on first use and then only binds it. The number of
 * names is bounded (statements whose text varies, such as a list of ids of another length, could
 * otherwise prepare without end); past the bound, new texts run unnamed as before.
 */
export function createStatementNamer(max: number): (text: string) => string | undefined {
  const names = new Map<string, string>();
  return (text) => {
    let name = names.get(text);
    if (!name && names.size < max) names.set(text, (name = `shop_${names.size}`));
    return name;
  };
}

const nameStatement = createStatementNamer(256);

/** Makes a pooled client send Drizzle's unnamed statements as named (prepared) ones. */
function prepareRepeatedStatements(client: pg.PoolClient): void {
  // The class's method as it is at each call (not as it was when the client connected).
  const query = (...args: unknown[]) => (Object.getPrototypeOf(client) as { query: (...rest: unknown[]) => unknown }).query.apply(client, args);
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
    // Only statements with parameters: those are the ones a request path repeats (migrations' DDL is not).
    if (config && typeof config === 'object' && !(config as { name?: string }).name && Array.isArray(rest[0]) && rest[0].length > 0) {
      const { text } = config as { text?: unknown };
      const name = typeof text === 'string' ? nameStatement(text) : undefined;
      if (name) return query({ ...config, name }, ...rest);
    }
    return query(config, ...rest);
  };
}

/** Connections of the staff's lane, besides DATABASE_POOL_SIZE: staff session checks, the dashboard's reads and the editors' saves (decisions 0043, 0102). */
export const BACK_OFFICE_LANE_SIZE = 2;

/** DATABASE_POOL_SIZE split between the two lanes: a third for single statements, the rest for transactions. */
export function splitPool(size: number): { statements: number; transactions: number } {
  const statements = Math.max(1, Math.floor(size / 3));
  return { statements, transactions: Math.max(1, size - statements) };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const newPool = (max: number) => {
    const made = new pg.Pool({ connectionString: url, max, statement_timeout: 15_000 });
    // A client that loses its server connection (the database restarting) must not crash the
    // process: idle ones report through the pool, checked-out ones on themselves, between queries.
    // The query running on it fails and the pool replaces the client.
    made.on('error', () => undefined);
    made.on('connect', (client) => {
      client.on('error', () => undefined);
      prepareRepeatedStatements(client);
    });
    return made;
  };
  // Two lanes (decision 0022): single statements (a session lookup, a cart's one-statement add)
  // never queue for a connection behind transactions that hold theirs across several round
  // trips (a checkout), which is what made adds slow while checkouts ran at an on-sale.
  const { statements, transactions } = splitPool(poolSize);
  const pool = newPool(transactions);
  const statementPool = newPool(statements);
  const db = drizzlePg(statementPool) as unknown as Db;
  const transactionDb = drizzlePg(pool) as unknown as Db;
  db.transaction = transactionDb.transaction.bind(transactionDb) as Db['transaction'];
  const backOfficePool = newPool(BACK_OFFICE_LANE_SIZE);
  const backOfficeDb = drizzlePg(backOfficePool) as unknown as Db;
  return {
    db,
    backOfficeDb,
    engine: 'postgres',
    async migrate() {
      // Several instances may start at once: an advisory lock lets one migrate at a time.
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        client.release();
      }
    },
    close: async () => {
      await pool.end();
      await statementPool.end();
      await backOfficePool.end();
    },
  };
}

/**
 * PGlite is one process's database: a second process opening the same folder would corrupt
 * it. A pid file refuses that with a message, and is taken over when its process is gone.
 */
function lockDataDir(dataDir: string): () => void {
  const lockFile = `${dataDir}.pid`;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(lockFile, 'utf8'));
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new Error(
          `The embedded database in ${dataDir} is in use by process ${owner} (is the shop running?). Stop it first, or run on PostgreSQL with DATABASE_URL.`,
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Cannot lock the embedded database in ${dataDir}.`);
}


async function openPglite(dataDir: string | undefined, image?: Blob): Promise<Database> {
  let unlock = () => undefined as void;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    unlock = lockDataDir(dataDir);
  }
  const client = dataDir ? await PGlite.create(dataDir) : await PGlite.create(image ? { loadDataDir: image } : {});
  const db = drizzlePglite(client) as unknown as Db;
  // `npm run backup` asks the process holding the folder for its copy (decision 0118).
  const stopServing = dataDir ? serveBackups(client, dataDir) : async () => undefined;
  return {
    db,
    backOfficeDb: db,
    engine: 'pglite',
    async migrate() {
      await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR });
    },
    backup: (file) => writeBackup(client, file),
    async close() {
      await stopServing();
      await client.close();
      unlock();
    },
  };
}
