import { english, boxOfficeEmailMessages, LOCALES, messages, staffApi, staffBoxOfficeMessages, staffOrderMessages } from '@festival/contract';
import { and, asc, eq, like } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/databases';
import { createCustomer } from '../../../test/shop-flows';
import { staffCall } from '../../../test/staff-call';
import { signedInStaff } from '../../../test/staff-sign-in';
import { createTestShop, type TestShop } from '../../../test/test-shop';
import { customers, emailOutbox, orders, shopItems, staffAudit, tickets, travelTimes } from '../../db/schema';
import { timeLimit } from '../../../test/time-limits';

const SECRET = 'box-office-test-secret-of-32-characters!!';

/**
 * The box office over HTTP (issue 22 point 5): what the desk can sell, a sale paid in cash or on
 * the card terminal (paid at once, tickets issued and e-mailed, PDFs downloadable), one paid later
 * through the e-mailed terms link, the shop's refusals changing nothing, its audit entry, and two
 * desks selling the last unit or seat at once selling it once.
 */
describe.each(testEngines())('the box office on %s', (engine) => {
  let shop: TestShop;
  const clock = new Date('2026-11-23T12:00:00Z');
  const staff = {} as Record<'admin' | 'box_office' | 'customer_service', string>;
  beforeAll(async () => {
    shop = await createTestShop(engine, { config: { languages: [...LOCALES] }, app: { appSecret: SECRET, now: () => clock, catalogMaxAgeMs: 0 } });
    for (const role of ['admin', 'box_office', 'customer_service'] as const) staff[role] = (await signedInStaff(shop.app, shop.database.db, { email: `${role}@example.org`, role }, clock)).cookie;
  }, timeLimit(120_000));
  afterAll(async () => {
    await shop?.close();
  });

  const db = () => shop.database.db;
  const call = (path: 'box-office-items' | 'box-office-sell' | 'box-office-email-tickets' | 'order-tickets-pdf' | 'order-resend', payload: unknown, cookie = staff.box_office) => staffCall(shop.app, path, payload, cookie);
  const sell = (payload: Record<string, unknown>) => call('box-office-sell', payload);
  const item = async (code: string) => (await db().select().from(shopItems).where(eq(shopItems.externalCode, code)))[0]!;
  const departuresOf = async (code: string) =>
    (await db().select({ time: travelTimes }).from(travelTimes).innerJoin(shopItems, eq(shopItems.id, travelTimes.shopItemId)).where(eq(shopItems.externalCode, code)).orderBy(asc(travelTimes.departsAt))).map((row) => row.time);
  const mailsTo = (to: string, subject: string) => db().select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, to), like(emailOutbox.subject, `%${subject}%`)));
  const ordersOf = async (email: string) => db().select({ order: orders }).from(orders).innerJoin(customers, eq(customers.id, orders.customerId)).where(eq(customers.email, email));
  const buyer = () => ({ email: `desk.${randomBytes(4).toString('hex')}@example.org`, full_name: 'Desk Buyer' });

  it('lists what can be sold now by event, merchandise last: prices, what is left, what each unit needs; not to customer service', async () => {
    const answer = await call('box-office-items', {});
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const items = staffApi['box-office-items'].answer.parse(answer.body);
    expect(items.currency).toBe(shop.config.currency);
    expect(items.age_ranges).toEqual(shop.config.ageRanges);
    const all = items.groups.flatMap((group) => group.items);
    const byCode = new Map(all.map((row) => [row.code, row]));
    const weekend = byCode.get('NWF27-WEEKEND')!;
    expect(weekend).toMatchObject({ kind: 'ticket', price: 18950, needs: { holder: true, age: true, departure: false }, sold_out: false, limit_per_order: 6 });
    expect(weekend.left).toBe((await item('NWF27-WEEKEND')).stock! - (await item('NWF27-WEEKEND')).sold - (await item('NWF27-WEEKEND')).held);
    expect(byCode.get('NWF27-PARKING')).toMatchObject({ kind: 'add_on', needs: { holder: true, age: false, departure: false } });
    expect(byCode.get('NWF27-GLAMPING')).toMatchObject({ sold_out: true, left: 0 });
    const shuttle = byCode.get('NWF27-SHUTTLE')!;
    expect(shuttle).toMatchObject({ kind: 'transport', needs: { holder: true, age: false, departure: true } });
    expect(shuttle.departures.map((departure) => departure.left)).toEqual([60, 0, 60, null, 40]);
    expect(byCode.get('NWF27-COACH-UTR')).toMatchObject({ kind: 'transport', needs: { departure: false }, departs_at: '2027-06-18T09:30:00.000Z' });
    expect(byCode.get('NWF27-TEE-LINEUP')).toMatchObject({ kind: 'merchandise', price: 2995, needs: { holder: false, age: false, departure: false } });
    // A payment plan is sold in the shop; merchandise is the last group, of no event.
    expect(byCode.has('NWF27-WEEKEND-PLAN')).toBe(false);
    expect(items.groups.at(-1)).toMatchObject({ event: null });
    expect(items.groups.at(-1)!.items.every((row) => row.kind === 'merchandise')).toBe(true);
    expect(items.groups[0]!.event).not.toBeNull();
    expect((await call('box-office-items', {}, staff.customer_service)).status).toBe(403);
    expect((await call('box-office-items', {}, staff.admin)).status).toBe(200);
  });

  it('sells for cash: paid at once, stock taken, tickets issued with PDF links, confirmation and tickets e-mailed, audited', async () => {
    const who = buyer();
    const [weekendBefore, teeBefore] = [await item('NWF27-WEEKEND'), await item('NWF27-TEE-LINEUP')];
    const answer = await sell({
      buyer: who,
      lines: [
        { code: 'NWF27-WEEKEND', quantity: 1, holders: [{ full_name: 'Desk Buyer', email: who.email, age: '25-34' }] },
        { code: 'NWF27-TEE-LINEUP', quantity: 2 },
      ],
      payment: 'cash',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const sale = staffApi['box-office-sell'].answer.parse(answer.body);
    expect(sale).toMatchObject({ payment: 'cash', payment_status: 'paid', total: 18950 + weekendBefore.fee + 2 * (2995 + teeBefore.fee), buyer: { email: who.email, account_created: true } });
    expect(sale.paid).toBe(sale.total);
    expect(sale.items).toEqual([
      { name: weekendBefore.name, quantity: 1, amount: 18950 + weekendBefore.fee },
      { name: teeBefore.name, quantity: 2, amount: 2 * (2995 + teeBefore.fee) },
    ]);
    // Paid at the desk: nothing left to accept, no terms link.
    expect(sale.terms_link).toBeNull();
    expect(sale.tickets).toHaveLength(1);
    const ticket = sale.tickets[0]!;
    expect(ticket.download).toBe(`/download-ticket/${encodeURIComponent(who.email)}/${ticket.code}`);
    const [order] = await ordersOf(who.email);
    expect(order!.order).toMatchObject({ code: sale.order_code, paymentMethod: 'cash', paymentStatus: 'paid', channel: 'Box office' });
    const [row] = await db().select().from(tickets).where(eq(tickets.code, ticket.code));
    expect(row).toMatchObject({ status: 'active', age: '25-34', fullName: 'Desk Buyer' });
    expect((await item('NWF27-WEEKEND')).sold).toBe(weekendBefore.sold + 1);
    expect((await item('NWF27-TEE-LINEUP')).sold).toBe(teeBefore.sold + 2);
    // The PDF the receipt's link opens.
    const pdf = await shop.app.inject({ method: 'GET', url: ticket.download! });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // One mail for a paid desk sale, the shop's mail for a paid order: no terms link to accept, no password of an account the buyer never asked for.
    expect(await mailsTo(who.email, `Your order ${sale.order_code}`)).toHaveLength(1);
    expect((await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, who.email))).map((mail) => mail.subject)).toEqual([expect.stringContaining(`Your order ${sale.order_code}`)]);
    const audit = await db().select().from(staffAudit).where(eq(staffAudit.target, `order:${sale.order_code}`));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: 'box_office@example.org', action: 'order.box-office-sale' });
    expect(audit[0]!.after).toMatchObject({ customer: who.email, method: 'cash', payment_status: 'paid', total: sale.total });

    // The tickets again, to an address given at the desk (the links keep the holder's address), and to the buyer.
    const other = `other.${randomBytes(4).toString('hex')}@example.org`;
    const again = await call('box-office-email-tickets', { code: sale.order_code, email: ` ${other} ` });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toEqual({ message: english(boxOfficeEmailMessages.sent(other)), sent_to: other, tickets: 1 });
    const [mail] = await mailsTo(other, `(order ${sale.order_code})`);
    expect(mail!.textBody).toContain(`/download-ticket/${encodeURIComponent(who.email)}/${ticket.code}`);
    expect((await call('box-office-email-tickets', { code: sale.order_code })).body.sent_to).toBe(who.email);
    expect(await mailsTo(who.email, `Your tickets for ${shop.config.name} (order ${sale.order_code})`)).toHaveLength(1);
    const sends = await db().select().from(staffAudit).where(and(eq(staffAudit.target, `order:${sale.order_code}`), eq(staffAudit.action, 'order.box-office-email-tickets')));
    expect(sends.map((entry) => [entry.actor, entry.after])).toEqual([
      ['box_office@example.org', { to: other, tickets: 1 }],
      ['box_office@example.org', { to: who.email, tickets: 1 }],
    ]);
    expect(await call('box-office-email-tickets', { code: sale.order_code, email: 'not an address' })).toMatchObject({ status: 422, body: { message: english(boxOfficeEmailMessages.addressInvalid) } });
    expect((await call('box-office-email-tickets', { code: sale.order_code }, staff.customer_service)).status).toBe(403);
    // Only the box office's own orders.
    await db().update(orders).set({ channel: 'Web shop' }).where(eq(orders.code, sale.order_code));
    expect(await call('box-office-email-tickets', { code: sale.order_code, email: other })).toMatchObject({ status: 404, body: { message: english(boxOfficeEmailMessages.orderNotFound) } });
    await db().update(orders).set({ channel: 'Box office' }).where(eq(orders.code, sale.order_code));
    expect(await mailsTo(other, `(order ${sale.order_code})`)).toHaveLength(1);
  });

  it('sells without the buyer’s e-mail address when paid at the desk: nothing e-mailed, the tickets printed as one PDF for the desk’s roles only (decision 0076)', async () => {
    const outboxBefore = (await db().select().from(emailOutbox)).length;
    // Holders named without an address, or none named: the tickets are in the walk-in buyer's account either way.
    const sold = await sell({ buyer: { email: '  ', full_name: 'Walk In' }, lines: [{ code: 'NWF27-COACH-UTR', quantity: 2, holders: [{ full_name: 'Walk In', email: '' }, { full_name: 'Friend', email: ' ' }] }], payment: 'card_terminal' });
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    const sale = staffApi['box-office-sell'].answer.parse(sold.body);
    expect(sale).toMatchObject({ payment_status: 'paid', buyer: { email: null, full_name: 'Walk In', account_created: false }, terms_link: null });
    expect(sale.tickets).toHaveLength(2);
    // No mail is written for an address nobody has; the tickets print no address.
    expect((await db().select().from(emailOutbox)).length).toBe(outboxBefore);
    const rows = await db().select().from(tickets).where(eq(tickets.orderId, (await db().select().from(orders).where(eq(orders.code, sale.order_code)))[0]!.id));
    expect(rows.map((row) => [row.status, row.fullName, row.email])).toEqual([
      ['active', 'Walk In', null],
      ['active', 'Friend', null],
    ]);
    const audit = await db().select().from(staffAudit).where(eq(staffAudit.target, `order:${sale.order_code}`));
    expect(audit.map((entry) => entry.after)).toEqual([expect.objectContaining({ customer: null, walk_in: true, payment_status: 'paid' })]);

    // The receipt's "Print tickets": one PDF, a page a ticket, for the box office.
    const printed = await call('order-tickets-pdf', { code: sale.order_code });
    expect(printed.status, JSON.stringify(printed.body)).toBe(200);
    const pdf = staffApi['order-tickets-pdf'].answer.parse(printed.body);
    expect(pdf.tickets).toBe(2);
    const bytes = Buffer.from(pdf.content, 'base64');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.toString('latin1').match(/\/Type\s*\/Page\b/g)).toHaveLength(2);
    // Not for a gate-only member, not for a customer's session, not without a session.
    const gate = (await signedInStaff(shop.app, shop.database.db, { email: `gate.${randomBytes(3).toString('hex')}@example.org`, role: 'gate' }, clock)).cookie;
    expect((await call('order-tickets-pdf', { code: sale.order_code }, gate)).status).toBe(403);
    const customer = await createCustomer(shop);
    const asCustomer = await shop.app.inject({
      method: 'POST',
      url: '/api/staff/order-tickets-pdf',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', authorization: `Bearer ${customer.token}`, cookie: `token=${customer.token}` },
      payload: JSON.stringify({ code: sale.order_code, token: customer.token }),
    });
    expect(asCustomer.statusCode).toBe(401);
    expect(asCustomer.body).not.toContain('JVBERi0');
    expect((await staffCall(shop.app, 'order-tickets-pdf', { code: sale.order_code }, null)).status).toBe(401);

    // Nothing is "e-mailed" to an address nobody has: the desk gives one, or prints.
    const noAddress = await call('box-office-email-tickets', { code: sale.order_code });
    expect([noAddress.status, noAddress.body.message]).toEqual([422, english(boxOfficeEmailMessages.noBuyerAddress)]);
    const resent = await call('order-resend', { code: sale.order_code, what: 'tickets' });
    expect([resent.status, resent.body.message]).toEqual([409, english(staffOrderMessages.noBuyerAddress)]);
    const given = `walk.in.${randomBytes(3).toString('hex')}@example.org`;
    expect((await call('box-office-email-tickets', { code: sale.order_code, email: given })).status).toBe(200);
    expect(await mailsTo(given, sale.order_code)).toHaveLength(1);

    // Paying later needs the address the link to pay is e-mailed to.
    const later = await sell({ buyer: { email: '', full_name: 'Walk In' }, lines: [{ code: 'NWF27-COACH-UTR', quantity: 1 }], payment: 'pay_later' });
    expect([later.status, later.body.message]).toEqual([422, english(staffBoxOfficeMessages.emailToPayLater)]);
  });

  it('sells on the card terminal, holders defaulting to the buyer, and pay-later with a departure: pending, the seat taken, the terms link e-mailed', async () => {
    const who = buyer();
    const card = await sell({ buyer: who, lines: [{ code: 'NWF27-PARKING', quantity: 1 }], payment: 'card_terminal' });
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    expect(card.body).toMatchObject({ payment: 'card_terminal', payment_status: 'paid', tickets: [{ holder: 'Desk Buyer' }] });
    expect((await ordersOf(who.email))[0]!.order.paymentMethod).toBe('card_terminal');
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, who.email))).toHaveLength(1);

    const later = buyer();
    const [ten] = await departuresOf('NWF27-SHUTTLE');
    const answer = await sell({
      buyer: later,
      lines: [{ code: 'NWF27-SHUTTLE', quantity: 2, departure_id: ten!.id, holders: [{ full_name: 'Rider One', email: 'rider.one@example.org' }, { full_name: 'Rider Two', email: 'rider.two@example.org' }] }],
      payment: 'pay_later',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const sale = staffApi['box-office-sell'].answer.parse(answer.body);
    expect(sale).toMatchObject({ payment: 'pay_later', payment_status: 'pending', paid: 0, terms_link: { emailed_to: later.email, accepted: false } });
    expect(sale.tickets.map((ticket) => [ticket.holder, ticket.download, ticket.departs_at])).toEqual([
      ['Rider One', null, ten!.departsAt.toISOString()],
      ['Rider Two', null, ten!.departsAt.toISOString()],
    ]);
    expect((await departuresOf('NWF27-SHUTTLE'))[0]!.sold).toBe(ten!.sold + 2);
    expect((await ordersOf(later.email))[0]!.order).toMatchObject({ paymentMethod: 'credit_card', paymentStatus: 'pending' });
    expect(await mailsTo(later.email, `Please accept the terms of your order ${sale.order_code}`)).toHaveLength(1);
    expect(await mailsTo(later.email, `Your order ${sale.order_code}`)).toHaveLength(0);
    expect(await call('box-office-email-tickets', { code: sale.order_code })).toMatchObject({ status: 409, body: { message: english(boxOfficeEmailMessages.notPaid) } });
    expect(await call('box-office-email-tickets', { code: 'NOSUCHORDER' })).toMatchObject({ status: 404, body: { message: english(boxOfficeEmailMessages.orderNotFound) } });
  });

  it('refuses with the shop’s texts and changes nothing: sold out, a sold-out departure, missing age or departure, over the limit, an unknown item', async () => {
    const who = buyer();
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ code: 'NWF27-GLAMPING', quantity: 1 }, 409, english(messages.cart.soldOut((await item('NWF27-GLAMPING')).name))],
      [{ code: 'NWF27-SHUTTLE', quantity: 1, departure_id: (await departuresOf('NWF27-SHUTTLE'))[1]!.id }, 409, english(messages.cart.travelTimeSoldOut)],
      [{ code: 'NWF27-SHUTTLE', quantity: 1 }, 422, english(staffBoxOfficeMessages.departureNeeded((await item('NWF27-SHUTTLE')).name))],
      [{ code: 'NWF27-WEEKEND', quantity: 1 }, 422, english(staffBoxOfficeMessages.ageNeeded((await item('NWF27-WEEKEND')).name))],
      [{ code: 'NWF27-WEEKEND', quantity: 1, holders: [{ full_name: 'A', email: who.email, age: '99-100' }] }, 422, english(staffBoxOfficeMessages.ageNeeded((await item('NWF27-WEEKEND')).name))],
      [{ code: 'NWF27-TEE-LINEUP', quantity: 6 }, 422, english(messages.cart.limitPerOrder((await item('NWF27-TEE-LINEUP')).name, 5))],
      [{ code: 'NWF27-TEE-LINEUP', quantity: 1, holders: [{ full_name: 'A', email: who.email }] }, 422, english(staffBoxOfficeMessages.holdersCount)],
      [{ code: 'NWF27-WEEKEND-PLAN', quantity: 1 }, 404, english(staffBoxOfficeMessages.noItem('NWF27-WEEKEND-PLAN'))],
      [{ code: 'NO-SUCH-ITEM', quantity: 1 }, 404, english(staffBoxOfficeMessages.noItem('NO-SUCH-ITEM'))],
    ];
    const [teeBefore, shuttleBefore] = [await item('NWF27-TEE-LINEUP'), await item('NWF27-SHUTTLE')];
    for (const [line, status, message] of refusals) {
      // A first line that would sell shows the refusal undoes it.
      const answer = await sell({ buyer: who, lines: [{ code: 'NWF27-TEE-LINEUP', quantity: 1 }, line], payment: 'cash' });
      expect([answer.status, answer.body.message], JSON.stringify(line)).toEqual([status, message]);
    }
    expect((await item('NWF27-TEE-LINEUP')).sold).toBe(teeBefore.sold);
    expect((await item('NWF27-SHUTTLE')).sold).toBe(shuttleBefore.sold);
    expect(await ordersOf(who.email)).toHaveLength(0);
    expect(await db().select().from(customers).where(eq(customers.email, who.email))).toHaveLength(0);
    expect(await sell({ buyer: who, lines: [], payment: 'cash' })).toMatchObject({ status: 422, body: { errors: { lines: [english(staffBoxOfficeMessages.chooseItem)] } } });
    expect(await sell({ buyer: who, lines: [{ code: 'NWF27-TOTE', quantity: 1 }], payment: 'voucher' })).toMatchObject({ status: 422, body: { errors: { payment: [english(staffBoxOfficeMessages.choosePayment)] } } });
    expect((await call('box-office-sell', { buyer: who, lines: [{ code: 'NWF27-TOTE', quantity: 1 }], payment: 'cash' }, staff.customer_service)).status).toBe(403);
  });

  it('refuses in the staff member’s language (issue 36): the schema’s, the sale’s and the order’s refusals from a French page in French, in English without one', async () => {
    const who = buyer();
    /** A box-office call from a page in `language` (its Accept-Language), or with none. */
    const callIn = async (language: string | null, path: 'box-office-sell' | 'box-office-email-tickets', payload: unknown) => {
      const response = await shop.app.inject({
        method: 'POST',
        url: `/api/staff/${path}`,
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', cookie: staff.box_office, ...(language ? { 'accept-language': language } : {}) },
        payload: JSON.stringify(payload),
      });
      return { status: response.statusCode, body: response.json() };
    };
    const french = 'fr-FR,fr;q=0.9,en;q=0.5';
    const nb = '\u00a0';
    const tote = [{ code: 'NWF27-TOTE', quantity: 1 }];
    // The schema's.
    expect(await callIn(french, 'box-office-sell', { buyer: who, lines: [], payment: 'cash' })).toMatchObject({ status: 422, body: { errors: { lines: ['Ajoutez au moins un article.'] } } });
    expect(await callIn(french, 'box-office-sell', { buyer: who, lines: tote, payment: 'voucher' })).toMatchObject({ status: 422, body: { errors: { payment: ['Choisissez espèces, terminal de paiement ou paiement différé.'] } } });
    // The sale's, and the box-office order's.
    expect(await callIn(french, 'box-office-sell', { buyer: who, lines: [{ code: 'NO-SUCH-ITEM', quantity: 1 }], payment: 'cash' })).toMatchObject({ status: 404, body: { message: 'Aucun article ne porte le code NO-SUCH-ITEM.' } });
    expect(await callIn(french, 'box-office-sell', { buyer: { email: 'not an address', full_name: 'Desk Buyer' }, lines: tote, payment: 'cash' })).toMatchObject({
      status: 422,
      body: { message: `«${nb}not an address${nb}» n’est pas une adresse e-mail valide.` },
    });
    expect(await callIn(french, 'box-office-sell', { buyer: { email: '', full_name: 'Walk In' }, lines: tote, payment: 'pay_later' })).toMatchObject({
      status: 422,
      body: { message: `Le paiement différé nécessite l’adresse e-mail de l’acheteur${nb}: le lien de paiement est envoyé par e-mail. Sans adresse, encaissez au guichet.` },
    });
    expect(await callIn(french, 'box-office-email-tickets', { code: 'NOSUCHORDER' })).toMatchObject({ status: 404, body: { message: 'Aucune commande du guichet ne porte ce code.' } });
    // Without a language, the shop's default: English, as the desk always read it.
    expect(await callIn(null, 'box-office-sell', { buyer: { email: 'not an address', full_name: 'Desk Buyer' }, lines: tote, payment: 'cash' })).toMatchObject({
      status: 422,
      body: { message: '"not an address" is not one e-mail address.' },
    });
    expect(await ordersOf(who.email)).toHaveLength(0);
  });

  it('two desks selling the last unit, or the last seat, at once: one sale, the other refused as sold out', async () => {
    const hoodie = await item('NWF27-HOODIE');
    await db().update(shopItems).set({ stock: hoodie.sold + hoodie.held + 1 }).where(eq(shopItems.id, hoodie.id));
    const race = (lines: Record<string, unknown>[]) => Promise.all([sell({ buyer: buyer(), lines, payment: 'cash' }), sell({ buyer: buyer(), lines, payment: 'card_terminal' })]);
    const units = await race([{ code: 'NWF27-HOODIE', quantity: 1 }]);
    expect(units.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(units.find((answer) => answer.status === 409)!.body.message).toBe(english(messages.cart.soldOut(hoodie.name)));
    expect((await item('NWF27-HOODIE')).sold).toBe(hoodie.sold + 1);

    const departure = (await departuresOf('NWF27-SHUTTLE')).at(-1)!;
    await db().update(travelTimes).set({ seats: departure.sold + departure.held + 1 }).where(eq(travelTimes.id, departure.id));
    const seats = await race([{ code: 'NWF27-SHUTTLE', quantity: 1, departure_id: departure.id }]);
    expect(seats.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(seats.find((answer) => answer.status === 409)!.body.message).toBe(english(messages.cart.travelTimeSoldOut));
    expect((await departuresOf('NWF27-SHUTTLE')).at(-1)!.sold).toBe(departure.sold + 1);
  });
});
