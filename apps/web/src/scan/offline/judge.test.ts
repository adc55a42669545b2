import { english, scannerMessages } from '@festival/contract';
import { scanTexts } from '../scan.messages';
import { signTicketPass } from '@festival/contract/ticket-pass';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataAge } from './age';
import { gateQuestionsChanged, mergeSync, type SyncAnswer } from './data';
import { judgeOffline } from './judge';
import { fields, NOW, OTHER_SEED, SEED, syncedList } from '../../../test/scan-fixtures';
import { resetLanguageForTests, startLanguage } from '../../lib/language';

describe('judging a scan offline (the same rule as the shop)', () => {
  let data: SyncAnswer;
  beforeAll(async () => {
    data = await syncedList();
  });
  const judge = async (text: string, options: { direction?: 'in' | 'out'; local?: Record<string, { inside: boolean; since: string; gate: string }>; data?: SyncAnswer; now?: Date } = {}) =>
    judgeOffline({ text, direction: options.direction ?? 'in', gate: 'North', data: options.data ?? data, local: options.local ?? {}, now: options.now ?? NOW });

  it('admits a ticket sold after the last sync by its signature alone, and records the entry', async () => {
    const verdict = await judge(await signTicketPass(fields(), SEED));
    expect(verdict).toMatchObject({
      kind: 'judged',
      answer: { result: 'admit', message: english(scannerMessages.admit), ticket: { code: 'ZZZZYYYYXXXXWWWWVVVV', product: 'Weekend ticket', holder: null, age: '18-24' } },
    });
    expect(verdict.kind === 'judged' && verdict.passed).toEqual({ ticketId: 200, direction: 'in', state: { inside: true, since: NOW.toISOString(), gate: 'North' }, first: true });
  });

  it('shows the synced holder of a ticket it knows', async () => {
    const verdict = await judge(await signTicketPass(fields({ ticketId: 100, code: 'AAAABBBBCCCCDDDDEEEE' }), SEED));
    expect(verdict).toMatchObject({ answer: { result: 'admit', ticket: { holder: 'Pat Holder', age: '25-34' } } });
  });

  it('refuses a forged, tampered or other key’s pass as not a ticket', async () => {
    const forged = await signTicketPass(fields(), OTHER_SEED);
    expect(await judge(forged)).toMatchObject({ answer: { result: 'not-a-ticket', message: english(scannerMessages.notATicket) }, passed: null });
    const pass = await signTicketPass(fields(), SEED);
    const tampered = pass.slice(0, 20) + (pass[20] === 'A' ? 'B' : 'A') + pass.slice(21);
    expect(await judge(tampered)).toMatchObject({ answer: { result: 'not-a-ticket' } });
    expect(await judge(await signTicketPass(fields({ keyId: 6 }), SEED))).toMatchObject({ answer: { result: 'not-a-ticket' } });
    expect(await judge('hello world!')).toMatchObject({ answer: { result: 'not-a-ticket' } });
  });

  it('refuses a ticket the last sync said is revoked, and a reassigned ticket’s old pass', async () => {
    expect(await judge(await signTicketPass(fields({ ticketId: 101, code: 'RRRRSSSSTTTTUUUUVVVV' }), SEED))).toMatchObject({
      answer: { result: 'revoked', message: english(scannerMessages.revoked) },
      passed: null,
    });
    expect(await judge(await signTicketPass(fields({ ticketId: 102, code: 'OLDOLDOLDOLDOLDOLDOL' }), SEED))).toMatchObject({ answer: { result: 'revoked' } });
  });

  it('refuses another product or event as wrong list, outside the list’s window as wrong day', async () => {
    expect(await judge(await signTicketPass(fields({ productId: 12 }), SEED))).toMatchObject({ answer: { result: 'wrong-list', message: english(scannerMessages.wrongList) } });
    expect(await judge(await signTicketPass(fields(), SEED), { now: new Date('2027-06-21T00:00:00Z') })).toMatchObject({ answer: { result: 'wrong-day', message: english(scannerMessages.wrongDay) } });
    // The pass's own window too (expired: still the ticket, on the wrong day).
    expect(await judge(await signTicketPass(fields({ validUntil: new Date('2027-06-19T11:00:00Z') }), SEED))).toMatchObject({ answer: { result: 'wrong-day' } });
  });

  it('admits a day ticket on its own festival day only, in the list’s zone, and names the day otherwise (decision 0064)', async () => {
    const saturday = await signTicketPass(fields({ productId: 11 }), SEED);
    const weekend = await signTicketPass(fields({ ticketId: 201, productId: 10 }), SEED);
    const wrongDay = english(scannerMessages.wrongDayFor('Saturday 19 June', 1));
    expect(wrongDay).toBe('Wrong day: day ticket for Saturday 19 June');
    // Friday 14:00 and Sunday 12:00 in Amsterdam: refused, the day named; the weekend ticket admits both days.
    for (const now of [new Date('2027-06-18T12:00:00Z'), new Date('2027-06-20T10:00:00Z')]) {
      expect(await judge(saturday, { now }), now.toISOString()).toMatchObject({ answer: { result: 'wrong-day', message: wrongDay, ticket: { product: 'Saturday ticket' } }, passed: null });
      expect(await judge(weekend, { now }), now.toISOString()).toMatchObject({ answer: { result: 'admit' } });
    }
    // 01:30 on Sunday morning is still Saturday's night (the cut-over is 06:00); 06:00 is Sunday.
    expect(await judge(saturday, { now: new Date('2027-06-19T23:30:00Z') })).toMatchObject({ answer: { result: 'admit' } });
    expect(await judge(saturday, { now: new Date('2027-06-20T04:00:00Z') })).toMatchObject({ answer: { result: 'wrong-day', message: wrongDay } });
    // The list's own cut-over and zone decide: at midnight, 00:30 Sunday is Sunday.
    const midnight = await syncedList({ day_cutover_minutes: 0 });
    expect(await judge(saturday, { data: midnight, now: new Date('2027-06-19T22:30:00Z') })).toMatchObject({ answer: { result: 'wrong-day' } });
    const tokyo = await syncedList({ timezone: 'Asia/Tokyo', opens_at: null, closes_at: null });
    expect(await judge(saturday, { data: tokyo, now: new Date('2027-06-19T23:30:00Z') })).toMatchObject({ answer: { result: 'wrong-day' } });
    // A typed code of a synced day ticket is judged by its product's days too.
    expect(await judge('NEWNEWNEWNEWNEWNEWNE', { now: new Date('2027-06-18T12:00:00Z') })).toMatchObject({ answer: { result: 'wrong-day', message: wrongDay } });
    // Data a scanner kept from before day tickets has no days: every day, until its next sync.
    const old = await syncedList();
    const kept = { ...old, list: { ...old.list, day_cutover_minutes: undefined }, products: old.products.map(({ id, name, departs_at }) => ({ id, name, departs_at })) } as unknown as SyncAnswer;
    expect(await judge(saturday, { data: kept, now: new Date('2027-06-18T12:00:00Z') })).toMatchObject({ answer: { result: 'admit' } });
  });

  it('boards a shuttle only at its own departure, and names it otherwise', async () => {
    const shuttle: SyncAnswer = {
      ...(await syncedList({ product_ids: [12, 13], opens_at: null, closes_at: null })),
      departures: [
        { id: 70, departs_at: '2027-06-19T12:10:00.000Z' },
        { id: 71, departs_at: '2027-06-19T16:00:00.000Z' },
      ],
      products: [
        { id: 12, name: 'Shuttle', departs_at: null, days: null },
        { id: 13, name: 'Coach', departs_at: '2027-06-19T11:40:00.000Z', days: null },
      ],
      tickets: [
        { id: 300, code: 'BUSBUSBUSBUSBUSBUSBU', valid: true, holder: 'Rider', age: null, product_id: 12, departs_at: '2027-06-19T16:00:00.000Z' },
        { id: 301, code: 'BUSONTIMEBUSONTIMEBU', valid: true, holder: 'Rider Two', age: null, product_id: 12, departs_at: '2027-06-19T12:10:00.000Z' },
        { id: 302, code: 'COACHCOACHCOACHCOACH', valid: true, holder: 'Rider Three', age: null, product_id: 13, departs_at: null },
      ],
    };
    const onTime = await signTicketPass(fields({ productId: 12, travelTimeId: 70 }), SEED);
    expect(await judge(onTime, { data: shuttle })).toMatchObject({ answer: { result: 'admit', ticket: { product: 'Shuttle', departure: '2027-06-19T12:10:00.000Z' } } });
    const late = await signTicketPass(fields({ productId: 12, travelTimeId: 71 }), SEED);
    expect(await judge(late, { data: shuttle })).toMatchObject({ answer: { result: 'wrong-bus', message: english(scannerMessages.wrongBus('Saturday 19 June at 18:00')) } });
    // A product's one fixed departure: 11:40 UTC, boarding closed 15 minutes after.
    const coach = await signTicketPass(fields({ productId: 13 }), SEED);
    expect(await judge(coach, { data: shuttle })).toMatchObject({ answer: { result: 'wrong-bus', message: english(scannerMessages.wrongBus('Saturday 19 June at 13:40')) } });
    // A typed code of a synced ticket: its departure came with it (or is its product's fixed one).
    expect(await judge('BUSBUSBUSBUSBUSBUSBU', { data: shuttle })).toMatchObject({ answer: { result: 'wrong-bus', message: english(scannerMessages.wrongBus('Saturday 19 June at 18:00')), ticket: { holder: 'Rider' } } });
    expect(await judge('busontime-busontime-bu', { data: shuttle })).toMatchObject({ answer: { result: 'admit', ticket: { product: 'Shuttle', departure: '2027-06-19T12:10:00.000Z' } } });
    expect(await judge('COACHCOACHCOACHCOACH', { data: shuttle })).toMatchObject({ answer: { result: 'wrong-bus', message: english(scannerMessages.wrongBus('Saturday 19 June at 13:40')) } });
    // Dated in the page's language, as the shop's locale writes it where that is of the same language.
    try {
      startLanguage(['en', 'de'], { documentElement: { lang: 'de' } } as Document);
      const german = await judge(late, { data: { ...shuttle, locale: 'de-DE' } });
      expect(german).toMatchObject({ answer: { result: 'wrong-bus', message: english(scannerMessages.wrongBus('Samstag, 19. Juni um 18:00')) } });
    } finally {
      resetLanguageForTests();
    }
    // An English page of a German shop: English dates, not the shop's German ones.
    const english_ = await judge(late, { data: { ...shuttle, locale: 'de-DE' } });
    expect(english_).toMatchObject({ answer: { result: 'wrong-bus', message: english(scannerMessages.wrongBus('Saturday, June 19 at 18:00')) } });
  });

  it('says already in, since when and where, for a ticket that went in (synced or on this device)', async () => {
    const pass = await signTicketPass(fields(), SEED);
    const local = { 200: { inside: true, since: '2027-06-19T09:02:00.000Z', gate: 'South' } };
    expect(await judge(pass, { local })).toMatchObject({ answer: { result: 'already-in', message: english(scannerMessages.alreadyIn('11:02', 'South')), gate: 'South' }, passed: null });
    const synced = { ...data, states: [{ ticket_id: 200, inside: true, since: '2027-06-19T10:15:00.000Z', gate: 'North' }] };
    expect(await judge(pass, { data: synced })).toMatchObject({ answer: { message: english(scannerMessages.alreadyIn('12:15', 'North')) } });
  });

  it('lets a ticket out and in again on an entry/exit list, and refuses an exit of one not inside', async () => {
    const alternating = await syncedList({ entry: 'alternating' });
    const pass = await signTicketPass(fields(), SEED);
    expect(await judge(pass, { data: alternating, direction: 'out' })).toMatchObject({ answer: { result: 'not-inside', message: english(scannerMessages.notInside) }, passed: null });
    const inside = { 200: { inside: true, since: '2027-06-19T09:02:00.000Z', gate: 'South' } };
    expect(await judge(pass, { data: alternating, direction: 'out', local: inside })).toMatchObject({
      answer: { result: 'exit', message: english(scannerMessages.exit) },
      passed: { direction: 'out', state: { inside: false } },
    });
    const outside = { 200: { inside: false, since: '2027-06-19T09:30:00.000Z', gate: 'South' } };
    expect(await judge(pass, { data: alternating, local: outside })).toMatchObject({ answer: { result: 'admit' }, passed: { first: false } });
    // A single-entry list admits once: out and back in is "already in".
    expect(await judge(pass, { local: outside })).toMatchObject({ answer: { result: 'already-in' } });
  });

  it('shows a synced ticket’s answers to its product’s gate questions as the shop words them, by pass and by typed code (decision 0106)', async () => {
    const withQuestions: SyncAnswer = {
      ...data,
      products: [
        {
          ...data.products[0]!,
          questions: [
            { code: 'diet', kind: 'multi', label: 'Diet', options: [{ code: 'veg', label: 'Vegetarian' }, { code: 'nuts', label: 'No nuts' }] },
            { code: 'wristband', kind: 'yes_no', label: 'Wristband', options: [] },
            { code: 'arrival', kind: 'date', label: 'Arrival', options: [] },
            { code: 'note', kind: 'text', label: 'Note', options: [] },
          ],
        },
        data.products[1]!,
      ],
      // Ticket 100 answered all but the note, and an answer to a question no longer marked for the gate (kept from an earlier sync).
      tickets: data.tickets.map((ticket) => (ticket.id === 100 ? { ...ticket, answers: { diet: ['veg', 'nuts'], wristband: false, arrival: '2027-06-18', unmarked: 'Not for the gate' } } : ticket)),
    };
    const expected = [
      { question: 'Diet', answer: 'Vegetarian, No nuts' },
      { question: 'Wristband', answer: 'No' },
      { question: 'Arrival', answer: '18 June 2027' },
    ];
    const byPass = await judge(await signTicketPass(fields({ ticketId: 100, code: 'AAAABBBBCCCCDDDDEEEE' }), SEED), { data: withQuestions });
    expect(byPass).toMatchObject({ answer: { result: 'admit', ticket: { holder: 'Pat Holder', answers: expected } } });
    expect(await judge('AAAABBBBCCCCDDDDEEEE', { data: withQuestions })).toMatchObject({ answer: { result: 'admit', ticket: { answers: expected } } });
    // In the page's language: the date as it writes one (yes/no through say(), whose German catalogue these tests do not load).
    try {
      startLanguage(['en', 'de'], { documentElement: { lang: 'de' } } as Document);
      const german = await judge('AAAABBBBCCCCDDDDEEEE', { data: { ...withQuestions, locale: 'de-DE' } });
      expect(german).toMatchObject({ answer: { ticket: { answers: [expected[0], expected[1], { question: 'Arrival', answer: '18. Juni 2027' }] } } });
    } finally {
      resetLanguageForTests();
    }
    // A ticket without answers, one sold after the sync, and the same ticket once its product has no gate questions: none shown.
    expect(await judge('NEWNEWNEWNEWNEWNEWNE', { data: withQuestions })).not.toHaveProperty('answer.ticket.answers');
    expect(await judge(await signTicketPass(fields(), SEED), { data: withQuestions })).not.toHaveProperty('answer.ticket.answers');
    expect(await judge('AAAABBBBCCCCDDDDEEEE', { data: { ...withQuestions, products: data.products } })).not.toHaveProperty('answer.ticket.answers');
  });

  it('judges a typed code only when the ticket was synced', async () => {
    expect(await judge('aaaa-bbbb cccc-dddd-eeee')).toMatchObject({ answer: { result: 'admit', ticket: { holder: 'Pat Holder' } }, passed: { ticketId: 100 } });
    expect(await judge('RRRRSSSSTTTTUUUUVVVV')).toMatchObject({ answer: { result: 'revoked' } });
    expect(await judge('ZZZZYYYYXXXXWWWWVVVV')).toEqual({ kind: 'unjudged', message: english(scanTexts.errors.offlineTypedCode) });
  });
});

