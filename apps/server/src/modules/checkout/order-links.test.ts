import { api, english, paymentMessages } from '@festival/contract';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/databases';
import { cartWith, checkoutPayload, createCustomer, paidOrder, payOnSandbox } from '../../../test/shop-flows';
import { createTestShop, type TestShop } from '../../../test/test-shop';
import { customers, emailOutbox, merchandisePurchases, orders, paymentPlanPayments, shopItems, tickets } from '../../db/schema';
import { ACCEPT_TERMS_LINK, INVOICE_LINK, instalmentLink as instalmentPurpose, legacyOrderChecksum, orderLinkSignature } from './order-links.signatures';
import { runOrdersCommand } from '../orders/orders-command';
import { createPaymentsService } from '../payments/payments.service';
import { createSandboxGateway, SANDBOX_CARDS } from '../payments/sandbox-gateway';
import { paymentPlanDueDates } from './payment-plan-dates';

const SECRET = 'order-links-test-secret-of-at-least-32-characters';
const DAY = 24 * 60 * 60_000;
/** APP_SECRET before a rotation: links signed under it still open (APP_SECRET_PREVIOUS). */
const PREVIOUS_SECRET = 'order-links-previous-secret-of-at-least-32-characters';
/** Card attempts through links without the owner's session (decision 0027), low enough to reach. */
const LIMITS = { perLink: 3, perNetwork: 5 };

