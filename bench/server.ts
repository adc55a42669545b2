import { createDatabase, startServerProcess } from '../apps/server/test/load/server-process';

export interface RunningShop {
  url: string;
  engine: 'pglite' | 'postgres';
  /** The shop's PostgreSQL database (postgres engine only). */
  databaseUrl?: string;
  /** Peak resident memory of the server process so far, in MB. */
  peakMemoryMb(): number | null;
  stop(): Promise<void>;
}

export const ADMIN_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * The real server in its own process (as production runs it), on a fresh embedded database or
 * a fresh PostgreSQL database, with the demo catalogue loaded.
 */
export async function startShop(engine: 'pglite' | 'postgres', port: number): Promise<RunningShop> {
  const database = engine === 'postgres' ? await createDatabase(ADMIN_DATABASE_URL, `shop_bench_${process.pid}_${port}`) : undefined;
  const server = await startServerProcess({ port, ...(database ? { databaseUrl: database.url } : {}) });
  return {
    url: server.url,
    engine,
    ...(database ? { databaseUrl: database.url } : {}),
    peakMemoryMb: () => server.peakMemoryMb(),
    async stop() {
      await server.stop();
      await database?.drop();
    },
  };
}
