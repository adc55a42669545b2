import { existsSync } from 'node:fs';
import path from 'node:path';
import { folderHolder, restoreBackup } from '../db/backup';
import { readEnv } from '../env';
import { printError, printLine, shown } from '../lib/terminal-output';
import { runCli } from './run-cli';

const USAGE = `Usage:
  npm run restore -- FILE   brings a backup (npm run backup) back into an empty data folder

The database goes to DATA_DIR/pglite, which must be missing or empty: a restore replaces nothing.
Put the app-secret kept with the backup back in DATA_DIR (or set APP_SECRET) before starting the
shop, so its tickets and the staff's second factors still open (docs/operations.md).`;

async function run(argv: string[]): Promise<number> {
  if (argv.length !== 1 || argv[0]!.startsWith('-')) {
    printError(USAGE);
    return 2;
  }
  const env = readEnv();
  if (env.DATABASE_URL) {
    printError('This shop runs on PostgreSQL (DATABASE_URL): restore a pg_dump copy with pg_restore into an empty database (docs/operations.md).');
    return 1;
  }
  const file = path.resolve(argv[0]!);
  if (!existsSync(file)) {
    printError(shown`There is no file ${file}.`);
    return 1;
  }
  const dataDir = path.join(env.DATA_DIR, 'pglite');
  if (folderHolder(dataDir) !== null) {
    printError(shown`The embedded database in ${dataDir} is held by a process (is the shop running?): a restore writes only into an empty data folder.`);
    return 1;
  }
  await restoreBackup(dataDir, file);
  printLine(shown`Restored ${file} into ${dataDir}. Start the shop with npm start (with the app-secret kept with the backup).`);
  return 0;
}

runCli(run);
