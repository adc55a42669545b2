import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/databases';
import { createStatementNamer, openDatabase, splitPool, type Database } from './client';
import { customers } from './schema';
import { postgresTestUrl } from '../../test/engines';

const postgresUrl = postgresTestUrl('connection lane test');

describe('splitPool', () => {
  it('gives a third of the connections to single statements and the rest to transactions, at least one each', () => {
    expect(splitPool(20)).toEqual({ statements: 6, transactions: 14 });
    expect(splitPool(30)).toEqual({ statements: 10, transactions: 20 });
    expect(splitPool(2)).toEqual({ statements: 1, transactions: 1 });
  });
});

/**
 * At an on-sale, checkouts hold a connection across several round trips; the cart's one-statement
 * adds and the session lookups must not queue behind them for a connection.
 */
describe.skipIf(!postgresUrl)('connections and statements on PostgreSQL', () => {
  let owner: TestDatabase;
  let database: Database;
  beforeAll(async () => {
    owner = await createTestDatabase('postgres');
    // 3 connections: 1 for single statements, 2 for transactions.
    database = await openDatabase({ url: owner.url!, poolSize: 3 });
  });
  afterAll(async () => {
    await database?.close();
    await owner?.destroy();
  });

  it('answers a single statement while every transaction connection is taken', async () => {
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const open: Promise<unknown>[] = [];
    const started: Promise<void>[] = [];
    for (let index = 0; index < 2; index += 1) {
      let began = () => undefined as void;
      started.push(new Promise<void>((resolve) => (began = resolve)));
      open.push(
        database.db.transaction(async (tx) => {
          await tx.execute(sql`SELECT 1`);
          began();
          await gate;
        }),
      );
    }
    await Promise.all(started);
    let third = false;
    const queued = database.db.transaction(async (tx) => {
      third = true;
      await tx.execute(sql`SELECT 1`);
    });
    try {
      const answer = await Promise.race([
        database.db.execute(sql`SELECT 42 AS answer`).then((result) => (result as unknown as { rows: { answer: number }[] }).rows[0]!.answer),
        new Promise((resolve) => setTimeout(() => resolve('timed out'), 5_000)),
      ]);
      expect(answer).toBe(42);
      // The lane for transactions is full: a third one waits for a connection.
      expect(third).toBe(false);
    } finally {
      release();
      await Promise.all([...open, queued]);
    }
    expect(third).toBe(true);
  });

  it('answers the back office on its own lane while every buyer connection is taken', async () => {
    // Both buyer lanes full: a statement and a transaction each hold their connection.
    // (A query runs when awaited: Promise.resolve starts it now.)
    const held = [Promise.resolve(database.db.execute(sql`SELECT pg_sleep(1.5)`)), database.db.transaction(async (tx) => tx.execute(sql`SELECT pg_sleep(1.5)`)), database.db.transaction(async (tx) => tx.execute(sql`SELECT pg_sleep(1.5)`))];
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = performance.now();
    const answer = (await database.backOfficeDb.execute(sql`SELECT 7 AS answer`)) as unknown as { rows: { answer: number }[] };
    const waited = performance.now() - started;
    expect(answer.rows[0]!.answer).toBe(7);
    // Far less than the 1.3 s still left on the buyers' connections: it did not queue behind them.
    expect(waited).toBeLessThan(1000);
    await Promise.all(held);
  });

  it('prepares a statement with parameters once per connection', async () => {
    // One connection in the statements' lane: the second call runs where the first prepared it.
    for (const id of [1, 2]) await database.db.select().from(customers).where(eq(customers.id, id));
    const prepared = (await database.db.execute(sql`SELECT statement FROM pg_prepared_statements`)) as unknown as { rows: { statement: string }[] };
    expect(prepared.rows.filter((row) => /from "customers" where "customers"."id" = \$1/.test(row.statement))).toHaveLength(1);
  });
});

describe('createStatementNamer', () => {
  it('names each text once, the same text the same way, and stops naming past its bound', () => {
    const name = createStatementNamer(2);
    const first = name('SELECT 1 WHERE $1');
    expect(first).toBeDefined();
    expect(name('SELECT 1 WHERE $1')).toBe(first);
    expect(name('SELECT 2 WHERE $1')).not.toBe(first);
    expect(name('SELECT 3 WHERE $1')).toBeUndefined();
    expect(name('SELECT 1 WHERE $1')).toBe(first);
  });
});
