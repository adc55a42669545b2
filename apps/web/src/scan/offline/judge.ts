import { answerDayIn, answerTexts, answerWords, DAY_CUTOVER_DEFAULT_MINUTES, gateRefusal, gateText, scannerMessages, wrongDayMessage, typedTicketCode, type GateAnswer, type ScannedTicket, type StaffApiAnswer, type Text, type TicketStanding } from '@festival/contract';
import { verifyTicketPass } from '@festival/contract/ticket-pass';
import { intlLocaleOf } from '../../lib/format';
import { currentLanguage } from '../../lib/language';
import { say } from '../../lib/say';
import { scanTexts } from '../scan.messages';
import { stateOf, type LocalState, type LocalStates, type SyncAnswer } from './data';

export type ScanAnswer = StaffApiAnswer<'scan'>;

/** What the device decided without the shop, and what it keeps of it. */
export type OfflineVerdict =
  | {
      kind: 'judged';
      answer: ScanAnswer;
      /** An entry or exit made: to remember on the device and upload later. */
      passed: { ticketId: number; direction: 'in' | 'out'; state: LocalState; first: boolean } | null;
    }
  /** The device cannot tell (a typed code it has not synced): staff scan the QR code instead. */
  | { kind: 'unjudged'; message: string };

// Worded as the shop words them online (checkin.service), in the shop's locale from the sync.
/** Times and days in the page's language: the shop's locale where it is of that language (lib/format.ts). */
const pageLocale = (shopLocale: string): string => intlLocaleOf(shopLocale, currentLanguage());

const clock = (date: Date, timeZone: string, locale: string) => new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(date);
const departureText = (date: Date, timeZone: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(date);

/**
 * A synced ticket's answers to its product's gate questions in words (decision 0106), as the shop
 * words them online: the sync's labels (the scanner's language when it synced), yes/no in the
 * page's language, a date in words. Only the questions the last sync marks for the gate are shown.
 */
export function gateAnswersOf(data: SyncAnswer, productId: number, values: SyncAnswer['tickets'][number]['answers']): GateAnswer[] | undefined {
  const questions = data.products.find((entry) => entry.id === productId)?.questions;
  if (!questions?.length || !values) return undefined;
  const yesNo = { yes: say(answerTexts.yes), no: say(answerTexts.no) };
  const day = answerDayIn(pageLocale(data.locale));
  const answers = questions.flatMap((question) => {
    const value = values[question.code];
    return value === undefined ? [] : [{ question: question.label, answer: gateText(answerWords(question, value, currentLanguage(), yesNo, { day })) }];
  });
  return answers.length ? answers : undefined;
}
/** The answers on a shown ticket, only where there are some. */
const withGateAnswers = (answers: GateAnswer[] | undefined) => (answers ? { answers } : {});

const hexBytes = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));

/** The event's public keys as the pass check takes them. */
export function publicKeys(data: SyncAnswer): Map<number, Uint8Array> {
  return new Map(data.keys.map((key) => [key.id, hexBytes(key.public_key)]));
}

/**
 * Judges a scan with no network (decision 0039), as the shop would: the pass's signature against
 * the synced keys, the shared gate rule (gateRefusal) with the synced list, the ticket's standing
 * from the last sync (valid; revoked when the shop said so or the pass carries an old code;
 * unknown when sold after the sync: its signature admits it), then its state on the list as this
 * device knows it. A typed code is judged only when the ticket was synced.
 */
