import { runCli, withShopDatabase } from './run-cli';
import { runOnsaleCommand } from '../modules/onsale/onsale-command';

runCli((argv) => withShopDatabase(({ db }) => runOnsaleCommand(argv, { db })));
