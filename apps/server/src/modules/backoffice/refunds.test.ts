import { api, english, LOCALES, staffAdminMessages, staffApi, staffRefundMessages, type Order } from '@festival/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/databases';
import { type RecordedRequest } from '../../../test/provider-doubles/double-server';
import { type StripeDouble, startStripeDouble } from '../../../test/provider-doubles/stripe-double';
import { placeCardOrder, pressOnPage, openShopAddress, redirectUrl, shopRecords, startProviderShop, type ProviderShop } from '../../../test/provider-shop';
import { BANK_DETAILS, cartWith, checkoutPayload, createCustomer } from '../../../test/shop-flows';
import { staffCall } from '../../../test/staff-call';
import { signedInStaff } from '../../../test/staff-sign-in';
import { paymentRefunds, refunds, staffAudit, tickets } from '../../db/schema';
import { createPaymentsService, NOTIFY_PATH } from '../payments/payments.service';
import { timeLimit } from '../../../test/time-limits';

type Buyer = Awaited<ReturnType<typeof createCustomer>>;

/**
 * Issue 22 point 4: the refund queue. Approving is the refunds command's service: card money back
 * through the payment provider (here Stripe's double), a bank transfer's paid out by bank; the
 * items refunded, stock back, the customer e-mailed. Rejecting gives the items back and e-mails
 * the reason. Each request is decided once, whoever decides at the same moment.
 */