describe.each(testEngines())('payment plans, instalment links and terms by link on %s', (engine) => {
  let shop: TestShop;
  let base: string;
  /** The clock of the order and reminder rules: the tests move it. */
  let clock = new Date();
  beforeAll(async () => {
    shop = await createTestShop(engine, { app: { appSecret: SECRET, previousAppSecrets: [PREVIOUS_SECRET], now: () => clock, reminderIntervalMs: 40, catalogMaxAgeMs: 0, linkAttemptLimits: LIMITS } });
    base = await shop.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await shop?.close();
  });

  const db = () => shop.database.db;
  const orderRow = async (code: string) => (await db().select().from(orders).where(eq(orders.code, code)))[0]!;
  const mails = (to: string, subject: string) =>
    db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, to), like(emailOutbox.subject, `%${subject}%`)));
  const instalmentSignature = (code: string, reference: string) => orderLinkSignature(SECRET, code, instalmentPurpose(reference));
  const instalmentLink = (code: string, reference: string) => ({ order: code, reference, checksum: instalmentSignature(code, reference) });
  const termsSignature = (code: string) => orderLinkSignature(SECRET, code, ACCEPT_TERMS_LINK);
  /** Lets the background rounds (reminders every 40 ms) run a few times. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 250));

  it('runs a payment plan: the initial amount at checkout, due and overdue with the clock, reminders once each, paid with the last instalment', async () => {
    clock = new Date();
    const buyer = await createCustomer(shop);
    const cart = await cartWith(shop, buyer.token, ['NWF27-WEEKEND-PLAN']);
    const checkout = await shop.call('checkout-cart', checkoutPayload(buyer.token, cart, {}, { voucher_code: 'WELCOME10' }));
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    const placed = api['checkout-cart'].answer.parse(checkout.body);
    const [plan] = await db().select({ plan: shopItems.paymentPlan }).from(shopItems).where(eq(shopItems.externalCode, 'NWF27-WEEKEND-PLAN'));
    const schedule = paymentPlanDueDates(plan!.plan!, clock);
    expect(placed.order).toMatchObject({ total_price: 19300, discount_amount: 0, has_payment_plan: true, payment_status: 'pending' });
    expect(placed.order.payments.map((payment) => [payment.amount, payment.due_at])).toEqual(schedule.map((entry) => [entry.amount, entry.dueAt.toISOString()]));
    expect(placed.payment).toMatchObject({ action: 'submit', params: { amount: '4900' } });
    expect(await payOnSandbox(base, placed.payment, SANDBOX_CARDS.succeeds)).toBe(`/portal/orders/${placed.order.code}/confirmation`);
    expect(await orderRow(placed.order.code)).toMatchObject({ paymentStatus: 'partial', totalPaid: 4900 });

    const view = async () => api['get-data'].answer.parse((await shop.call('get-data', { token: buyer.token })).body).data.orders.find((order) => order.code === placed.order.code)!;
    let order = await view();
    expect(order.payments.map((payment) => [payment.payment_status, payment.due, payment.overdue])).toEqual([
      ['paid', false, false],
      ['pending', false, false],
      ['pending', false, false],
      ['pending', false, false],
    ]);
    // Nothing is due yet: no reminder.
    await settle();
    expect(await mails(buyer.email, 'is due on')).toHaveLength(0);

    // Two days before the second due date: one reminder, however often the round runs.
    const second = placed.order.payments[1]!;
    clock = new Date(Date.parse(second.due_at) - 2 * DAY);
    await expect.poll(async () => (await mails(buyer.email, 'is due on')).length).toBe(1);
    await settle();
    expect(await mails(buyer.email, 'is due on')).toHaveLength(1);
    const reminder = (await mails(buyer.email, 'is due on'))[0]!;
    expect(reminder.textBody).toContain(`/payment-plan-payment/${placed.order.code}/${instalmentSignature(placed.order.code, second.reference)}/${second.reference}`);

    // Due on the day, overdue a week later with one notice.
    clock = new Date(Date.parse(second.due_at) + 1000);
    order = await view();
    expect(order.payments[1]).toMatchObject({ due: true, overdue: false });
    clock = new Date(Date.parse(second.due_at) + 8 * DAY);
    order = await view();
    expect(order.payments[1]).toMatchObject({ due: true, overdue: true });
    await expect.poll(async () => (await mails(buyer.email, 'is overdue')).length).toBe(1);
    await settle();
    expect(await mails(buyer.email, 'is overdue')).toHaveLength(1);

    // Each later instalment through its link, without a session.
    for (const [index, instalment] of placed.order.payments.slice(1).entries()) {
      const shown = await shop.call('get-payment-plan-order-payment', instalmentLink(placed.order.code, instalment.reference));
      expect(shown.status).toBe(200);
      expect(api['get-payment-plan-order-payment'].answer.parse(shown.body).data.payment).toMatchObject({ reference: instalment.reference, amount: 4800, payment_status: 'pending' });
      // The owner's session counts the attempts on the instalment (decision 0027); a link holder's would not.
      const started = await shop.call('pay-payment-plan-order-payment', { token: buyer.token, ...instalmentLink(placed.order.code, instalment.reference) });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      const back = await payOnSandbox(base, started.body.data.payment, index === 0 ? SANDBOX_CARDS.declined : SANDBOX_CARDS.succeeds);
      const page = `/payment-plan-payment/${placed.order.code}/${instalmentSignature(placed.order.code, instalment.reference)}/${instalment.reference}`;
      if (index === 0) {
        // A declined instalment stays open; its decline is counted on it (decision 0066: the paid retry is not).
        expect(back).toBe(`${page}?payment=declined`);
        const retry = await shop.call('pay-payment-plan-order-payment', { token: buyer.token, ...instalmentLink(placed.order.code, instalment.reference) });
        expect(await payOnSandbox(base, retry.body.data.payment, SANDBOX_CARDS.succeeds)).toBe(`${page}?payment=paid`);
        expect((await view()).payments[1]).toMatchObject({ payment_status: 'paid', attempt: 1 });
      } else expect(back).toBe(`${page}?payment=paid`);
    }
    expect(await orderRow(placed.order.code)).toMatchObject({ paymentStatus: 'paid', totalPaid: 19300 });
    // A paid instalment cannot be paid again.
    const again = await shop.call('pay-payment-plan-order-payment', { token: null, ...instalmentLink(placed.order.code, placed.order.payments[3]!.reference) });
    expect(again).toEqual({ status: 409, body: { message: english(paymentMessages.notPayable) } });
    clock = new Date();
  });

  it('answers a wrong, tampered, borrowed or other purpose\'s signature with 404 exactly as an unknown order, changing nothing', async () => {
    const buyer = await createCustomer(shop);
    const placed = api['checkout-cart'].answer.parse((await shop.call('checkout-cart', checkoutPayload(buyer.token, await cartWith(shop, buyer.token, ['NWF27-WEEKEND-PLAN'])))).body);
    const other = api['checkout-cart'].answer.parse((await shop.call('checkout-cart', checkoutPayload(buyer.token, await cartWith(shop, buyer.token, ['NWF27-PARKING'])))).body);
    const code = placed.order.code;
    const [, reference, laterReference] = placed.order.payments.map((payment) => payment.reference) as [string, string, string];
    const terms = termsSignature(code);
    const instalment = instalmentSignature(code, reference);
    const elsewhere = 'another-secret-of-at-least-32-characters';
    const tampered = (good: string) => [good.replace(/.$/, (last) => (last === '0' ? '1' : '0')), good.toUpperCase(), `${good}00`, good.slice(0, -1), good.slice(7), good.slice(0, 7)];
    const notFound = { status: 404, body: { message: english(paymentMessages.orderNotFound) } };
    const termsWrong = [...tampered(terms), termsSignature(other.order.code), orderLinkSignature(elsewhere, code, ACCEPT_TERMS_LINK), instalment, orderLinkSignature(SECRET, code, INVOICE_LINK), placed.order.checksum];
    // The checksum every link shared before: this order's terms were accepted at checkout, so it opens no accept-terms page.
    termsWrong.push(legacyOrderChecksum(SECRET, code));
    const instalmentWrong = [...tampered(instalment), instalmentSignature(other.order.code, reference), instalmentSignature(code, laterReference), orderLinkSignature(elsewhere, code, instalmentPurpose(reference)), terms, orderLinkSignature(SECRET, code, INVOICE_LINK)];
    for (const checksum of termsWrong) {
      expect(await shop.call('get-terms-and-conditions-order', { order: code, checksum }), checksum).toEqual(notFound);
      expect(await shop.call('accept-terms-and-conditions', { token: null, order: code, checksum }), checksum).toEqual(notFound);
    }
    for (const checksum of instalmentWrong) {
      expect(await shop.call('get-payment-plan-order-payment', { order: code, reference, checksum }), checksum).toEqual(notFound);
      expect(await shop.call('pay-payment-plan-order-payment', { token: null, order: code, reference, checksum }), checksum).toEqual(notFound);
    }
    expect(await shop.call('get-terms-and-conditions-order', { order: 'NOSUCHORDER', checksum: termsSignature('NOSUCHORDER') })).toEqual(notFound);
    expect(await shop.call('get-payment-plan-order-payment', { order: code, reference: 'NO-SUCH-REFERENCE', checksum: instalmentSignature(code, 'NO-SUCH-REFERENCE') })).toEqual(notFound);
    expect(await orderRow(code)).toMatchObject({ paymentAttempts: 0, totalPaid: 0 });
    // The right signatures open their own calls.
    const shown = await shop.call('get-terms-and-conditions-order', { order: code, checksum: terms });
    expect(api['get-terms-and-conditions-order'].answer.parse(shown.body).order.code).toBe(code);
    const shownInstalment = await shop.call('get-payment-plan-order-payment', { order: code, reference, checksum: instalment });
    expect(api['get-payment-plan-order-payment'].answer.parse(shownInstalment.body).data.payment.reference).toBe(reference);
  });

  it('takes a box-office order for a new customer without terms, e-mails the link, and takes acceptance and payment through it', async () => {
    const lines: string[] = [];
    const payments = createPaymentsService({ db: db(), config: shop.config, gateway: createSandboxGateway(SECRET), appSecret: SECRET });
    const deps = { db: db(), config: shop.config, appSecret: SECRET, payments, print: (line: string) => lines.push(line), printError: (line: string) => lines.push(line) };
    const email = `box.office.${engine}@example.org`;
    const code = await runOrdersCommand(['create', '--email', email, '--name', 'Desk Buyer', '--item', 'NWF27-DAY-SAT', '--item', 'NWF27-PARKING=Pat Parker <pat@example.org>'], deps);
    expect(code, lines.join('\n')).toBe(0);
    const [customer] = await db().select().from(customers).where(eq(customers.email, email));
    const [order] = await db().select().from(orders).where(eq(orders.customerId, customer!.id));
    expect(order).toMatchObject({ channel: 'Box office', acceptedTermsAt: null, paymentStatus: 'pending', paymentMethod: 'credit_card' });
    expect(await mails(email, 'Your account at')).toHaveLength(1);
    const link = `/accept-tcs/${order!.code}/${termsSignature(order!.code)}`;
    expect((await mails(email, 'Please accept the terms'))[0]!.textBody).toContain(link);
    expect(lines.at(-1)).toContain(link);

    const shown = api['get-terms-and-conditions-order'].answer.parse((await shop.call('get-terms-and-conditions-order', { order: order!.code, checksum: termsSignature(order!.code) })).body).order;
    expect(shown).toMatchObject({ staff: 'Box office', accepted_ts_and_cs: false, payment_status: 'pending' });
    expect(shown.tickets.map((ticket) => ticket.full_name)).toEqual(['Desk Buyer', 'Pat Parker']);

    const accepted = await shop.call('accept-terms-and-conditions', { token: null, order: order!.code, checksum: termsSignature(order!.code) });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const answer = api['accept-terms-and-conditions'].answer.parse(accepted.body);
    expect(answer.data).toBeNull();
    const acceptedAt = (await orderRow(order!.code)).acceptedTermsAt;
    expect(acceptedAt).toBeInstanceOf(Date);
    expect(await payOnSandbox(base, answer.payment, SANDBOX_CARDS.succeeds)).toBe(`${link}?payment=paid`);
    expect(await orderRow(order!.code)).toMatchObject({ paymentStatus: 'paid', acceptedTermsAt: acceptedAt });
    // Accepting again changes nothing and asks for no payment.
    const again = api['accept-terms-and-conditions'].answer.parse((await shop.call('accept-terms-and-conditions', { token: null, order: order!.code, checksum: termsSignature(order!.code) })).body);
    expect(again.payment ?? null).toBeNull();
    expect((await orderRow(order!.code)).acceptedTermsAt).toEqual(acceptedAt);

    // Paid at the desk: the link only records the acceptance (the page then thanks the customer).
    expect(await runOrdersCommand(['create', '--email', email, '--name', 'Desk Buyer', '--item', 'NWF27-LOCKER', '--paid'], deps)).toBe(0);
    const [paidAtDesk] = await db().select().from(orders).where(and(eq(orders.customerId, customer!.id), eq(orders.paymentStatus, 'paid'), eq(orders.totalPrice, 1900)));
    const thanked = api['accept-terms-and-conditions'].answer.parse((await shop.call('accept-terms-and-conditions', { token: null, order: paidAtDesk!.code, checksum: termsSignature(paidAtDesk!.code) })).body);
    expect(thanked.payment ?? null).toBeNull();
    expect(await mails(email, 'Your account at')).toHaveLength(1);
    // A customer with a session pays a box-office order from the portal once its terms are accepted, not before.
    const regular = await createCustomer(shop);
    expect(await runOrdersCommand(['create', '--email', regular.email, '--name', 'Regular', '--item', 'NWF27-LOCKER'], deps)).toBe(0);
    const [deskOrder] = await db().select().from(orders).where(eq(orders.customerId, regular.id));
    expect(await shop.call('pay-order', { token: regular.token, order: deskOrder!.code })).toEqual({ status: 409, body: { message: english(paymentMessages.notPayable) } });
    const link2 = { order: deskOrder!.code, checksum: termsSignature(deskOrder!.code) };
    const acceptedByOwner = api['accept-terms-and-conditions'].answer.parse((await shop.call('accept-terms-and-conditions', { token: regular.token, ...link2 })).body);
    expect(acceptedByOwner.data?.customer?.email).toBe(regular.email);
    await payOnSandbox(base, acceptedByOwner.payment, SANDBOX_CARDS.declined);
    const retry = await shop.call('pay-order', { token: regular.token, order: deskOrder!.code });
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    await payOnSandbox(base, retry.body.payment, SANDBOX_CARDS.succeeds);
    expect((await orderRow(deskOrder!.code)).paymentStatus).toBe('paid');
    // Refusals the organiser reads.
    expect(await runOrdersCommand(['create', '--email', email, '--name', 'Desk Buyer', '--item', 'NWF27-GLAMPING'], deps)).toBe(1);
    expect(lines.at(-1)).toContain('sold out');
    expect(await runOrdersCommand(['create', '--email', email, '--item', 'NWF27-LOCKER'], deps)).toBe(2);
  });

  /** A call from a network address of the test's choosing (the limits count per link and per network). */
  const callFrom = async (ip: string, path: string, payload: Record<string, unknown>) => {
    const response = await shop.app.inject({ method: 'POST', url: `/api/${path}`, remoteAddress: ip, headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' }, payload: JSON.stringify(payload) });
    return { status: response.statusCode, body: response.json() };
  };
  const invoiceStatus = async (code: string, checksum: string) => (await shop.app.inject({ method: 'GET', url: `/download-invoice/${encodeURIComponent(code)}/${encodeURIComponent(checksum)}` })).statusCode;
  /** A box-office card order for a customer with a session, its terms not accepted. */
  const boxOfficeOrder = async (customer: { email: string; id: number }, items: string[]) => {
    const payments = createPaymentsService({ db: db(), config: shop.config, gateway: createSandboxGateway(SECRET), appSecret: SECRET });
    const deps = { db: db(), config: shop.config, appSecret: SECRET, payments, print: () => undefined, printError: () => undefined };
    const before = new Set((await db().select({ code: orders.code }).from(orders).where(eq(orders.customerId, customer.id))).map((row) => row.code));
    expect(await runOrdersCommand(['create', '--email', customer.email, '--name', 'Desk Buyer', ...items.flatMap((item) => ['--item', item])], deps)).toBe(0);
    const rows = await db().select().from(orders).where(eq(orders.customerId, customer.id));
    return rows.find((row) => !before.has(row.code))!;
  };

  it("opens each link's calls only with that link's own signature: an invoice link opens no terms or instalment call, and no other link opens an invoice", async () => {
    const buyer = await createCustomer(shop);
    const paid = await paidOrder(shop, base, buyer, [{ code: 'NWF27-DAY-SAT' }]);
    const plan = api['checkout-cart'].answer.parse((await shop.call('checkout-cart', checkoutPayload(buyer.token, await cartWith(shop, buyer.token, ['NWF27-WEEKEND-PLAN'])))).body).order;
    const reference = plan.payments[1]!.reference;
    const desk = await boxOfficeOrder(buyer, ['NWF27-LOCKER']);
    const invoice = (code: string) => orderLinkSignature(SECRET, code, INVOICE_LINK);
    const notFound = { status: 404, body: { message: english(paymentMessages.orderNotFound) } };
    // Every order view carries one signature per link, no two alike.
    expect(paid.checksum).toBe(invoice(paid.code));
    expect(paid.terms_checksum).toBe(termsSignature(paid.code));
    expect(plan.payments.map((payment) => payment.checksum)).toEqual(plan.payments.map((payment) => instalmentSignature(plan.code, payment.reference)));
    expect(new Set([paid.checksum, paid.terms_checksum, invoice(plan.code), termsSignature(plan.code), ...plan.payments.map((payment) => payment.checksum)]).size).toBe(4 + plan.payments.length);
    // The invoice link opens the invoice and nothing else; the other links open no invoice.
    expect(await invoiceStatus(paid.code, paid.checksum)).toBe(200);
    for (const checksum of [termsSignature(paid.code), instalmentSignature(paid.code, reference), legacyOrderChecksum(SECRET, paid.code)]) expect(await invoiceStatus(paid.code, checksum), checksum).toBe(404);
    for (const checksum of [invoice(desk.code), invoice(plan.code), instalmentSignature(desk.code, reference)]) {
      expect(await shop.call('get-terms-and-conditions-order', { order: desk.code, checksum }), checksum).toEqual(notFound);
      expect(await shop.call('accept-terms-and-conditions', { token: null, order: desk.code, checksum }), checksum).toEqual(notFound);
    }
    for (const checksum of [invoice(plan.code), termsSignature(plan.code), plan.payments[2]!.checksum]) {
      expect(await shop.call('get-payment-plan-order-payment', { order: plan.code, reference, checksum }), checksum).toEqual(notFound);
      expect(await shop.call('pay-payment-plan-order-payment', { token: null, order: plan.code, reference, checksum }), checksum).toEqual(notFound);
    }
    expect(await orderRow(desk.code)).toMatchObject({ acceptedTermsAt: null, paymentAttempts: 0 });
    // Each opens its own.
    expect((await shop.call('get-terms-and-conditions-order', { order: desk.code, checksum: termsSignature(desk.code) })).status).toBe(200);
    expect((await shop.call('get-payment-plan-order-payment', { order: plan.code, reference, checksum: plan.payments[1]!.checksum })).status).toBe(200);
  });

  it("answers each link call only what its page shows: no ticket or merchandise code, holder e-mail or age, the customer's e-mail or another link's signature", async () => {
    const buyer = await createCustomer(shop);
    const stranger = await createCustomer(shop);
    const desk = await boxOfficeOrder(buyer, ['NWF27-DAY-SAT=Pat Parker <pat.parker.secret@example.org>', 'NWF27-PARKING', 'NWF27-POSTER']);
    const plan = api['checkout-cart'].answer.parse((await shop.call('checkout-cart', checkoutPayload(buyer.token, await cartWith(shop, buyer.token, ['NWF27-WEEKEND-PLAN'])))).body).order;
    const [, second, third] = plan.payments;
    // Holders with ages and e-mails no other text holds.
    for (const order of [desk, await orderRow(plan.code)]) {
      const rows = await db().select().from(tickets).where(eq(tickets.orderId, order.id));
      for (const [index, row] of rows.entries()) await db().update(tickets).set({ age: `age-secret-${order.code}-${index}`, email: `holder-secret-${index}.${order.code.toLowerCase()}@example.org` }).where(eq(tickets.id, row.id));
    }
    const secretsOf = async (order: { id: number; code: string }) => [
      ...(await db().select().from(tickets).where(eq(tickets.orderId, order.id))).flatMap((row) => [row.code, row.email!, row.age!]),
      ...(await db().select().from(merchandisePurchases).where(eq(merchandisePurchases.orderId, order.id))).map((row) => row.code),
      buyer.email,
      orderLinkSignature(SECRET, order.code, INVOICE_LINK),
    ];
    const deskSecrets = [...(await secretsOf(desk)), 'pat.parker.secret@example.org'];
    const planRow = await orderRow(plan.code);
    // Its own link's signature is the holder's already (the payer returns to that page): another instalment's is not.
    const planSecrets = [...(await secretsOf(planRow)), termsSignature(plan.code), third!.reference, third!.checksum];
    expect(deskSecrets.length).toBeGreaterThan(8);
    const expectNone = (answer: { status: number; body: unknown }, secrets: string[], what: string) => {
      expect(answer.status, `${what}: ${JSON.stringify(answer.body).slice(0, 300)}`).toBe(200);
      const json = JSON.stringify(answer.body);
      expect(secrets.filter((secret) => json.includes(secret)), what).toEqual([]);
    };
    const terms = { order: desk.code, checksum: termsSignature(desk.code) };
    const shown = await shop.call('get-terms-and-conditions-order', terms);
    expectNone(shown, deskSecrets, 'get-terms-and-conditions-order');
    // What the page shows is there: the items with their holders' names and prices, the totals.
    const order = api['get-terms-and-conditions-order'].answer.parse(shown.body).order;
    expect(order).toMatchObject({ code: desk.code, staff: 'Box office', total_price: desk.totalPrice, shipping_amount: desk.shippingAmount, accepted_ts_and_cs: false, payment_status: 'pending' });
    const [customer] = await db().select().from(customers).where(eq(customers.id, buyer.id));
    expect(order.tickets.map((ticket) => [ticket.product.length > 0, ticket.full_name, ticket.price > 0])).toEqual([[true, 'Pat Parker', true], [true, customer!.fullName, true]]);
    expect(order.merchandisePurchases).toHaveLength(1);
    for (const token of [null, stranger.token]) expectNone(await callFrom('10.9.5.1', 'accept-terms-and-conditions', { ...terms, token }), deskSecrets, `accept-terms-and-conditions with token ${token}`);
    const instalment = { order: plan.code, reference: second!.reference, checksum: second!.checksum };
    const shownInstalment = await shop.call('get-payment-plan-order-payment', instalment);
    expectNone(shownInstalment, planSecrets, 'get-payment-plan-order-payment');
    const data = api['get-payment-plan-order-payment'].answer.parse(shownInstalment.body).data;
    expect(data.payment).toMatchObject({ reference: second!.reference, amount: second!.amount, due_at: second!.due_at, checksum: '' });
    expect(data.order.payments.findIndex((payment) => payment.reference === second!.reference)).toBe(1);
    expect(data.order.payments).toHaveLength(plan.payments.length);
    for (const token of [null, stranger.token]) expectNone(await callFrom('10.9.5.1', 'pay-payment-plan-order-payment', { ...instalment, token }), planSecrets, `pay-payment-plan-order-payment with token ${token}`);
  });

  it("leaves the owner able to pay whatever is attempted through a link: a link holder's attempts are limited per link and network, the owner's are their own", async () => {
    const owner = await createCustomer(shop);
    const stranger = await createCustomer(shop);
    const desk = await boxOfficeOrder(owner, ['NWF27-LOCKER']);
    const terms = { order: desk.code, checksum: termsSignature(desk.code) };
    const limited = { status: 429, body: { message: english(paymentMessages.linkAttemptsLimited) } };
    // A holder of the link (no session, or someone else's) opens attempts up to the link's limit, from any address.
    for (let attempt = 0; attempt < LIMITS.perLink; attempt += 1) {
      const answer = await callFrom(attempt === 1 ? '10.9.1.2' : '10.9.1.1', 'accept-terms-and-conditions', { ...terms, token: attempt === 2 ? stranger.token : null });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.payment).toBeTruthy();
    }
    expect(await callFrom('10.9.1.3', 'accept-terms-and-conditions', { ...terms, token: null })).toEqual(limited);
    expect(await callFrom('10.9.1.3', 'accept-terms-and-conditions', { ...terms, token: stranger.token })).toEqual(limited);
    // None of them counted on the owner's attempts; the page still offers the payment.
    expect(await orderRow(desk.code)).toMatchObject({ paymentAttempts: 0, paymentStatus: 'pending' });
    expect(api['get-terms-and-conditions-order'].answer.parse((await shop.call('get-terms-and-conditions-order', terms)).body).order.payment_attempts).toBe(0);
    // The owner, logged in, pays through the same link and from the portal, counted on their own attempts.
    const own = await callFrom('10.9.1.3', 'accept-terms-and-conditions', { ...terms, token: owner.token });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    await payOnSandbox(base, own.body.payment, SANDBOX_CARDS.declined);
    const retry = await callFrom('10.9.1.3', 'pay-order', { token: owner.token, order: desk.code });
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    // The owner's decline counts, the new attempt does not (decision 0066).
    expect(await orderRow(desk.code)).toMatchObject({ paymentAttempts: 1 });
    await payOnSandbox(base, retry.body.payment, SANDBOX_CARDS.succeeds);
    expect(await orderRow(desk.code)).toMatchObject({ paymentStatus: 'paid' });

    // Instalment links: per link, and per network across links.
    const plan = api['checkout-cart'].answer.parse((await shop.call('checkout-cart', checkoutPayload(owner.token, await cartWith(shop, owner.token, ['NWF27-WEEKEND-PLAN'])))).body).order;
    const link = (index: number) => ({ order: plan.code, reference: plan.payments[index]!.reference, checksum: plan.payments[index]!.checksum, token: null });
    for (let attempt = 0; attempt < LIMITS.perLink; attempt += 1) expect((await callFrom('10.9.2.1', 'pay-payment-plan-order-payment', link(1))).status).toBe(200);
    expect(await callFrom('10.9.2.2', 'pay-payment-plan-order-payment', link(1))).toEqual(limited);
    for (let attempt = 0; attempt < LIMITS.perNetwork - LIMITS.perLink; attempt += 1) expect((await callFrom('10.9.2.1', 'pay-payment-plan-order-payment', link(2))).status).toBe(200);
    // The network has used its attempts: a third link from it is refused, from another network it is not.
    expect(await callFrom('10.9.2.1', 'pay-payment-plan-order-payment', link(3))).toEqual(limited);
    expect((await callFrom('10.9.3.1', 'pay-payment-plan-order-payment', link(3))).status).toBe(200);
    const instalmentAttempts = async () => (await db().select().from(paymentPlanPayments).where(eq(paymentPlanPayments.orderId, plan.id))).sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime()).map((row) => row.attempts);
    // Attempts through links count on no instalment; and only a decline counts (decision 0066).
    expect(await instalmentAttempts()).toEqual([0, 0, 0, 0]);
    // The owner pays the instalment whose link is used up.
    const owned = await callFrom('10.9.2.1', 'pay-payment-plan-order-payment', { ...link(1), token: owner.token });
    expect(owned.status, JSON.stringify(owned.body)).toBe(200);
    expect(await payOnSandbox(base, owned.body.data.payment, SANDBOX_CARDS.succeeds)).toContain(`/payment-plan-payment/${plan.code}/${plan.payments[1]!.checksum}/`);
    expect(await instalmentAttempts()).toEqual([0, 0, 0, 0]);
  });

  it('honours a link mailed with the checksum all links shared before only where the order still needs that page, and links signed under a previous secret', async () => {
    const buyer = await createCustomer(shop);
    const desk = await boxOfficeOrder(buyer, ['NWF27-LOCKER']);
    const legacy = legacyOrderChecksum(SECRET, desk.code);
    const notFound = { status: 404, body: { message: english(paymentMessages.orderNotFound) } };
    // Mailed before the change, unaccepted: it opens the accept-terms page (as stripped as any link's answer).
    const shown = await shop.call('get-terms-and-conditions-order', { order: desk.code, checksum: legacy });
    expect(shown.status).toBe(200);
    expect(JSON.stringify(shown.body)).not.toContain(buyer.email);
    const accepted = await callFrom('10.9.6.1', 'accept-terms-and-conditions', { token: null, order: desk.code, checksum: legacy });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    // The payer comes back to the page under its new signature.
    expect(await payOnSandbox(base, accepted.body.payment, SANDBOX_CARDS.declined)).toBe(`/accept-tcs/${desk.code}/${termsSignature(desk.code)}?payment=declined`);
    // Accepted: the old checksum opens nothing any more; the new signature still does.
    expect(await shop.call('get-terms-and-conditions-order', { order: desk.code, checksum: legacy })).toEqual(notFound);
    expect(await shop.call('accept-terms-and-conditions', { token: null, order: desk.code, checksum: legacy })).toEqual(notFound);
    expect((await shop.call('get-terms-and-conditions-order', { order: desk.code, checksum: termsSignature(desk.code) })).status).toBe(200);
    // Instalment reminders mailed before: open while the instalment is open, not once it is paid.
    const plan = api['checkout-cart'].answer.parse((await shop.call('checkout-cart', checkoutPayload(buyer.token, await cartWith(shop, buyer.token, ['NWF27-WEEKEND-PLAN'])))).body).order;
    const old = { order: plan.code, reference: plan.payments[1]!.reference, checksum: legacyOrderChecksum(SECRET, plan.code) };
    expect((await shop.call('get-payment-plan-order-payment', old)).status).toBe(200);
    const owned = await shop.call('pay-payment-plan-order-payment', { ...old, token: buyer.token });
    await payOnSandbox(base, owned.body.data.payment, SANDBOX_CARDS.succeeds);
    expect(await shop.call('get-payment-plan-order-payment', old)).toEqual(notFound);
    expect(await shop.call('pay-payment-plan-order-payment', { ...old, token: null })).toEqual(notFound);
    // Under a previous APP_SECRET: new-style links still open; the old checksum under it too, with the same rule.
    const rotated = { order: plan.code, reference: plan.payments[2]!.reference, checksum: orderLinkSignature(PREVIOUS_SECRET, plan.code, instalmentPurpose(plan.payments[2]!.reference)) };
    expect((await shop.call('get-payment-plan-order-payment', rotated)).status).toBe(200);
    expect(await shop.call('get-payment-plan-order-payment', { ...rotated, checksum: orderLinkSignature('a-secret-this-shop-never-had-of-32-characters', plan.code, instalmentPurpose(plan.payments[2]!.reference)) })).toEqual(notFound);
    expect((await shop.call('get-payment-plan-order-payment', { ...rotated, checksum: legacyOrderChecksum(PREVIOUS_SECRET, plan.code) })).status).toBe(200);
  });
});
