import path from 'node:path';
import { openDatabase } from '../db/client';
import { readEnv } from '../env';
import { runCli } from './run-cli';
import { loadShopConfig } from '../modules/config/shop-config';
import { ORDERS_USAGE, runOrdersCommand } from '../modules/orders/orders-command';
import { createPaymentsService } from '../modules/payments/payments.service';
import { createSandboxGateway } from '../modules/payments/sandbox-gateway';

async function run(argv: string[]): Promise<number> {
  if (!argv.length || argv[0] === '--help') {
    console.error(ORDERS_USAGE);
    return 2;
  }
  const env = readEnv();
  const config = loadShopConfig(env.SHOP_CONFIG);
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: path.join(env.DATA_DIR, 'pglite') });
  try {
    await database.migrate();
    const payments = createPaymentsService({ db: database.db, config, gateway: createSandboxGateway(env.APP_SECRET), appSecret: env.APP_SECRET });
    // The confirmation e-mail waits in the outbox; the running shop's mail sender delivers it.
    return await runOrdersCommand(argv, { db: database.db, config, appSecret: env.APP_SECRET, payments });
  } finally {
    await database.close();
  }
}

runCli(run);