describe.each(testEngines())('the refund queue on %s', (engine) => {
  let double: StripeDouble;
  let world: ProviderShop;
  let records: ReturnType<typeof shopRecords>;
  let admin: string;
  let service: string;
  let boxOffice: string;

  beforeAll(async () => {
    double = await startStripeDouble({ secretKey: 'sk_test_stripeDouble4refundqueue' });
    world = await startProviderShop(engine, 'stripe', { stripe: { secretKey: double.secretKey, webhookSecrets: [double.webhookSecret], apiUrl: double.url } }, { config: { languages: [...LOCALES] } });
    double.webhookUrl = world.base + NOTIFY_PATH('stripe');
    records = shopRecords(world.shop);
    const db = world.shop.database.db;
    admin = (await signedInStaff(world.shop.app, db, { email: 'queue.admin@example.org', role: 'admin' })).cookie;
    service = (await signedInStaff(world.shop.app, db, { email: 'queue.service@example.org', role: 'customer_service' })).cookie;
    boxOffice = (await signedInStaff(world.shop.app, db, { email: 'queue.desk@example.org', role: 'box_office' })).cookie;
  }, timeLimit(120_000));
  afterAll(async () => {
    await world?.close();
    await double?.close();
  });

  const db = () => world.shop.database.db;
  const shop = () => world.shop;
  const dataOf = async (buyer: Buyer) => api['get-data'].answer.parse((await shop().call('get-data', { token: buyer.token })).body).data;
  const orderOf = async (buyer: Buyer, code: string): Promise<Order> => (await dataOf(buyer)).orders.find((order) => order.code === code)!;
  const refundsAsked = (): RecordedRequest[] => double.requests.filter((request) => request.method === 'POST' && request.path === '/v1/refunds');
  const auditOf = (refundId: number) => db().select().from(staffAudit).where(eq(staffAudit.target, `refund:${refundId}`));
  const statusOf = async (refundId: number) => (await db().select().from(refunds).where(eq(refunds.id, refundId)))[0]!.status;
  const ticketStatus = async (code: string) => (await db().select({ status: tickets.status }).from(tickets).where(eq(tickets.code, code)))[0]!.status;

  async function requestRefund(buyer: Buyer, order: Order, ticketCodes: string[]): Promise<number> {
    const answer = await shop().call('request-refund', { token: buyer.token, order_id: order.id, tickets: ticketCodes.join(','), merchandise: '', ...BANK_DETAILS, note: 'Cannot come' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data.refund_id as number;
  }

  /** A card order of two weekend tickets paid at Stripe's double, and a request to refund the first. */
  async function cardRefund() {
    const placed = await placeCardOrder(shop(), ['NWF27-WEEKEND', 'NWF27-WEEKEND']);
    const answer = await pressOnPage(redirectUrl(placed.instruction), { action: 'pay' });
    expect(answer.status).toBe(303);
    await openShopAddress(answer.headers.get('location')!);
    const order = await orderOf(placed.buyer, placed.order.code);
    expect(order.payment_status).toBe('paid');
    const refundId = await requestRefund(placed.buyer, order, [order.tickets[0]!.code]);
    return { buyer: placed.buyer, order, refundId, ticket: order.tickets[0]! };
  }

  /** An order paid by bank transfer, and a request to refund its ticket. */
  async function transferRefund() {
    const buyer = await createCustomer(shop());
    const cart = await cartWith(shop(), buyer.token, ['NWF27-LOCKER']);
    const placed = api['checkout-cart'].answer.parse((await shop().call('checkout-cart', checkoutPayload(buyer.token, cart, { payment_method: 'bank_transfer' }))).body);
    await createPaymentsService({ db: db(), config: shop().config, gateway: null, appSecret: world.appSecret, now: world.now }).recordTransfer(placed.order.code, placed.order.total_price);
    const order = await orderOf(buyer, placed.order.code);
    expect(order.payment_status).toBe('paid');
    const refundId = await requestRefund(buyer, order, [order.tickets[0]!.code]);
    return { buyer, order, refundId, ticket: order.tickets[0]! };
  }

  const queue = async (cookie = service) => {
    const answer = await staffCall(shop().app, 'refund-requests', {}, cookie);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return staffApi['refund-requests'].answer.parse(answer.body);
  };
  const decide = (payload: Record<string, unknown>, cookie = service) => staffCall(shop().app, 'refund-decide', payload, cookie);

  it('lists open requests oldest first with what staff need to decide: order, customer, items, amount, bank details, how it was paid', async () => {
    const first = await transferRefund();
    const second = await cardRefund();
    const listed = await queue();
    const ids = listed.open.map((row) => row.id);
    expect(ids.indexOf(first.refundId)).toBeLessThan(ids.indexOf(second.refundId));
    expect(listed.open_total).toBeGreaterThanOrEqual(2);
    const row = listed.open.find((candidate) => candidate.id === second.refundId)!;
    expect(row).toMatchObject({
      status: 'active',
      order_code: second.order.code,
      customer: { email: second.buyer.email },
      items: [{ kind: 'ticket', code: second.ticket.code, name: second.ticket.product, amount: second.ticket.refund_total }],
      total: second.ticket.refund_total,
      currency: shop().config.currency,
      bank: { account_holder: 'Buyer Holder', bank_name: 'ABN AMRO', bank_country: 'NL', bic: 'ABNANL2A', iban: 'NL91ABNA0417164300', account: null },
      payment_method: 'credit_card',
      provider: 'stripe',
      to_card: second.ticket.refund_total,
      by_bank: 0,
      note: 'Cannot come',
      decided_at: null,
      decided_by: null,
    });
    expect(listed.open.find((candidate) => candidate.id === first.refundId)).toMatchObject({ payment_method: 'bank_transfer', provider: null, to_card: 0, by_bank: first.ticket.refund_total });
    // The box office does not see refunds.
    const refused = await staffCall(shop().app, 'refund-requests', {}, boxOffice);
    expect(refused).toMatchObject({ status: 403, body: { message: english(staffAdminMessages.notAllowed) } });
  });

  it('approves a card order’s request: the provider double receives exactly the refund, the ticket is refunded, stock comes back, the customer is e-mailed, and the decision is audited', async () => {
    const { buyer, order, refundId, ticket } = await cardRefund();
    const soldBefore = (await records.item('NWF27-WEEKEND')).sold;
    const asked = refundsAsked().length;

    const answer = await decide({ refund_id: refundId, decision: 'approve' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const decided = staffApi['refund-decide'].answer.parse(answer.body);
    expect(decided).toMatchObject({ provider_error: null, request: { id: refundId, status: 'processed', to_card: ticket.refund_total, by_bank: 0, decided_by: 'queue.service@example.org' } });

    const sent = refundsAsked().slice(asked);
    expect(sent).toHaveLength(1);
    const [payment] = await records.payments(order.id);
    expect(sent[0]!.body).toMatchObject({ amount: String(ticket.refund_total) });
    expect(sent[0]!.headers['idempotency-key']).toBe(`refund:${refundId}:payment:${payment!.id}`);
    expect(await ticketStatus(ticket.code)).toBe('refunded');
    expect(await ticketStatus(order.tickets[1]!.code)).toBe('active');
    expect((await records.item('NWF27-WEEKEND')).sold).toBe(soldBefore - 1);
    expect(await records.order(order.code)).toMatchObject({ totalRefunded: ticket.refund_total });
    const told = await records.mailsTo(buyer.email, `Refund ${refundId} for order ${order.code} has been processed`);
    expect(told).toHaveLength(1);
    expect(told[0]!.textBody).toContain('on its way back to the card');

    const audit = await auditOf(refundId);
    expect(audit).toEqual([
      expect.objectContaining({
        actor: 'queue.service@example.org',
        action: 'refund.approve',
        before: expect.objectContaining({ status: 'active', order: order.code, total: ticket.refund_total }),
        after: expect.objectContaining({ status: 'processing', to_card: ticket.refund_total, by_bank: 0, provider: 'stripe' }),
      }),
    ]);
    // The queue shows it among the decided, and deciding again is refused without asking the provider.
    const listed = await queue();
    expect(listed.open.map((row) => row.id)).not.toContain(refundId);
    expect(listed.decided.find((row) => row.id === refundId)).toMatchObject({ status: 'processed', decided_by: 'queue.service@example.org' });
    const again = await decide({ refund_id: refundId, decision: 'approve' });
    expect(again).toMatchObject({ status: 409, body: { message: english(staffRefundMessages.alreadyDecided) } });
    expect(refundsAsked().length).toBe(asked + 1);
  });

  it('keeps an approved request processing until the provider confirms, in the open part of the queue, and decided once', async () => {
    const { buyer, order, refundId } = await cardRefund();
    double.refundStatus = 'pending';
    let answer;
    try {
      answer = await decide({ refund_id: refundId, decision: 'approve' });
    } finally {
      double.refundStatus = 'succeeded';
    }
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ provider_error: null, request: { status: 'processing', provider: 'stripe' } });
    expect((await queue()).open.find((row) => row.id === refundId)).toMatchObject({ status: 'processing', decided_by: 'queue.service@example.org' });
    expect(await decide({ refund_id: refundId, decision: 'reject', reason: 'Too late' })).toMatchObject({ status: 409 });
    expect(await records.mailsTo(buyer.email, `Refund ${refundId} for order ${order.code} has been processed`)).toEqual([]);

    const [part] = await db().select().from(paymentRefunds).where(eq(paymentRefunds.refundId, refundId));
    expect((await double.settleRefund(part!.providerRefundId!, 'succeeded')).status).toBe(200);
    expect(await statusOf(refundId)).toBe('processed');
    expect(await records.mailsTo(buyer.email, `Refund ${refundId} for order ${order.code} has been processed`)).toHaveLength(1);
    expect((await queue()).decided.find((row) => row.id === refundId)).toMatchObject({ status: 'processed' });
  });

  it('approves a bank transfer’s request as paid out by bank: nothing goes to the provider', async () => {
    const { buyer, order, refundId, ticket } = await transferRefund();
    const soldBefore = (await records.item('NWF27-LOCKER')).sold;
    const asked = refundsAsked().length;
    const answer = await decide({ refund_id: refundId, decision: 'approve' }, admin);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ provider_error: null, request: { status: 'processed', to_card: 0, by_bank: ticket.refund_total, decided_by: 'queue.admin@example.org' } });
    expect(refundsAsked().length).toBe(asked);
    expect(await ticketStatus(ticket.code)).toBe('refunded');
    expect((await records.item('NWF27-LOCKER')).sold).toBe(soldBefore - 1);
    expect((await records.mailsTo(buyer.email, `Refund ${refundId} for order ${order.code} has been processed`))[0]!.textBody).toContain('on its way to your bank account');
    expect(await auditOf(refundId)).toEqual([expect.objectContaining({ action: 'refund.approve', after: expect.objectContaining({ status: 'processed', to_card: 0, by_bank: ticket.refund_total }) })]);
  });

  it('rejects with a reason the customer receives: the ticket is theirs again, nothing is refunded, and the customer’s list shows the request as rejected', async () => {
    const { buyer, order, refundId, ticket } = await cardRefund();
    const soldBefore = (await records.item('NWF27-WEEKEND')).sold;
    const asked = refundsAsked().length;

    // No reason, a blank one or an overlong one: refused with the shop's texts, nothing changed.
    for (const [payload, text] of [
      [{ refund_id: refundId, decision: 'reject' }, staffRefundMessages.reasonMissing],
      [{ refund_id: refundId, decision: 'reject', reason: '   ' }, staffRefundMessages.reasonMissing],
      [{ refund_id: refundId, decision: 'reject', reason: 'x'.repeat(1001) }, staffRefundMessages.reasonTooLong],
    ] as const) {
      const refused = await decide(payload);
      expect(refused.status, JSON.stringify(refused.body)).toBe(422);
      expect(JSON.stringify(refused.body)).toContain(english(text));
    }
    expect(await statusOf(refundId)).toBe('active');
    expect(await auditOf(refundId)).toEqual([]);

    const reason = 'Tickets bought <b>after</b> 1 March are not refundable: see the "terms", §4.';
    const answer = await decide({ refund_id: refundId, decision: 'reject', reason: `  ${reason} ` });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ provider_error: null, request: { status: 'rejected', reason, decided_by: 'queue.service@example.org', to_card: 0, by_bank: 0 } });
    expect(refundsAsked().length).toBe(asked);
    expect(await ticketStatus(ticket.code)).toBe('active');
    expect((await records.item('NWF27-WEEKEND')).sold).toBe(soldBefore);
    expect(await records.order(order.code)).toMatchObject({ totalRefunded: 0 });
    const told = await records.mailsTo(buyer.email, `Refund request ${refundId} for order ${order.code} was not approved`);
    expect(told).toHaveLength(1);
    expect(told[0]!.textBody).toContain(reason);
    expect(told[0]!.htmlBody).toContain('&lt;b&gt;after&lt;/b&gt;');
    expect(await auditOf(refundId)).toEqual([expect.objectContaining({ action: 'refund.reject', actor: 'queue.service@example.org', before: expect.objectContaining({ status: 'active' }), after: expect.objectContaining({ status: 'rejected', reason }) })]);

    const data = await dataOf(buyer);
    // The refused request stays in the customer's list as rejected (decision 0071).
    expect(data.refunds.find((refund) => refund.id === refundId)?.status).toBe('rejected');
    const view = data.orders.find((candidate) => candidate.code === order.code)!;
    expect(view.tickets[0]).toMatchObject({ status: 'active', is_refundable: true });
    // The customer may ask again.
    const asksAgain = await requestRefund(buyer, view, [ticket.code]);
    expect(asksAgain).not.toBe(refundId);

    const again = await decide({ refund_id: refundId, decision: 'approve' });
    expect(again).toMatchObject({ status: 409, body: { message: english(staffRefundMessages.alreadyDecided) } });
    expect(await decide({ refund_id: 2_000_000_000, decision: 'approve' })).toMatchObject({ status: 404, body: { message: english(staffRefundMessages.refundNotFound) } });
  });

  it('refuses and answers in the staff member’s language (issue 36): from a French page in French, in English without one', async () => {
    const { refundId, ticket } = await transferRefund();
    /** A refund-queue call from a page in `language` (its Accept-Language), or with none. */
    const callIn = async (language: string | null, path: 'refund-requests' | 'refund-decide', payload: unknown) => {
      const response = await shop().app.inject({
        method: 'POST',
        url: `/api/staff/${path}`,
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', cookie: service, ...(language ? { 'accept-language': language } : {}) },
        payload: JSON.stringify(payload),
      });
      return { status: response.statusCode, body: response.json() };
    };
    const french = 'fr-FR,fr;q=0.9,en;q=0.5';
    const amountIn = (locale: string, minor: number) => new Intl.NumberFormat(locale, { style: 'currency', currency: shop().config.currency }).format(minor / 100);
    // The schema's refusal, and the service's.
    expect(await callIn(french, 'refund-decide', { refund_id: refundId, decision: 'reject' })).toMatchObject({ status: 422, body: { errors: { reason: ['Écrivez le motif que le client lira.'] } } });
    expect(await callIn(french, 'refund-decide', { refund_id: 2_000_000_000, decision: 'approve' })).toMatchObject({ status: 404, body: { message: 'Aucune demande de remboursement ne porte ce numéro.' } });
    expect(await callIn(null, 'refund-decide', { refund_id: 2_000_000_000, decision: 'approve' })).toMatchObject({ status: 404, body: { message: 'There is no refund request with that number.' } });
    // The queue's line of where the money goes.
    const listed = staffApi['refund-requests'].answer.parse((await callIn(french, 'refund-requests', {})).body);
    expect(listed.open.find((row) => row.id === refundId)!.ways_text).toBe(`${amountIn('fr', ticket.refund_total)} par virement bancaire`);
    const inEnglish = staffApi['refund-requests'].answer.parse((await callIn(null, 'refund-requests', {})).body);
    expect(inEnglish.open.find((row) => row.id === refundId)!.ways_text).toBe(`${amountIn(shop().config.locale, ticket.refund_total)} by bank transfer`);
    // The decision's answer, and deciding again.
    const approved = await callIn(french, 'refund-decide', { refund_id: refundId, decision: 'approve' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(staffApi['refund-decide'].answer.parse(approved.body).request.ways_text).toBe(`${amountIn('fr', ticket.refund_total)} par virement bancaire`);
    expect(await callIn(french, 'refund-decide', { refund_id: refundId, decision: 'approve' })).toMatchObject({
      status: 409,
      body: { message: 'Cette demande de remboursement a déjà fait l’objet d’une décision. Rechargez la file pour voir laquelle.' },
    });
  });

  it('decides a request once when two members decide it at the same moment', async () => {
    for (const [first, second] of [
      [{ decision: 'approve' }, { decision: 'approve' }],
      [{ decision: 'approve' }, { decision: 'reject', reason: 'No' }],
      [{ decision: 'reject', reason: 'No' }, { decision: 'reject', reason: 'Also no' }],
    ] as const) {
      const { buyer, order, refundId } = await cardRefund();
      const asked = refundsAsked().length;
      const answers = await Promise.all([decide({ refund_id: refundId, ...first }, service), decide({ refund_id: refundId, ...second }, admin)]);
      const context = JSON.stringify(answers.map((answer) => [answer.status, answer.body]));
      expect(answers.map((answer) => answer.status).sort(), context).toEqual([200, 409]);
      const audit = await auditOf(refundId);
      expect(audit, context).toHaveLength(1);
      const approved = audit[0]!.action === 'refund.approve';
      expect(refundsAsked().length - asked, context).toBe(approved ? 1 : 0);
      expect(await statusOf(refundId)).toBe(approved ? 'processed' : 'rejected');
      expect(await records.mailsTo(buyer.email, approved ? `Refund ${refundId} for order ${order.code} has been processed` : `Refund request ${refundId} for order ${order.code} was not approved`)).toHaveLength(1);
    }
  });
});
