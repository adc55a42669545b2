import { GATE_ANSWER_MAX, LOCALES, questionDefinition, staffApi, type QuestionDefinitionInput, type StaffApiAnswer } from '@festival/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/databases';
import { readPdf } from '../../../test/pdf-reader';
import { createCustomer, paidOrder } from '../../../test/shop-flows';
import { createTestShop, type TestShop } from '../../../test/test-shop';
import { checkinListProducts, checkinLists, events, productQuestions, questionAnswers, shopItems, tickets } from '../../db/schema';
import { questionColumns, upsertQuestion } from '../catalog/questions.queries';
import { createScanners } from './scanners';
import { timeLimit } from '../../../test/time-limits';

const SECRET = 'gate-answers-test-secret-of-32-characters';
/** The festival's first day, 11:00 in Amsterdam: the gates are open. */
const FESTIVAL = new Date('2027-06-18T09:00:00Z');
/** An answer that must never reach a gate: its question is not marked for it. */
const PRIVATE = 'Private: never at the gate';

/**
 * The answers of questions marked for the gate (issue 37 point 4, decision 0106): the online scan's
 * answer and the offline sync carry a ticket's answers to its product's at_gate questions (its own,
 * and its order's to per-order ones), labelled in the scanner's language; no other answer ever
 * reaches a scanner; a long text is cut.
 */
