import { existsSync } from 'node:fs';
import path from 'node:path';
import { folderHolder, isEmptyFolder, requestBackup } from '../db/backup';
import { openDatabase } from '../db/client';
import { readEnv } from '../env';
import { printError, printLine, shown } from '../lib/terminal-output';
import { runCli } from './run-cli';

const USAGE = `Usage:
  npm run backup [-- FILE]   a copy of the embedded database, taken while the shop runs (or not)

FILE is a new file (default: DATA_DIR/backups/shop-<date and time>.tar.gz); a backup never
overwrites one. Keep DATA_DIR/app-secret (or your APP_SECRET) with it: it signs the tickets and
seals the staff's second factors. Bring a copy back with npm run restore -- FILE (docs/operations.md).`;

const PG_DUMP = `This shop runs on PostgreSQL (DATABASE_URL): back it up with PostgreSQL's own tools, which
copy a running database consistently, for example

  pg_dump --format=custom --file=shop.dump "$DATABASE_URL"

and restore into an empty database with pg_restore --dbname=... shop.dump (docs/operations.md).
Keep your APP_SECRET with it: it signs the tickets and seals the staff's second factors.`;

async function run(argv: string[]): Promise<number> {
  if (argv.length > 1 || argv[0]?.startsWith('-')) {
    printError(USAGE);
    return 2;
  }
  const env = readEnv();
  if (env.DATABASE_URL) {
    printLine(PG_DUMP);
    return 0;
  }
  const dataDir = path.join(env.DATA_DIR, 'pglite');
  if (isEmptyFolder(dataDir)) {
    printError(shown`There is no embedded database in ${dataDir} to back up (DATA_DIR is ${env.DATA_DIR}).`);
    return 1;
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.resolve(argv[0] ?? path.join(env.DATA_DIR, 'backups', `shop-${stamp}.tar.gz`));
  if (existsSync(file)) {
    printError(shown`${file} exists already: a backup never overwrites a file.`);
    return 1;
  }
  const started = Date.now();
  const running = folderHolder(dataDir);
  let bytes: number;
  if (running !== null) {
    // The running shop writes it: one committed state, its buyers waiting a moment meanwhile.
    ({ bytes } = await requestBackup(dataDir, file));
  } else {
    const database = await openDatabase({ dataDir });
    try {
      ({ bytes } = await database.backup!(file));
    } finally {
      await database.close();
    }
  }
  const megabytes = (bytes / 1024 / 1024).toFixed(1);
  printLine(shown`Backed up the ${running !== null ? 'running shop’s' : 'shop’s'} database to ${file} (${megabytes} MB, ${((Date.now() - started) / 1000).toFixed(1)} s).`);
  printLine(shown`Keep ${path.join(env.DATA_DIR, 'app-secret')} (or your APP_SECRET) with it: it signs the tickets and seals the staff's second factors.`);
  return 0;
}

runCli(run);
