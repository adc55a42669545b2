import { runCli, withShopDatabase } from './run-cli';
import { printError } from '../lib/terminal-output';
import { DEMO_SHOP_CONFIG } from '../env';
import { commandPlaceOf, loadShopConfig } from '../modules/config/shop-config';
import { ORDERS_USAGE, runOrdersCommand } from '../modules/orders/orders-command';
import { createPaymentsService } from '../modules/payments/payments.service';
import { gatewayForCommand } from '../modules/payments/gateways/configured';

async function run(argv: string[]): Promise<number> {
  if (!argv.length || argv[0] === '--help') {
    printError(ORDERS_USAGE);
    return 2;
  }
  return withShopDatabase(async ({ db }, env) => {
    const config = loadShopConfig(env.SHOP_CONFIG, commandPlaceOf(env, DEMO_SHOP_CONFIG));
    const payments = createPaymentsService({ db, config, gateway: gatewayForCommand(config, env), appSecret: env.APP_SECRET });
    // The confirmation e-mail waits in the outbox; the running shop's mail sender delivers it.
    return runOrdersCommand(argv, { db, config, appSecret: env.APP_SECRET, payments });
  });
}

runCli(run);
