import path from 'node:path';
import { openDatabase, type Database } from '../db/client';
import { readEnv, type Env } from '../env';
import { printError } from '../lib/terminal-output';

/**
 * Runs an organiser command and exits with its code; an error the command expects (`isExpected`)
 * prints its message alone, any other its whole story.
 */
export function runCli(run: (argv: string[]) => Promise<number>, isExpected: (error: unknown) => boolean = (error) => error instanceof Error): void {
  run(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      // Messages and stacks can quote data (a name in a database error): printed neutralised.
      printError(isExpected(error) && error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}

/**
 * The shop's database as the server finds it (DATABASE_URL, or the embedded one in DATA_DIR),
 * migrated, for the length of one organiser command.
 */
export async function withShopDatabase<T>(work: (database: Database, env: Env) => Promise<T>): Promise<T> {
  const env = readEnv();
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: path.join(env.DATA_DIR, 'pglite') });
  try {
    await database.migrate();
    return await work(database, env);
  } finally {
    await database.close();
  }
}
