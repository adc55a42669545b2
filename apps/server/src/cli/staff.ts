import { runCli, withShopDatabase } from './run-cli';
import { runStaffCommand } from '../modules/staff/staff-command';

runCli((argv) => withShopDatabase(({ db }) => runStaffCommand(argv, { db })));
