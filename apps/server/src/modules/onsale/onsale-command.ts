import type { Db } from '../../db/client';
import { printError as printErrorLine, printLine, tsvRow } from '../../lib/terminal-output';
import { isoInZone, steeringChangeOf, steeringText, type OnsaleState } from '@festival/contract';
import { listOnsales, onsaleFigures, type OnsaleListRow } from './onsale.queries';
import { onsaleState } from './onsale-state';

export const ONSALE_USAGE = `Usage:
  npm run onsale -- status    the on-sales of the catalogue: when each room and sale opens and closes,
                              its admission control, session length and products, where it stands,
                              and its live figures: waiting, admitted, shopping now, the admission
                              rate since the opening, when it sold out
  npm run onsale -- watch [seconds]
                              the live figures every few seconds (default 5), with the admission rate
                              over each interval, until stopped (Ctrl-C)

On-sales are set in the catalogue file (onsales, docs/catalogue.md) or made on the back office's
On-sales page, which also opens, pauses and closes them. Run this with DATABASE_URL or
DATA_DIR, as the server has them. The embedded database allows one process at a time: stop the
shop first.`;

type Deps = {
  db: Db;
  /** The shop's zone (its configuration's `timezone`): times print as ISO-8601 with its offset, as the exports write them (decision 0072). UTC without one. */
  timeZone?: string;
  now?: () => Date;
  print?: (line: string) => void;
  printError?: (line: string) => void;
  signal?: AbortSignal;
};

const STAGE_NAMES: Record<Exclude<OnsaleState, 'sold-out'>, string> = {
  'switched-off': 'switched off',
  'not-yet-open': 'room not open yet',
  'pre-queue': 'pre-queue',
  admitting: 'selling',
  paused: 'admissions paused',
  closed: 'closed',
};

/** Where an on-sale stands at `now` (its sell-out is a column of its own). */
export function onsaleStage(row: OnsaleListRow['onsale'], now: Date): string {
  return STAGE_NAMES[onsaleState({ ...row, soldOut: false }, now) as Exclude<OnsaleState, 'sold-out'>];
}

/** The organiser's on-sale command (issue 23; the back office's On-sales page shows the same live). */
export async function runOnsaleCommand(argv: string[], deps: Deps): Promise<number> {
  const print = deps.print ?? printLine;
  const printError = deps.printError ?? printErrorLine;
  const at = (date: Date) => inZone(date, deps.timeZone);
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
          `room ${at(onsale.roomOpensAt)}`,
          `opens ${at(onsale.opensAt)}`,
          `closes ${onsale.closesAt ? at(onsale.closesAt) : 'when sold out'}`,
          admissionText(onsale),
          `sessions ${onsale.sessionMinutes} min`,
          onsale.proofOfWorkBits ? `proof of work ${onsale.proofOfWorkBits} bits` : 'no proof of work',
          products.join(', '),
          ...(await liveFigures(deps.db, onsale, now, deps.timeZone)),
        ]),
      );
    }
    return 0;
  }
  if (argv[0] === 'watch' && argv.length <= 2) {
    const seconds = argv[1] === undefined ? 5 : Number(argv[1]);
    if (!Number.isInteger(seconds) || seconds < 1 || seconds > 3600) {
      printError('watch takes a whole number of seconds from 1 to 3600.');
      return 2;
    }
    await watchOnsales(deps, seconds, print);
    return 0;
  }
  printError(ONSALE_USAGE);
  return 2;
}

/** The admission control as the status line says it. */
export function admissionText(onsale: Pick<OnsaleListRow['onsale'], 'admissionMode' | 'admissionLimit' | 'admissionRateLimit' | 'steerMin' | 'steerTargetMs'>): string {
  if (onsale.admissionMode === 'rate') return `${onsale.admissionLimit} a minute`;
  if (onsale.admissionMode === 'steer') return `self-steering ${onsale.steerMin}-${onsale.admissionLimit} a minute, p99 under ${onsale.steerTargetMs} ms`;
  return onsale.admissionRateLimit === null ? `at most ${onsale.admissionLimit} at once` : `at most ${onsale.admissionLimit} at once, ${onsale.admissionRateLimit} new a minute`;
}

