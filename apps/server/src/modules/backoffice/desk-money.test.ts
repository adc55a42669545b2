import { api, english, portalMessages, refundWayMessages, staffApi } from '@festival/contract';
import { and, eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/databases';
import { type StripeDouble, startStripeDouble } from '../../../test/provider-doubles/stripe-double';
import { placeCardOrder, pressOnPage, openShopAddress, redirectUrl, shopRecords, startProviderShop, type ProviderShop } from '../../../test/provider-shop';
import { BANK_DETAILS, cartWith, checkoutPayload, createCustomer } from '../../../test/shop-flows';
import { staffCall } from '../../../test/staff-call';
import { signedInStaff } from '../../../test/staff-sign-in';
import { customers, emailOutbox, orders, paymentRefunds, payments, refunds, staffAudit } from '../../db/schema';
import { runOrdersCommand } from '../orders/orders-command';
import { createPaymentsService, NOTIFY_PATH } from '../payments/payments.service';
import { timeLimit } from '../../../test/time-limits';

/**
 * Issue 34 point 3 (decision 0060): money taken at the box office is a payment on the books (its
 * method, amount and the member who took it), and a refund goes back the way the money came: desk
 * money paid out at the desk by a member (once, audited), card money through the provider (here
 * Stripe's double), a bank part to the customer's bank details, waiting for them while there are
 * none. Every message says which way.
 */
describe.each(testEngines())('money at the desk on %s', (engine) => {
  let double: StripeDouble;
  let world: ProviderShop;
  let records: ReturnType<typeof shopRecords>;
  const staff = {} as Record<'admin' | 'box_office' | 'customer_service', string>;

  beforeAll(async () => {
    double = await startStripeDouble({ secretKey: 'sk_test_stripeDouble4deskmoney00' });
    world = await startProviderShop(engine, 'stripe', { stripe: { secretKey: double.secretKey, webhookSecrets: [double.webhookSecret], apiUrl: double.url } });
    double.webhookUrl = world.base + NOTIFY_PATH('stripe');
    records = shopRecords(world.shop);
    for (const role of ['admin', 'box_office', 'customer_service'] as const) staff[role] = (await signedInStaff(world.shop.app, world.shop.database.db, { email: `desk.${role}@example.org`, role })).cookie;
  }, timeLimit(120_000));
  afterAll(async () => {
    await world?.close();
    await double?.close();
  });

  const db = () => world.shop.database.db;
  const call = (path: string, payload: unknown, cookie = staff.customer_service) => staffCall(world.shop.app, path, payload, cookie);
  const refundsAsked = () => double.requests.filter((request) => request.method === 'POST' && request.path === '/v1/refunds');
  const mailsTo = (to: string) => db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
  const detail = async (code: string) => staffApi['order-detail'].answer.parse((await call('order-detail', { code })).body);

  async function deskSale(payment: 'cash' | 'card_terminal') {
    const email = `buyer.${randomBytes(4).toString('hex')}@example.org`;
    const answer = await call(
      'box-office-sell',
      { buyer: { email, full_name: 'Desk Buyer' }, lines: [{ code: 'NWF27-WEEKEND', quantity: 1, holders: [{ full_name: 'Desk Buyer', email, age: '25-34' }] }], payment },
      staff.box_office,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const sale = staffApi['box-office-sell'].answer.parse(answer.body);
    return { email, sale };
  }

  async function refundAll(code: string) {
    const order = await detail(code);
    const answer = await call('order-refund', { code, tickets: order.tickets.map((ticket) => ticket.code) });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return staffApi['order-refund'].answer.parse(answer.body);
  }

  it('records a desk sale as a payment: its method, its amount and the member who took it, on the order page', async () => {
    for (const method of ['cash', 'card_terminal'] as const) {
      const { sale } = await deskSale(method);
      const [order] = await db().select().from(orders).where(eq(orders.code, sale.order_code));
      const rows = await db().select().from(payments).where(eq(payments.orderId, order!.id));
      expect(rows).toEqual([expect.objectContaining({ provider: 'desk', method, amount: sale.total, status: 'paid', takenBy: 'desk.box_office@example.org' })]);
      const page = await detail(sale.order_code);
      expect(page.payments).toEqual([expect.objectContaining({ method, amount: sale.total, status: 'paid', taken_by: 'desk.box_office@example.org' })]);
      expect(page.timeline.some((entry) => entry.kind === 'payment' && entry.text.includes('taken by desk.box_office@example.org'))).toBe(true);
    }
  });

  it('refunds a cash sale at the desk: not processed until a member pays it out, every message says "at the box office", never through the provider or a bank', async () => {
    const { email, sale } = await deskSale('cash');
    const asked = refundsAsked().length;
    const refunded = await refundAll(sale.order_code);
    const money = (minor: number) => new Intl.NumberFormat(world.shop.config.locale, { style: 'currency', currency: world.shop.config.currency }).format(minor / 100);
    // What goes back is the refund's total (the price less the refund fee), out of the desk's payment.
    const total = refunded.refund.total;
    expect(total).toBeGreaterThan(0);
    expect(refunded.message).toBe(english(refundWayMessages.toPayOutAtDesk(money(total))));
    expect(refunded.refund).toMatchObject({ status: 'processing', to_card: 0, by_bank: 0, at_desk: total, ways: { cash: total, card: 0, bank: 0, paid_out_by: null } });
    expect(refundsAsked().length).toBe(asked);
    const refundId = refunded.refund.id;
    expect((await db().select().from(refunds).where(eq(refunds.id, refundId)))[0]!.status).toBe('processing');
    expect((await mailsTo(email)).filter((mail) => mail.subject.includes('has been processed'))).toHaveLength(0);
    const row = refunded.order.refunds.find((candidate) => candidate.id === refundId)!;
    expect(row.ways_text).toBe(`${money(total)} in cash at the desk`);

    // Paid out by a box-office member: processed, audited with who, the customer told it was cash at the desk.
    const paidOut = await call('order-refund-paid-out', { code: sale.order_code, refund_id: refundId }, staff.box_office);
    expect(paidOut.status, JSON.stringify(paidOut.body)).toBe(200);
    expect(paidOut.body.message).toBe(english(refundWayMessages.paidOut));
    expect((await db().select().from(refunds).where(eq(refunds.id, refundId)))[0]!.status).toBe('processed');
    const [part] = await db().select().from(paymentRefunds).where(eq(paymentRefunds.refundId, refundId));
    expect(part).toMatchObject({ status: 'succeeded', paidOutBy: 'desk.box_office@example.org' });
    const audit = await db().select().from(staffAudit).where(and(eq(staffAudit.target, `refund:${refundId}`), eq(staffAudit.action, 'refund.paid-out-at-desk')));
    expect(audit).toEqual([expect.objectContaining({ actor: 'desk.box_office@example.org' })]);
    const processed = (await mailsTo(email)).filter((mail) => mail.subject.includes('has been processed'));
    expect(processed).toHaveLength(1);
    expect(processed[0]!.textBody).toContain(`${money(total)} was paid back to you in cash at the box office`);
    expect(processed[0]!.textBody).not.toMatch(/bank account|card or account/);
    const page = await detail(sale.order_code);
    expect(page.refunds.find((candidate) => candidate.id === refundId)!.ways.paid_out_by).toBe('desk.box_office@example.org');

    // Once: a second press is refused and changes nothing.
    const again = await call('order-refund-paid-out', { code: sale.order_code, refund_id: refundId }, staff.admin);
    expect(again).toMatchObject({ status: 409, body: { message: english(refundWayMessages.alreadyPaidOut) } });
    expect((await mailsTo(email)).filter((mail) => mail.subject.includes('has been processed'))).toHaveLength(1);
  });

  it('refunds a card order through the provider, and its mail names the card, not a bank account', async () => {
    const placed = await placeCardOrder(world.shop, ['NWF27-WEEKEND']);
    const paid = await pressOnPage(redirectUrl(placed.instruction), { action: 'pay' });
    expect(paid.status).toBe(303);
    await openShopAddress(paid.headers.get('location')!);
    const asked = refundsAsked().length;
    const refunded = await refundAll(placed.order.code);
    expect(refunded.refund.ways).toMatchObject({ card: refunded.refund.total, cash: 0, bank: 0 });
    expect(refundsAsked().length).toBe(asked + 1);
    const mails = await records.mailsTo(placed.buyer.email, 'has been processed');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain('back to the card or account you paid with');
    expect(mails[0]!.textBody).not.toContain('bank account');
  });

  it('keeps a bank-transfer order’s refund open until the customer gives bank details, and asks them for them', async () => {
    const buyer = await createCustomer(world.shop);
    const cart = await cartWith(world.shop, buyer.token, ['NWF27-LOCKER']);
    const placed = api['checkout-cart'].answer.parse((await world.shop.call('checkout-cart', checkoutPayload(buyer.token, cart, { payment_method: 'bank_transfer' }))).body);
    const marked = await call('order-mark-paid', { code: placed.order.code, amount: placed.order.total_price });
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    expect(staffApi['order-mark-paid'].answer.parse(marked.body).order.payments).toEqual([expect.objectContaining({ method: 'bank_transfer', taken_by: 'desk.customer_service@example.org' })]);
    const refunded = await refundAll(placed.order.code);
    expect(refunded.message).toBe(english(refundWayMessages.waitsForBankDetails));
    expect(refunded.refund).toMatchObject({ status: 'active', ways: { bank: refunded.refund.total, bank_details: false } });
    expect((await db().select().from(refunds).where(eq(refunds.id, refunded.refund.id)))[0]!.status).toBe('active');
    const asking = await records.mailsTo(buyer.email, 'we need your bank details');
    expect(asking).toHaveLength(1);
    expect(asking[0]!.textBody).toContain('once you have given us your bank details (IBAN)');
    expect(await records.mailsTo(buyer.email, 'has been processed')).toHaveLength(0);
    // Approving cannot pay it: it waits for the details.
    const approve = await call('refund-decide', { refund_id: refunded.refund.id, decision: 'approve' });
    expect(approve).toMatchObject({ status: 409, body: { message: english(refundWayMessages.needsBankDetails) } });
    expect((await db().select().from(refunds).where(eq(refunds.id, refunded.refund.id)))[0]!.status).toBe('active');

    // The refund's page in the portal asks for them, for the bank part.
    // Paid by transfer: nothing goes back to a card or at the desk.
    const transferOrder = api['get-data'].answer.parse((await world.shop.call('get-data', { token: buyer.token })).body).data.orders.find((candidate) => candidate.code === placed.order.code)!;
    expect(transferOrder.refund_ways_open).toEqual({ card: 0, cash: 0, card_terminal: 0 });
    const refundView = async () => api['get-data'].answer.parse((await world.shop.call('get-data', { token: buyer.token })).body).data.refunds.find((refund) => refund.id === refunded.refund.id)!;
    expect((await refundView()).bank_details_wanted_for).toBe(refunded.refund.total);
    const give = (token: string, details: Record<string, unknown>) => world.shop.call('refund-bank-details', { token, refund_id: refunded.refund.id, ...details });
    // Someone else's refund is no refund of theirs; a wrong IBAN or a missing field is said and changes nothing.
    const stranger = await createCustomer(world.shop);
    expect(await give(stranger.token, BANK_DETAILS)).toMatchObject({ status: 404 });
    expect(await give(buyer.token, { ...BANK_DETAILS, bank_iban: 'NL00 WXYZ 0000 0000 00' })).toMatchObject({ status: 422, body: { message: english(portalMessages.ibanInvalid) } });
    expect(await give(buyer.token, { ...BANK_DETAILS, bank_name: ' ' })).toMatchObject({ status: 422, body: { message: expect.stringContaining('Bank name') } });
    expect((await db().select().from(refunds).where(eq(refunds.id, refunded.refund.id)))[0]!.bankDetails).toBeNull();
    // Given twice at the same moment: kept once, the other refused.
    const answers = await Promise.all([give(buyer.token, BANK_DETAILS), give(buyer.token, { ...BANK_DETAILS, bank_name: 'Another Bank' })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body).toMatchObject({ message: english(portalMessages.bankDetailsNotWanted) });
    const [kept] = await db().select().from(refunds).where(eq(refunds.id, refunded.refund.id));
    expect(kept!.bankDetails).toMatchObject({ iban: BANK_DETAILS.bank_iban.replace(/\s+/g, ''), ownerFullName: BANK_DETAILS.bank_owner_full_name });
    expect((await refundView()).bank_details_wanted_for).toBeNull();
    const thanked = await records.mailsTo(buyer.email, 'we have your bank details');
    expect(thanked).toHaveLength(1);
    expect(thanked[0]!.textBody).toContain('will be paid to the bank account you gave');
    // Now the organiser can approve and pay it by bank.
    const approved = await call('refund-decide', { refund_id: refunded.refund.id, decision: 'approve' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  });

  it('asks no bank details for a refund that goes back to the card', async () => {
    const placed = await placeCardOrder(world.shop, ['NWF27-LOCKER']);
    const paid = await pressOnPage(redirectUrl(placed.instruction), { action: 'pay' });
    expect(paid.status).toBe(303);
    await openShopAddress(paid.headers.get('location')!);
    const order = api['get-data'].answer.parse((await world.shop.call('get-data', { token: placed.buyer.token })).body).data.orders.find((candidate) => candidate.code === placed.order.code)!;
    // The order says its card payment can take the whole refund back: the request asks no bank details.
    expect(order.refund_ways_open).toEqual({ card: placed.order.total_price, cash: 0, card_terminal: 0 });
    const asked = await world.shop.call('request-refund', { token: placed.buyer.token, order_id: order.id, tickets: order.tickets.map((ticket) => ticket.code).join(','), merchandise: '' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const refundId = api['request-refund'].answer.parse(asked.body).data.refund_id;
    const view = api['request-refund'].answer.parse(asked.body).data.refunds.find((refund) => refund.id === refundId)!;
    expect(view.bank_details_wanted_for ?? null).toBeNull();
    const given = await world.shop.call('refund-bank-details', { token: placed.buyer.token, refund_id: refundId, ...BANK_DETAILS });
    expect(given).toMatchObject({ status: 409, body: { message: english(portalMessages.bankDetailsNotWanted) } });
    expect((await db().select().from(refunds).where(eq(refunds.id, refundId)))[0]!.bankDetails).toBeNull();
  });

  it('pays a transfer the desk recorded as received back by bank, not at the desk', async () => {
    const lines: string[] = [];
    const service = createPaymentsService({ db: db(), config: world.shop.config, gateway: null, appSecret: 'desk-money-secret-of-at-least-32-characters' });
    const deps = { db: db(), config: world.shop.config, appSecret: 'desk-money-secret-of-at-least-32-characters', payments: service, print: (line: string) => lines.push(line), printError: (line: string) => lines.push(line) };
    const email = `desk.transfer.${randomBytes(4).toString('hex')}@example.org`;
    expect(await runOrdersCommand(['create', '--email', email, '--name', 'Transfer Buyer', '--item', 'NWF27-LOCKER', '--method', 'bank_transfer', '--paid'], deps), lines.join('\n')).toBe(0);
    const [order] = await db().select().from(orders).where(eq(orders.customerId, (await db().select().from(customers).where(eq(customers.email, email)))[0]!.id));
    expect(await db().select().from(payments).where(eq(payments.orderId, order!.id))).toEqual([expect.objectContaining({ provider: 'bank_transfer', method: 'bank_transfer', status: 'paid' })]);
    const refunded = await refundAll(order!.code);
    expect(refunded.refund.ways).toMatchObject({ card: 0, cash: 0, card_terminal: 0, bank: refunded.refund.total, bank_details: false });
    expect(refunded.message).toBe(english(refundWayMessages.waitsForBankDetails));
  });

  it('keeps a partly paid order’s deadline and tells the customer what is still open and by when', async () => {
    const buyer = await createCustomer(world.shop);
    const cart = await cartWith(world.shop, buyer.token, ['NWF27-LOCKER']);
    const placed = api['checkout-cart'].answer.parse((await world.shop.call('checkout-cart', checkoutPayload(buyer.token, cart, { payment_method: 'bank_transfer' }))).body);
    const [before] = await db().select().from(orders).where(eq(orders.code, placed.order.code));
    expect(before!.payBy).not.toBeNull();
    const part = await call('order-mark-paid', { code: placed.order.code, amount: 500 });
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    const page = staffApi['order-mark-paid'].answer.parse(part.body).order.order;
    expect(page).toMatchObject({ payment_status: 'partial', total_paid: 500, pay_by: before!.payBy!.toISOString() });
    // The portal shows the deadline of the rest.
    const data = api['get-data'].answer.parse((await world.shop.call('get-data', { token: buyer.token })).body).data;
    expect(data.orders.find((order) => order.code === placed.order.code)).toMatchObject({ payment_status: 'partial', pay_by: before!.payBy!.toISOString() });
    const money = (minor: number) => new Intl.NumberFormat(world.shop.config.locale, { style: 'currency', currency: world.shop.config.currency }).format(minor / 100);
    const told = await records.mailsTo(buyer.email, `We have received part of your payment for order ${placed.order.code}`);
    expect(told).toHaveLength(1);
    expect(told[0]!.textBody).toContain(`${money(placed.order.total_price - 500)} is still open`);
    expect(told[0]!.textBody).toContain('Please make sure the rest arrives by');
    // Its time to pay can be extended, as an unpaid order's.
    const later = new Date(before!.payBy!.getTime() + 86_400_000).toISOString();
    const extended = await call('order-extend-deadline', { code: placed.order.code, pay_by: later });
    expect(extended.status, JSON.stringify(extended.body)).toBe(200);
    expect(staffApi['order-extend-deadline'].answer.parse(extended.body).order.order.pay_by).toBe(later);
  });

  it('records a pay-out at the desk once when two members press at the same moment', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { email, sale } = await deskSale(round % 2 ? 'card_terminal' : 'cash');
      const refunded = await refundAll(sale.order_code);
      const answers = await Promise.all([
        call('order-refund-paid-out', { code: sale.order_code, refund_id: refunded.refund.id }, staff.box_office),
        call('order-refund-paid-out', { code: sale.order_code, refund_id: refunded.refund.id }, staff.admin),
      ]);
      const context = JSON.stringify(answers.map((answer) => [answer.status, answer.body]));
      expect(answers.map((answer) => answer.status).sort(), context).toEqual([200, 409]);
      const audit = await db().select().from(staffAudit).where(and(eq(staffAudit.target, `refund:${refunded.refund.id}`), eq(staffAudit.action, 'refund.paid-out-at-desk')));
      expect(audit, context).toHaveLength(1);
      expect((await mailsTo(email)).filter((mail) => mail.subject.includes('has been processed')), context).toHaveLength(1);
      expect((await db().select().from(refunds).where(eq(refunds.id, refunded.refund.id)))[0]!.status).toBe('processed');
    }
  });
});
