import { english, LOCALES, messages, staffApi, staffBoxOfficeMessages, staffGuestMessages, staffOrderMessages } from '@festival/contract';
import { and, desc, eq, inArray, like } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/databases';
import { readPdf } from '../../../test/pdf-reader';
import { staffCall } from '../../../test/staff-call';
import { cookieOf, signedInStaff } from '../../../test/staff-sign-in';
import { createTestShop, type TestShop } from '../../../test/test-shop';
import { checkinListProducts, checkinLists, customers, emailOutbox, events, guestLists, invoices, orders, payments, shopItems, staffAudit, tickets } from '../../db/schema';
import { createScanners } from '../checkin/scanners';
import { contentOf } from '../invoicing/invoicing.service';
import { createDashboardService } from './dashboard.service';
import { timeLimit } from '../../../test/time-limits';

const SECRET = 'guest-lists-test-secret-of-32-characters!!';

/**
 * Guest lists and the desk's price override over HTTP (issue 37 point 3, decision 0100): lists
 * made and renamed by admins; complimentary tickets issued through the desk's sale path (stock
 * taken, signed tickets that the gate admits, the guest's mail in their language, no invoice, no
 * payment, no revenue, counted apart per list), refused by field with nothing changed, cancelled
 * one by one with the stock back, two desks issuing the last unit at once issuing it once; and a
 * desk sale at a changed price, on the invoice and its VAT, audited with its reason.
 */
