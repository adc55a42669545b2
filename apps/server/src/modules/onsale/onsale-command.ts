import type { Db } from '../../db/client';
import { printError as printErrorLine, printLine, tsvRow } from '../../lib/terminal-output';
import { listOnsales, type OnsaleListRow } from './onsale.queries';

export const ONSALE_USAGE = `Usage:
  npm run onsale -- status    the on-sales of the catalogue: when each room and sale opens and closes,
                              its admission control, session length and products, and where it stands

On-sales are set in the catalogue file (onsales, docs/catalogue.md). Run this with DATABASE_URL or
DATA_DIR, as the server has them. The embedded database allows one process at a time: stop the
shop first.`;

type Deps = { db: Db; now?: () => Date; print?: (line: string) => void; printError?: (line: string) => void };

/** Where an on-sale stands at `now`. */
export function onsaleStage(row: OnsaleListRow['onsale'], now: Date): 'switched off' | 'room not open yet' | 'pre-queue' | 'selling' | 'closed' {
  if (!row.active) return 'switched off';
  const at = now.getTime();
  if (at < row.roomOpensAt.getTime()) return 'room not open yet';
  if (at < row.opensAt.getTime()) return 'pre-queue';
  if (row.closesAt && at >= row.closesAt.getTime()) return 'closed';
  return 'selling';
}

/** The organiser's on-sale command (issue 23; the back office's dashboard will show the same live). */
export async function runOnsaleCommand(argv: string[], deps: Deps): Promise<number> {
  const print = deps.print ?? printLine;
  const printError = deps.printError ?? printErrorLine;
  if (argv.length === 1 && argv[0] === 'status') {
    const rows = await listOnsales(deps.db);
    if (!rows.length) print('No on-sales: add onsales to the catalogue file (docs/catalogue.md).');
    const now = (deps.now ?? (() => new Date()))();
    for (const { onsale, eventCode, products } of rows) {
      print(
        tsvRow([
          onsale.code,
          `event ${eventCode}`,
          onsaleStage(onsale, now),
          `room ${onsale.roomOpensAt.toISOString()}`,
          `opens ${onsale.opensAt.toISOString()}`,
          `closes ${onsale.closesAt ? onsale.closesAt.toISOString() : 'when sold out'}`,
          onsale.admissionMode === 'rate' ? `${onsale.admissionLimit} a minute` : `at most ${onsale.admissionLimit} at once`,
          `sessions ${onsale.sessionMinutes} min`,
          onsale.proofOfWorkBits ? `proof of work ${onsale.proofOfWorkBits} bits` : 'no proof of work',
          products.join(', '),
        ]),
      );
    }
    return 0;
  }
  printError(ONSALE_USAGE);
  return 2;
}
