import { english, api, messages, type Order, portalMessages } from '@festival/contract';
import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchRead } from '../../../test/fetch-read';
import { testEngines } from '../../../test/databases';
import { readPdf } from '../../../test/pdf-reader';
import { checkPass } from '../../../test/ticket-passes';
import { BANK_DETAILS, createCustomer, paidOrder as placePaidOrder, type OrderLine } from '../../../test/shop-flows';
import { createTestShop, type TestShop } from '../../../test/test-shop';
import { customers, emailOutbox, orders, refunds, shopItems, ticketChanges, tickets, travelTimes } from '../../db/schema';
import { ACCEPT_TERMS_LINK, INVOICE_LINK, legacyOrderChecksum, orderLinkSignature } from '../checkout/order-links.signatures';
import { runRefundsCommand } from './refunds-command';

const SECRET = 'portal-test-secret-of-at-least-32-characters';
const MINUTE = 60_000;

type Buyer = Awaited<ReturnType<typeof createCustomer>>;

describe.each(testEngines())('the customer portal on %s', (engine) => {
  let shop: TestShop;
  let base: string;
  /** The clock of the portal's rules (deadlines, the 15-minute lock): tests move it. */
  let clock = new Date('2026-11-23T12:00:00Z');
  beforeAll(async () => {
    shop = await createTestShop(engine, { app: { appSecret: SECRET, now: () => clock, catalogMaxAgeMs: 0 } });
    base = await shop.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await shop?.close();
  });

  const db = () => shop.database.db;
  const later = (minutes: number) => {
    clock = new Date(clock.getTime() + minutes * MINUTE);
  };
  const departures = async () => db().select().from(travelTimes).innerJoin(shopItems, eq(shopItems.id, travelTimes.shopItemId)).where(eq(shopItems.externalCode, 'NWF27-SHUTTLE')).orderBy(asc(travelTimes.departsAt));
  const dataOf = async (buyer: Buyer) => api['get-data'].answer.parse((await shop.call('get-data', { token: buyer.token })).body).data;
  const orderOf = async (buyer: Buyer, code: string): Promise<Order | undefined> => (await dataOf(buyer)).orders.find((order) => order.code === code);

  const paidOrder = (buyer: Buyer, lines: OrderLine[], merchandise: string[] = []) => placePaidOrder(shop, base, buyer, lines, merchandise);

  const changeTicket = (buyer: Buyer, order: Order, code: string, fields: Record<string, unknown>) => shop.call('change-ticket', { token: buyer.token, order_id: order.id, code, reassign: false, ...fields });
  const mailsTo = (to: string, subject: string) =>
    db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, to), like(emailOutbox.subject, `%${subject}%`)));

  it('answers every call taking another customer’s order, ticket or refund exactly like one that does not exist', async () => {
    clock = new Date('2026-11-23T12:00:00Z');
    const [owner, other] = [await createCustomer(shop), await createCustomer(shop)];
    const [first] = await departures();
    const order = await paidOrder(owner, [{ code: 'NWF27-WEEKEND' }, { code: 'NWF27-SHUTTLE', transport_time_id: first!.travel_times.id }]);
    const [ticket, shuttle] = order.tickets;
    const requested = await shop.call('request-refund', { token: owner.token, order_id: order.id, tickets: ticket!.code, ...BANK_DETAILS });
    expect(requested.status, JSON.stringify(requested.body)).toBe(200);
    const refundId = requested.body.data.refund_id as number;

    const notFound = { message: english(messages.server.notFound) };
    const attempts = [
      shop.call('change-ticket', { token: other.token, order_id: order.id, code: shuttle!.code, full_name: 'Thief', reassign: false }),
      shop.call('change-ticket', { token: other.token, order_id: order.id, code: 'NO-SUCH-TICKET', full_name: 'Thief', reassign: false }),
      shop.call('set-travel-time', { token: other.token, code: shuttle!.code, transport_time_id: first!.travel_times.id }),
      shop.call('request-refund', { token: other.token, order_id: order.id, tickets: shuttle!.code, ...BANK_DETAILS }),
      shop.call('request-refund', { token: other.token, order_id: 999_999, tickets: shuttle!.code, ...BANK_DETAILS }),
      shop.call('cancel-refund', { token: other.token, refund_id: refundId }),
      shop.call('cancel-refund', { token: other.token, refund_id: 999_999 }),
    ];
    for (const answer of await Promise.all(attempts)) expect([answer.status, answer.body]).toEqual([404, notFound]);
    // A ticket of the owner's order named with another of the owner's orders is not found either.
    const second = await paidOrder(owner, [{ code: 'NWF27-LOCKER' }]);
    expect((await shop.call('change-ticket', { token: owner.token, order_id: second.id, code: shuttle!.code, full_name: 'X', reassign: false })).status).toBe(404);
    // Nothing of the owner's shows in the other's data.
    const otherData = await dataOf(other);
    expect([otherData.orders, otherData.refunds]).toEqual([[], []]);
    // Anonymous calls need a session.
    for (const path of ['change-ticket', 'set-travel-time', 'request-refund', 'cancel-refund'] as const) {
      const answer = await shop.call(path, { order_id: order.id, code: ticket!.code, transport_time_id: 1, refund_id: refundId, tickets: ticket!.code });
      expect(answer.status, path).toBe(401);
    }
    // And the owner's refund stands untouched.
    expect((await dataOf(owner)).refunds.map((refund) => [refund.id, refund.status])).toEqual([[refundId, 'active']]);
  });

  it('changes a holder’s name within the name-change limit, locks the ticket for 15 minutes after, and stops at the deadline', async () => {
    clock = new Date('2026-11-23T12:00:00Z');
    const buyer = await createCustomer(shop);
    // The Saturday ticket allows one name change.
    const order = await paidOrder(buyer, [{ code: 'NWF27-DAY-SAT', holder: 'Jane Doe' }]);
    const ticket = order.tickets[0]!;
    expect(ticket).toMatchObject({ allow_name_changes: true, allow_email_changes: true, name_changes_left: 1, recently_edited: false });

    const unchanged = await changeTicket(buyer, order, ticket.code, { full_name: 'Jane Doe', email: ticket.email, age: ticket.age });
    expect([unchanged.status, unchanged.body.message]).toEqual([422, english(messages.ticketEdit.nothingChanged)]);
    const missing = await changeTicket(buyer, order, ticket.code, { full_name: '', email: '', age: '' });
    expect(missing.body.message).toBe('Please fill out the following fields: Full name, E-mail address, Age range');
    const badAge = await changeTicket(buyer, order, ticket.code, { full_name: 'Jane Doe', email: ticket.email, age: '200+' });
    expect(badAge.body.message).toBe(english(portalMessages.ageUnknown));

    const changed = await changeTicket(buyer, order, ticket.code, { full_name: 'Janet Doe', email: ticket.email, age: ticket.age, note: 'Typo in the name' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const after = changed.body.data.orders.find((candidate: Order) => candidate.code === order.code).tickets[0];
    expect(after).toMatchObject({ full_name: 'Janet Doe', name_changes_left: 0, allow_name_changes: false, recently_edited: true });
    const [record] = await db().select().from(ticketChanges).innerJoin(tickets, eq(tickets.id, ticketChanges.ticketId)).where(eq(tickets.code, ticket.code));
    expect(record!.ticket_changes).toMatchObject({ changes: { full_name: { from: 'Jane Doe', to: 'Janet Doe' } }, note: 'Typo in the name' });

    // Within 15 minutes nothing else may change, not even the e-mail.
    later(14);
    const locked = await changeTicket(buyer, order, ticket.code, { email: 'janet@example.org', age: ticket.age });
    expect([locked.status, locked.body.message]).toEqual([409, english(portalMessages.recentlyEdited)]);
    later(2);
    expect((await orderOf(buyer, order.code))!.tickets[0]!.recently_edited).toBe(false);
    // The limit is used up: the name is refused, the e-mail still changes.
    const overLimit = await changeTicket(buyer, order, ticket.code, { full_name: 'Someone Else', email: ticket.email, age: ticket.age });
    expect([overLimit.status, overLimit.body.message]).toEqual([422, english(portalMessages.nameChangesNotAllowed)]);
    const email = await changeTicket(buyer, order, ticket.code, { email: 'janet@example.org', age: ticket.age });
    expect(email.status, JSON.stringify(email.body)).toBe(200);

    // Another ticket after the name-change deadline (11 June 2027, 23:59:59 in Amsterdam).
    const weekend = await paidOrder(buyer, [{ code: 'NWF27-WEEKEND', holder: 'Sam Roe' }]);
    clock = new Date('2027-06-11T21:59:58Z');
    expect((await orderOf(buyer, weekend.code))!.tickets[0]!.allow_name_changes).toBe(true);
    clock = new Date('2027-06-11T22:00:00Z');
    const view = (await orderOf(buyer, weekend.code))!.tickets[0]!;
    expect(view.allow_name_changes).toBe(false);
    const late = await changeTicket(buyer, weekend, view.code, { full_name: 'Sam Doe', email: view.email, age: view.age });
    expect([late.status, late.body.message]).toEqual([422, english(portalMessages.nameChangesNotAllowed)]);
  });

  it('reassigns a ticket to another address: an account is made, the ticket moves, both are told, and the buyer loses access', async () => {
    clock = new Date('2026-11-23T12:00:00Z');
    const buyer = await createCustomer(shop);
    const order = await paidOrder(buyer, [{ code: 'NWF27-WEEKEND', holder: 'Friend Person' }, { code: 'NWF27-WEEKEND', holder: 'Buyer Self' }]);
    const [gift, own] = order.tickets;
    const friend = `friend.${buyer.id}@example.org`;

    // Reassigning to one's own address is not a reassignment: with nothing else changed it is refused.
    const self = await changeTicket(buyer, order, own!.code, { full_name: own!.full_name, email: buyer.email.toUpperCase(), age: own!.age, reassign: true });
    expect(self.status, JSON.stringify(self.body)).toBe(200);
    expect((await db().select().from(tickets).where(eq(tickets.code, own!.code)))[0]!.holderCustomerId).toBeNull();

    const moved = await changeTicket(buyer, order, gift!.code, { full_name: 'Friend Person', email: friend, age: gift!.age, reassign: true });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const [account] = await db().select().from(customers).where(eq(customers.email, friend));
    expect(account).toMatchObject({ fullName: 'Friend Person' });
    // The ticket has a new code: the one the buyer had (and may have printed) is void.
    expect(await db().select().from(tickets).where(eq(tickets.code, gift!.code))).toEqual([]);
    const [movedRow] = await db().select().from(tickets).where(eq(tickets.holderCustomerId, account!.id));
    expect(movedRow).toMatchObject({ productName: 'Weekend ticket', email: friend });
    const newCode = movedRow!.code;
    expect(newCode).toMatch(/^[A-Z0-9]{20}$/);
    expect(await mailsTo(friend, 'Your account')).toHaveLength(1);
    expect(await mailsTo(friend, 'passed a ticket on to you')).toHaveLength(1);
    expect(await mailsTo(buyer.email, `Your ticket ${gift!.code} now belongs to ${friend}`)).toHaveLength(1);

    // The buyer sees only the ticket they kept, and can no longer act on the other.
    const buyerOrder = moved.body.data.orders.find((candidate: Order) => candidate.code === order.code);
    expect(buyerOrder.tickets.map((ticket: { code: string }) => ticket.code)).toEqual([own!.code]);
    later(20);
    expect((await changeTicket(buyer, order, gift!.code, { full_name: 'Back Again', email: friend, age: gift!.age })).status).toBe(404);
    for (const email of [gift!.email!, friend]) expect((await fetchRead(`${base}/download-ticket/${encodeURIComponent(email)}/${gift!.code}`)).status).toBe(404);

    // The new holder sees the ticket (and none of the buyer's money) and downloads it with their address.
    const [session] = await Promise.all([createCustomerSession(account!.id)]);
    const received = (await dataOf(session)).orders;
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ code: order.code, checksum: '', can_refund: false, has_invoice: false, payments: [], merchandisePurchases: [], total_price: gift!.price + gift!.fee });
    expect(received[0]!.tickets.map((ticket) => [ticket.code, ticket.email, ticket.allow_download, ticket.is_refundable])).toEqual([[newCode, friend, true, false]]);
    expect((await fetchRead(`${base}/download-ticket/${encodeURIComponent(friend)}/${newCode}`)).status).toBe(200);
    expect((await mailsTo(friend, 'passed a ticket on to you'))[0]!.textBody).toContain(`/download-ticket/${encodeURIComponent(friend)}/${newCode}`);
  });

  async function createCustomerSession(customerId: number): Promise<Buyer> {
    const { sessions } = await import('../../db/schema');
    const { hashToken } = await import('../accounts/session.service');
    const token = `portal-session-${customerId}-${Date.now()}`;
    await db().insert(sessions).values({ customerId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
    const [row] = await db().select().from(customers).where(eq(customers.id, customerId));
    return { token, email: row!.email, id: customerId };
  }

  it('moves a travel time to another departure, never past its seats under concurrent changes, and not after the deadline', async () => {
    clock = new Date('2026-11-23T12:00:00Z');
    const [from, soldOut, to] = await departures();
    const riders = await Promise.all(Array.from({ length: 6 }, () => createCustomer(shop)));
    const riderOrders: Order[] = [];
    for (const rider of riders) riderOrders.push(await paidOrder(rider, [{ code: 'NWF27-SHUTTLE', transport_time_id: from!.travel_times.id }]));
    // Leave two seats on the target departure.
    await db().update(travelTimes).set({ sold: to!.travel_times.seats! - 2 - to!.travel_times.held }).where(eq(travelTimes.id, to!.travel_times.id));
    const seatsOf = async (id: number) => (await db().select().from(travelTimes).where(eq(travelTimes.id, id)))[0]!;
    const fromBefore = await seatsOf(from!.travel_times.id);

    const ticketOf = (index: number) => riderOrders[index]!.tickets[0]!;
    const refusedSoldOut = await shop.call('set-travel-time', { token: riders[0]!.token, code: ticketOf(0).code, transport_time_id: soldOut!.travel_times.id });
    expect([refusedSoldOut.status, refusedSoldOut.body.message]).toEqual([409, english(portalMessages.travelTimeSoldOut)]);
    const same = await shop.call('set-travel-time', { token: riders[0]!.token, code: ticketOf(0).code, transport_time_id: from!.travel_times.id });
    expect(same.body.message).toBe(english(portalMessages.travelTimeUnchanged));
    const foreign = await shop.call('set-travel-time', { token: riders[0]!.token, code: ticketOf(0).code, transport_time_id: 999_999 });
    expect(foreign.body.message).toBe(english(portalMessages.travelTimeUnknown));

    const answers = await Promise.all(riders.map((rider, index) => shop.call('set-travel-time', { token: rider.token, code: ticketOf(index).code, transport_time_id: to!.travel_times.id })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(2);
    expect(answers.filter((answer) => answer.status === 409).every((answer) => answer.body.message === english(portalMessages.travelTimeSoldOut))).toBe(true);
    const target = await seatsOf(to!.travel_times.id);
    expect(target.held + target.sold).toBe(target.seats);
    expect((await seatsOf(from!.travel_times.id)).sold).toBe(fromBefore.sold - 2);
    const moved = answers.findIndex((answer) => answer.status === 200);
    const movedTicket = (await orderOf(riders[moved]!, riderOrders[moved]!.code))!.tickets[0]!;
    expect(movedTicket).toMatchObject({ transport_time_id: to!.travel_times.id, recently_edited: true });
    // The 15-minute lock also follows a travel-time change.
    const again = await shop.call('set-travel-time', { token: riders[moved]!.token, code: movedTicket.code, transport_time_id: from!.travel_times.id });
    expect([again.status, again.body.message]).toEqual([409, english(portalMessages.recentlyEdited)]);

    // Past allow_travel_time_changes_until (14 June 2027, 23:59:59 in Amsterdam) the time is fixed.
    clock = new Date('2027-06-14T22:00:00Z');
    const stuck = riders.findIndex((_, index) => answers[index]!.status === 409);
    expect((await orderOf(riders[stuck]!, riderOrders[stuck]!.code))!.tickets[0]!.allow_travel_time_changes).toBe(false);
    const closed = await shop.call('set-travel-time', { token: riders[stuck]!.token, code: ticketOf(stuck).code, transport_time_id: to!.travel_times.id });
    expect([closed.status, closed.body.message]).toEqual([422, english(portalMessages.travelTimeChangesClosed)]);
  });

  it('refunds tickets at price minus refund fee, never twice at once, and cancels a request', async () => {
    clock = new Date('2026-11-23T12:00:00Z');
    const buyer = await createCustomer(shop);
    const order = await paidOrder(buyer, [{ code: 'NWF27-WEEKEND' }, { code: 'NWF27-WEEKEND' }, { code: 'NWF27-PARKING' }], ['NWF27-TEE-LINEUP']);
    expect(order.can_refund).toBe(true);
    const [first, second, parking] = order.tickets;
    expect(parking!.is_refundable).toBe(false);
    const request = (fields: Record<string, unknown>) => shop.call('request-refund', { token: buyer.token, order_id: order.id, ...BANK_DETAILS, ...fields });

    expect((await request({ tickets: '', merchandise: '' })).body.message).toBe(english(messages.refund.selectItem));
    expect((await request({ tickets: first!.code, merchandise: order.merchandisePurchases[0]!.code })).body.message).toBe(english(portalMessages.noMixing));
    expect((await request({ tickets: parking!.code })).body.message).toBe(english(portalMessages.notRefundable));
    expect((await request({ tickets: first!.code, bank_name: '', bank_bic: '' })).body.message).toBe('Please fill out the following fields: Bank name, BIC/SWIFT.');
    expect((await request({ tickets: first!.code, bank_iban: 'NL92ABNA0417164300' })).body.message).toBe(english(portalMessages.ibanInvalid));
    expect((await request({ tickets: first!.code, bank_bic: 'ABN' })).body.message).toBe(english(portalMessages.bicInvalid));
    expect((await request({ tickets: first!.code, bank_country: 'US', bank_iban: null })).body.message).toBe('Please fill out the following fields: Bank account number.');
    expect(await db().select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);

    // Two requests for the same ticket at once: one of them.
    const [a, b] = await Promise.all([request({ tickets: `${first!.code},${second!.code}` }), request({ tickets: first!.code })]);
    // The second waits for the first's lock on the order, then finds the ticket no longer refundable.
    expect([a.status, b.status].sort()).toEqual([200, 422]);
    expect((a.status === 200 ? b : a).body.message).toBe(english(portalMessages.notRefundable));
    const winner = a.status === 200 ? a : b;
    const both = winner === a;
    const total = (both ? 2 : 1) * (18950 - 1000);
    const refund = winner.body.data.refunds.find((candidate: { id: number }) => candidate.id === winner.body.data.refund_id);
    expect(refund).toMatchObject({ status: 'active', total, shipping_refund: 0 });
    expect(refund.items.every((item: { status: string; amount: number }) => item.status === 'refund' && item.amount === 17950)).toBe(true);
    const view = winner.body.data.orders.find((candidate: Order) => candidate.code === order.code);
    expect(view.tickets[0]).toMatchObject({ status: 'refund', is_refundable: false, allow_download: false });
    expect(view.has_active_refunds).toBe(true);
    expect((await request({ tickets: first!.code })).body.message).toBe(english(portalMessages.notRefundable));
    expect(await mailsTo(buyer.email, `Refund request ${refund.id}`)).toHaveLength(1);

    const cancelled = await shop.call('cancel-refund', { token: buyer.token, refund_id: refund.id });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    // A withdrawn request stays in the customer's list, as cancelled (decision 0071).
    expect(cancelled.body.data.refunds.map((candidate: { id: number; status: string }) => [candidate.id, candidate.status])).toEqual([[refund.id, 'cancelled']]);
    const restored = cancelled.body.data.orders.find((candidate: Order) => candidate.code === order.code);
    expect(restored.tickets[0]).toMatchObject({ status: 'active', is_refundable: true });
    expect(restored.has_refunds).toBe(false);
    expect((await shop.call('cancel-refund', { token: buyer.token, refund_id: refund.id })).status).toBe(404);
  });

  it('refunds merchandise with its share of the shipping, and the organiser marks a refund processed', async () => {
    clock = new Date('2026-11-23T12:00:00Z');
    const buyer = await createCustomer(shop);
    const order = await paidOrder(buyer, [], ['NWF27-TEE-LINEUP', 'NWF27-HOODIE']);
    expect(order.shipping_amount).toBeGreaterThan(0);
    const shares = order.merchandisePurchases.map((purchase) => purchase.shipping_refund);
    expect(shares.reduce((sum, share) => sum + share, 0)).toBe(order.shipping_amount);
    const codes = order.merchandisePurchases.map((purchase) => purchase.code).join(',');
    const answer = await shop.call('request-refund', { token: buyer.token, order_id: order.id, merchandise: codes, ...BANK_DETAILS });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const refund = answer.body.data.refunds[0];
    expect(refund).toMatchObject({ total: 2995 + 5495 + order.shipping_amount, shipping_refund: order.shipping_amount });

    const [item] = await db().select().from(shopItems).where(eq(shopItems.externalCode, 'NWF27-HOODIE'));
    const printed: string[] = [];
    expect(await runRefundsCommand(['mark-processed', String(refund.id)], { db: db(), config: shop.config, now: () => clock, print: (line) => printed.push(line) })).toBe(0);
    expect(printed[0]).toContain(`Refund ${refund.id} of order ${order.code} is processed`);
    expect(await runRefundsCommand(['mark-processed', String(refund.id)], { db: db(), config: shop.config, print: () => {}, printError: (line) => printed.push(line) })).toBe(1);
    const [itemAfter] = await db().select().from(shopItems).where(eq(shopItems.externalCode, 'NWF27-HOODIE'));
    expect(itemAfter!.sold).toBe(item!.sold - 1);

    const view = (await orderOf(buyer, order.code))!;
    expect(view).toMatchObject({ total_refunded: refund.total, shipping_refunded: order.shipping_amount, fully_refunded: true, can_refund: false });
    expect(view.merchandisePurchases.map((purchase) => purchase.status)).toEqual(['refunded', 'refunded']);
    expect((await dataOf(buyer)).refunds[0]).toMatchObject({ status: 'processed', completed_at: clock.toISOString() });
    expect(await mailsTo(buyer.email, `Refund ${refund.id} for order ${order.code} has been processed`)).toHaveLength(1);
    const listed: string[] = [];
    await runRefundsCommand(['list', '--status', 'processed'], { db: db(), config: shop.config, print: (line) => listed.push(line) });
    expect(listed.some((line) => line.startsWith(`${refund.id}\tprocessed`) && line.includes('NL91ABNA0417164300'))).toBe(true);
  });

  it('refunds a payment-plan order as a whole: what was paid minus fees and refund fees', async () => {
    clock = new Date('2026-11-23T12:00:00Z');
    const buyer = await createCustomer(shop);
    const order = await paidOrder(buyer, [{ code: 'NWF27-WEEKEND-PLAN' }]);
    expect(order).toMatchObject({ has_payment_plan: true, payment_status: 'partial', total_paid: 4900, can_refund: true });
    // The request names nothing: a plan order takes all of its items.
    const answer = await shop.call('request-refund', { token: buyer.token, order_id: order.id, tickets: '', ...BANK_DETAILS });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.refunds[0]).toMatchObject({ total: 4900 - 350 - 1000 });
    await runRefundsCommand(['mark-processed', String(answer.body.data.refund_id)], { db: db(), config: shop.config, print: () => {} });
    const view = (await orderOf(buyer, order.code))!;
    expect(view.payments.filter((payment) => payment.payment_status === 'pending')).toEqual([]);
    expect(view.total_refunded).toBe(3550);
  });

  it('serves a paid ticket as a PDF with its holder, event, product, travel time and a QR code of its signed pass; wrong links answer 404', async () => {
    clock = new Date('2026-11-23T12:00:00Z');
    const buyer = await createCustomer(shop);
    const [first] = await departures();
    const order = await paidOrder(buyer, [{ code: 'NWF27-SHUTTLE', holder: 'Qr Reader', transport_time_id: first!.travel_times.id }]);
    const ticket = order.tickets[0]!;
    expect(ticket.allow_download).toBe(true);
    const response = await fetch(`${base}/download-ticket/${encodeURIComponent(ticket.email!.toUpperCase())}/${ticket.code}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const pdf = await readPdf(new Uint8Array(await response.arrayBuffer()));
    // The QR code is the ticket's pass, signed by the event's key (decision 0038).
    expect(pdf.qrCodes).toHaveLength(1);
    const [stored] = await db().select().from(tickets).where(eq(tickets.code, ticket.code));
    const check = await checkPass(db(), pdf.qrCodes[0]!);
    expect(check).toMatchObject({ ok: true, pass: { ticketId: stored!.id, code: ticket.code, productId: stored!.shopItemId, travelTimeId: first!.travel_times.id } });
    if (!check.ok) throw new Error('unreachable');
    expect(check.pass.validUntil.getTime()).toBe(first!.travel_times.departsAt.getTime() + 30 * 86_400_000);
    // The same ticket downloaded again carries the same pass.
    const again = await readPdf((await fetchRead(`${base}/download-ticket/${encodeURIComponent(ticket.email!)}/${ticket.code}`)).body);
    expect(again.qrCodes).toEqual(pdf.qrCodes);
    for (const text of ['Qr Reader', 'Northwind Festival 2027', 'Shuttle bus from Amsterdam Centraal (return)', ticket.code, order.code, 'Friday, 18 June 2027 at 10:00 CEST']) expect(pdf.text).toContain(text);

    for (const path of [
      `/download-ticket/${encodeURIComponent('someone@example.org')}/${ticket.code}`,
      `/download-ticket/${encodeURIComponent(ticket.email!)}/${ticket.code.slice(0, -1)}${ticket.code.endsWith('X') ? 'Y' : 'X'}`,
    ]) {
      expect((await fetchRead(base + path)).status, path).toBe(404);
    }
    // A path part longer than any code is not even the download route (the app's page answers it).
    expect((await fetchRead(`${base}/download-ticket/${encodeURIComponent(ticket.email!)}/${'A'.repeat(500)}`)).headers.get('content-type')).not.toBe('application/pdf');
    // An unpaid order's ticket does not download.
    await db().update(orders).set({ paymentStatus: 'pending' }).where(eq(orders.id, order.id));
    expect((await fetchRead(`${base}/download-ticket/${encodeURIComponent(ticket.email!)}/${ticket.code}`)).status).toBe(404);
    await db().update(orders).set({ paymentStatus: 'paid' }).where(eq(orders.id, order.id));
  });

  it('serves a paid order’s invoice as a PDF with items, shipping, tax per rate and totals; a wrong checksum answers 404', async () => {
    clock = new Date('2026-11-23T12:00:00Z');
    const buyer = await createCustomer(shop);
    const order = await paidOrder(buyer, [{ code: 'NWF27-WEEKEND' }], ['NWF27-TEE-LINEUP']);
    expect(order.has_invoice).toBe(true);
    const response = await fetch(`${base}/download-invoice/${order.code}/${order.checksum}`);
    expect(response.status).toBe(200);
    const pdf = await readPdf(new Uint8Array(await response.arrayBuffer()));
    expect(pdf.text).toMatch(/Invoice NWF-\d{6}/);
    for (const text of ['Weekend ticket', 'Line-up T-shirt', 'Shipping', 'Total', 'VAT', order.code]) expect(pdf.text, text).toContain(text);
    expect(pdf.text).toMatch(new RegExp(`Order: ${order.code} Payment received: `));
    expect(pdf.text).toMatch(/€\s?193\.00/);

    const other = orderLinkSignature('another-secret-of-at-least-32-characters!', order.code, INVOICE_LINK);
    // Another link's signature, and the checksum every link shared before decision 0027, open no invoice.
    const otherPurposes = [order.terms_checksum, orderLinkSignature(SECRET, order.code, ACCEPT_TERMS_LINK), legacyOrderChecksum(SECRET, order.code)];
    for (const checksum of [other, ...otherPurposes, order.checksum.slice(0, -1), `${order.checksum}0`, 'x']) {
      expect((await fetchRead(`${base}/download-invoice/${order.code}/${checksum}`)).status, checksum).toBe(404);
    }
    const foreign = await paidOrder(await createCustomer(shop), [{ code: 'NWF27-LOCKER' }]);
    expect((await fetchRead(`${base}/download-invoice/${foreign.code}/${order.checksum}`)).status).toBe(404);
  });
});
