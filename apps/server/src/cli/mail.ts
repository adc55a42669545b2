import { runCli, withShopDatabase } from './run-cli';
import { printError, printLine, shown, tsvRow } from '../lib/terminal-output';
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
    printError(USAGE);
    return 2;
  }
  return withShopDatabase(async ({ db }) => {
    if (command === 'status') {
      printLine(shown`${await countOutbox(db)}`);
      const troubled = await listTroubledMails(db, LISTED);
      // Addresses, subjects and the SMTP server's errors are data: tab-separated cells, made visible.
      if (troubled.length) printLine(tsvRow(['id', 'to', 'subject', 'status', 'attempts', 'last error', 'next attempt', 'created']));
      for (const mail of troubled) {
        printLine(tsvRow([mail.id, mail.toAddress, mail.subject, mail.status, mail.attempts, mail.lastError?.slice(0, 80) ?? '', mail.nextAttemptAt?.toISOString() ?? '', mail.createdAt.toISOString()]));
      }
      return 0;
    }
    if (command === 'retry') {
      const retried = await retryFailedMails(db, ids.length ? ids : undefined);
      printLine(retried.length ? shown`Pending again: ${retried.join(', ')}` : 'No failed messages matched.');
      return 0;
    }
    const discarded = await discardUnsentMails(db, rest.includes('all-pending') ? 'all-pending' : ids);
    printLine(discarded.length ? shown`Discarded: ${discarded.join(', ')}` : 'No unsent messages matched.');
    return 0;
  });
}

runCli(run);
