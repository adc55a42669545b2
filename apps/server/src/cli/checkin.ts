import { runCli, withShopDatabase } from './run-cli';
import { DEMO_SHOP_CONFIG } from '../env';
import { commandPlaceOf, loadShopConfig } from '../modules/config/shop-config';
import { runCheckinCommand } from '../modules/checkin/checkin-command';

// Times print in the shop's zone, with its offset (decision 0072).
runCli((argv) =>
  withShopDatabase(({ db }, env) =>
    runCheckinCommand(argv, { db, secrets: [env.APP_SECRET, ...(env.APP_SECRET_PREVIOUS ?? [])], timeZone: loadShopConfig(env.SHOP_CONFIG, commandPlaceOf(env, DEMO_SHOP_CONFIG)).timezone }),
  ),
);
