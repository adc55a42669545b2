import { runCli, withShopDatabase } from './run-cli';
import { DEMO_SHOP_CONFIG } from '../env';
import { commandPlaceOf, loadShopConfig } from '../modules/config/shop-config';
import { runOnsaleCommand } from '../modules/onsale/onsale-command';

// Times print in the shop's zone, with its offset (decision 0072).
runCli((argv) => withShopDatabase(({ db }, env) => runOnsaleCommand(argv, { db, timeZone: loadShopConfig(env.SHOP_CONFIG, commandPlaceOf(env, DEMO_SHOP_CONFIG)).timezone })));
