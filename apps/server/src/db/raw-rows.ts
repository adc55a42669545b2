import { getTableColumns, type InferSelectModel, type SQL, type Table } from 'drizzle-orm';
import type { Db } from './client';

/**
 * Runs a statement built with Drizzle's `sql` and answers its rows as the database sends them
 * (column names, JSON values). On PostgreSQL it is prepared once per connection like every
 * statement with parameters (db/client.ts).
 */
export async function executeRows<Row>(db: Db, statement: SQL): Promise<Row[]> {
  return ((await db.execute(statement)) as unknown as { rows: Row[] }).rows;
}

const columnsOf = new WeakMap<Table, [string, ReturnType<typeof getTableColumns>[string]][]>();

/**
 * A row as PostgreSQL's `row_to_json` or `json_agg` gives it (column names, JSON values) as the
 * table's select model, mapped the way Drizzle maps a selected row. Lets one statement bring back
 * rows of several tables (fewer round trips on a hot path) without hand-written conversions.
 */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): InferSelectModel<T> {
  let columns = columnsOf.get(table);
  if (!columns) columnsOf.set(table, (columns = Object.entries(getTableColumns(table))));
  const row: Record<string, unknown> = {};
  for (const [key, column] of columns) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as InferSelectModel<T>;
}

/** Rows of a `json_agg` (null when it aggregated nothing). */
export function rowsFromJson<T extends Table>(table: T, json: Record<string, unknown>[] | null): InferSelectModel<T>[] {
  return (json ?? []).map((row) => rowFromJson(table, row));
}

/** A timestamp of a raw row (PGlite gives a Date, node-postgres a Date or, in JSON, a string). */
export const rawDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));
export const rawOptionalDate = (value: Date | string | null): Date | null => (value === null ? null : rawDate(value));
/** A bigint or count of a raw row (text from node-postgres, a number from PGlite). */
export const rawOptionalNumber = (value: string | number | null): number | null => (value === null ? null : Number(value));
