import { runCli, withShopDatabase } from './run-cli';
import { countOutbox, discardUnsentMails, listTroubledMails, retryFailedMails } from '../modules/mail/mail.queries';

const USAGE = `Usage:
  npm run mail -- status              messages per status, and those that failed or are being retried
  npm run mail -- retry [ID...]       send failed messages again (all of them, or these), attempts counted afresh
  npm run mail -- discard ID...       never send these unsent messages (they are marked failed)
  npm run mail -- discard all-pending never send any message still waiting (a demo database's kept mail)

The shop's database comes from DATABASE_URL or DATA_DIR, as for the server. The embedded
database allows one process at a time: stop the shop first. On PostgreSQL the running shop picks
retried messages up within a second.`;

const LISTED = 100;

async function run(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const ids = rest.filter((arg) => arg !== 'all-pending').map(Number);
  const valid = ids.every((id) => Number.isInteger(id) && id > 0);
  if (!valid || !(command === 'status' || command === 'retry' || (command === 'discard' && rest.length > 0))) {
    console.error(USAGE);
    return 2;
  }
  return withShopDatabase(async ({ db }) => {
    if (command === 'status') {
      console.log(await countOutbox(db));
      const troubled = await listTroubledMails(db, LISTED);
      if (troubled.length) console.table(troubled.map((mail) => ({ ...mail, lastError: mail.lastError?.slice(0, 80) ?? null })));
      return 0;
    }
    if (command === 'retry') {
      const retried = await retryFailedMails(db, ids.length ? ids : undefined);
      console.log(retried.length ? `Pending again: ${retried.join(', ')}` : 'No failed messages matched.');
      return 0;
    }
    const discarded = await discardUnsentMails(db, rest.includes('all-pending') ? 'all-pending' : ids);
    console.log(discarded.length ? `Discarded: ${discarded.join(', ')}` : 'No unsent messages matched.');
    return 0;
  });
}

runCli(run);
