import { randomUUID, timingSafeEqual } from 'node:crypto';
import { answerDayIn, gateRefusal, gateText, intlLocaleOf, SOURCE_LOCALE, typedTicketCode, scannerMessages, wrongDayMessage, type AnswerValue, type CheckinListRule, type GateAnswer, type GateQuestion, type Locale, type GateRefusal, type ScannedTicket, type StaffApiAnswer, type StaffApiInput, type Text, type TicketStanding } from '@festival/contract';
import { readTicketPass, verifyTicketPass } from '@festival/contract/ticket-pass';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { Worded } from '../../http/api-route';
import * as queries from './checkin.queries';
import { createNodeSignatureCheck, passWindow, type TicketKeys } from './ticket-keys';
import { answerShower } from '../orders/answers-shown';

type GateQuestionRow = Awaited<ReturnType<typeof queries.listGateQuestions>>[number];

/** How long an instance keeps a list or an event's keys before reading them again. */
export const CACHE_MS = 5_000;

/**
 * A sync asks for what changed after its cursor less this overlap: a change whose transaction
 * began before a sync read (its updated_at is its transaction's start) but committed after it is
 * still sent by the next one. Sending a change twice is harmless.
 */
export const SYNC_OVERLAP_MS = 120_000;

/** A scan's answer: its message a text, said in the request's language on the way out (the gate's phone's language). */
type ScanAnswer = Worded<StaffApiAnswer<'scan'>>;

/** A list's products' departures: a product's fixed one (or null), and its travel times'. */
interface ListDepartures {
  products: Map<number, Date | null>;
  travelTimes: Map<number, Date>;
}

function listDepartures(catalogue: Awaited<ReturnType<typeof queries.syncProducts>>): ListDepartures {
  return {
    products: new Map(catalogue.products.map((product) => [product.id, product.departsAt])),
    travelTimes: new Map(catalogue.departures.map((departure) => [departure.id, departure.departsAt])),
  };
}

