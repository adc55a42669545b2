import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/**
 * Runs independent reads: at once on the pool (each on its own connection), one after the other
 * inside a transaction, which has a single connection (node-postgres would queue them anyway, and
 * warns that queueing will stop working in its next major version).
 */
export async function readTogether<T extends readonly unknown[]>(db: Db, reads: { [K in keyof T]: () => Promise<T[K]> }): Promise<T> {
  if (!(db instanceof PgTransaction)) return Promise.all(reads.map((read) => read())) as unknown as Promise<T>;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}
