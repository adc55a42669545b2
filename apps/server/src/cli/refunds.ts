import { runCli, withShopDatabase } from './run-cli';
import { printError } from '../lib/terminal-output';
import { DEMO_SHOP_CONFIG } from '../env';
import { commandPlaceOf, loadShopConfig } from '../modules/config/shop-config';
import { gatewayForCommand } from '../modules/payments/gateways/configured';
import { REFUNDS_USAGE, runRefundsCommand } from '../modules/portal/refunds-command';

async function run(argv: string[]): Promise<number> {
  if (!argv.length || argv[0] === '--help') {
    printError(REFUNDS_USAGE);
    return 2;
  }
  // The e-mail waits in the outbox; the running shop's mail sender delivers it.
  return withShopDatabase(({ db }, env) => {
    const config = loadShopConfig(env.SHOP_CONFIG, commandPlaceOf(env, DEMO_SHOP_CONFIG));
    return runRefundsCommand(argv, {
      db,
      config,
      // Card money goes back through the shop's own provider; without one, every refund is paid out by bank.
      gateway: gatewayForCommand(config, env),
    });
  });
}

runCli(run);