/** Two ticket codes compared in a time that does not tell where they differ. */
function sameCode(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The shared gate rule's view of a list: its products, and the festival days some of them admit on in its event's zone. */
export const listRule = (list: queries.ActiveList): CheckinListRule => ({
  ...list.list,
  productIds: list.productIds,
  timeZone: list.eventTimezone,
  dayCutoverMinutes: list.list.dayCutoverMinutes,
  productDays: list.productDays,
});

/** Whether a list has this gate (a list without gates takes any gate name). */
const listHasGate = (list: queries.ActiveList, gate: string): boolean => !list.list.gates.length || list.list.gates.includes(gate);

/** Why the shop does not let a scan through: the gate rule's refusal, or a gate the list does not have. */
export type ScanRefusal = GateRefusal | { result: 'unknown-gate' };

/**
 * The one judgement of a scan by the shop's records, online and uploaded alike (decision 0051):
 * the gate is one of the list's, the ticket admits (active, its order paid) and was scanned by its
 * current code (a reassigned ticket's old pass is revoked), and the shared gate rule holds at `at`
 * for its product, departure and window. Null: it may pass, as its state on the list allows
 * (already in and not inside are the conditional statement's to decide).
 */
export function judgeScan(list: queries.ActiveList, gate: string, ticket: { row: queries.ScannedTicketRow; passCode: string | null }, at: Date): ScanRefusal | null {
  if (!listHasGate(list, gate)) return { result: 'unknown-gate' };
  const { row, passCode } = ticket;
  const standing: TicketStanding = row.status === 'active' && row.orderStatus === 'paid' && (passCode === null || sameCode(passCode, row.code)) ? 'valid' : 'revoked';
  const departure = row.departsAt ?? row.itemTravelTime;
  const scanned: ScannedTicket = { ticketId: row.id, eventId: row.eventId ?? 0, productId: row.productId, departure, ...passWindow(row.createdAt, departure ?? row.eventStartsAt) };
  return gateRefusal(listRule(list), scanned, standing, at);
}

/**
 * The gate (issue 21): a scanned pass or typed code is judged by the rules the scanner applies
 * offline (`gateRefusal`), against the shop's own records (a revoked ticket is refused at once),
 * and an entry or exit is decided by one conditional statement.
 */
export function createCheckinService(deps: { db: Db; ticketKeys: TicketKeys; locale: string; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  const checkSignature = createNodeSignatureCheck();
  // Lists, their departures and keys change rarely (a catalogue import, a key rotation) and every
  // scan reads them: each instance keeps them for a few seconds (a change reaches the gates within
  // CACHE_MS; a scan's one statement checks the departure it judged by against the record anyway).
  const listCache = new Map<string, { until: number; list: Promise<queries.ActiveList | null>; departures: Promise<ListDepartures | null>; gateQuestions: Promise<GateQuestionRow[]> }>();
  const keyCache = new Map<number, { until: number; keys: Promise<Map<number, Uint8Array>> }>();
  function cached<K, V>(cache: Map<K, { until: number } & V>, key: K, make: () => V): V {
    const hit = cache.get(key);
    if (hit && hit.until > performance.now()) return hit;
    // Bounded: codes and events are few, but a scanner may send any list code.
    if (cache.size > 1000) cache.clear();
    const entry = { until: performance.now() + CACHE_MS, ...make() };
    cache.set(key, entry);
    return entry;
  }
  const listEntry = (code: string) =>
    cached(listCache, code, () => {
      const list = queries.findActiveList(db, code);
      const departures = list.then((found) => (found ? queries.syncProducts(db, found.productIds).then(listDepartures) : null));
      // Awaited only by a pass's scan: a failed read must not go unhandled (nor stay cached).
      departures.catch(() => listCache.get(code)?.departures === departures && listCache.delete(code));
      // The list's products' questions marked for the gate (decision 0106): a product without any costs a scan no statement.
      const gateQuestions = list.then((found) => (found ? queries.listGateQuestions(db, found.productIds) : []));
      gateQuestions.catch(() => listCache.get(code)?.gateQuestions === gateQuestions && listCache.delete(code));
      return { list, departures, gateQuestions };
    });
  const eventKeys = (eventKey: number) => cached(keyCache, eventKey, () => ({ keys: deps.ticketKeys.publicKeys(eventKey) })).keys;

  const clock = (date: Date, timeZone: string) => new Intl.DateTimeFormat(deps.locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(date);
  const departureText = (date: Date, timeZone: string) =>
    new Intl.DateTimeFormat(deps.locale, { weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(date);

  /** Answers in the scanner's language (decision 0106): labels translated where the organiser did, dates in words, a long text cut. */
  const gateWords = (language: Locale) => {
    const show = answerShower(language, { day: answerDayIn(intlLocaleOf(deps.locale, language)) });
    return {
      question: (question: GateQuestionRow): GateQuestion => ({
        code: question.code,
        kind: question.kind,
        label: show.label(question),
        options: question.options.map((option) => ({ code: option.code, label: show.label(option) })),
      }),
      answer: (question: GateQuestionRow, value: AnswerValue): GateAnswer => ({ question: show.label(question), answer: gateText(show.words(question, value)) }),
    };
  };

  /**
   * A ticket's answers to its product's questions marked for the gate, in the order asked, in the
   * scanner's language (one statement, only when its product has such questions). Only those
   * questions' answers are read: no other answer reaches the gate.
   */
  async function gateAnswersOf(questions: Promise<GateQuestionRow[]>, ticketId: number, productId: number, language: Locale): Promise<GateAnswer[] | null> {
    const asked = (await questions).filter((question) => question.shopItemId === productId);
    if (!asked.length) return null;
    const rows = await queries.listTicketGateAnswers(db, ticketId, asked.map((question) => question.id));
    const words = gateWords(language);
    const answers = asked.flatMap((question) => {
      const row = rows.find((candidate) => candidate.questionId === question.id);
      return row ? [words.answer(question, row.value)] : [];
    });
    return answers.length ? answers : null;
  }
  const withAnswers = (ticket: NonNullable<ScanAnswer['ticket']>, answers: GateAnswer[] | null): ScanAnswer['ticket'] => (answers ? { ...ticket, answers } : ticket);

  /**
   * The ticket a scanned text names: a pass, or a typed code. Online the shop's own records
   * decide (decision 0039): a pass that carries the ticket's current secret code names it as surely
   * as the same code typed in, which admits too, and none of the pass's other fields is trusted
   * (the ticket's product, departure and window come from the database). So the signature is
   * checked only when the code is not the ticket's current one: a genuine earlier pass of a
   * reassigned ticket is "revoked", a made-up one "not a ticket". This keeps the signature check,
   * a tenth of a millisecond of CPU, off the busy path.
   */
  async function ticketOf(text: string): Promise<{ row: queries.ScannedTicketRow; passCode: string | null } | null> {
    const read = readTicketPass(text);
    if (read) {
      const row = await queries.findScannedTicket(db, { id: read.fields.ticketId });
      if (!row) return null;
      if (sameCode(read.fields.code, row.code)) return { row, passCode: read.fields.code };
      let check = await verifyTicketPass(text, await eventKeys(read.fields.eventId), now(), checkSignature);
      if (!check.ok && check.reason === 'unknown-key') {
        // A key made or rotated in since this instance read the event's keys: read them again, once.
        keyCache.delete(read.fields.eventId);
        check = await verifyTicketPass(text, await eventKeys(read.fields.eventId), now(), checkSignature);
      }
      // A pass outside its window is still the ticket's: the gate says "revoked", not "not a ticket".
      if (!check.ok && check.reason !== 'expired' && check.reason !== 'not-yet-valid') return null;
      return { row, passCode: read.fields.code };
    }
    const code = typedTicketCode(text);
    if (!code) return null;
    const row = await queries.findScannedTicket(db, { code });
    return row ? { row, passCode: null } : null;
  }

  return {
    /** A list changed in the back office: this instance reads it again at its next scan (others within CACHE_MS). */
    forgetList(code: string): void {
      listCache.delete(code);
    },

    async lists(): Promise<StaffApiAnswer<'checkin-lists'>['lists']> {
      return queries.listActiveListsWithCounts(db);
    },

    /** What a scanner keeps to judge tickets of a list without a network (decision 0039). */
    async sync(input: StaffApiInput<'sync'>, language: Locale = SOURCE_LOCALE): Promise<StaffApiAnswer<'sync'>> {
      const list = await queries.findActiveList(db, input.list);
      if (!list) throw new AppError('INVALID_INPUT', scannerMessages.unknownList, { list: [scannerMessages.unknownList] });
      const cursor = await queries.databaseNow(db);
      const since = input.since ? new Date(Date.parse(input.since) - SYNC_OVERLAP_MS) : null;
      const gateQuestions = await queries.listGateQuestions(db, list.productIds);
      const [keys, catalogue, tickets, states, counts, answerRows] = await Promise.all([
        deps.ticketKeys.scannerKeys(list.list.eventId),
        queries.syncProducts(db, list.productIds),
        queries.syncTickets(db, list.productIds, since),
        queries.syncStates(db, list.list.id, since),
        queries.listCounts(db, list.list.id),
        queries.syncGateAnswers(db, list.productIds, gateQuestions.map((question) => question.id), since),
      ]);
      // The gate questions' words once per product, each ticket's answers as kept by code (a long text cut): the scanner words them offline.
      const words = gateWords(language);
      const questionsOf = new Map<number, GateQuestion[]>();
      for (const question of gateQuestions) questionsOf.set(question.shopItemId, [...(questionsOf.get(question.shopItemId) ?? []), words.question(question)]);
      const codeOf = new Map(gateQuestions.map((question) => [question.id, question.code]));
      const answersOf = new Map<number, Record<string, AnswerValue>>();
      for (const row of answerRows) {
        const answers = answersOf.get(row.ticketId) ?? {};
        answers[codeOf.get(row.questionId)!] = typeof row.value === 'string' ? gateText(row.value) : row.value;
        answersOf.set(row.ticketId, answers);
      }
      const iso = (date: Date | null) => (date ? date.toISOString() : null);
      const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
      return {
        cursor: cursor.toISOString(),
        locale: deps.locale,
        full: since === null,
        list: {
          id: list.list.id,
          code: list.list.code,
          name: list.list.name,
          event_id: list.list.eventId,
          event: list.eventName,
          timezone: list.eventTimezone,
          entry: list.list.entry,
          gates: list.list.gates,
          opens_at: iso(list.list.opensAt),
          closes_at: iso(list.list.closesAt),
          boarding_before_minutes: list.list.boardingBeforeMinutes,
          boarding_after_minutes: list.list.boardingAfterMinutes,
          day_cutover_minutes: list.list.dayCutoverMinutes,
          product_ids: list.productIds,
        },
        keys: [...keys].map(([id, publicKey]) => ({ id, public_key: hex(publicKey) })),
        departures: catalogue.departures.map((departure) => ({ id: departure.id, departs_at: departure.departsAt.toISOString() })),
        products: catalogue.products.map((product) => ({
          id: product.id,
          name: product.name,
          departs_at: iso(product.departsAt),
          days: list.productDays.get(product.id)?.slice() ?? null,
          ...(questionsOf.has(product.id) ? { questions: questionsOf.get(product.id)! } : {}),
        })),
        tickets: tickets.map((ticket) => ({
          id: ticket.id,
          code: ticket.code,
          valid: ticket.valid,
          holder: ticket.holder,
          age: ticket.age,
          product_id: ticket.productId,
          departs_at: iso(ticket.departsAt),
          ...(answersOf.has(ticket.id) ? { answers: answersOf.get(ticket.id)! } : {}),
        })),
        states: states.map((state) => ({ ticket_id: state.ticketId, inside: state.inside, since: state.lastAt.toISOString(), gate: state.lastGate })),
        admitted: counts.admitted,
        inside: counts.inside,
      };
    },

    async scan(scannerId: number, input: StaffApiInput<'scan'>, language: Locale = SOURCE_LOCALE): Promise<ScanAnswer> {
      const entry = listEntry(input.list);
      const list = await entry.list;
      if (!list) throw new AppError('INVALID_INPUT', scannerMessages.unknownList, { list: [scannerMessages.unknownList] });
      if (!listHasGate(list, input.gate)) throw new AppError('INVALID_INPUT', scannerMessages.unknownGate, { gate: [scannerMessages.unknownGate] });
      const zone = list.eventTimezone;
      const at = now();
      const rule = listRule(list);
      const alternating = list.list.entry === 'alternating';
      const direction = alternating ? input.direction : 'in';
      const change = { listId: list.list.id, alternating, direction, gate: input.gate, at, log: true as const, scannerId, nonce: `online:${randomUUID()}` };
      const refusal = (result: ScanAnswer['result'], message: Text, ticket: ScanAnswer['ticket'] = null): ScanAnswer => ({ result, message, ticket, since: null, gate: null });
      const passedAnswer = (ticket: ScanAnswer['ticket']): ScanAnswer => ({ result: direction === 'in' ? 'admit' : 'exit', message: direction === 'in' ? scannerMessages.admit : scannerMessages.exit, ticket, since: null, gate: null });
      /** A valid ticket the gate's rule lets through, not let through by its state: already in, or not inside to leave. */
      const notPassed = async (ticketId: number, ticket: ScanAnswer['ticket']): Promise<ScanAnswer> => {
        if (direction === 'out') return refusal('not-inside', scannerMessages.notInside, ticket);
        const state = await queries.findState(db, ticketId, list.list.id);
        const since = state?.lastAt ?? at;
        const gate = state?.lastGate ?? input.gate;
        return { result: 'already-in', message: scannerMessages.alreadyIn(clock(since, zone), gate), ticket, since: since.toISOString(), gate };
      };

      // The common case, a pass that admits, in one round trip: judged by what the pass claims
      // (its product and departure, its window), and let through only if the ticket's record says
      // the same and the ticket is valid. Anything else is judged the long way below.
      const read = readTicketPass(input.text);
      if (read) {
        const { fields } = read;
        const departures = await entry.departures;
        const departure = fields.travelTimeId !== null ? departures?.travelTimes.get(fields.travelTimeId) : departures?.products.get(fields.productId);
        const claimed: ScannedTicket = { ticketId: fields.ticketId, eventId: fields.eventId, productId: fields.productId, departure: departure ?? null, validFrom: fields.validFrom, validUntil: fields.validUntil };
        if (departure !== undefined && !gateRefusal(rule, claimed, 'valid', at)) {
          // The gate answers are read beside the entry (on the pool, at once), for the ticket the pass names.
          const answers = gateAnswersOf(entry.gateQuestions, fields.ticketId, fields.productId, language);
          answers.catch(() => undefined);
          const done = await queries.passIfAsExpected(db, { ...change, ticketId: fields.ticketId }, { code: fields.code, eventId: fields.eventId, productId: fields.productId, departure: departure });
          if (!done) return refusal('not-a-ticket', scannerMessages.notATicket);
          if (done.allowed) {
            const ticket = withAnswers({ code: fields.code, product: done.productName, holder: done.holder, age: done.age, departure: departure ? departure.toISOString() : null }, await answers);
            return done.passed ? passedAnswer(ticket) : notPassed(fields.ticketId, ticket);
          }
        }
      }

      const found = await ticketOf(input.text);
      if (!found) return refusal('not-a-ticket', scannerMessages.notATicket);
      const { row } = found;
      const departure = row.departsAt ?? row.itemTravelTime;
      const ticket = withAnswers(
        { code: row.code, product: row.productName, holder: row.holder, age: row.age, departure: departure ? departure.toISOString() : null },
        await gateAnswersOf(entry.gateQuestions, row.id, row.productId, language),
      );
      // The gate was checked above (a wrong gate online is the scanner's set-up, answered 422).
      const refused = judgeScan(list, input.gate, found, at);
      if (refused?.result === 'revoked') return refusal('revoked', scannerMessages.revoked, ticket);
      if (refused?.result === 'wrong-list') return refusal('wrong-list', scannerMessages.wrongList, ticket);
      if (refused?.result === 'wrong-bus') return refusal('wrong-bus', scannerMessages.wrongBus(departureText(refused.departure, zone)), ticket);
      if (refused?.result === 'wrong-day') return refusal('wrong-day', wrongDayMessage(refused.days, deps.locale), ticket);
      if (refused) throw new AppError('INVALID_INPUT', scannerMessages.unknownGate, { gate: [scannerMessages.unknownGate] });
      const passed = (await queries.passOnce(db, { ...change, ticketId: row.id })) !== null;
      return passed ? passedAnswer(ticket) : notPassed(row.id, ticket);
    },

    /**
     * Scans made offline, in the order they were made. Each claims its nonce first, in its own
     * transaction, so an upload sent again (or twice at once) changes nothing the second time.
     * Each is judged as an online scan is (`judgeScan`, at the time it was made, by the ticket's
     * record now): one the shop would not have let through is kept as refused, with its reason,
     * and never counted. The scanner already let the holder through (or not) by its own judgement;
     * the shop records what happened: an entry of a ticket already in (two offline gates admitting
     * one ticket), or an exit of one not inside, is kept as a conflict for the organiser and never
     * counted.
     */
    async upload(scannerId: number, input: StaffApiInput<'upload-scans'>): Promise<StaffApiAnswer<'upload-scans'>> {
      const lists = new Map<string, queries.ActiveList | null>();
      // Answered in the order they came (the scanner matches them to its queue), applied in the order they were made.
      const results: StaffApiAnswer<'upload-scans'>['results'] = input.scans.map((scan) => ({ nonce: scan.nonce, result: 'unknown' }));
      const ordered = input.scans.map((scan, index) => ({ scan, index })).sort((a, b) => Date.parse(a.scan.scanned_at) - Date.parse(b.scan.scanned_at) || a.index - b.index);
      for (const { scan, index } of ordered) {
        if (!lists.has(scan.list)) lists.set(scan.list, await queries.findActiveList(db, scan.list));
        const list = lists.get(scan.list)!;
        const ticket = list ? await queries.findScannedTicket(db, { id: scan.ticket_id }) : null;
        if (!list || !ticket) continue;
        const at = new Date(scan.scanned_at);
        const alternating = list.list.entry === 'alternating';
        const direction = alternating ? scan.direction : 'in';
        const refused = judgeScan(list, scan.gate, { row: ticket, passCode: scan.code ?? null }, at);
        const result = await db.transaction(async (tx) => {
          const recorded = await queries.recordCheckin(tx, {
            ticketId: ticket.id,
            listId: list.list.id,
            scannerId,
            gate: scan.gate,
            kind: refused ? 'refused' : direction,
            reason: refused ? refused.result : null,
            scannedAt: at,
            nonce: `offline:${scan.nonce}`,
            offline: true,
          });
          if (recorded === null) return 'duplicate' as const;
          if (refused) return 'refused' as const;
          if (await queries.passOnce(tx, { ticketId: ticket.id, listId: list.list.id, alternating, direction, gate: scan.gate, at, log: false })) return 'counted' as const;
          await queries.markConflict(tx, recorded, direction === 'in' ? 'already-in' : 'not-inside');
          return 'conflict' as const;
        });
        results[index] = { nonce: scan.nonce, result };
      }
      return { results };
    },
  };
}

export type CheckinService = ReturnType<typeof createCheckinService>;
