import { english, GATE_NAME_MAX, isoInZone, LIST_CODE_MAX, SCAN_NONCE_MAX, SCANNED_AT_MAX, UPLOAD_SCANS_BATCH, UPLOAD_SCANS_BODY_LIMIT, messages, scannerMessages, staffApi, type StaffApiAnswer } from '@festival/contract';
import { readTicketPass, signTicketPass, verifyTicketPass } from '@festival/contract/ticket-pass';
import { and, asc, eq, inArray } from 'drizzle-orm';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/databases';
import { readPdf } from '../../../test/pdf-reader';
import { BANK_DETAILS, cartWith, checkoutPayload, createCustomer, paidOrder } from '../../../test/shop-flows';
import { createTestShop, type TestShop } from '../../../test/test-shop';
import { checkinListProducts, checkinLists, checkins, events, orders, shopItems, tickets, travelTimes } from '../../db/schema';
import { runRefundsCommand } from '../portal/refunds-command';
import { runCheckinCommand } from './checkin-command';
import { SYNC_OVERLAP_MS } from './checkin.service';
import { SCANNER_SIGN_IN_LIMITS, createScanners } from './scanners';

const SECRET = 'checkin-test-secret-of-at-least-32-characters';
/** The festival's first day, 11:00 in Amsterdam: the gates are open. */
const FESTIVAL = new Date('2027-06-18T09:00:00Z');