describe('the synced data', () => {
  it('merges a later sync into what the device holds by ticket id and state, and a full one replaces it', async () => {
    const held = await syncedList();
    const later: SyncAnswer = {
      ...held,
      cursor: '2027-06-19T12:30:00.000Z',
      full: false,
      tickets: [
        { id: 100, code: 'AAAABBBBCCCCDDDDEEEE', valid: false, holder: 'Pat Holder', age: '25-34', product_id: 10, departs_at: null },
        { id: 103, code: 'LATELATELATELATELATE', valid: true, holder: null, age: null, product_id: 10, departs_at: null },
      ],
      states: [{ ticket_id: 102, inside: true, since: '2027-06-19T12:20:00.000Z', gate: 'South' }],
      admitted: 1,
      inside: 1,
    };
    const merged = mergeSync(held, later);
    expect(merged.cursor).toBe(later.cursor);
    expect(merged.tickets.map((ticket) => [ticket.id, ticket.valid])).toEqual([
      [100, false],
      [101, false],
      [102, true],
      [103, true],
    ]);
    expect(merged.states).toEqual(later.states);
    expect(merged.admitted).toBe(1);
    const full = { ...later, full: true };
    expect(mergeSync(held, full).tickets.map((ticket) => ticket.id)).toEqual([100, 103]);
  });

  it('tells when a later sync marks other questions for the gate, so the scanner syncs everything again (decision 0106)', async () => {
    const held = await syncedList();
    const question = { code: 'diet', kind: 'text' as const, label: 'Diet', options: [] };
    const marked = { ...held, products: [{ ...held.products[0]!, questions: [question] }, held.products[1]!] };
    expect(gateQuestionsChanged(held, { ...held, full: false })).toBe(false);
    expect(gateQuestionsChanged(held, marked)).toBe(true);
    expect(gateQuestionsChanged(marked, { ...marked, products: [...marked.products].reverse() })).toBe(false);
    // A label in another language is no reason: the products' words come with every sync.
    expect(gateQuestionsChanged(marked, { ...marked, products: [{ ...marked.products[0]!, questions: [{ ...question, label: 'Ernährung' }] }, held.products[1]!] })).toBe(false);
    expect(gateQuestionsChanged(marked, held)).toBe(true);
  });

  it('tells how old the data is', () => {
    expect(dataAge('2027-06-19T11:55:00.000Z', NOW, 'Europe/Amsterdam')).toEqual({ time: '13:55', minutes: 5 });
  });
});
