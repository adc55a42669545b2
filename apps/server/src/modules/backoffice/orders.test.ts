import { english, englishOf, LOCALES, messages, portalMessages, staffApi, staffOrderMessages as staffOrderTexts, type Order } from '@festival/contract';
import { and, asc, eq, inArray, like } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/databases';
import { cartWith, checkoutPayload, createCustomer, paidOrder as placePaidOrder, type OrderLine } from '../../../test/shop-flows';
import { staffCall } from '../../../test/staff-call';
import { signedInStaff } from '../../../test/staff-sign-in';
import { createTestShop, type TestShop } from '../../../test/test-shop';
import { customers, emailOutbox, orders, payments, refunds, shopItems, staffAudit, ticketChanges, tickets, travelTimes } from '../../db/schema';
import { createSandboxGateway, type SandboxGateway, type SandboxRequest } from '../payments/sandbox-gateway';
import { timeLimit } from '../../../test/time-limits';

/** The back office's order texts as the answers say them: in English (no Accept-Language). */
const staffOrderMessages = englishOf(staffOrderTexts);

const SECRET = 'backoffice-orders-test-secret-of-32-characters';
type Buyer = Awaited<ReturnType<typeof createCustomer>>;

/**
 * The back office's orders over HTTP (issue 22 point 3): search by every key, the order page and
 * its timeline, and each action's effect on stock, seats, tickets, payments and mail, its audit
 * entry and its refusals; two staff cancelling or refunding the same order at once do it once.
 */