describe.each(testEngines())('guest lists and the desk’s price on %s', (engine) => {
  let shop: TestShop;
  let clock = new Date('2026-11-23T12:00:00Z');
  const staff = {} as Record<'admin' | 'box_office' | 'customer_service', string>;
  beforeAll(async () => {
    shop = await createTestShop(engine, { config: { languages: [...LOCALES] }, app: { appSecret: SECRET, now: () => clock, catalogMaxAgeMs: 0 } });
    for (const role of ['admin', 'box_office', 'customer_service'] as const) staff[role] = (await signedInStaff(shop.app, shop.database.db, { email: `guests.${role}@example.org`, role }, clock)).cookie;
  }, timeLimit(120_000));
  afterAll(async () => {
    await shop?.close();
  });

  const db = () => shop.database.db;
  type Path = 'guest-lists' | 'guest-list-save' | 'guest-issue' | 'guest-cancel' | 'box-office-sell' | 'dashboard' | 'staff-export' | 'order-tickets-pdf' | 'order-refund';
  const call = (path: Path, payload: unknown, cookie = staff.box_office, language?: string) =>
    language
      ? shop.app
          .inject({ method: 'POST', url: `/api/staff/${path}`, headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', cookie, 'accept-language': language }, payload: JSON.stringify(payload) })
          .then((response) => ({ status: response.statusCode, body: response.json() }))
      : staffCall(shop.app, path, payload, cookie);
  const item = async (code: string) => (await db().select().from(shopItems).where(eq(shopItems.externalCode, code)))[0]!;
  const guestEmail = () => `guest.${randomBytes(4).toString('hex')}@example.org`;
  const ordersOf = async (email: string) => (await db().select({ order: orders }).from(orders).innerJoin(customers, eq(customers.id, orders.customerId)).where(eq(customers.email, email))).map((row) => row.order);
  const auditOf = (action: string) => db().select().from(staffAudit).where(eq(staffAudit.action, action)).orderBy(desc(staffAudit.id));
  const listNamed = async (name: string) => {
    const answer = await call('guest-list-save', { id: null, name }, staff.admin);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return staffApi['guest-list-save'].answer.parse(answer.body).list;
  };
  const issue = (payload: Record<string, unknown>, cookie = staff.box_office) => call('guest-issue', { quantity: 1, language: 'en', ...payload }, cookie);

  it('makes and renames lists (admins only, names unique whatever their case), audited', async () => {
    const artists = await listNamed('  Artists ');
    expect(artists.name).toBe('Artists');
    expect(await call('guest-list-save', { id: null, name: 'ARTISTS' }, staff.admin)).toMatchObject({ status: 409, body: { errors: { name: [english(staffGuestMessages.listNameTaken)] } } });
    expect(await call('guest-list-save', { id: null, name: '   ' }, staff.admin)).toMatchObject({ status: 422, body: { errors: { name: [english(staffGuestMessages.listName)] } } });
    expect((await call('guest-list-save', { id: null, name: 'Crew' }, staff.box_office)).status).toBe(403);
    const press = await listNamed('Pres');
    expect(await call('guest-list-save', { id: press.id, name: 'Press' }, staff.admin)).toMatchObject({ status: 200, body: { list: { id: press.id, name: 'Press' } } });
    expect(await call('guest-list-save', { id: press.id, name: 'artists' }, staff.admin)).toMatchObject({ status: 409, body: { errors: { name: [english(staffGuestMessages.listNameTaken)] } } });
    const [renamed] = await auditOf('guest-list.rename');
    expect(renamed).toMatchObject({ target: `guest-list:${press.id}`, before: { name: 'Pres' }, after: { name: 'Press' } });
    expect((await auditOf('guest-list.create')).map((entry) => (entry.after as { name: string }).name)).toEqual(expect.arrayContaining(['Artists', 'Pres']));
    const lists = staffApi['guest-lists'].answer.parse((await call('guest-lists', {})).body);
    expect(lists.lists.map((list) => list.name)).toEqual(expect.arrayContaining(['Artists', 'Press']));
    expect((await call('guest-lists', {}, staff.customer_service)).status).toBe(403);
  });

  it('issues complimentary tickets: stock taken, paid for nothing with no payment and no invoice, mailed in the guest’s language, downloadable, audited with the reason', async () => {
    const crew = await listNamed('Crew');
    const email = guestEmail();
    const before = await item('NWF27-WEEKEND');
    const answer = await issue({ list_id: crew.id, code: 'NWF27-WEEKEND', quantity: 2, guest: { full_name: 'Gast Crew', email, age: '25-34' }, language: 'de', reason: 'Stage crew, both days' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const issued = staffApi['guest-issue'].answer.parse(answer.body);
    expect(issued.message).toBe(english(staffGuestMessages.issued(2, 'Crew', 'Gast Crew')));
    expect(issued.tickets).toHaveLength(2);
    expect((await item('NWF27-WEEKEND')).sold).toBe(before.sold + 2);

    const [order] = await ordersOf(email);
    expect(order).toMatchObject({ guestListId: crew.id, complimentaryReason: 'Stage crew, both days', totalPrice: 0, totalPaid: 0, paymentStatus: 'paid', paymentMethod: 'complimentary', language: 'de' });
    const issuedTickets = await db().select().from(tickets).where(eq(tickets.orderId, order!.id));
    expect(issuedTickets.map((ticket) => [ticket.status, ticket.price, ticket.fee, ticket.fullName])).toEqual([
      ['active', 0, 0, 'Gast Crew'],
      ['active', 0, 0, 'Gast Crew'],
    ]);
    expect(await db().select().from(invoices).where(eq(invoices.orderId, order!.id))).toHaveLength(0);
    expect(await db().select().from(payments).where(eq(payments.orderId, order!.id))).toHaveLength(0);
    const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    expect(mails.map((mail) => mail.subject)).toContain(`Ihre Bestellung ${order!.code} bei ${shop.config.name}`);
    const pdf = await shop.app.inject({ method: 'GET', url: issued.tickets[0]!.download! });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toMatch(/pdf/);
    const [entry] = await auditOf('guest.issue');
    expect(entry).toMatchObject({ actor: 'guests.box_office@example.org', target: `order:${order!.code}`, after: { guest_list: 'Crew', reason: 'Stage crew, both days', total: 0 } });

    const lists = staffApi['guest-lists'].answer.parse((await call('guest-lists', {})).body);
    const shown = lists.lists.find((list) => list.id === crew.id)!;
    expect(shown).toMatchObject({ issued: 2, cancelled: 0 });
    expect(shown.tickets.map((ticket) => [ticket.holder, ticket.email, ticket.reason, ticket.status])).toEqual([
      ['Gast Crew', email, 'Stage crew, both days', 'active'],
      ['Gast Crew', email, 'Stage crew, both days', 'active'],
    ]);
  });

  it('refuses by field in the member’s language and changes nothing; customer service may not issue', async () => {
    const press = (await db().select().from(guestLists).where(eq(guestLists.name, 'Press')))[0] ?? (await listNamed('Press'));
    const email = guestEmail();
    const guest = { full_name: 'Press Guest', email };
    const soldBefore = (await item('NWF27-PARKING')).sold;
    const good = { list_id: press.id, code: 'NWF27-PARKING', guest, reason: 'Review' };
    expect(await issue({ ...good, reason: '  ' })).toMatchObject({ status: 422, body: { errors: { reason: [english(staffGuestMessages.reason)] } } });
    expect(await issue({ ...good, reason: undefined })).toMatchObject({ status: 422, body: { errors: { reason: [english(staffGuestMessages.reason)] } } });
    expect(await issue({ ...good, list_id: 2_000_000_000 })).toMatchObject({ status: 404, body: { errors: { list_id: [english(staffGuestMessages.noList)] } } });
    expect(await issue({ ...good, guest: { ...guest, email: 'not an address' } })).toMatchObject({ status: 422, body: { errors: { 'guest.email': [english(staffGuestMessages.guestEmail)] } } });
    expect(await issue({ ...good, guest: { ...guest, full_name: '' } })).toMatchObject({ status: 422, body: { errors: { 'guest.full_name': [english(staffGuestMessages.guestName)] } } });
    expect(await issue({ ...good, language: 'xx' })).toMatchObject({ status: 422, body: { errors: { language: [english(staffGuestMessages.chooseLanguage)] } } });
    expect(await issue({ ...good, code: 'NWF27-HOODIE' })).toMatchObject({ status: 422, body: { errors: { code: [english(staffGuestMessages.notATicket)] } } });
    expect(await issue({ ...good, code: 'NO-SUCH-ITEM' })).toMatchObject({ status: 404, body: { errors: { code: [english(staffBoxOfficeMessages.noItem('NO-SUCH-ITEM'))] } } });
    // In the member's language.
    expect(await call('guest-issue', { ...good, quantity: 1, language: 'en', reason: '' }, staff.box_office, 'fr-FR,fr;q=0.9')).toMatchObject({
      status: 422,
      body: { errors: { reason: ['Indiquez le motif des billets gratuits, en 500 caractères au plus.'] } },
    });
    expect((await issue(good, staff.customer_service)).status).toBe(403);
    expect(await ordersOf(email)).toHaveLength(0);
    expect((await item('NWF27-PARKING')).sold).toBe(soldBefore);
    // An admin may issue as the box office does; without an address the tickets are printed.
    const printed = await issue({ ...good, guest: { full_name: 'Walk-in Press', email: '' } }, staff.admin);
    expect(printed.status, JSON.stringify(printed.body)).toBe(200);
    expect(printed.body).toMatchObject({ email: null });
    const pdf = await call('order-tickets-pdf', { code: printed.body.order_code }, staff.box_office);
    expect(pdf.status, JSON.stringify(pdf.body)).toBe(200);
  });

  it('keeps revenue untouched: the dashboard’s and the exports’ money the same, the guests counted apart per list', async () => {
    // A service of its own per read: the app's keeps its answer for a while, and the test's clock stands still.
    const dashboard = async () => {
      const result = await createDashboardService({ db: db(), timezone: shop.config.timezone, currency: shop.config.currency, now: () => clock }).dashboard('NWF27');
      if (!result.found) throw new Error('no dashboard');
      return staffApi.dashboard.answer.parse(result.answer);
    };
    expect((await call('dashboard', { event: 'NWF27' }, staff.box_office)).body).toMatchObject({ complimentary: expect.any(Array) });
    const exported = async () => JSON.parse(staffApi['staff-export'].answer.parse((await call('staff-export', { what: 'orders', format: 'json', event: 'NWF27' }, staff.admin)).body).content) as Record<string, unknown>[];
    const artists = (await db().select().from(guestLists).where(eq(guestLists.name, 'Artists')))[0]!;
    const before = await dashboard();
    const answer = await issue({ list_id: artists.id, code: 'NWF27-PARKING', quantity: 2, guest: { full_name: 'Band Member', email: guestEmail() }, reason: 'Headliner’s band' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const after = await dashboard();
    expect(after.orders.total).toEqual(before.orders.total);
    expect(after.payment_statuses).toEqual(before.payment_statuses);
    expect(after.complimentary.find((row) => row.list === 'Artists')).toEqual({ list: 'Artists', tickets: (before.complimentary.find((row) => row.list === 'Artists')?.tickets ?? 0) + 2 });
    const row = (await exported()).find((order) => order.code === answer.body.order_code)!;
    expect(row).toMatchObject({ guest_list: 'Artists', complimentary_reason: 'Headliner’s band', total_minor: 0, paid_minor: 0, vat_minor: 0, payment_method: 'complimentary' });
    const attendees = JSON.parse(staffApi['staff-export'].answer.parse((await call('staff-export', { what: 'attendees', format: 'json', event: 'NWF27' }, staff.admin)).body).content) as Record<string, unknown>[];
    expect(attendees.filter((attendee) => attendee.order_code === answer.body.order_code).map((attendee) => attendee.guest_list)).toEqual(['Artists', 'Artists']);
  });

  it('cancels one guest ticket: its stock back, the other still valid, audited; a second cancel refused', async () => {
    const crew = (await db().select().from(guestLists).where(eq(guestLists.name, 'Crew')))[0]!;
    const email = guestEmail();
    const answer = await issue({ list_id: crew.id, code: 'NWF27-PARKING', quantity: 2, guest: { full_name: 'Two Passes', email }, reason: 'Runner' });
    expect(answer.status).toBe(200);
    const [first, second] = answer.body.tickets as { code: string }[];
    // Nothing was paid: never refunded, also by an admin with the override.
    expect(await call('order-refund', { code: answer.body.order_code, tickets: [first!.code], override: true, override_reason: 'Try' }, staff.admin)).toMatchObject({ status: 409, body: { message: english(staffOrderMessages.neverRefundable) } });
    const sold = (await item('NWF27-PARKING')).sold;
    const cancelled = await call('guest-cancel', { code: first!.code });
    expect(cancelled).toMatchObject({ status: 200, body: { message: english(staffGuestMessages.cancelled('Two Passes')) } });
    expect((await item('NWF27-PARKING')).sold).toBe(sold - 1);
    const rows = await db().select().from(tickets).where(inArray(tickets.code, [first!.code, second!.code]));
    expect(Object.fromEntries(rows.map((row) => [row.code, row.status]))).toEqual({ [first!.code]: 'cancelled', [second!.code]: 'active' });
    expect((await ordersOf(email))[0]!.paymentStatus).toBe('paid');
    expect(await call('guest-cancel', { code: first!.code })).toMatchObject({ status: 409, body: { message: english(staffGuestMessages.alreadyCancelled) } });
    expect((await item('NWF27-PARKING')).sold).toBe(sold - 1);
    expect(await call('guest-cancel', { code: 'NOSUCHTICKET' })).toMatchObject({ status: 404, body: { errors: { code: [english(staffGuestMessages.noTicket)] } } });
    expect((await call('guest-cancel', { code: second!.code }, staff.customer_service)).status).toBe(403);
    const [entry] = await auditOf('guest.cancel');
    expect(entry).toMatchObject({ actor: 'guests.box_office@example.org', before: { ticket: first!.code, status: 'active' }, after: { ticket: first!.code, status: 'cancelled', order_cancelled: false } });
    // The last one cancels the order.
    expect((await call('guest-cancel', { code: second!.code })).status).toBe(200);
    expect((await ordersOf(email))[0]!.paymentStatus).toBe('cancelled');
    const list = staffApi['guest-lists'].answer.parse((await call('guest-lists', {})).body).lists.find((shown) => shown.id === crew.id)!;
    expect(list.tickets.filter((ticket) => ticket.email === email).map((ticket) => ticket.status)).toEqual(['cancelled', 'cancelled']);
  });

  it('the gate admits a guest ticket', async () => {
    const [event] = await db().select().from(events).where(eq(events.externalCode, 'NWF27'));
    const [gateList] = await db()
      .insert(checkinLists)
      .values({ eventId: event!.id, code: 'G-GUESTS', name: 'Guests entrance', entry: 'single', gates: ['Artists'] })
      .returning();
    await db()
      .insert(checkinListProducts)
      .values({ listId: gateList!.id, shopItemId: (await item('NWF27-PARKING')).id });
    const artists = (await db().select().from(guestLists).where(eq(guestLists.name, 'Artists')))[0]!;
    const answer = await issue({ list_id: artists.id, code: 'NWF27-PARKING', guest: { full_name: 'Gate Guest', email: guestEmail() }, reason: 'Support act' });
    expect(answer.status).toBe(200);
    const pdf = await shop.app.inject({ method: 'GET', url: answer.body.tickets[0].download });
    expect(pdf.statusCode).toBe(200);
    const pass = (await readPdf(new Uint8Array(pdf.rawPayload))).qrCodes[0]!;
    // At the festival (the gates admit on its days), with a scanner signed in there.
    const before = clock;
    clock = new Date('2027-06-18T09:00:00Z');
    const scan = await (async () => {
      const { code } = await createScanners({ db: db(), now: () => clock }).add('Artists gate');
      const login = await staffCall(shop.app, 'scanner-login', { code });
      expect(login.status).toBe(200);
      return staffCall(shop.app, 'scan', { list: 'G-GUESTS', gate: 'Artists', text: pass, direction: 'in' }, cookieOf(login.headers['set-cookie']));
    })().finally(() => {
      clock = before;
    });
    expect(scan.status, JSON.stringify(scan.body)).toBe(200);
    expect(scan.body).toMatchObject({ result: 'admit' });
  });

  it('two desks issuing the last unit at once: one issued, the other refused as sold out; nothing oversold', async () => {
    const crew = (await db().select().from(guestLists).where(eq(guestLists.name, 'Crew')))[0]!;
    const parking = await item('NWF27-PARKING');
    await db()
      .update(shopItems)
      .set({ stock: parking.sold + parking.held + 1 })
      .where(eq(shopItems.id, parking.id));
    const race = await Promise.all([
      issue({ list_id: crew.id, code: 'NWF27-PARKING', guest: { full_name: 'Racer One', email: guestEmail() }, reason: 'Race' }),
      issue({ list_id: crew.id, code: 'NWF27-PARKING', guest: { full_name: 'Racer Two', email: guestEmail() }, reason: 'Race' }, staff.admin),
      call('box-office-sell', { buyer: { email: guestEmail(), full_name: 'Paying Racer' }, lines: [{ code: 'NWF27-PARKING', quantity: 1 }], payment: 'cash' }),
    ]);
    expect(race.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    for (const refused of race.filter((answer) => answer.status === 409)) expect(refused.body.message).toBe(english(messages.cart.soldOut(parking.name)));
    const now = await item('NWF27-PARKING');
    expect(now.sold).toBe(parking.sold + 1);
    expect(now.sold + now.held).toBeLessThanOrEqual(now.stock!);
    await db().update(shopItems).set({ stock: parking.stock }).where(eq(shopItems.id, parking.id));
  });

  it('sells at the desk’s price with a reason: the order, the invoice and its VAT at that price, audited with the old and new price and who', async () => {
    const email = guestEmail();
    const tee = await item('NWF27-TEE-LINEUP');
    const answer = await call('box-office-sell', { buyer: { email, full_name: 'Discount Buyer' }, lines: [{ code: 'NWF27-TEE-LINEUP', quantity: 2, price: 1999, price_reason: 'Misprinted shirt' }], payment: 'cash' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const [order] = await ordersOf(email);
    expect(order!.totalPrice).toBe(2 * (1999 + tee.fee));
    expect(order!.totalPaid).toBe(order!.totalPrice);
    const [invoice] = await db().select().from(invoices).where(eq(invoices.orderId, order!.id));
    const content = contentOf(invoice!);
    expect(content.total).toBe(order!.totalPrice);
    expect(content.lines.map((line) => line.gross)).toEqual([1999 + tee.fee, 1999 + tee.fee]);
    // The VAT of the lowered amount (integer minor units): what the rates total is what was paid.
    expect(content.rates.reduce((sum, rate) => sum + rate.gross, 0)).toBe(order!.totalPrice);
    const overrides = await db()
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.action, 'order.price-override'), eq(staffAudit.target, `order:${order!.code}`)));
    expect(overrides).toHaveLength(2);
    expect(overrides[0]).toMatchObject({ actor: 'guests.box_office@example.org', before: { item: 'NWF27-TEE-LINEUP', price: tee.price }, after: { item: 'NWF27-TEE-LINEUP', price: 1999, reason: 'Misprinted shirt' } });
  });

  it('refuses a desk price above the list price, of nothing or without a reason, beside the line’s field in the member’s language, selling nothing', async () => {
    const email = guestEmail();
    const tee = await item('NWF27-TEE-LINEUP');
    const sell = (line: Record<string, unknown>, language?: string) => call('box-office-sell', { buyer: { email, full_name: 'Refused Buyer' }, lines: [{ code: 'NWF27-TOTE', quantity: 1 }, { code: 'NWF27-TEE-LINEUP', quantity: 1, ...line }], payment: 'cash' }, staff.box_office, language);
    expect(await sell({ price: tee.price + 1, price_reason: 'Too much' })).toMatchObject({ status: 422, body: { errors: { 'lines.1.price': [expect.stringContaining('at most the list price')] } } });
    expect(await sell({ price: 0, price_reason: 'Free' })).toMatchObject({ status: 422, body: { errors: { 'lines.1.price': [english(staffBoxOfficeMessages.priceFree)] } } });
    expect(await sell({ price: -5, price_reason: 'Negative' })).toMatchObject({ status: 422, body: { errors: { 'lines.1.price': [english(staffBoxOfficeMessages.priceWhole)] } } });
    expect(await sell({ price: 12.5, price_reason: 'Fraction' })).toMatchObject({ status: 422, body: { errors: { 'lines.1.price': [english(staffBoxOfficeMessages.priceWhole)] } } });
    expect(await sell({ price: 1000 })).toMatchObject({ status: 422, body: { errors: { 'lines.1.price_reason': [english(staffBoxOfficeMessages.priceReason)] } } });
    expect(await sell({ price: 1000, price_reason: '   ' })).toMatchObject({ status: 422, body: { errors: { 'lines.1.price_reason': [english(staffBoxOfficeMessages.priceReason)] } } });
    const french = await sell({ price: tee.price + 1, price_reason: 'Trop' }, 'fr-FR,fr;q=0.9');
    expect(french.status).toBe(422);
    expect(french.body.errors['lines.1.price'][0]).toMatch(/^Le prix du guichet est au plus le prix catalogue, /);
    expect(await ordersOf(email)).toHaveLength(0);
    expect(await db().select().from(emailOutbox).where(like(emailOutbox.toAddress, email))).toHaveLength(0);
  });
});
