import { isoInZone } from '@festival/contract';
import type { Db } from '../../db/client';
import { printError as printErrorLine, printLine, shown, tsvRow } from '../../lib/terminal-output';
import { checkinStats, listConflicts } from './checkin.queries';
import { listCheckinLists } from './checkin-lists.queries';
import { createScanners } from './scanners';
import { createTicketKeys } from './ticket-keys';

export const CHECKIN_USAGE = `Usage:
  npm run checkin -- lists                the check-in lists of the catalogue: event, products, entry rule,
                                          window, boarding margins and gates
  npm run checkin -- stats                per list and gate: tickets admitted, inside now (last in there),
                                          offline conflicts and refused offline scans
  npm run checkin -- conflicts            offline scans that were not counted, newest first: a ticket
                                          admitted at two offline gates (with where it was counted), and
                                          scans the shop refuses (revoked, another list's, outside the
                                          window, a wrong bus, a gate the list does not have)
  npm run checkin -- scanner add NAME     a scanner credential for a gate device; its code is shown once
  npm run checkin -- scanner list         the scanners, live or revoked
  npm run checkin -- scanner revoke ID    the scanner stops working at once (its devices are signed out)
  npm run checkin -- keys list            the keys that sign ticket passes (the QR codes), per event:
                                          key id, generation, created, retired
  npm run checkin -- keys rotate [--retire]
                                          a new key for every event: tickets downloaded from now on carry
                                          passes signed with it. Passes already out keep working, unless
                                          --retire: then the older keys stop verifying at once (a key
                                          that leaked), and every holder must download their ticket again.

The keys' private halves are derived from APP_SECRET and never stored: run this with the shop's
APP_SECRET (and DATABASE_URL or DATA_DIR), as the server has them. The embedded database allows
one process at a time: stop the shop first.`;

/** Why an uploaded scan was refused, in the organiser's words. */
function refusalWords(reason: string | null): string {
  switch (reason) {
    case 'revoked':
      return 'revoked';
    case 'wrong-list':
      return 'not valid on this list';
    case 'wrong-day':
      return 'not the ticket’s day, or outside the list’s or the ticket’s window';
    case 'wrong-bus':
      return 'wrong bus';
    case 'unknown-gate':
      return 'not a gate of this list';
    default:
      return reason ?? 'no reason kept';
  }
}

type Deps = {
  db: Db;
  /** APP_SECRET first, then previous ones still configured. */
  secrets: readonly string[];
  /** The shop's zone (its configuration's `timezone`): times print as ISO-8601 with its offset, as the exports write them (decision 0072). UTC without one. */
  timeZone?: string;
  now?: () => Date;
  print?: (line: string) => void;
  printError?: (line: string) => void;
};

