import pg from 'pg';

/** A count the statement answers as `n`, read on its own connection to a PostgreSQL database (the fault tests' servers run in other processes). */
export async function countOn(url: string, statement: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ n: number }>(statement)).rows[0]!.n;
  } finally {
    await client.end();
  }
}
