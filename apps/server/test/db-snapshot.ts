import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { executeRows } from '../src/db/raw-rows';

/**
 * Tables whose rows a refused call may change by design: attempt counters are what the rate
 * limits count, so every refused attempt adds to them.
 */
export const COUNTER_TABLES = ['rate_limit_hits'];

/**
 * A fingerprint of every table, taken in one statement: its row count and an md5 of each row's
 * place and version (ctid, xmin). Any insert, update or delete that committed changes it, even
 * an update that wrote the same values, so two equal snapshots mean no row was added, changed
 * or removed in between. Row versions instead of row contents keep it cheap: image bytes and
 * long texts are never read.
 */
export function createSnapshotter(db: Db, ignore: string[] = COUNTER_TABLES) {
  let statement: ReturnType<typeof sql.raw> | undefined;
  return async function snapshot(): Promise<Record<string, string>> {
    if (!statement) {
      const tables = await executeRows<{ name: string }>(
        db,
        sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
      );
      const parts = tables
        .map((table) => table.name)
        .filter((name) => !ignore.includes(name) && !name.startsWith('__drizzle'))
        .map((name) => `select '${name}' as name, count(*) || ':' || md5(coalesce(string_agg(ctid::text || xmin::text, ',' order by ctid), '')) as hash from "${name}"`);
      statement = sql.raw(parts.join(' union all '));
    }
    const rows = await executeRows<{ name: string; hash: string }>(db, statement);
    return Object.fromEntries(rows.map((row) => [row.name, row.hash]));
  };
}

/** The tables whose content differs between two snapshots. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((name) => before[name] !== after[name]);
}
