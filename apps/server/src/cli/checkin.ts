import { runCli, withShopDatabase } from './run-cli';
import { runCheckinCommand } from '../modules/checkin/checkin-command';

runCli((argv) => withShopDatabase(({ db }, env) => runCheckinCommand(argv, { db, secrets: [env.APP_SECRET, ...(env.APP_SECRET_PREVIOUS ?? [])] })));