describe.each(testEngines())('the back office’s orders on %s', (engine) => {
  let shop: TestShop;
  let base: string;
  let gateway: SandboxGateway;
  const clock = new Date('2026-11-23T12:00:00Z');
  const staff = {} as Record<'admin' | 'box_office' | 'customer_service', string>;
  beforeAll(async () => {
    gateway = createSandboxGateway(SECRET);
    // Every language offered, English the default: a request without Accept-Language is answered in English.
    shop = await createTestShop(engine, { config: { languages: [...LOCALES] }, app: { appSecret: SECRET, sandboxGateway: gateway, now: () => clock, catalogMaxAgeMs: 0 } });
    base = await shop.app.listen({ port: 0, host: '127.0.0.1' });
    for (const role of ['admin', 'box_office', 'customer_service'] as const) staff[role] = (await signedInStaff(shop.app, shop.database.db, { email: `${role}@example.org`, role }, clock)).cookie;
  }, timeLimit(120_000));
  afterAll(async () => {
    await shop?.close();
  });

  const db = () => shop.database.db;
  const call = (path: Parameters<typeof staffCall>[1], payload: unknown, cookie = staff.customer_service) => staffCall(shop.app, path, payload, cookie);
  const paidOrder = (buyer: Buyer, lines: OrderLine[], merchandise: string[] = []): Promise<Order> => placePaidOrder(shop, base, buyer, lines, merchandise);
  const detailOf = async (code: string) => staffApi['order-detail'].answer.parse((await call('order-detail', { code })).body);
  const auditOf = async (code: string) => (await db().select().from(staffAudit).where(eq(staffAudit.target, `order:${code}`)).orderBy(asc(staffAudit.id))).map((entry) => ({ actor: entry.actor, action: entry.action, before: entry.before, after: entry.after }));
  const soldOf = async (externalCode: string) => (await db().select({ sold: shopItems.sold }).from(shopItems).where(eq(shopItems.externalCode, externalCode)))[0]!.sold;
  const departures = async () =>
    (await db().select({ time: travelTimes }).from(travelTimes).innerJoin(shopItems, eq(shopItems.id, travelTimes.shopItemId)).where(eq(shopItems.externalCode, 'NWF27-SHUTTLE')).orderBy(asc(travelTimes.departsAt))).map((row) => row.time);
  const seatsOf = async (id: number) => (await db().select().from(travelTimes).where(eq(travelTimes.id, id)))[0]!;
  const mailsTo = (to: string, subject: string) =>
    db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, to), like(emailOutbox.subject, `%${subject}%`)));
  const ticketsOf = (code: string) =>
    db()
      .select({ ticket: tickets })
      .from(tickets)
      .innerJoin(orders, eq(orders.id, tickets.orderId))
      .where(eq(orders.code, code))
      .orderBy(asc(tickets.id))
      .then((rows) => rows.map((row) => row.ticket));
  const orderRow = async (code: string) => (await db().select().from(orders).where(eq(orders.code, code)))[0]!;
  const refundCalls = () => gateway.requests.filter((request): request is Extract<SandboxRequest, { kind: 'refund' }> => request.kind === 'refund');

  /** An order placed and not paid: by card (its time to pay running) or by bank transfer. */
  async function unpaidOrder(buyer: Buyer, products: string[], method: 'credit_card' | 'bank_transfer' = 'credit_card', lines: Record<string, unknown> = {}): Promise<string> {
    let cart: string | undefined;
    if (Object.keys(lines).length) {
      const answer = await shop.call('add-product-to-cart', { token: buyer.token, external_code: products[0]!, full_name: 'Shuttle Rider', email: 'rider@example.org', age: '25-34', ...lines });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      cart = answer.body.cart.code;
    } else cart = await cartWith(shop, buyer.token, products);
    const placed = await shop.call('checkout-cart', checkoutPayload(buyer.token, cart!, { payment_method: method }));
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    return placed.body.order.code as string;
  }

  it('finds an order by its code, a ticket code, a word start of the buyer’s or a holder’s name and the start of an e-mail address; exact codes first', async () => {
    const tag = `q${randomBytes(4).toString('hex')}`;
    const buyer = await createCustomer(shop);
    await db().update(customers).set({ fullName: `Anna van ${tag}Vries` }).where(eq(customers.id, buyer.id));
    const order = await paidOrder(buyer, [{ code: 'NWF27-WEEKEND', holder: `Bea ${tag}Holder` }]);
    const ticket = order.tickets[0]!;
    const search = async (query: string) => {
      const answer = await call('order-search', { query }, staff.box_office);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return staffApi['order-search'].answer.parse(answer.body).orders;
    };
    const byCode = await search(order.code.toLowerCase());
    expect(byCode[0]).toMatchObject({ code: order.code, buyer_name: `Anna van ${tag}Vries`, buyer_email: buyer.email, payment_status: 'paid', total_price: order.total_price, total_paid: order.total_paid, item_count: 1, matched: 'code' });
    expect((await search(ticket.code))[0]).toMatchObject({ code: order.code, matched: 'code' });
    // The buyer's name by its third word's start and by its start, in any case.
    for (const query of [tag.toUpperCase(), `${tag}vri`, 'anna van q']) expect((await search(query)).map((row) => row.code), query).toContain(order.code);
    // A holder's name by its second word's start; the buyer's and a holder's address by its start.
    expect((await search(`${tag}hol`)).map((row) => [row.code, row.matched])).toEqual([[order.code, 'name-or-email']]);
    expect((await search(buyer.email.slice(0, buyer.email.indexOf('@') + 3).toUpperCase())).map((row) => row.code)).toEqual([order.code]);
    expect((await search(ticket.email!)).map((row) => row.code)).toContain(order.code);
    // The middle of a word is not a start; a wildcard is only itself.
    expect(await search(tag.slice(2))).toEqual([]);
    expect(await search('%%')).toEqual([]);
    expect(await search('_' + tag.slice(1))).toEqual([]);
    for (const query of ['', ' ', 'x', ' y ']) {
      const refused = await call('order-search', { query });
      expect([refused.status, refused.body.errors?.query], query).toEqual([422, [staffOrderMessages.queryTooShort]]);
    }
  });

  it('shows an order’s page with its items, payments, e-mails and one timeline, and answers 404 for an unknown code', async () => {
    const buyer = await createCustomer(shop);
    const order = await paidOrder(buyer, [{ code: 'NWF27-WEEKEND' }], ['NWF27-TEE-LINEUP']);
    const page = await detailOf(order.code.toLowerCase());
    expect(page.order).toMatchObject({ code: order.code, payment_status: 'paid', payment_method: 'credit_card', total_price: order.total_price, total_paid: order.total_price });
    expect(page.buyer.email).toBe(buyer.email);
    expect(page.tickets.map((ticket) => [ticket.code, ticket.status, ticket.holder_email])).toEqual(order.tickets.map((ticket) => [ticket.code, 'active', ticket.email]));
    expect(page.merchandise.map((item) => item.code)).toEqual(order.merchandisePurchases.map((item) => item.code));
    expect(page.payments).toEqual([expect.objectContaining({ method: 'credit_card', status: 'paid', amount: order.total_price })]);
    expect(page.emails.map((mail) => mail.subject)).toContain(`Your order ${order.code} at ${shop.config.name}`);
    const kinds = new Set(page.timeline.map((entry) => entry.kind));
    for (const kind of ['order', 'payment', 'email'] as const) expect(kinds.has(kind), kind).toBe(true);
    expect(page.timeline.map((entry) => entry.at)).toEqual([...page.timeline.map((entry) => entry.at)].sort());
    const missing = await call('order-detail', { code: 'NOSUCHORDER' });
    expect([missing.status, missing.body.message]).toEqual([404, staffOrderMessages.orderNotFound]);
  });

  it('says the order page’s timeline and refund lines in the staff member’s language (issue 36), and in English without one', async () => {
    const buyer = await createCustomer(shop);
    const order = await paidOrder(buyer, [{ code: 'NWF27-WEEKEND' }, { code: 'NWF27-WEEKEND' }]);
    /** A back-office call from a page in `language` (its Accept-Language), or with none. */
    const callIn = async (language: string | null, path: string, payload: unknown, cookie = staff.customer_service) => {
      const response = await shop.app.inject({
        method: 'POST',
        url: `/api/staff/${path}`,
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', cookie, ...(language ? { 'accept-language': language } : {}) },
        payload: JSON.stringify(payload),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const amountIn = (locale: string, minor: number) => new Intl.NumberFormat(locale, { style: 'currency', currency: shop.config.currency }).format(minor / 100);
    const ticket = order.tickets[0]!;
    // A refund asked for from a French page: the answer's order page is French.
    const refunded = staffApi['order-refund'].answer.parse(await callIn('fr-FR,fr;q=0.9,en;q=0.5', 'order-refund', { code: order.code, tickets: [ticket.code] }));
    const refundId = refunded.refund.id;
    const total = ticket.refund_total;
    const nb = '\u00a0';
    expect(refunded.order.refunds[0]!.ways_text).toBe(`${amountIn('fr', total)} sur la carte via le prestataire de paiement`);
    const timelineIn = async (language: string | null) => staffApi['order-detail'].answer.parse(await callIn(language, 'order-detail', { code: order.code })).timeline.map((entry) => entry.text);
    const french = await timelineIn('fr');
    expect(french).toEqual(
      expect.arrayContaining([
        `Commande passée (En ligne)${nb}: ${amountIn('fr', order.total_price)}, moyen de paiement${nb}: carte.`,
        'Conditions générales acceptées.',
        `Paiement par carte de ${amountIn('fr', order.total_price)} via sandbox, tentative 1${nb}: payé.`,
        `Remboursement ${refundId} de ${amountIn('fr', total)} demandé.`,
        `Remboursement ${refundId} traité${nb}: ${amountIn('fr', total)} sur la carte via le prestataire de paiement.`,
        `customer_service@example.org${nb}: Commande remboursée.`,
      ]),
    );
    expect(french.find((text) => text.startsWith(`E-mail à ${buyer.email}`))).toMatch(new RegExp(`^E-mail à ${buyer.email.replace(/[.+]/g, '\\$&')}${nb}: «${nb}Your order .+${nb}» \\((en attente|envoyé)\\)\\.$`));
    // Without a language, the shop's default: English, as the page always said it.
    const english = await timelineIn(null);
    expect(english).toHaveLength(french.length);
    expect(english).toEqual(
      expect.arrayContaining([
        `Order placed (Online): ${amountIn('en-GB', order.total_price)}, to pay by card.`,
        'Terms and conditions accepted.',
        `Paid in full (${amountIn('en-GB', order.total_price)}).`,
        `Card payment of ${amountIn('en-GB', order.total_price)} through sandbox, attempt 1: paid.`,
        `Refund ${refundId} of ${amountIn('en-GB', total)} requested.`,
        `Refund ${refundId} processed: ${amountIn('en-GB', total)} back to the card through the payment provider.`,
        'customer_service@example.org: Order refunded.',
      ]),
    );
    expect(english.find((text) => text.startsWith(`E-mail to ${buyer.email}`))).toMatch(/^E-mail to .+: “Your order .+” \((pending|sent)\)\.$/);
  });

  it('resends the confirmation or the tickets through the outbox with an audit entry, and refuses an unpaid order', async () => {
    const buyer = await createCustomer(shop);
    const order = await paidOrder(buyer, [{ code: 'NWF27-WEEKEND' }]);
    const subject = `Your order ${order.code}`;
    expect(await mailsTo(buyer.email, subject)).toHaveLength(1);
    const again = await call('order-resend', { code: order.code, what: 'confirmation' }, staff.box_office);
    expect([again.status, again.body.message]).toEqual([200, staffOrderMessages.resent]);
    expect(await mailsTo(buyer.email, subject)).toHaveLength(2);
    const ticketsSent = await call('order-resend', { code: order.code, what: 'tickets' }, staff.box_office);
    expect(ticketsSent.status, JSON.stringify(ticketsSent.body)).toBe(200);
    expect(await mailsTo(buyer.email, `Your tickets for ${shop.config.name} (order ${order.code})`)).toHaveLength(1);
    expect(await mailsTo(order.tickets[0]!.email!, `(order ${order.code})`)).not.toHaveLength(0);
    expect((await auditOf(order.code)).map((entry) => [entry.actor, entry.action])).toEqual([
      ['box_office@example.org', 'order.resend-confirmation'],
      ['box_office@example.org', 'order.resend-tickets'],
    ]);
    const unpaid = await unpaidOrder(await createCustomer(shop), ['NWF27-WEEKEND']);
    for (const what of ['confirmation', 'tickets']) {
      const refused = await call('order-resend', { code: unpaid, what });
      expect([refused.status, refused.body.message]).toEqual([409, staffOrderMessages.nothingToResend]);
    }
    expect(await auditOf(unpaid)).toEqual([]);
  });

  it('marks a bank transfer paid in parts: partly paid, then paid with its tickets issued and the confirmation sent; then refuses more', async () => {
    const buyer = await createCustomer(shop);
    const code = await unpaidOrder(buyer, ['NWF27-DAY-SAT'], 'bank_transfer');
    const total = (await orderRow(code)).totalPrice;
    const surplus = await call('order-mark-paid', { code, amount: total + 1 });
    expect([surplus.status, surplus.body.message, surplus.body.errors?.amount]).toEqual([422, staffOrderMessages.moreThanOpen, [staffOrderMessages.moreThanOpen]]);
    const part = await call('order-mark-paid', { code: code.toLowerCase(), amount: 1000 });
    expect([part.status, part.body.order?.order.payment_status, part.body.order?.order.total_paid]).toEqual([200, 'partial', 1000]);
    expect((await ticketsOf(code)).map((ticket) => ticket.status)).toEqual(['pending']);
    const tooMuch = await call('order-mark-paid', { code, amount: total - 999 }, staff.admin);
    expect([tooMuch.status, tooMuch.body.message]).toEqual([422, staffOrderMessages.moreThanOpen]);
    const rest = await call('order-mark-paid', { code, amount: total - 1000 }, staff.admin);
    expect([rest.status, rest.body.order?.order.payment_status]).toEqual([200, 'paid']);
    expect((await ticketsOf(code)).map((ticket) => ticket.status)).toEqual(['active']);
    expect(await mailsTo(buyer.email, `Your order ${code}`)).toHaveLength(1);
    expect(await db().select({ amount: payments.amount, method: payments.method }).from(payments).where(eq(payments.orderId, (await orderRow(code)).id)).orderBy(asc(payments.id))).toEqual([
      { amount: 1000, method: 'bank_transfer' },
      { amount: total - 1000, method: 'bank_transfer' },
    ]);
    expect(await auditOf(code)).toEqual([
      { actor: 'customer_service@example.org', action: 'order.mark-paid', before: expect.objectContaining({ payment_status: 'pending', total_paid: 0 }), after: expect.objectContaining({ payment_status: 'partial', total_paid: 1000, received: 1000 }) },
      { actor: 'admin@example.org', action: 'order.mark-paid', before: expect.objectContaining({ payment_status: 'partial' }), after: expect.objectContaining({ payment_status: 'paid', total_paid: total }) },
    ]);
    const again = await call('order-mark-paid', { code, amount: 100 });
    expect([again.status, again.body.message]).toEqual([409, staffOrderMessages.alreadyPaid]);
    const unknown = await call('order-mark-paid', { code: 'NOSUCHORDER', amount: 100 });
    expect([unknown.status, unknown.body.message]).toEqual([404, staffOrderMessages.orderNotFound]);
    expect(await auditOf(code)).toHaveLength(2);
  });

  it('cancels an unpaid order: stock and seats back, tickets revoked, attempts closed, the buyer told; refuses it twice and refuses an order holding money', async () => {
    const buyer = await createCustomer(shop);
    const [first] = await departures();
    const [weekendBefore, seatBefore] = [await soldOf('NWF27-WEEKEND'), (await seatsOf(first!.id)).sold];
    const code = await unpaidOrder(buyer, ['NWF27-SHUTTLE'], 'credit_card', { transport_time_id: first!.id });
    const second = await unpaidOrder(buyer, ['NWF27-WEEKEND']);
    expect([await soldOf('NWF27-WEEKEND'), (await seatsOf(first!.id)).sold]).toEqual([weekendBefore + 1, seatBefore + 1]);
    const cancelled = await call('order-cancel', { code, note: 'asked by phone' });
    expect([cancelled.status, cancelled.body.message, cancelled.body.order?.order.payment_status]).toEqual([200, staffOrderMessages.cancelled, 'cancelled']);
    expect((await seatsOf(first!.id)).sold).toBe(seatBefore);
    expect((await ticketsOf(code)).map((ticket) => ticket.status)).toEqual(['cancelled']);
    expect((await db().select().from(payments).where(eq(payments.orderId, (await orderRow(code)).id))).map((payment) => payment.status)).toEqual(['expired']);
    expect(await mailsTo(buyer.email, `Your order ${code} at ${shop.config.name} is cancelled`)).toHaveLength(1);
    expect(await auditOf(code)).toEqual([
      { actor: 'customer_service@example.org', action: 'order.cancel', before: expect.objectContaining({ payment_status: 'pending' }), after: expect.objectContaining({ payment_status: 'cancelled', cancelled_tickets: 1, note: 'asked by phone' }) },
    ]);
    const twice = await call('order-cancel', { code });
    expect([twice.status, twice.body.message]).toEqual([409, staffOrderMessages.alreadyEnded]);
    expect((await seatsOf(first!.id)).sold).toBe(seatBefore);
    expect((await call('order-cancel', { code: second })).status).toBe(200);
    expect(await soldOf('NWF27-WEEKEND')).toBe(weekendBefore);

    const paid = await paidOrder(buyer, [{ code: 'NWF27-WEEKEND' }]);
    const held = await call('order-cancel', { code: paid.code });
    expect([held.status, held.body.message]).toEqual([409, staffOrderMessages.moneyHeld]);
    expect((await ticketsOf(paid.code)).map((ticket) => ticket.status)).toEqual(['active']);
    expect(await auditOf(paid.code)).toEqual([]);
  });

  it('refunds some items of a card order through the payment provider, stock back and the buyer told, and refuses them again with the portal’s texts', async () => {
    const buyer = await createCustomer(shop);
    const order = await paidOrder(buyer, [{ code: 'NWF27-WEEKEND' }, { code: 'NWF27-WEEKEND' }], ['NWF27-TEE-LINEUP']);
    const [one, two] = order.tickets;
    const soldBefore = await soldOf('NWF27-WEEKEND');
    const callsBefore = refundCalls().length;
    const mixed = await call('order-refund', { code: order.code, tickets: [one!.code], merchandise: [order.merchandisePurchases[0]!.code] });
    expect([mixed.status, mixed.body.message]).toEqual([422, english(portalMessages.noMixing)]);
    const done = await call('order-refund', { code: order.code, tickets: [one!.code], note: 'ill' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const body = staffApi['order-refund'].answer.parse(done.body);
    expect(body.refund).toMatchObject({ status: 'processed', total: one!.refund_total, to_card: one!.refund_total, by_bank: 0, provider_error: null });
    expect(refundCalls().slice(callsBefore).map((request) => request.amount)).toEqual([one!.refund_total]);
    expect(body.order.tickets.map((ticket) => ticket.status)).toEqual(['refunded', 'active']);
    expect(body.order.order.total_refunded).toBe(one!.refund_total);
    expect(body.order.refunds).toEqual([expect.objectContaining({ id: body.refund.id, status: 'processed', bank: null, to_card: [expect.objectContaining({ amount: one!.refund_total, status: 'succeeded' })] })]);
    expect(await soldOf('NWF27-WEEKEND')).toBe(soldBefore - 1);
    expect(await mailsTo(buyer.email, `Refund ${body.refund.id} for order ${order.code} has been processed`)).toHaveLength(1);
    expect(await auditOf(order.code)).toEqual([{ actor: 'customer_service@example.org', action: 'order.refund', before: expect.objectContaining({ total_refunded: 0 }), after: expect.objectContaining({ refund: body.refund.id, total: one!.refund_total, tickets: [one!.code] }) }]);
    const twice = await call('order-refund', { code: order.code, tickets: [two!.code, two!.code] });
    expect([twice.status, twice.body.message]).toEqual([422, english(portalMessages.notRefundable)]);
    // An item refunded already, or none of the order's, can never be refunded (decision 0076).
    for (const codes of [[one!.code], ['NOSUCHTICKET']]) {
      const refused = await call('order-refund', { code: order.code, tickets: codes });
      expect([refused.status, refused.body.message], codes.join()).toEqual([409, staffOrderMessages.neverRefundable]);
    }
    const none = await call('order-refund', { code: order.code });
    expect([none.status, none.body.message]).toEqual([422, english(messages.refund.selectItem)]);
    expect(refundCalls().length).toBe(callsBefore + 1);
    expect(await auditOf(order.code)).toHaveLength(1);
  });

  it('offers only what can be refunded now; what the product’s rules keep back only with an override and a reason, audited; never what is refunded already (decision 0076)', async () => {
    const buyer = await createCustomer(shop);
    const order = await paidOrder(buyer, [{ code: 'NWF27-WEEKEND' }, { code: 'NWF27-WEEKEND' }], ['NWF27-TEE-LINEUP']);
    const [one, two] = order.tickets;
    const tee = order.merchandisePurchases[0]!;
    // The T-shirt is no longer refundable by the shop's rules: the customer could not ask, staff may override.
    await db().update(shopItems).set({ isRefundable: false }).where(eq(shopItems.externalCode, 'NWF27-TEE-LINEUP'));
    try {
      const page = await detailOf(order.code);
      expect(page.tickets.map((ticket) => [ticket.refundable, ticket.refund_rule])).toEqual([
        ['yes', null],
        ['yes', null],
      ]);
      expect(page.merchandise.map((purchase) => [purchase.refundable, purchase.refund_rule])).toEqual([['override', 'The product is not refundable.']]);

      // Without the override, or with it and no reason, nothing changes.
      const plain = await call('order-refund', { code: order.code, merchandise: [tee.code] });
      expect([plain.status, plain.body.message]).toEqual([422, staffOrderMessages.refundOutsideRules]);
      for (const reason of [undefined, '', '   ']) {
        const noReason = await call('order-refund', { code: order.code, merchandise: [tee.code], override: true, ...(reason === undefined ? {} : { override_reason: reason }) });
        expect([noReason.status, noReason.body.message], String(reason)).toEqual([422, staffOrderMessages.overrideNeedsReason]);
      }
      const tooLong = await call('order-refund', { code: order.code, merchandise: [tee.code], override: true, override_reason: 'x'.repeat(501) });
      expect(tooLong.status).toBe(422);
      expect((await detailOf(order.code)).merchandise[0]!.status).toBe('active');
      expect(await auditOf(order.code)).toEqual([]);

      // By the customer's rules: no override needed, none audited.
      const first = await call('order-refund', { code: order.code, tickets: [one!.code] });
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const after = staffApi['order-refund'].answer.parse(first.body).order;
      expect(after.tickets.map((ticket) => [ticket.code, ticket.refundable, ticket.refund_rule])).toEqual([
        [one!.code, 'no', 'Refunded already.'],
        [two!.code, 'yes', null],
      ]);
      // Refunded already: never, not even with the override.
      const again = await call('order-refund', { code: order.code, tickets: [one!.code], override: true, override_reason: 'Asked twice' });
      expect([again.status, again.body.message]).toEqual([409, staffOrderMessages.neverRefundable]);

      // With the override and a reason: refunded, and the audit says so with the reason and the item.
      const overridden = await call('order-refund', { code: order.code, merchandise: [tee.code], override: true, override_reason: '  Shirt printed wrong  ' });
      expect(overridden.status, JSON.stringify(overridden.body)).toBe(200);
      const body = staffApi['order-refund'].answer.parse(overridden.body);
      expect(body.order.merchandise.map((purchase) => [purchase.status, purchase.refundable])).toEqual([['refunded', 'no']]);
      const audit = await auditOf(order.code);
      expect(audit.map((entry) => entry.action)).toEqual(['order.refund', 'order.refund-override']);
      expect(audit[0]!.after).not.toHaveProperty('override');
      expect(audit[1]!.after).toMatchObject({ refund: body.refund.id, merchandise: [tee.code], override: { reason: 'Shirt printed wrong', tickets: [], merchandise: [tee.code] } });
    } finally {
      await db().update(shopItems).set({ isRefundable: true }).where(eq(shopItems.externalCode, 'NWF27-TEE-LINEUP'));
    }
  });

  it('prints a paid order’s tickets as one PDF for the desk’s roles, audited; not an unpaid order’s (decision 0076)', async () => {
    const buyer = await createCustomer(shop);
    const order = await paidOrder(buyer, [{ code: 'NWF27-WEEKEND' }, { code: 'NWF27-WEEKEND' }]);
    const printed = await call('order-tickets-pdf', { code: order.code.toLowerCase() }, staff.box_office);
    expect(printed.status, JSON.stringify(printed.body)).toBe(200);
    const pdf = staffApi['order-tickets-pdf'].answer.parse(printed.body);
    expect(pdf).toMatchObject({ filename: `tickets-${order.code}.pdf`, media_type: 'application/pdf', tickets: 2 });
    const bytes = Buffer.from(pdf.content, 'base64');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.toString('latin1').match(/\/Type\s*\/Page\b/g)).toHaveLength(2);
    expect((await auditOf(order.code)).map((entry) => [entry.actor, entry.action, entry.after])).toEqual([['box_office@example.org', 'order.print-tickets', { tickets: 2 }]]);
    // Customer service works the order page, not the desk.
    expect((await call('order-tickets-pdf', { code: order.code }, staff.customer_service)).status).toBe(403);
    const unpaid = await unpaidOrder(buyer, ['NWF27-WEEKEND']);
    const refused = await call('order-tickets-pdf', { code: unpaid }, staff.admin);
    expect([refused.status, refused.body.message]).toEqual([409, staffOrderMessages.noTicketsToPrint]);
    expect((await call('order-tickets-pdf', { code: 'NOSUCHORDER' }, staff.admin)).status).toBe(404);
  });

  it('changes a holder’s name and a ticket’s travel time by the portal’s rules: seats move by a conditional update, never past a departure’s seats', async () => {
    const buyer = await createCustomer(shop);
    const [first, soldOut, third] = await departures();
    const order = await paidOrder(buyer, [{ code: 'NWF27-SHUTTLE', transport_time_id: first!.id, holder: 'Old Name' }]);
    const ticket = order.tickets[0]!;
    const renamed = await call('order-change-ticket', { code: order.code, ticket: ticket.code, action: 'holder-name', full_name: '  New Name ' });
    expect([renamed.status, renamed.body.order?.tickets[0].holder_name]).toEqual([200, 'New Name']);
    const [firstBefore, thirdBefore] = [(await seatsOf(first!.id)).sold, (await seatsOf(third!.id)).sold];
    const moved = await call('order-change-ticket', { code: order.code, ticket: ticket.code, action: 'travel-time', transport_time_id: third!.id });
    expect([moved.status, moved.body.order?.tickets[0].transport_time_id]).toEqual([200, third!.id]);
    expect([(await seatsOf(first!.id)).sold, (await seatsOf(third!.id)).sold]).toEqual([firstBefore - 1, thirdBefore + 1]);
    const refusals = [
      [{ action: 'travel-time', transport_time_id: third!.id }, 422, english(portalMessages.travelTimeUnchanged)],
      [{ action: 'travel-time', transport_time_id: soldOut!.id }, 409, english(portalMessages.travelTimeSoldOut)],
      [{ action: 'travel-time', transport_time_id: 2_000_000_000 }, 422, english(portalMessages.travelTimeUnknown)],
      [{ action: 'holder-name', full_name: 'X', ticket: 'NOSUCHTICKET' }, 404, staffOrderMessages.ticketNotFound],
    ] as const;
    for (const [change, status, message] of refusals) {
      const refused = await call('order-change-ticket', { code: order.code, ticket: ticket.code, ...change });
      expect([refused.status, refused.body.message], JSON.stringify(change)).toEqual([status, message]);
    }
    expect([(await seatsOf(first!.id)).sold, (await seatsOf(third!.id)).sold, (await seatsOf(soldOut!.id)).sold]).toEqual([firstBefore - 1, thirdBefore + 1, soldOut!.sold]);
    const [stored] = await ticketsOf(order.code);
    expect((await db().select().from(ticketChanges).where(eq(ticketChanges.ticketId, stored!.id))).map((change) => change.changes)).toEqual([
      { full_name: { from: 'Old Name', to: 'New Name' } },
      { travel_time_id: { from: first!.id, to: third!.id } },
    ]);
    expect((await auditOf(order.code)).map((entry) => [entry.action, entry.after])).toEqual([
      ['order.change-holder-name', { ticket: ticket.code, full_name: 'New Name' }],
      ['order.change-travel-time', { ticket: ticket.code, transport_time_id: third!.id }],
    ]);
    const page = await detailOf(order.code);
    expect(page.ticket_changes).toHaveLength(2);
    expect(page.timeline.filter((entry) => entry.kind === 'staff')).toHaveLength(2);
    // A ticket no longer active is not changed.
    await db().update(tickets).set({ status: 'cancelled' }).where(eq(tickets.id, stored!.id));
    const inactive = await call('order-change-ticket', { code: order.code, ticket: ticket.code, action: 'holder-name', full_name: 'Third Name' });
    expect([inactive.status, inactive.body.message]).toEqual([422, english(portalMessages.ticketNotActive)]);
  });

  it('extends an unpaid order’s time to pay, and refuses an earlier moment or a paid order', async () => {
    const buyer = await createCustomer(shop);
    const code = await unpaidOrder(buyer, ['NWF27-WEEKEND']);
    const payBy = (await orderRow(code)).payBy!;
    const later = new Date(payBy.getTime() + 86_400_000).toISOString();
    const extended = await call('order-extend-deadline', { code, pay_by: later });
    expect([extended.status, extended.body.order?.order.pay_by]).toEqual([200, later]);
    expect((await orderRow(code)).payBy!.toISOString()).toBe(later);
    const earlier = await call('order-extend-deadline', { code, pay_by: payBy.toISOString() });
    expect([earlier.status, earlier.body.message]).toEqual([422, staffOrderMessages.deadlineNotLater]);
    const paid = await paidOrder(buyer, [{ code: 'NWF27-WEEKEND' }]);
    const refused = await call('order-extend-deadline', { code: paid.code, pay_by: later });
    expect([refused.status, refused.body.message]).toEqual([409, staffOrderMessages.notUnpaid]);
    expect(await auditOf(code)).toEqual([{ actor: 'customer_service@example.org', action: 'order.extend-deadline', before: expect.objectContaining({ pay_by: payBy.toISOString() }), after: expect.objectContaining({ pay_by: later }) }]);
  });

  it('cancels or refunds once when two members of staff do it at the same moment', async () => {
    const buyer = await createCustomer(shop);
    const code = await unpaidOrder(buyer, ['NWF27-WEEKEND']);
    const soldBefore = await soldOf('NWF27-WEEKEND');
    const cancels = await Promise.all([call('order-cancel', { code }), call('order-cancel', { code }, staff.admin)]);
    expect(cancels.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await soldOf('NWF27-WEEKEND')).toBe(soldBefore - 1);
    expect(await auditOf(code)).toHaveLength(1);

    const order = await paidOrder(buyer, [{ code: 'NWF27-WEEKEND' }]);
    const ticket = order.tickets[0]!;
    const [soldPaid, callsBefore] = [await soldOf('NWF27-WEEKEND'), refundCalls().length];
    const refundsAtOnce = await Promise.all([call('order-refund', { code: order.code, tickets: [ticket.code] }), call('order-refund', { code: order.code, tickets: [ticket.code] }, staff.admin)]);
    // The second finds the ticket refunded (or in the refund) under the order's lock: it can never be refunded now.
    expect(refundsAtOnce.map((answer) => [answer.status, answer.body.message]).sort()).toEqual([[200, expect.any(String)], [409, staffOrderMessages.neverRefundable]]);
    const orderId = (await orderRow(order.code)).id;
    expect(await db().select({ id: refunds.id }).from(refunds).where(eq(refunds.orderId, orderId))).toHaveLength(1);
    expect(refundCalls().length).toBe(callsBefore + 1);
    expect(await soldOf('NWF27-WEEKEND')).toBe(soldPaid - 1);
    expect((await orderRow(order.code)).totalRefunded).toBe(ticket.refund_total);
    expect((await db().select().from(staffAudit).where(inArray(staffAudit.target, [`order:${order.code}`]))).length).toBe(1);
  });

  it('keeps the order page in the contract’s shape for a placed, unpaid order', async () => {
    const code = await unpaidOrder(await createCustomer(shop), ['NWF27-WEEKEND']);
    const answer = await call('order-detail', { code }, staff.box_office);
    const page = staffApi['order-detail'].answer.parse(answer.body);
    expect(page.order).toMatchObject({ code, payment_status: 'pending', paid_at: null });
    expect(page.order.pay_by).not.toBeNull();
    expect(page.tickets.map((ticket) => ticket.status)).toEqual(['pending']);
  });
});
