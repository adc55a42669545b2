import { runCli, withShopDatabase } from './run-cli';
import { printError } from '../lib/terminal-output';
import { DEMO_SHOP_CONFIG } from '../env';
import { commandPlaceOf, loadShopConfig } from '../modules/config/shop-config';
import { REFUNDS_USAGE, runRefundsCommand } from '../modules/portal/refunds-command';

async function run(argv: string[]): Promise<number> {
  if (!argv.length || argv[0] === '--help') {
    printError(REFUNDS_USAGE);
    return 2;
  }
  // The e-mail waits in the outbox; the running shop's mail sender delivers it.
  return withShopDatabase(({ db }, env) => runRefundsCommand(argv, { db, config: loadShopConfig(env.SHOP_CONFIG, commandPlaceOf(env, DEMO_SHOP_CONFIG)) }));
}

runCli(run);