/** The organiser's check-in command (until the back office exists): lists, figures, scanners and keys (issue 21, decision 0038). */
export async function runCheckinCommand(argv: string[], deps: Deps): Promise<number> {
  const print = deps.print ?? printLine;
  const printError = deps.printError ?? printErrorLine;
  const keys = createTicketKeys({ db: deps.db, secrets: deps.secrets });
  const [group, action, ...rest] = argv;
  const when = (date: Date | null) => (date ? (deps.timeZone ? isoInZone(date, deps.timeZone) : date.toISOString()) : '-');
  if (group === 'lists' && argv.length === 1) {
    const lists = await listCheckinLists(deps.db);
    if (!lists.length) print('No check-in lists: add checkin_lists to the catalogue file (docs/catalogue.md).');
    for (const list of lists) {
      print(
        tsvRow([
          list.code,
          list.name,
          `event ${list.eventName}`,
          list.active ? list.entry : 'switched off',
          `open ${when(list.opensAt)} to ${when(list.closesAt)}`,
          `boarding ${list.boardingBeforeMinutes} min before to ${list.boardingAfterMinutes} after`,
          list.gates.length ? `gates ${list.gates.join(', ')}` : 'any gate',
          // A day ticket with its days: NWF27-DAY-SAT on 2027-06-19 (festival days turn at the cut-over).
          list.products.map((product) => (product.days ? `${product.externalCode} on ${product.days.join(' ')}` : product.externalCode)).join(', '),
          `days turn at ${String(Math.floor(list.dayCutoverMinutes / 60)).padStart(2, '0')}:${String(list.dayCutoverMinutes % 60).padStart(2, '0')}`,
        ]),
      );
    }
    return 0;
  }
  if (group === 'stats' && argv.length === 1) {
    const rows = await checkinStats(deps.db);
    if (!rows.length) print('No check-in lists yet.');
    for (const row of rows) {
      print(tsvRow([row.list_code, row.list_name, row.gate === null ? 'no scans yet' : `gate ${row.gate}`, `admitted ${row.admitted}`, `inside ${row.inside}`, `conflicts ${row.conflicts}`, `refused ${row.refused}`]));
    }
    return 0;
  }
  if (group === 'conflicts' && argv.length === 1) {
    const rows = await listConflicts(deps.db);
    if (!rows.length) print('No conflicts or refused scans.');
    for (const row of rows) {
      print(
        tsvRow([
          row.listCode,
          `ticket ${row.ticketCode}`,
          row.holder ?? '',
          `scanned ${when(row.scannedAt)} at gate ${row.gate}${row.scanner ? ` by ${row.scanner}` : ''}`,
          row.kind === 'refused' ? `refused: ${refusalWords(row.reason)}` : row.countedAt ? `counted ${when(row.countedAt)} at gate ${row.countedGate}` : 'not counted',
        ]),
      );
    }
    return 0;
  }
  if (group === 'scanner') {
    const scanners = createScanners({ db: deps.db, now: deps.now });
    if (action === 'add' && rest.length === 1 && rest[0]!.trim() && rest[0]!.length <= 100) {
      const added = await scanners.add(rest[0]!.trim());
      print(shown`Scanner ${added.id} "${added.name}": code ${added.code}`);
      print('Give the code to the person using the device; it is not shown again.');
      return 0;
    }
    if (action === 'list' && !rest.length) {
      for (const row of await scanners.list()) print(tsvRow([`scanner ${row.id}`, row.name, `created ${when(row.createdAt)}`, row.revokedAt ? `revoked ${when(row.revokedAt)}` : 'live']));
      return 0;
    }
    if (action === 'revoke' && rest.length === 1 && /^[1-9][0-9]{0,8}$/.test(rest[0]!)) {
      if (!(await scanners.revoke(Number(rest[0])))) {
        printError(`There is no live scanner ${rest[0]}.`);
        return 1;
      }
      print(`Scanner ${rest[0]} is revoked: its devices are signed out and can no longer scan.`);
      return 0;
    }
  }
  if (group === 'keys' && action === 'list' && !rest.length) {
    const rows = await keys.listKeys();
    if (!rows.length) print('No ticket keys yet: the first ticket downloaded for an event makes its key.');
    for (const row of rows) {
      print(tsvRow([`key ${row.id}`, row.eventKey ? `event ${row.eventName ?? row.eventKey}` : 'no event', `generation ${row.generation}`, `created ${when(row.createdAt)}`, row.retiredAt ? `retired ${when(row.retiredAt)}` : 'live']));
    }
    return 0;
  }
  if (group === 'keys' && action === 'rotate' && (!rest.length || (rest.length === 1 && rest[0] === '--retire'))) {
    const retire = rest[0] === '--retire';
    const done = await keys.rotate({ retire, at: (deps.now ?? (() => new Date()))() });
    for (const row of done) {
      // An event's name is organiser data: shown with any control character (a line break too) escaped.
      const event = row.eventKey ? shown`event ${row.eventName ?? row.eventKey}` : 'tickets without an event';
      print(`${event}: now signed with generation ${row.generation}${retire ? `; ${row.retired} older key${row.retired === 1 ? '' : 's'} retired` : ''}`);
    }
    if (retire) print('Passes signed with the retired keys no longer verify: tell the holders to download their tickets again.');
    return 0;
  }
  printError(CHECKIN_USAGE);
  return 2;
}
