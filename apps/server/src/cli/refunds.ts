import path from 'node:path';
import { openDatabase } from '../db/client';
import { readEnv } from '../env';
import { runCli } from './run-cli';
import { loadShopConfig } from '../modules/config/shop-config';
import { REFUNDS_USAGE, runRefundsCommand } from '../modules/portal/refunds-command';

async function run(argv: string[]): Promise<number> {
  if (!argv.length || argv[0] === '--help') {
    console.error(REFUNDS_USAGE);
    return 2;
  }
  const env = readEnv();
  const config = loadShopConfig(env.SHOP_CONFIG);
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: path.join(env.DATA_DIR, 'pglite') });
  try {
    await database.migrate();
    // The e-mail waits in the outbox; the running shop's mail sender delivers it.
    return await runRefundsCommand(argv, { db: database.db, config });
  } finally {
    await database.close();
  }
}

runCli(run);
