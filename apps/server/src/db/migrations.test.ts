import { is, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngines, type TestDatabase } from '../../test/databases';
import * as schema from './schema';

const tables = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable => is(value, PgTable));

describe.each(testEngines())('migrations on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database?.destroy();
  });
  // Both drivers answer raw SQL with a rows array.
  const select = async <Row>(query: SQL) => ((await database.db.execute(query)) as unknown as { rows: Row[] }).rows;

  it('create every table of the schema in an empty database', async () => {
    const rows = await select<{ table_name: string }>(sql`select table_name from information_schema.tables where table_schema = 'public'`);
    const created = new Set(rows.map((row) => row.table_name));
    const expected = tables.map((table) => getTableConfig(table).name);
    expect(expected.length).toBeGreaterThanOrEqual(20);
    for (const name of expected) expect(created, `table ${name}`).toContain(name);
  });

  it('apply again as a no-op', async () => {
    await expect(database.migrate()).resolves.toBeUndefined();
  });

  it('store money as integers and times with time zone', async () => {
    const rows = await select<{ data_type: string }>(
      sql`select data_type from information_schema.columns where table_name = 'orders' and column_name in ('total_price', 'created_at') order by column_name`,
    );
    expect(rows.map((row) => row.data_type)).toEqual(['timestamp with time zone', 'integer']);
  });

  it('refuse more held and sold than the stock, whatever the code above does', async () => {
    await expect(
      database.db.execute(sql`insert into shop_items (external_code, shop_item_type, name, type, price, stock, held, sold) values ('X', 'merchandise', 'X', 'shirt', 100, 1, 1, 1)`),
    ).rejects.toThrow();
  });
});
