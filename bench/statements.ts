import pg from 'pg';
import { prepareFlashSale, runFlashSale } from '../apps/server/test/load/flash-sale';
import { privatePostgresUnavailable, startPrivatePostgres } from '../apps/server/test/load/private-postgres';
import { startServerProcess } from '../apps/server/test/load/server-process';
import { note } from './report';

/**
 * Where the database's time goes in a small on-sale: the shop on a private PostgreSQL with
 * pg_stat_statements, 500 buyers for 100 units, then the statements by total time and by calls.
 * A diagnosis, not a figure with a target (docs/decisions/0021 shows what it found).
 */
export async function benchStatements(): Promise<void> {
  const why = privatePostgresUnavailable();
  if (why) return note(`statement statistics skipped: ${why}`);
  const postgres = await startPrivatePostgres('-c shared_preload_libraries=pg_stat_statements');
  try {
    const server = await startServerProcess({ port: 3830, databaseUrl: postgres.url, quiet: true });
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    try {
      await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
      const sale = await prepareFlashSale(postgres.url, { stock: 100, buyers: 500 });
      await client.query('SELECT pg_stat_statements_reset()');
      const result = await runFlashSale(sale, { baseUrls: [server.url], databaseUrl: postgres.url, concurrency: 50 });
      note(`${result.buyers} buyers: ${result.purchased} bought, ${result.soldOut} sold out, in ${result.seconds.toFixed(1)} s`);
      const total = await client.query<{ calls: number; ms: number }>('SELECT sum(calls)::int AS calls, round(sum(total_exec_time))::int AS ms FROM pg_stat_statements');
      note(`${total.rows[0]!.calls} statements, ${total.rows[0]!.ms} ms in the database (${(total.rows[0]!.calls / result.buyers).toFixed(1)} per buyer)`);
      for (const order of ['total_exec_time', 'calls']) {
        note(`by ${order === 'calls' ? 'calls' : 'total time'}:`);
        const { rows } = await client.query<{ calls: number; ms: string; query: string }>(
          `SELECT calls, round(total_exec_time::numeric, 1) AS ms, left(regexp_replace(query, '\\s+', ' ', 'g'), 110) AS query FROM pg_stat_statements ORDER BY ${order} DESC LIMIT 12`,
        );
        for (const row of rows) note(`  ${String(row.calls).padStart(6)} calls ${row.ms.padStart(9)} ms  ${row.query}`);
      }
    } finally {
      await client.end();
      await server.stop();
    }
  } finally {
    postgres.stop();
  }
}