describe.each(testEngines())('check-in at the gate on %s', (engine) => {
  let shop: TestShop;
  let base: string;
  /** The gate's clock: tickets are bought today, scanned at the festival. */
  let clock: Date | null = null;
  beforeAll(async () => {
    // The tests move the clock to the festival: the background rounds (abandoning overdue unpaid
    // orders among them) would then change tickets whenever they next fall due, between two syncs
    // that must see nothing changed. Out of the way; the tests change what they need themselves.
    shop = await createTestShop(engine, { app: { appSecret: SECRET, now: () => clock ?? new Date(), catalogMaxAgeMs: 0, scannerSignInLimits: SCANNER_SIGN_IN_LIMITS, cartSweepIntervalMs: 3_600_000, reminderIntervalMs: 3_600_000 } });
    base = await shop.app.listen({ port: 0, host: '127.0.0.1' });
    await makeLists();
  });
  afterAll(async () => {
    await shop?.close();
  });
  const db = () => shop.database.db;

  async function makeLists() {
    const [event] = await db().select().from(events).where(eq(events.externalCode, 'NWF27'));
    const items = await db().select().from(shopItems);
    const idOf = (code: string) => items.find((item) => item.externalCode === code)!.id;
    const add = async (values: Partial<typeof checkinLists.$inferInsert> & { code: string; name: string }, products: string[]) => {
      const [list] = await db()
        .insert(checkinLists)
        .values({ eventId: event!.id, ...values })
        .returning();
      await db()
        .insert(checkinListProducts)
        .values(products.map((code) => ({ listId: list!.id, shopItemId: idOf(code) })));
    };
    await add({ code: 'T-GATE', name: 'Entrance', entry: 'single', gates: ['North', 'South'] }, ['NWF27-WEEKEND', 'NWF27-DAY-SAT']);
    await add({ code: 'T-CAMP', name: 'Camping', entry: 'alternating', opensAt: new Date('2027-06-17T10:00:00Z'), closesAt: new Date('2027-06-21T10:00:00Z') }, ['NWF27-WEEKEND']);
    await add({ code: 'T-BUS', name: 'Shuttle', entry: 'single', boardingBeforeMinutes: 30, boardingAfterMinutes: 15 }, ['NWF27-SHUTTLE']);
  }

  /** A signed-in scanner device: its cookie goes with every call. */
  async function scannerDevice(name = 'Gate phone') {
    const { code } = await createScanners({ db: db() }).add(name);
    const login = await fetch(`${base}/api/staff/scanner-login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' }, body: JSON.stringify({ code: code.toLowerCase() }) });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')!;
    expect(cookie).toMatch(/HttpOnly; Secure; SameSite=Strict/);
    const session = cookie.split(';')[0]!;
    const call = async <P extends keyof typeof staffApi>(path: P, payload: Record<string, unknown>) => {
      const response = await fetch(`${base}/api/staff/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', cookie: session }, body: JSON.stringify(payload) });
      return { status: response.status, body: (await response.json()) as StaffApiAnswer<P> & { message?: string; errors?: Record<string, string[]> } };
    };
    const scan = async (list: string, text: string, gate = 'North', direction: 'in' | 'out' = 'in') => {
      const answer = await call('scan', { list, gate, text, direction });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return staffApi.scan.answer.parse(answer.body);
    };
    return { code, call, scan };
  }

  async function passOf(ticket: { email: string | null; code: string }): Promise<string> {
    const response = await fetch(`${base}/download-ticket/${encodeURIComponent(ticket.email!)}/${ticket.code}`);
    expect(response.status).toBe(200);
    return (await readPdf(new Uint8Array(await response.arrayBuffer()))).qrCodes[0]!;
  }

  async function boughtTicket(product = 'NWF27-WEEKEND', transportTimeId?: number) {
    clock = null;
    const buyer = await createCustomer(shop);
    const order = await paidOrder(shop, base, buyer, [{ code: product, holder: 'Gate Goer', ...(transportTimeId ? { transport_time_id: transportTimeId } : {}) }]);
    const ticket = order.tickets[0]!;
    return { buyer, order, ticket, pass: await passOf(ticket) };
  }

  it('lets in only a signed-in scanner: no session, a wrong code and a revoked scanner are refused; a customer token is no scanner', async () => {
    const anonymous = await fetch(`${base}/api/staff/scan`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' }, body: JSON.stringify({ list: 'T-GATE', gate: 'North', text: 'X' }) });
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { message: string }).message).toBe(english(scannerMessages.notSignedIn));
    const customer = await createCustomer(shop);
    const withToken = await shop.app.inject({ method: 'POST', url: '/api/staff/checkin-lists', headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' }, payload: { token: customer.token } });
    expect(withToken.statusCode).toBe(401);
    const wrong = await shop.app.inject({ method: 'POST', url: '/api/staff/scanner-login', headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' }, payload: { code: 'AAAA-BBBB-CCCC-DDDD' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ message: english(scannerMessages.badScannerCode) });

    const device = await scannerDevice('Revoked phone');
    const lists = await device.call('checkin-lists', {});
    expect(lists.status).toBe(200);
    expect(lists.body.scanner.name).toBe('Revoked phone');
    expect(lists.body.lists.map((list) => list.code)).toEqual(expect.arrayContaining(['T-GATE', 'T-CAMP', 'T-BUS']));
    const scanners = createScanners({ db: db() });
    const row = (await scanners.list()).find((scanner) => scanner.name === 'Revoked phone')!;
    expect(await scanners.revoke(row.id)).toBe(true);
    expect((await device.call('checkin-lists', {})).status).toBe(401);
  });

  it('limits wrong scanner codes per address, counting only the wrong ones; a right code still signs in over the limit, and another address is not held up', async () => {
    const { code } = await createScanners({ db: db() }).add('Limited phone');
    const login = (payloadCode: string, remoteAddress: string) =>
      shop.app.inject({ method: 'POST', url: '/api/staff/scanner-login', remoteAddress, headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' }, payload: { code: payloadCode } });
    // Right codes do not count: a crew signs in as many devices as it has.
    for (let device = 0; device < SCANNER_SIGN_IN_LIMITS.perAddress + 5; device += 1) expect((await login(code, '198.51.100.7')).statusCode).toBe(200);
    for (let wrong = 0; wrong < SCANNER_SIGN_IN_LIMITS.perAddress; wrong += 1) expect((await login('AAAA-BBBB-CCCC-DDDD', '198.51.100.7')).statusCode).toBe(401);
    const refused = await login('AAAA-BBBB-CCCC-DDDD', '198.51.100.7');
    expect([refused.statusCode, refused.json().message]).toEqual([429, english(messages.accounts.tooManyAttempts)]);
    // Over the limit a right code still signs in (decision 0050): a stranger behind the gates' address cannot keep them out.
    expect((await login(code, '198.51.100.7')).statusCode).toBe(200);
    expect((await login('AAAA-BBBB-CCCC-DDDD', '198.51.100.7')).statusCode).toBe(429);
    expect((await login(code, '203.0.113.9')).statusCode).toBe(200);
  });

  it('trusts a live scanner session for a moment per instance: a revocation elsewhere lands within it, a sign-out here at once', async () => {
    const gate = createScanners({ db: db(), sessionCacheMs: 300 });
    const organiser = createScanners({ db: db() });
    const added = await organiser.add('Cached phone');
    const session = (await gate.signIn(added.code))!;
    expect(await gate.scannerOf(session.token)).toEqual({ id: added.id, name: 'Cached phone' });
    expect(await organiser.revoke(added.id)).toBe(true);
    // Revoked by another instance (or the organiser's command): this one still trusts it briefly, then not.
    expect(await gate.scannerOf(session.token)).toEqual({ id: added.id, name: 'Cached phone' });
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(await gate.scannerOf(session.token)).toBeNull();
    // A sign-out on the instance itself ends the session at once.
    const other = await organiser.add('Signing-out phone');
    const second = (await gate.signIn(other.code))!;
    expect(await gate.scannerOf(second.token)).not.toBeNull();
    await gate.signOut(second.token);
    expect(await gate.scannerOf(second.token)).toBeNull();
  });

  it('admits a ticket once: the second scan says since when and at which gate, and the list counts it', async () => {
    const { pass } = await boughtTicket();
    clock = FESTIVAL;
    const north = await scannerDevice();
    const south = await scannerDevice();
    const first = await north.scan('T-GATE', pass, 'North');
    expect(first).toMatchObject({ result: 'admit', message: english(scannerMessages.admit), ticket: { holder: 'Gate Goer', product: expect.any(String) } });
    clock = new Date(FESTIVAL.getTime() + 5 * 60_000);
    const second = await south.scan('T-GATE', pass, 'South');
    expect(second).toMatchObject({ result: 'already-in', message: english(scannerMessages.alreadyIn('11:00', 'North')), gate: 'North', since: FESTIVAL.toISOString() });
    const lists = await north.call('checkin-lists', {});
    expect(lists.body.lists.find((list) => list.code === 'T-GATE')).toMatchObject({ admitted: expect.any(Number), inside: expect.any(Number) });
  });

  it('admits exactly one of 20 scanners scanning the same ticket at once', async () => {
    const { pass, ticket } = await boughtTicket();
    clock = FESTIVAL;
    const devices = await Promise.all(Array.from({ length: 20 }, (_, index) => scannerDevice(`Racer ${index}`)));
    const gateFigures = async () => (await devices[0]!.call('checkin-lists', {})).body.lists.find((list) => list.code === 'T-GATE')!;
    const before = await gateFigures();
    const answers = await Promise.all(devices.map((device, index) => device.scan('T-GATE', pass, index % 2 ? 'South' : 'North')));
    expect(await gateFigures()).toMatchObject({ admitted: before.admitted + 1, inside: before.inside + 1 });
    expect(answers.filter((answer) => answer.result === 'admit')).toHaveLength(1);
    expect(answers.filter((answer) => answer.result === 'already-in')).toHaveLength(19);
    // One entry counted, whichever gate won.
    const [list] = await db().select().from(checkinLists).where(eq(checkinLists.code, 'T-GATE'));
    const counted = await db()
      .select()
      .from(checkins)
      .where(and(eq(checkins.listId, list!.id), eq(checkins.ticketId, readTicketPass(pass)!.fields.ticketId)));
    expect(counted.map((checkin) => checkin.kind)).toEqual(['in']);
    expect(readTicketPass(pass)!.fields.code).toBe(ticket.code);
  });

  it('lets a camper in and out in turn, never in twice or out without an entry, and only while the list is open', async () => {
    const { pass } = await boughtTicket();
    clock = new Date('2027-06-16T10:00:00Z');
    const device = await scannerDevice();
    expect(await device.scan('T-CAMP', pass, 'Camp')).toMatchObject({ result: 'wrong-day', message: english(scannerMessages.wrongDay) });
    clock = FESTIVAL;
    const figures = async () => (await device.call('checkin-lists', {})).body.lists.find((list) => list.code === 'T-CAMP')!;
    const before = await figures();
    expect((await device.scan('T-CAMP', pass, 'Camp', 'out')).result).toBe('not-inside');
    expect((await device.scan('T-CAMP', pass, 'Camp')).result).toBe('admit');
    expect((await device.scan('T-CAMP', pass, 'Camp')).result).toBe('already-in');
    expect(await figures()).toMatchObject({ admitted: before.admitted + 1, inside: before.inside + 1 });
    expect((await device.scan('T-CAMP', pass, 'Camp', 'out')).result).toBe('exit');
    expect((await device.scan('T-CAMP', pass, 'Camp', 'out')).result).toBe('not-inside');
    expect(await figures()).toMatchObject({ admitted: before.admitted + 1, inside: before.inside });
    expect((await device.scan('T-CAMP', pass, 'Camp')).result).toBe('admit');
    // Back in: inside again, but admitted counts the ticket once.
    expect(await figures()).toMatchObject({ admitted: before.admitted + 1, inside: before.inside + 1 });
  });

  it('boards a shuttle passenger at their own departure only, and tells one on the wrong bus which departure is theirs', async () => {
    const departures = await db().select().from(travelTimes).innerJoin(shopItems, eq(shopItems.id, travelTimes.shopItemId)).where(eq(shopItems.externalCode, 'NWF27-SHUTTLE')).orderBy(asc(travelTimes.departsAt));
    const open = departures.filter((row) => row.travel_times.seats === null || row.travel_times.seats > 0);
    const [early, late] = [open[0]!.travel_times, open[1]!.travel_times];
    const { pass } = await boughtTicket('NWF27-SHUTTLE', late.id);
    // At the earlier bus, ten minutes before it leaves.
    clock = new Date(early.departsAt.getTime() - 10 * 60_000);
    const device = await scannerDevice();
    const wrong = await device.scan('T-BUS', pass, 'Bay 1');
    expect(wrong.result).toBe('wrong-bus');
    const theirs = new Intl.DateTimeFormat(shop.config.locale, { weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Europe/Amsterdam' }).format(late.departsAt);
    expect(wrong.message).toBe(english(scannerMessages.wrongBus(theirs)));
    // Their own bus: from 30 minutes before until 15 after.
    clock = new Date(late.departsAt.getTime() - 31 * 60_000);
    expect((await device.scan('T-BUS', pass, 'Bay 1')).result).toBe('wrong-bus');
    clock = new Date(late.departsAt.getTime() + 16 * 60_000);
    expect((await device.scan('T-BUS', pass, 'Bay 1')).result).toBe('wrong-bus');
    clock = new Date(late.departsAt.getTime() - 20 * 60_000);
    expect((await device.scan('T-BUS', pass, 'Bay 1')).result).toBe('admit');
  });

  it('judges a pass by the ticket’s record where the two differ: a departure changed or moved, an event moved, a ticket not valid', async () => {
    const departures = await db().select().from(travelTimes).innerJoin(shopItems, eq(shopItems.id, travelTimes.shopItemId)).where(eq(shopItems.externalCode, 'NWF27-SHUTTLE')).orderBy(asc(travelTimes.departsAt));
    const open = departures.filter((row) => row.travel_times.seats === null || row.travel_times.seats > 0);
    const [early, late] = [open[0]!.travel_times, open[1]!.travel_times];
    // A scanner signed in at the gate's time (a session lasts a week), scanning then.
    const scanAt = async (at: Date, list: string, text: string, gate = 'North') => {
      clock = at;
      return (await scannerDevice()).scan(list, text, gate);
    };
    const busAnswer = (departsAt: Date) =>
      english(scannerMessages.wrongBus(new Intl.DateTimeFormat(shop.config.locale, { weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Europe/Amsterdam' }).format(departsAt)));

    // The holder moved to the later bus after downloading: the old pass (same code) still claims the early one.
    const changed = await boughtTicket('NWF27-SHUTTLE', early.id);
    const moved = await shop.call('set-travel-time', { token: changed.buyer.token, code: changed.ticket.code, transport_time_id: late.id });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await scanAt(new Date(early.departsAt.getTime() - 10 * 60_000), 'T-BUS', changed.pass, 'Bay 1')).toMatchObject({ result: 'wrong-bus', message: busAnswer(late.departsAt) });
    expect((await scanAt(new Date(late.departsAt.getTime() - 10 * 60_000), 'T-BUS', changed.pass, 'Bay 1')).result).toBe('admit');

    // The organiser moves a departure an hour later: at the old time its passengers are early, though
    // their passes (and this instance's few seconds of cached departures) still say the old time.
    const rescheduled = await boughtTicket('NWF27-SHUTTLE', early.id);
    // Another passenger of that bus boards first, so the departures are in the instance's cache.
    const boarded = await boughtTicket('NWF27-SHUTTLE', early.id);
    expect((await scanAt(new Date(early.departsAt.getTime() - 10 * 60_000), 'T-BUS', boarded.pass, 'Bay 1')).result).toBe('admit');
    const later = new Date(early.departsAt.getTime() + 60 * 60_000);
    await db().update(travelTimes).set({ departsAt: later }).where(eq(travelTimes.id, early.id));
    try {
      expect(await scanAt(new Date(early.departsAt.getTime() - 10 * 60_000), 'T-BUS', rescheduled.pass, 'Bay 1')).toMatchObject({ result: 'wrong-bus', message: busAnswer(later) });
      expect((await scanAt(new Date(later.getTime() - 10 * 60_000), 'T-BUS', rescheduled.pass, 'Bay 1')).result).toBe('admit');
    } finally {
      await db().update(travelTimes).set({ departsAt: early.departsAt }).where(eq(travelTimes.id, early.id));
    }

    // The event moved ten days earlier: its passes' windows end ten days before they say.
    const [event] = await db().select().from(events).where(eq(events.externalCode, 'NWF27'));
    const ended = await boughtTicket();
    const weeksAfter = new Date(event!.startsAt!.getTime() + 25 * 86_400_000);
    expect(readTicketPass(ended.pass)!.fields.validUntil.getTime()).toBeGreaterThan(weeksAfter.getTime());
    await db()
      .update(events)
      .set({ startsAt: new Date(event!.startsAt!.getTime() - 10 * 86_400_000) })
      .where(eq(events.id, event!.id));
    try {
      expect(await scanAt(weeksAfter, 'T-GATE', ended.pass)).toMatchObject({ result: 'wrong-day', message: english(scannerMessages.wrongDay) });
    } finally {
      await db().update(events).set({ startsAt: event!.startsAt }).where(eq(events.id, event!.id));
    }
    expect((await scanAt(weeksAfter, 'T-GATE', ended.pass)).result).toBe('admit');

    // Cancelled since its download: the pass still claims all it did, the record says no.
    const cancelled = await boughtTicket();
    await db().update(tickets).set({ status: 'cancelled' }).where(eq(tickets.id, readTicketPass(cancelled.pass)!.fields.ticketId));
    expect((await scanAt(FESTIVAL, 'T-GATE', cancelled.pass)).result).toBe('revoked');
    // Its order abandoned since (a chargeback, say): revoked by the pass as by the code.
    const unpaid = await boughtTicket();
    await db().update(orders).set({ paymentStatus: 'abandoned' }).where(eq(orders.id, unpaid.order.id));
    expect((await scanAt(FESTIVAL, 'T-GATE', unpaid.pass)).result).toBe('revoked');

    // A day ticket's own code in a pass that claims the weekend ticket, which camping admits: the record's product decides.
    const day = await boughtTicket('NWF27-DAY-SAT');
    const dayFields = readTicketPass(day.pass)!.fields;
    const weekendId = (await db().select().from(shopItems).where(eq(shopItems.externalCode, 'NWF27-WEEKEND')))[0]!.id;
    const claimsWeekend = await signTicketPass({ ...dayFields, productId: weekendId }, new Uint8Array(32).fill(6));
    expect(await scanAt(FESTIVAL, 'T-CAMP', claimsWeekend, 'Camp')).toMatchObject({ result: 'wrong-list', ticket: { code: day.ticket.code } });

    // The weekend product moved to another event after its passes went out: the entrance of this event no longer admits them.
    const kept = await boughtTicket();
    const [other] = await db().insert(events).values({ externalCode: 'T-OTHER', name: 'Another festival', timezone: 'Europe/Amsterdam' }).returning();
    await db().update(shopItems).set({ eventId: other!.id }).where(eq(shopItems.id, weekendId));
    try {
      expect((await scanAt(FESTIVAL, 'T-GATE', kept.pass)).result).toBe('wrong-list');
    } finally {
      await db().update(shopItems).set({ eventId: event!.id }).where(eq(shopItems.id, weekendId));
    }
    expect((await scanAt(FESTIVAL, 'T-GATE', kept.pass)).result).toBe('admit');
  });

  it('refuses a reassigned ticket’s old pass at once and admits its new one; a refunded ticket and an unpaid order’s ticket are revoked', async () => {
    const { buyer, order, ticket, pass } = await boughtTicket();
    const moved = await shop.call('change-ticket', { token: buyer.token, order_id: order.id, code: ticket.code, full_name: 'New Holder', email: 'new.holder@example.org', age: ticket.age, reassign: true });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const [newCode] = await db().select({ code: tickets.code }).from(tickets).where(eq(tickets.id, readTicketPass(pass)!.fields.ticketId));
    expect(newCode!.code).not.toBe(ticket.code);
    clock = FESTIVAL;
    const device = await scannerDevice();
    expect(await device.scan('T-GATE', pass)).toMatchObject({ result: 'revoked', message: english(scannerMessages.revoked) });
    expect((await device.scan('T-GATE', await passOf({ email: 'new.holder@example.org', code: newCode!.code }))).result).toBe('admit');

    const refunded = await boughtTicket();
    const request = await shop.call('request-refund', { token: refunded.buyer.token, order_id: refunded.order.id, tickets: refunded.ticket.code, ...BANK_DETAILS });
    expect(request.status, JSON.stringify(request.body)).toBe(200);
    await runRefundsCommand(['mark-processed', String(request.body.data.refund_id)], { db: db(), config: shop.config, print: () => {} });
    clock = FESTIVAL;
    expect((await device.scan('T-GATE', refunded.pass)).result).toBe('revoked');

    clock = null;
    const unpaidBuyer = await createCustomer(shop);
    const placed = await shop.call('checkout-cart', checkoutPayload(unpaidBuyer.token, await cartWith(shop, unpaidBuyer.token, ['NWF27-WEEKEND'])));
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const unpaidCode = (placed.body.data.orders as { code: string; tickets: { code: string }[] }[]).find((candidate) => candidate.code === placed.body.order.code)!.tickets[0]!.code;
    clock = FESTIVAL;
    // Typed in, as staff do from a code read out: lower case and grouped is the same code.
    expect((await device.scan('T-GATE', unpaidCode.toLowerCase().replace(/(.{5})/g, '$1 '))).result).toBe('revoked');
  });

  it('shows the pass as a QR picture under the ticket’s download link, by the same rule: nothing for another address or an old code', async () => {
    const { buyer, order, ticket, pass } = await boughtTicket();
    const picture = await fetch(`${base}/download-ticket/${encodeURIComponent(ticket.email!)}/${ticket.code}/qr.png`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect(picture.headers.get('cache-control')).toBe('private, no-store');
    const { data, info } = await sharp(Buffer.from(await picture.arrayBuffer())).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe(pass);
    expect((await fetch(`${base}/download-ticket/someone.else%40example.org/${ticket.code}/qr.png`)).status).toBe(404);
    const moved = await shop.call('change-ticket', { token: buyer.token, order_id: order.id, code: ticket.code, full_name: 'Other Holder', email: 'other.holder@example.org', age: ticket.age, reassign: true });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await fetch(`${base}/download-ticket/${encodeURIComponent(ticket.email!)}/${ticket.code}/qr.png`)).status).toBe(404);
  });

  it('syncs a scanner: everything first, then only what changed; a reassigned, refunded or abandoned ticket turns invalid, a pass sold after the sync verifies with the synced keys', async () => {
    const kept = await boughtTicket();
    const moved = await boughtTicket();
    const refunded = await boughtTicket();
    const abandoned = await boughtTicket();
    const device = await scannerDevice('Sync phone');
    const first = await device.call('sync', { list: 'T-GATE' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const full = staffApi.sync.answer.parse(first.body);
    expect(full).toMatchObject({ full: true, locale: shop.config.locale, list: { code: 'T-GATE', entry: 'single', gates: ['North', 'South'], timezone: 'Europe/Amsterdam' } });
    const weekend = (await db().select().from(shopItems).where(eq(shopItems.externalCode, 'NWF27-WEEKEND')))[0]!;
    expect(full.list.product_ids).toContain(weekend.id);
    expect(full.products.map((product) => product.name)).toContain(weekend.name);
    const idOf = (pass: string) => readTicketPass(pass)!.fields.ticketId;
    for (const bought of [kept, moved, refunded, abandoned]) {
      expect(full.tickets.find((ticket) => ticket.id === idOf(bought.pass))).toEqual({ id: idOf(bought.pass), code: bought.ticket.code, valid: true, holder: 'Gate Goer', age: bought.ticket.age, product_id: weekend.id, departs_at: null });
    }
    // A camping-only or shuttle ticket is another list's: not sent.
    const shuttleIds = (await db().select({ id: tickets.id }).from(tickets).innerJoin(shopItems, eq(shopItems.id, tickets.shopItemId)).where(eq(shopItems.externalCode, 'NWF27-SHUTTLE'))).map((row) => row.id);
    expect(full.tickets.filter((ticket) => shuttleIds.includes(ticket.id))).toEqual([]);

    const keys = new Map(full.keys.map((key) => [key.id, new Uint8Array(Buffer.from(key.public_key, 'hex'))]));

    // Changes by four paths: a reassignment, a refund paid out, an order abandoned by any means (the
    // trigger keeps updated_at whoever writes), and an online entry.
    const reassigned = await shop.call('change-ticket', { token: moved.buyer.token, order_id: moved.order.id, code: moved.ticket.code, full_name: 'Next Holder', email: 'next.holder@example.org', age: moved.ticket.age, reassign: true });
    expect(reassigned.status, JSON.stringify(reassigned.body)).toBe(200);
    const request = await shop.call('request-refund', { token: refunded.buyer.token, order_id: refunded.order.id, tickets: refunded.ticket.code, ...BANK_DETAILS });
    await runRefundsCommand(['mark-processed', String(request.body.data.refund_id)], { db: db(), config: shop.config, print: () => {} });
    await db().update(orders).set({ paymentStatus: 'abandoned' }).where(eq(orders.id, abandoned.order.id));
    clock = FESTIVAL;
    // Signed in at the gate's time (a scanner session lasts a week).
    const gate = await scannerDevice('Gate phone at the festival');
    expect((await gate.scan('T-GATE', kept.pass, 'South')).result).toBe('admit');
    // A ticket sold after the sync: not in any sync yet, but its pass verifies offline with the keys the scanner holds.
    const late = await boughtTicket();
    expect(await verifyTicketPass(late.pass, keys, FESTIVAL)).toMatchObject({ ok: true, pass: { ticketId: idOf(late.pass) } });
    clock = FESTIVAL;

    // The cursor as if it were SYNC_OVERLAP_MS later: what changed after the first sync, without the overlap's re-sending.
    const delta = staffApi.sync.answer.parse((await gate.call('sync', { list: 'T-GATE', since: new Date(Date.parse(full.cursor) + SYNC_OVERLAP_MS).toISOString() })).body);
    expect(delta.full).toBe(false);
    expect(delta.tickets.map((ticket) => ticket.id)).not.toContain(idOf(kept.pass));
    const sent = (pass: string) => delta.tickets.find((ticket) => ticket.id === idOf(pass));
    expect(sent(moved.pass)).toMatchObject({ valid: true, holder: 'Next Holder' });
    expect(sent(moved.pass)!.code).not.toBe(moved.ticket.code);
    expect(sent(refunded.pass)).toMatchObject({ valid: false });
    expect(sent(abandoned.pass)).toMatchObject({ valid: false });
    expect(sent(late.pass)).toMatchObject({ valid: true });
    expect(delta.states).toContainEqual({ ticket_id: idOf(kept.pass), inside: true, since: FESTIVAL.toISOString(), gate: 'South' });
    expect(delta.admitted).toBeGreaterThanOrEqual(1);
    // With the cursor as given, the last SYNC_OVERLAP_MS are sent again (a change committed late is not lost).
    const overlapping = staffApi.sync.answer.parse((await gate.call('sync', { list: 'T-GATE', since: full.cursor })).body);
    expect(overlapping.tickets.map((ticket) => ticket.id)).toContain(idOf(kept.pass));
    // Nothing changed since: nothing sent.
    const later = staffApi.sync.answer.parse((await gate.call('sync', { list: 'T-GATE', since: new Date(Date.parse(delta.cursor) + SYNC_OVERLAP_MS).toISOString() })).body);
    expect([later.tickets, later.states]).toEqual([[], []]);

    // A bad cursor or list is the caller's mistake; no session, no sync.
    const badCursor = await gate.call('sync', { list: 'T-GATE', since: 'yesterday' });
    expect([badCursor.status, badCursor.body.errors]).toEqual([422, { since: ['A sync cursor is a date and time.'] }]);
    const unknownList = await gate.call('sync', { list: 'NO-SUCH-LIST' });
    expect([unknownList.status, unknownList.body.errors]).toEqual([422, { list: [english(scannerMessages.unknownList)] }]);
    const anonymous = await fetch(`${base}/api/staff/sync`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' }, body: JSON.stringify({ list: 'T-GATE' }) });
    expect(anonymous.status).toBe(401);
  });

  it('tells a ticket for another list, a forged pass and anything else apart, and refuses an unknown list or gate', async () => {
    const { pass, ticket } = await boughtTicket('NWF27-SHUTTLE', (await db().select().from(travelTimes).orderBy(asc(travelTimes.departsAt)).limit(1))[0]!.id);
    clock = FESTIVAL;
    const device = await scannerDevice();
    expect(await device.scan('T-GATE', pass)).toMatchObject({ result: 'wrong-list', message: english(scannerMessages.wrongList) });
    const fields = readTicketPass(pass)!.fields;
    const weekendId = (await db().select().from(shopItems).where(eq(shopItems.externalCode, 'NWF27-WEEKEND')))[0]!.id;
    const forgerKey = new Uint8Array(32).fill(5);
    // A made-up pass (another key) for a real ticket without its code, or for no ticket at all: not a ticket.
    for (const claims of [{ code: 'AAAAAAAAAAAAAAAAAAAA' }, { code: 'AAAAAAAAAAAAAAAAAAAA', productId: weekendId, travelTimeId: null }, { ticketId: fields.ticketId + 100_000 }]) {
      expect(await device.scan('T-GATE', await signTicketPass({ ...fields, ...claims }, forgerKey)), JSON.stringify(claims)).toMatchObject({ result: 'not-a-ticket', message: english(scannerMessages.notATicket), ticket: null });
    }
    // One that carries the ticket's own code but claims another product: judged as the ticket it
    // names, by the shop's record (as the code typed in is), so the forgery buys nothing.
    const forged = await signTicketPass({ ...fields, productId: weekendId, travelTimeId: null }, forgerKey);
    expect(await device.scan('T-GATE', forged)).toMatchObject({ result: 'wrong-list', ticket: { code: ticket.code, holder: 'Gate Goer' } });
    expect(await device.scan('T-GATE', ticket.code)).toMatchObject({ result: 'wrong-list', ticket: { code: ticket.code, holder: 'Gate Goer' } });
    for (const text of ['https://example.org/', 'NOPE', ticket.code.slice(0, -1)]) expect((await device.scan('T-GATE', text)).result, text).toBe('not-a-ticket');
    const unknownList = await device.call('scan', { list: 'NO-SUCH-LIST', gate: 'North', text: pass });
    expect(unknownList.status).toBe(422);
    expect(unknownList.body.errors).toEqual({ list: [english(scannerMessages.unknownList)] });
    const unknownGate = await device.call('scan', { list: 'T-GATE', gate: 'West', text: pass });
    expect(unknownGate.status).toBe(422);
    expect(unknownGate.body.errors).toEqual({ gate: [english(scannerMessages.unknownGate)] });
    const noText = await device.call('scan', { list: 'T-GATE', gate: 'North', text: '' });
    expect(noText.status).toBe(422);
    const lists = await db().select().from(checkinLists).where(inArray(checkinLists.code, ['T-GATE']));
    expect(lists).toHaveLength(1);
  });

  it('takes offline scans once however often they are uploaded, and reports a ticket admitted at two offline gates as a conflict, counted once', async () => {
    const { pass } = await boughtTicket();
    const ticketId = readTicketPass(pass)!.fields.ticketId;
    clock = FESTIVAL;
    const north = await scannerDevice('Offline north');
    const south = await scannerDevice('Offline south');
    const [list] = await db().select().from(checkinLists).where(eq(checkinLists.code, 'T-GATE'));
    const figures = async () => (await north.call('checkin-lists', {})).body.lists.find((entry) => entry.code === 'T-GATE')!;
    const before = await figures();
    const at = (minutes: number) => new Date(FESTIVAL.getTime() + minutes * 60_000).toISOString();
    const northScans = { scans: [{ nonce: 'north-0001', list: 'T-GATE', gate: 'North', ticket_id: ticketId, direction: 'in', scanned_at: at(1) }] };
    const southScans = { scans: [{ nonce: 'south-0001', list: 'T-GATE', gate: 'South', ticket_id: ticketId, direction: 'in', scanned_at: at(2) }] };

    const first = await north.call('upload-scans', northScans);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.results).toEqual([{ nonce: 'north-0001', result: 'counted' }]);
    // The same upload again (the answer was lost on the way), and twice at once.
    const again = await Promise.all([north.call('upload-scans', northScans), north.call('upload-scans', northScans)]);
    expect(again.map((answer) => answer.body.results)).toEqual([[{ nonce: 'north-0001', result: 'duplicate' }], [{ nonce: 'north-0001', result: 'duplicate' }]]);
    // The other gate admitted the same ticket offline: a conflict, reported, not counted.
    expect((await south.call('upload-scans', southScans)).body.results).toEqual([{ nonce: 'south-0001', result: 'conflict' }]);
    expect((await south.call('upload-scans', southScans)).body.results).toEqual([{ nonce: 'south-0001', result: 'duplicate' }]);
    expect(await figures()).toMatchObject({ admitted: before.admitted + 1, inside: before.inside + 1 });
    const rows = await db().select().from(checkins).where(and(eq(checkins.listId, list!.id), eq(checkins.ticketId, ticketId))).orderBy(asc(checkins.id));
    expect(rows.map((row) => [row.kind, row.gate, row.offline])).toEqual([
      ['in', 'North', true],
      ['conflict', 'South', true],
    ]);
    // Online, the gate now knows who came in first.
    expect(await south.scan('T-GATE', pass, 'South')).toMatchObject({ result: 'already-in', gate: 'North', since: at(1) });
    // The organiser's report names the ticket, both gates and both times.
    const report: string[] = [];
    expect(await runCheckinCommand(['conflicts'], { db: db(), secrets: [SECRET], print: (line) => report.push(line) })).toBe(0);
    const [ticketRow] = await db().select().from(tickets).where(eq(tickets.id, ticketId));
    expect(report).toContain(`T-GATE\tticket ${ticketRow!.code}\tGate Goer\tscanned ${at(2)} at gate South by Offline south\tcounted ${at(1)} at gate North`);
    // Given the shop's zone (as `npm run checkin` is), the times carry its offset (decision 0072).
    const zoned: string[] = [];
    expect(await runCheckinCommand(['conflicts'], { db: db(), secrets: [SECRET], timeZone: 'Europe/Amsterdam', print: (line) => zoned.push(line) })).toBe(0);
    expect(zoned.join('\n')).toContain(`scanned ${isoInZone(new Date(at(2)), 'Europe/Amsterdam')} at gate South`);
    expect(isoInZone(new Date(at(2)), 'Europe/Amsterdam')).toMatch(/\+02:00$/);

    // An unknown list or ticket is answered as such, beside the others of the same upload, in the order sent.
    const mixed = await north.call('upload-scans', {
      scans: [
        { nonce: 'mixed-0002', list: 'T-GATE', gate: 'North', ticket_id: 2_000_000_000, direction: 'in', scanned_at: at(4) },
        { nonce: 'mixed-0001', list: 'NO-SUCH', gate: 'North', ticket_id: ticketId, direction: 'in', scanned_at: at(3) },
      ],
    });
    expect(mixed.body.results).toEqual([
      { nonce: 'mixed-0002', result: 'unknown' },
      { nonce: 'mixed-0001', result: 'unknown' },
    ]);
    const bad = await north.call('upload-scans', { scans: [{ nonce: 'x', list: 'T-GATE', gate: 'North', ticket_id: ticketId, direction: 'in', scanned_at: 'yesterday' }] });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors!).sort()).toEqual(['scans.0.nonce', 'scans.0.scanned_at']);
  });

  it('judges an uploaded scan as the gate judges one online: an unpaid order’s ticket, a product not on the list, a scan outside the window, a gate the list does not have and an old pass are refused, kept with their reason and never counted', async () => {
    const valid = await boughtTicket();
    const validId = readTicketPass(valid.pass)!.fields.ticketId;
    const day = await boughtTicket('NWF27-DAY-SAT');
    const dayId = readTicketPass(day.pass)!.fields.ticketId;
    clock = null;
    const unpaidBuyer = await createCustomer(shop);
    const placed = await shop.call('checkout-cart', checkoutPayload(unpaidBuyer.token, await cartWith(shop, unpaidBuyer.token, ['NWF27-WEEKEND'])));
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const unpaidCode = (placed.body.data.orders as { code: string; tickets: { code: string }[] }[]).find((candidate) => candidate.code === placed.body.order.code)!.tickets[0]!.code;
    const [unpaid] = await db().select({ id: tickets.id }).from(tickets).where(eq(tickets.code, unpaidCode));
    clock = FESTIVAL;
    const device = await scannerDevice('Judged offline');
    const figures = async () => (await device.call('checkin-lists', {})).body.lists.filter((entry) => entry.code === 'T-GATE' || entry.code === 'T-CAMP');
    const before = await figures();
    const at = (minutes: number) => new Date(FESTIVAL.getTime() + minutes * 60_000).toISOString();
    const scan = (nonce: string, list: string, gate: string, ticketId: number, scannedAt = at(1), extra: Record<string, unknown> = {}) => ({ nonce, list, gate, ticket_id: ticketId, direction: 'in', scanned_at: scannedAt, ...extra });
    const scans = [
      scan('judged-unpaid', 'T-GATE', 'North', unpaid!.id),
      scan('judged-product', 'T-CAMP', 'Camp', dayId),
      // The camping list closes on 21 June at 12:00 in Amsterdam.
      scan('judged-closed', 'T-CAMP', 'Camp', validId, '2027-06-22T09:00:00Z'),
      scan('judged-gate', 'T-GATE', 'Back door', validId),
      scan('judged-old-pass', 'T-GATE', 'North', dayId, at(1), { code: 'NOTTHECURRENTCODE1' }),
    ];
    const answer = await device.call('upload-scans', { scans });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.results).toEqual(scans.map((entry) => ({ nonce: entry.nonce, result: 'refused' })));
    // Sent again: taken once, still not counted.
    expect((await device.call('upload-scans', { scans })).body.results).toEqual(scans.map((entry) => ({ nonce: entry.nonce, result: 'duplicate' })));
    expect(await figures()).toEqual(before);
    const kept = await db()
      .select({ nonce: checkins.nonce, kind: checkins.kind, reason: checkins.reason })
      .from(checkins)
      .where(inArray(checkins.nonce, scans.map((entry) => `offline:${entry.nonce}`)))
      .orderBy(asc(checkins.id));
    expect(kept).toEqual([
      { nonce: 'offline:judged-unpaid', kind: 'refused', reason: 'revoked' },
      { nonce: 'offline:judged-product', kind: 'refused', reason: 'wrong-list' },
      { nonce: 'offline:judged-gate', kind: 'refused', reason: 'unknown-gate' },
      { nonce: 'offline:judged-old-pass', kind: 'refused', reason: 'revoked' },
      { nonce: 'offline:judged-closed', kind: 'refused', reason: 'wrong-day' },
    ]);
    // Nothing was let in: both tickets still admit online, with their current code.
    expect((await device.scan('T-GATE', valid.pass)).result).toBe('admit');
    expect((await device.scan('T-GATE', day.pass)).result).toBe('admit');
    // The organiser sees each refusal with its reason, and the figures per gate count none of them.
    const report: string[] = [];
    expect(await runCheckinCommand(['conflicts'], { db: db(), secrets: [SECRET], print: (line) => report.push(line) })).toBe(0);
    expect(report).toContain(`T-GATE\tticket ${unpaidCode}\tHolder 0 NWF27-WEEKEND\tscanned ${at(1)} at gate North by Judged offline\trefused: revoked`);
    expect(report.some((line) => line.includes('at gate Back door by Judged offline\trefused: not a gate of this list'))).toBe(true);
    const stats: string[] = [];
    expect(await runCheckinCommand(['stats'], { db: db(), secrets: [SECRET], print: (line) => stats.push(line) })).toBe(0);
    expect(stats.find((line) => line.startsWith('T-GATE\tEntrance\tgate Back door\t'))).toBe('T-GATE\tEntrance\tgate Back door\tadmitted 0\tinside 0\tconflicts 0\trefused 1');
  });

  it('admits the demo’s Saturday ticket on Saturday only (its night until 06:00 Sunday too) and names its day otherwise, the weekend ticket every day; uploaded scans are judged the same (issue 34)', async () => {
    const LIST = 'NWF27-ENTRANCE';
    const saturday = await boughtTicket('NWF27-DAY-SAT');
    const weekend = await boughtTicket();
    // Signed in at the festival: a scanner's session lasts seven days of the gate's clock.
    clock = FESTIVAL;
    const device = await scannerDevice('Day ticket gate');
    const scanAt = async (at: string, text: string, direction: 'in' | 'out' = 'in') => {
      clock = new Date(at);
      return device.scan(LIST, text, 'North', direction);
    };
    const wrongDay = 'Wrong day: day ticket for Saturday 19 June';
    expect(english(scannerMessages.wrongDayFor('Saturday 19 June', 1))).toBe(wrongDay);

    // Friday 14:00 in Amsterdam: the weekend ticket goes in, the Saturday ticket is told its day, by its pass and by its typed code.
    expect((await scanAt('2027-06-18T12:00:00Z', weekend.pass)).result).toBe('admit');
    expect(await scanAt('2027-06-18T12:00:00Z', saturday.pass)).toMatchObject({ result: 'wrong-day', message: wrongDay, ticket: { code: saturday.ticket.code, product: 'Day ticket Saturday' } });
    expect(await scanAt('2027-06-18T21:59:00Z', saturday.ticket.code.toLowerCase())).toMatchObject({ result: 'wrong-day', message: wrongDay });
    // Saturday 05:59 is still Friday's night.
    expect(await scanAt('2027-06-19T03:59:00Z', saturday.pass)).toMatchObject({ result: 'wrong-day', message: wrongDay });
    // Saturday 06:00: in; out and in again at 01:30 on Sunday morning, still Saturday's night.
    expect((await scanAt('2027-06-19T04:00:00Z', saturday.pass)).result).toBe('admit');
    expect((await scanAt('2027-06-19T20:00:00Z', saturday.pass, 'out')).result).toBe('exit');
    expect((await scanAt('2027-06-19T23:30:00Z', saturday.pass)).result).toBe('admit');
    expect((await scanAt('2027-06-20T00:30:00Z', saturday.pass, 'out')).result).toBe('exit');
    // Sunday 06:00 and noon: refused; the weekend ticket goes out and in again on Sunday.
    expect(await scanAt('2027-06-20T04:00:00Z', saturday.pass)).toMatchObject({ result: 'wrong-day', message: wrongDay });
    expect(await scanAt('2027-06-20T10:00:00Z', saturday.ticket.code)).toMatchObject({ result: 'wrong-day', message: wrongDay });
    expect((await scanAt('2027-06-20T10:00:00Z', weekend.pass, 'out')).result).toBe('exit');
    expect((await scanAt('2027-06-20T10:05:00Z', weekend.pass)).result).toBe('admit');

    // The scanner's offline data carries the rule: the list's cut-over, and each product's days.
    const sync = await device.call('sync', { list: LIST });
    expect(sync.status).toBe(200);
    expect(sync.body.list.day_cutover_minutes).toBe(360);
    const days = Object.fromEntries(sync.body.products.map((product) => [product.name, product.days]));
    expect(days).toEqual({ 'Weekend ticket': null, 'Day ticket Saturday': ['2027-06-19'], 'Weekend ticket (pay in 4)': null });

    // Uploaded offline scans, judged at the time they were made: Friday and Sunday refused as the wrong day, Saturday night counted.
    const later = await boughtTicket('NWF27-DAY-SAT');
    const laterId = readTicketPass(later.pass)!.fields.ticketId;
    clock = new Date('2027-06-20T12:00:00Z');
    const uploader = await scannerDevice('Day ticket uploader');
    const upload = (nonce: string, scannedAt: string, direction: 'in' | 'out' = 'in') => ({ nonce, list: LIST, gate: 'South', ticket_id: laterId, direction, scanned_at: scannedAt, code: later.ticket.code });
    const scans = [upload('day-friday', '2027-06-18T15:00:00Z'), upload('day-saturday-night', '2027-06-19T23:45:00Z'), upload('day-sunday', '2027-06-20T08:00:00Z', 'in')];
    const answer = await uploader.call('upload-scans', { scans });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.results).toEqual([
      { nonce: 'day-friday', result: 'refused' },
      { nonce: 'day-saturday-night', result: 'counted' },
      { nonce: 'day-sunday', result: 'refused' },
    ]);
    const kept = await db()
      .select({ nonce: checkins.nonce, kind: checkins.kind, reason: checkins.reason })
      .from(checkins)
      .where(inArray(checkins.nonce, scans.map((entry) => `offline:${entry.nonce}`)))
      .orderBy(asc(checkins.scannedAt));
    expect(kept).toEqual([
      { nonce: 'offline:day-friday', kind: 'refused', reason: 'wrong-day' },
      { nonce: 'offline:day-saturday-night', kind: 'in', reason: null },
      { nonce: 'offline:day-sunday', kind: 'refused', reason: 'wrong-day' },
    ]);
  });

  it('takes a full batch of the longest scans the contract allows: the longest list code, gate name, nonce, ticket code and time', async () => {
    const { pass } = await boughtTicket();
    const fields = readTicketPass(pass)!.fields;
    // Each character of these names is one JSON writes in six bytes.
    const longest = (length: number) => '\u0001'.repeat(length);
    const [event] = await db().select().from(events).where(eq(events.externalCode, 'NWF27'));
    const [list] = await db()
      .insert(checkinLists)
      .values({ eventId: event!.id, code: longest(LIST_CODE_MAX), name: 'Longest names', entry: 'alternating', gates: [longest(GATE_NAME_MAX)] })
      .returning();
    await db().insert(checkinListProducts).values({ listId: list!.id, shopItemId: fields.productId });
    clock = FESTIVAL;
    const device = await scannerDevice('Full queue');
    // In and out in turn, a second apart: every one is counted. The time at its longest (nanoseconds and an offset).
    const scannedAt = (index: number) => `2027-06-18T11:${String(Math.floor(index / 60)).padStart(2, '0')}:${String(index % 60).padStart(2, '0')}.000000000+02:00`;
    const scans = Array.from({ length: UPLOAD_SCANS_BATCH }, (_, index) => ({
      nonce: `${String(index).padStart(4, '0')}${'n'.repeat(SCAN_NONCE_MAX - 4)}`,
      list: longest(LIST_CODE_MAX),
      gate: longest(GATE_NAME_MAX),
      ticket_id: fields.ticketId,
      direction: index % 2 ? 'out' : 'in',
      scanned_at: scannedAt(index),
      code: fields.code,
    }));
    expect(scans[0]!.scanned_at).toHaveLength(SCANNED_AT_MAX);
    const body = JSON.stringify({ scans });
    expect(Buffer.byteLength(body)).toBeGreaterThan(64 * 1024);
    const answer = await device.call('upload-scans', { scans });
    expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
    expect(answer.body.results).toEqual(scans.map((scan) => ({ nonce: scan.nonce, result: 'counted' })));
    // Past the limit it is still refused.
    expect((await device.call('upload-scans', { padding: 'x'.repeat(UPLOAD_SCANS_BODY_LIMIT) })).status).toBe(413);
  });

  it('applies an entry/exit list’s offline scans in the order they were made, whatever order they arrive in', async () => {
    const { pass } = await boughtTicket();
    const ticketId = readTicketPass(pass)!.fields.ticketId;
    clock = FESTIVAL;
    const device = await scannerDevice('Camp offline');
    const at = (minutes: number) => new Date(FESTIVAL.getTime() + minutes * 60_000).toISOString();
    const scan = (nonce: string, direction: 'in' | 'out', minutes: number) => ({ nonce, list: 'T-CAMP', gate: 'Camp', ticket_id: ticketId, direction, scanned_at: at(minutes) });
    const answer = await device.call('upload-scans', { scans: [scan('camp-out-1', 'out', 20), scan('camp-in-2', 'in', 30), scan('camp-in-1', 'in', 10), scan('camp-in-3', 'in', 40)] });
    expect(answer.body.results).toEqual([
      { nonce: 'camp-out-1', result: 'counted' },
      { nonce: 'camp-in-2', result: 'counted' },
      { nonce: 'camp-in-1', result: 'counted' },
      { nonce: 'camp-in-3', result: 'conflict' },
    ]);
    expect((await device.scan('T-CAMP', pass, 'Camp', 'out')).result).toBe('exit');
  });

  it('gives the organiser the lists, the figures per list and gate, and scanner credentials to hand out and revoke', async () => {
    const run = async (argv: string[]) => {
      const lines: string[] = [];
      const errors: string[] = [];
      const code = await runCheckinCommand(argv, { db: db(), secrets: [SECRET], now: () => clock ?? new Date(), print: (line) => lines.push(line), printError: (line) => errors.push(line) });
      return { code, lines, errors };
    };
    const lists = await run(['lists']);
    expect(lists.code).toBe(0);
    expect(lists.lines.find((line) => line.startsWith('T-GATE\t'))).toBe('T-GATE\tEntrance\tevent Northwind Festival 2027\tsingle\topen - to -\tboarding 30 min before to 15 after\tgates North, South\tNWF27-WEEKEND, NWF27-DAY-SAT\tdays turn at 06:00');
    // The demo's entrance: the Saturday ticket on its day.
    expect(lists.lines.find((line) => line.startsWith('NWF27-ENTRANCE\t'))).toMatch(/\tNWF27-WEEKEND, NWF27-DAY-SAT on 2027-06-19, NWF27-WEEKEND-PLAN\tdays turn at 06:00$/);

    const added = await run(['scanner', 'add', 'Stats phone']);
    expect(added.code).toBe(0);
    const code = /code ([A-Z0-9-]+)$/.exec(added.lines[0]!)![1]!;
    expect(code).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
    const { pass } = await boughtTicket();
    clock = FESTIVAL;
    const login = await shop.app.inject({ method: 'POST', url: '/api/staff/scanner-login', headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' }, payload: { code } });
    expect(login.statusCode).toBe(200);
    const cookie = String(login.headers['set-cookie']).split(';')[0]!;
    const scan = await shop.app.inject({ method: 'POST', url: '/api/staff/scan', headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', cookie }, payload: { list: 'T-CAMP', gate: 'Stats gate', text: pass } });
    expect(scan.json()).toMatchObject({ result: 'admit' });

    const stats = await run(['stats']);
    expect(stats.lines).toContain('T-CAMP\tCamping\tgate Stats gate\tadmitted 1\tinside 1\tconflicts 0\trefused 0');

    const listed = await run(['scanner', 'list']);
    const row = listed.lines.find((line) => line.includes('Stats phone'))!;
    const id = /^scanner (\d+)/.exec(row)![1]!;
    expect(row.endsWith('live')).toBe(true);
    expect((await run(['scanner', 'revoke', id])).code).toBe(0);
    expect((await run(['scanner', 'revoke', id])).code).toBe(1);
    expect((await run(['scanner', 'list'])).lines.find((line) => line.includes('Stats phone'))).toMatch(/revoked /);
    const after = await shop.app.inject({ method: 'POST', url: '/api/staff/scan', headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', cookie }, payload: { list: 'T-CAMP', gate: 'Stats gate', text: pass } });
    expect(after.statusCode).toBe(401);

    for (const argv of [['scanner', 'add'], ['scanner', 'revoke', 'x'], ['stats', 'now'], ['lists', 'all']]) expect((await run(argv)).code, argv.join(' ')).toBe(2);
  });
});
