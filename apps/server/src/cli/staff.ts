import { runCli, withShopDatabase } from './run-cli';
import { DEMO_SHOP_CONFIG } from '../env';
import { commandPlaceOf, loadShopConfig } from '../modules/config/shop-config';
import { runStaffCommand } from '../modules/staff/staff-command';

// The links it sends wait in the outbox; the running shop's mail sender delivers them.
runCli((argv) => withShopDatabase(({ db }, env) => runStaffCommand(argv, { db, mailConfig: loadShopConfig(env.SHOP_CONFIG, commandPlaceOf(env, DEMO_SHOP_CONFIG)) })));