describe.each(testEngines())('answers at the gate on %s', (engine) => {
  let shop: TestShop;
  let base: string;
  let clock: Date | null = null;
  let weekendTicket: { id: number; code: string; pass: string };
  let dayTicket: { id: number; code: string; pass: string };
  let session: string;

  beforeAll(async () => {
    shop = await createTestShop(engine, {
      config: { languages: [...LOCALES] },
      app: { appSecret: SECRET, now: () => clock ?? new Date(), catalogMaxAgeMs: 0, cartSweepIntervalMs: 3_600_000, reminderIntervalMs: 3_600_000 },
    });
    base = await shop.app.listen({ port: 0, host: '127.0.0.1' });
    const db = shop.database.db;
    const [event] = await db.select().from(events).where(eq(events.externalCode, 'NWF27'));
    const items = await db.select({ id: shopItems.id, code: shopItems.externalCode }).from(shopItems);
    const idOf = (code: string) => items.find((item) => item.code === code)!.id;
    const [list] = await db.insert(checkinLists).values({ eventId: event!.id, code: 'A-GATE', name: 'Entrance', entry: 'alternating', gates: ['North'] }).returning();
    await db.insert(checkinListProducts).values(['NWF27-WEEKEND', 'NWF27-DAY-SAT'].map((code) => ({ listId: list!.id, shopItemId: idOf(code) })));

    const buyer = await createCustomer(shop);
    const order = await paidOrder(shop, base, buyer, [{ code: 'NWF27-WEEKEND', holder: 'Gate Goer' }, { code: 'NWF27-DAY-SAT', holder: 'Day Goer' }]);
    const asked: QuestionDefinitionInput[] = [
      {
        code: 'diet',
        kind: 'choice',
        label: 'Diet',
        at_gate: true,
        options: [{ code: 'veg', label: 'Vegetarian', translations: { de: { label: 'Vegetarisch' } } }],
        translations: { de: { label: 'Ernährung' } },
      },
      { code: 'company', kind: 'text', label: 'Company' },
      { code: 'wristband', kind: 'yes_no', label: 'Wristband', at_gate: true },
      { code: 'note', kind: 'text', label: 'Note for the gate', at_gate: true },
      { code: 'contact', kind: 'text', label: 'Emergency contact', per: 'order', at_gate: true },
      { code: 'retired', kind: 'text', label: 'Retired', at_gate: true, archived: true },
    ];
    for (const [sort, question] of asked.entries()) await upsertQuestion(db, questionColumns(questionDefinition.parse(question), idOf('NWF27-WEEKEND'), sort));
    const questionId = async (code: string) => (await db.select({ id: productQuestions.id }).from(productQuestions).where(and(eq(productQuestions.shopItemId, idOf('NWF27-WEEKEND')), eq(productQuestions.code, code))))[0]!.id;
    const ticketIds = await db.select({ id: tickets.id, code: tickets.code, product: tickets.shopItemId }).from(tickets).where(eq(tickets.orderId, order.id));
    const weekend = ticketIds.find((ticket) => ticket.product === idOf('NWF27-WEEKEND'))!;
    const day = ticketIds.find((ticket) => ticket.product === idOf('NWF27-DAY-SAT'))!;
    await db.insert(questionAnswers).values([
      { orderId: order.id, ticketId: weekend.id, questionId: await questionId('diet'), value: 'veg' },
      { orderId: order.id, ticketId: weekend.id, questionId: await questionId('company'), value: PRIVATE },
      { orderId: order.id, ticketId: weekend.id, questionId: await questionId('wristband'), value: true },
      { orderId: order.id, ticketId: weekend.id, questionId: await questionId('note'), value: 'x'.repeat(GATE_ANSWER_MAX + 50) },
      { orderId: order.id, ticketId: weekend.id, questionId: await questionId('retired'), value: PRIVATE },
      { orderId: order.id, ticketId: null, questionId: await questionId('contact'), value: 'Mum, +31 6 1234 5678' },
    ]);
    const passOf = async (ticket: { email: string | null; code: string }) => {
      const response = await fetch(`${base}/download-ticket/${encodeURIComponent(ticket.email!)}/${ticket.code}`);
      expect(response.status).toBe(200);
      return (await readPdf(new Uint8Array(await response.arrayBuffer()))).qrCodes[0]!;
    };
    const shown = (id: number) => order.tickets.find((ticket) => ticket.code === ticketIds.find((row) => row.id === id)!.code)!;
    weekendTicket = { id: weekend.id, code: weekend.code, pass: await passOf(shown(weekend.id)) };
    dayTicket = { id: day.id, code: day.code, pass: await passOf(shown(day.id)) };

    // The scanner signs in at the festival: its session lasts from then.
    clock = FESTIVAL;
    const { code } = await createScanners({ db }).add('Answers phone');
    const login = await fetch(`${base}/api/staff/scanner-login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' }, body: JSON.stringify({ code }) });
    expect(login.status).toBe(200);
    session = login.headers.get('set-cookie')!.split(';')[0]!;
  }, timeLimit(120_000));
  afterAll(async () => {
    await shop?.close();
  });

  async function call<P extends 'scan' | 'sync'>(path: P, payload: Record<string, unknown>, language: string): Promise<{ raw: string; body: StaffApiAnswer<P> }> {
    const response = await fetch(`${base}/api/staff/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', 'accept-language': language, cookie: session },
      body: JSON.stringify(payload),
    });
    const raw = await response.text();
    expect(response.status, raw).toBe(200);
    return { raw, body: staffApi[path].answer.parse(JSON.parse(raw)) as StaffApiAnswer<P> };
  }
  const cut = `${'x'.repeat(GATE_ANSWER_MAX)}…`;

  it('shows a scanned ticket’s gate answers in the scanner’s language, its order’s too, and no other answer', async () => {
    // A pass (the one-statement path), then its code typed in (the long way): the same answers.
    const scanned = await call('scan', { list: 'A-GATE', gate: 'North', text: weekendTicket.pass }, 'de');
    expect(scanned.body.result).toBe('admit');
    const german = [
      { question: 'Ernährung', answer: 'Vegetarisch' },
      { question: 'Wristband', answer: 'Ja' },
      { question: 'Note for the gate', answer: cut },
      { question: 'Emergency contact', answer: 'Mum, +31 6 1234 5678' },
    ];
    expect(scanned.body.ticket?.answers).toEqual(german);
    expect(scanned.raw).not.toContain(PRIVATE);
    const typed = await call('scan', { list: 'A-GATE', gate: 'North', text: weekendTicket.code, direction: 'out' }, 'en');
    expect(typed.body.result).toBe('exit');
    expect(typed.body.ticket?.answers).toEqual([
      { question: 'Diet', answer: 'Vegetarian' },
      { question: 'Wristband', answer: 'Yes' },
      { question: 'Note for the gate', answer: cut },
      { question: 'Emergency contact', answer: 'Mum, +31 6 1234 5678' },
    ]);
    expect(typed.raw).not.toContain(PRIVATE);
    // A ticket of a product without gate questions: none (the weekend's per-order answer is not its product's).
    const day = await call('scan', { list: 'A-GATE', gate: 'North', text: dayTicket.pass }, 'de');
    expect(day.body.result).toBe('admit');
    expect(day.body.ticket).not.toHaveProperty('answers');
  });

  it('syncs the gate questions with their product and each ticket’s answers as kept, bounded, and no other answer', async () => {
    const { raw, body } = await call('sync', { list: 'A-GATE' }, 'de');
    const weekend = body.products.find((product) => product.id === body.tickets.find((ticket) => ticket.id === weekendTicket.id)!.product_id)!;
    expect(weekend.questions).toEqual([
      { code: 'diet', kind: 'choice', label: 'Ernährung', options: [{ code: 'veg', label: 'Vegetarisch' }] },
      { code: 'wristband', kind: 'yes_no', label: 'Wristband', options: [] },
      { code: 'note', kind: 'text', label: 'Note for the gate', options: [] },
      { code: 'contact', kind: 'text', label: 'Emergency contact', options: [] },
    ]);
    expect(body.tickets.find((ticket) => ticket.id === weekendTicket.id)!.answers).toEqual({ diet: 'veg', wristband: true, note: cut, contact: 'Mum, +31 6 1234 5678' });
    const day = body.tickets.find((ticket) => ticket.id === dayTicket.id)!;
    expect(day).not.toHaveProperty('answers');
    expect(body.products.find((product) => product.id === day.product_id)).not.toHaveProperty('questions');
    expect(raw).not.toContain(PRIVATE);
    expect(raw).not.toContain('company');
  });
});