export async function judgeOffline(input: {
  text: string;
  direction: 'in' | 'out';
  gate: string;
  data: SyncAnswer;
  local: LocalStates;
  now: Date;
  keys?: Map<number, Uint8Array>;
}): Promise<OfflineVerdict> {
  const { data, now } = input;
  const zone = data.list.timezone;
  const notATicket: OfflineVerdict = { kind: 'judged', answer: { result: 'not-a-ticket', message: say(scannerMessages.notATicket), ticket: null, since: null, gate: null }, passed: null };
  const product = (id: number | null) => (id === null ? undefined : data.products.find((entry) => entry.id === id));

  let scanned: ScannedTicket;
  let standing: TicketStanding;
  let shown: NonNullable<ScanAnswer['ticket']>;

  const check = await verifyTicketPass(input.text, input.keys ?? publicKeys(data), now);
  if (check.ok || check.reason === 'expired' || check.reason === 'not-yet-valid') {
    // A pass outside its window is still the ticket's: the rule says wrong day, not "not a ticket".
    const pass = check.pass!;
    const synced = data.tickets.find((ticket) => ticket.id === pass.ticketId);
    standing = !synced ? 'unknown' : synced.valid && synced.code === pass.code ? 'valid' : 'revoked';
    const travel = pass.travelTimeId === null ? undefined : data.departures.find((departure) => departure.id === pass.travelTimeId);
    const fixed = product(pass.productId)?.departs_at;
    const departure = travel ? new Date(travel.departs_at) : fixed ? new Date(fixed) : null;
    scanned = { ticketId: pass.ticketId, eventId: pass.eventId, productId: pass.productId, departure, validFrom: pass.validFrom, validUntil: pass.validUntil };
    shown = {
      code: pass.code,
      product: product(pass.productId)?.name ?? '',
      holder: synced?.holder ?? null,
      age: synced?.age ?? pass.ageRange,
      departure: departure?.toISOString() ?? null,
      ...withGateAnswers(synced ? gateAnswersOf(data, synced.product_id, synced.answers) : undefined),
    };
  } else if (check.reason === 'not-a-ticket' && typedTicketCode(input.text)) {
    // A typed code: only a synced ticket can be judged; the sync said its product and departure
    // (its pass's window is not synced: the list's window applies).
    const code = typedTicketCode(input.text);
    const synced = data.tickets.find((ticket) => ticket.code === code);
    if (!synced) return { kind: 'unjudged', message: say(scanTexts.errors.offlineTypedCode) };
    const fixed = product(synced.product_id)?.departs_at;
    const departure = synced.departs_at ? new Date(synced.departs_at) : fixed ? new Date(fixed) : null;
    standing = synced.valid ? 'valid' : 'revoked';
    scanned = { ticketId: synced.id, eventId: data.list.event_id, productId: synced.product_id, departure, validFrom: new Date(0), validUntil: new Date(8.64e15) };
    shown = { code: synced.code, product: product(synced.product_id)?.name ?? '', holder: synced.holder, age: synced.age, departure: departure?.toISOString() ?? null, ...withGateAnswers(gateAnswersOf(data, synced.product_id, synced.answers)) };
  } else {
    return notATicket;
  }

  // Data kept by a scanner built before day tickets (decision 0064) has no days: every day, until its next sync.
  const productDays = new Map(data.products.flatMap((entry) => (entry.days ? [[entry.id, entry.days] as const] : [])));
  const rule = {
    id: data.list.id,
    eventId: data.list.event_id,
    productIds: data.list.product_ids,
    entry: data.list.entry,
    opensAt: data.list.opens_at ? new Date(data.list.opens_at) : null,
    closesAt: data.list.closes_at ? new Date(data.list.closes_at) : null,
    boardingBeforeMinutes: data.list.boarding_before_minutes,
    boardingAfterMinutes: data.list.boarding_after_minutes,
    timeZone: zone,
    dayCutoverMinutes: (data.list.day_cutover_minutes as number | undefined) ?? DAY_CUTOVER_DEFAULT_MINUTES,
    productDays,
  };
  // Said as the shop says them online: in the page's language.
  const refusal = (result: ScanAnswer['result'], message: Text): OfflineVerdict => ({ kind: 'judged', answer: { result, message: say(message), ticket: shown, since: null, gate: null }, passed: null });
  const refused = gateRefusal(rule, scanned, standing, now);
  if (refused?.result === 'revoked') return refusal('revoked', scannerMessages.revoked);
  if (refused?.result === 'wrong-list') return refusal('wrong-list', scannerMessages.wrongList);
  if (refused?.result === 'wrong-bus') return refusal('wrong-bus', scannerMessages.wrongBus(departureText(refused.departure, zone, pageLocale(data.locale))));
  if (refused?.result === 'wrong-day') return refusal('wrong-day', wrongDayMessage(refused.days, pageLocale(data.locale)));

  const direction = data.list.entry === 'alternating' ? input.direction : 'in';
  const state = stateOf(data, input.local, scanned.ticketId);
  const passedState: LocalState = { inside: direction === 'in', since: now.toISOString(), gate: input.gate };
  if (direction === 'out') {
    if (!state?.inside) return refusal('not-inside', scannerMessages.notInside);
    return {
      kind: 'judged',
      answer: { result: 'exit', message: say(scannerMessages.exit), ticket: shown, since: null, gate: null },
      passed: { ticketId: scanned.ticketId, direction, state: passedState, first: false },
    };
  }
  // A single-entry list admits once; an alternating one whoever is not inside.
  if (state && (state.inside || data.list.entry === 'single')) {
    const since = new Date(state.since);
    return {
      kind: 'judged',
      answer: { result: 'already-in', message: say(scannerMessages.alreadyIn(clock(since, zone, pageLocale(data.locale)), state.gate)), ticket: shown, since: since.toISOString(), gate: state.gate },
      passed: null,
    };
  }
  return {
    kind: 'judged',
    answer: { result: 'admit', message: say(scannerMessages.admit), ticket: shown, since: null, gate: null },
    passed: { ticketId: scanned.ticketId, direction, state: passedState, first: !state },
  };
}