const minutesBetween = (from: Date, to: Date) => (to.getTime() - from.getTime()) / 60_000;
/** A time as ISO-8601 with the shop zone's offset (UTC, as Z, when the command was given none). */
const inZone = (date: Date, timeZone: string | undefined) => (timeZone ? isoInZone(date, timeZone) : date.toISOString());

/** Steer mode: the rate now and why ("admitting 847 a minute: lowered, the p99 of 212 ms was over the 150 ms target"), or that it starts with the opening. */
export function steeringColumn(onsale: Pick<OnsaleListRow['onsale'], 'admissionMode' | 'steerRate' | 'steerChange' | 'steerP99Ms' | 'steerTargetMs'>): string[] {
  if (onsale.admissionMode !== 'steer') return [];
  if (onsale.steerRate === null || onsale.steerTargetMs === null) return ['steering starts with the opening'];
  return [`admitting ${steeringText({ rate: onsale.steerRate, change: steeringChangeOf(onsale.steerChange), p99Ms: onsale.steerP99Ms }, onsale.steerTargetMs)}`];
}

/** The live columns of an on-sale's status line. */
async function liveFigures(db: Db, onsale: OnsaleListRow['onsale'], now: Date, timeZone: string | undefined): Promise<string[]> {
  const figures = await onsaleFigures(db, onsale.id);
  const minutes = minutesBetween(onsale.opensAt, now);
  return [
    `waiting ${figures.waiting}`,
    `admitted ${figures.admitted}`,
    ...(onsale.admissionMode === 'cap' ? [`shopping now ${figures.active}`] : []),
    ...steeringColumn(onsale),
    minutes > 0 ? `${Math.round(figures.admitted / minutes)} a minute since the opening` : 'not opened',
    onsale.soldOutAt ? `sold out ${inZone(onsale.soldOutAt, timeZone)} (${Math.round(minutesBetween(onsale.opensAt, onsale.soldOutAt) * 60)} s after the opening)` : 'not sold out',
  ];
}

/** The active on-sales' figures every `seconds`, with the rate admitted over each interval, until the signal (Ctrl-C) stops it. */
async function watchOnsales(deps: Deps, seconds: number, print: (line: string) => void): Promise<void> {
  const signal = deps.signal ?? signalOnInterrupt();
  const before = new Map<number, { at: Date; admitted: number }>();
  while (!signal.aborted) {
    const now = (deps.now ?? (() => new Date()))();
    for (const { onsale } of (await listOnsales(deps.db)).filter((row) => row.onsale.active)) {
      const figures = await onsaleFigures(deps.db, onsale.id);
      const last = before.get(onsale.id);
      const rate = last && now > last.at ? Math.round((figures.admitted - last.admitted) / minutesBetween(last.at, now)) : null;
      before.set(onsale.id, { at: now, admitted: figures.admitted });
      print(
        tsvRow([
          inZone(now, deps.timeZone),
          onsale.code,
          onsaleStage(onsale, now),
          `waiting ${figures.waiting}`,
          `admitted ${figures.admitted}`,
          ...(onsale.admissionMode === 'cap' ? [`shopping now ${figures.active}`] : []),
          rate === null ? 'rate: next line' : `${rate} a minute`,
          ...steeringColumn(onsale),
          onsale.soldOutAt ? `sold out ${inZone(onsale.soldOutAt, deps.timeZone)}` : 'not sold out',
        ]),
      );
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, seconds * 1000);
      signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    });
  }
}

/** Aborted by Ctrl-C or a termination request, so the command ends its loop and closes the database. */
function signalOnInterrupt(): AbortSignal {
  const controller = new AbortController();
  for (const name of ['SIGINT', 'SIGTERM'] as const) process.once(name, () => controller.abort());
  return controller.signal;
}
