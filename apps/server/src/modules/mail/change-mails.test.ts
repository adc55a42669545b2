import { api, checkoutVat, english, questionDefinition, discountLinesOf, UNTAXED, voucherDiscount, type RateTotal } from '@festival/contract';
import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/databases';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../../../test/smtp-sink';
import { cartWith, checkoutPayload, createCustomer, paidOrder, payOnSandbox } from '../../../test/shop-flows';
import { createTestShop, type TestShop } from '../../../test/test-shop';
import { customers, emailOutbox, invoices, orders, productQuestions, questionAnswers, shopItems, tickets, travelTimes } from '../../db/schema';
import { questionColumns, upsertQuestion } from '../catalog/questions.queries';
import { translatorFor } from '../../lib/language';
import { portalMailTexts } from '../portal/portal.mail.messages';
import { hashPassword } from '../accounts/passwords';
import { INVOICE_LINK, instalmentLink, orderLinkSignature } from '../checkout/order-links.signatures';
import { contentOf } from '../invoicing/invoicing.service';
import { SANDBOX_CARDS } from '../payments/sandbox-gateway';
import { timeLimit } from '../../../test/time-limits';

const SECRET = 'change-mails-test-secret-0123456789abcdef';
const FAST = { pollMs: 50, leaseMs: 5_000, sendTimeoutMs: 2_000, batchSize: 20, retry: { firstDelayMs: 20, maxDelayMs: 200, maxAttempts: 3 } };
const MINUTE = 60_000;
const money = (minor: number) => `€${(minor / 100).toFixed(2)}`;

/**
 * Issue 34, points 8 and 9: every change is confirmed by e-mail and every message is complete,
 * read as the customer's mail server receives it; the VAT the checkout shows is the invoice's and
 * the confirmation's.
 */
describe.each(testEngines())('confirmation mails and their figures on %s', (engine) => {
  let sink: SmtpSink;
  let shop: TestShop;
  let base: string;
  let clock = new Date('2026-11-23T12:00:00Z');
  beforeAll(async () => {
    sink = await startSmtpSink();
    shop = await createTestShop(engine, { app: { appSecret: SECRET, now: () => clock, catalogMaxAgeMs: 0, smtpUrl: sink.url, mail: FAST, accountAnswerFloorMs: 0 } });
    base = await shop.app.listen({ port: 0, host: '127.0.0.1' });
  }, timeLimit(180_000));
  afterAll(async () => {
    await shop?.close();
    await sink?.close();
  });

  const db = () => shop.database.db;
  const later = (minutes: number) => {
    clock = new Date(clock.getTime() + minutes * MINUTE);
  };
  /** The message to `to` whose subject holds `subject`, as the SMTP server received it. */
  const mailTo = async (to: string, subject: string, timeoutMs = 10_000): Promise<ReceivedMail & { text: string }> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = sink.received.find((mail) => mail.to.includes(to) && mail.subject.includes(subject));
      if (found) return { ...found, text: found.text ?? '' };
      if (Date.now() > deadline) throw new Error(`no message "${subject}" to ${to}; received: ${JSON.stringify(sink.received.filter((mail) => mail.to.includes(to)).map((mail) => mail.subject))}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  const noMailTo = async (to: string, subject: string) => {
    // The sender polls every 50 ms: give it a few rounds.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(sink.received.filter((mail) => mail.to.includes(to) && mail.subject.includes(subject))).toEqual([]);
  };
  const departures = async () => db().select().from(travelTimes).innerJoin(shopItems, eq(shopItems.id, travelTimes.shopItemId)).where(eq(shopItems.externalCode, 'NWF27-SHUTTLE')).orderBy(asc(travelTimes.departsAt));
  const invoiceOf = async (code: string) => {
    const [row] = await db().select().from(invoices).innerJoin(orders, eq(orders.id, invoices.orderId)).where(eq(orders.code, code));
    return contentOf(row!.invoices);
  };
  /** A link that does not download: the shop's page saying why, not a bare "Not found.". */
  const problemPage = async (path: string) => {
    const response = await fetch(base + path);
    expect([response.status, response.headers.get('content-type')]).toEqual([404, 'text/html; charset=utf-8']);
    const html = await response.text();
    expect(html).not.toContain('Not found.');
    return /<h1>([^<]*)<\/h1>/.exec(html)?.[1];
  };
  const vatLines = (rates: readonly RateTotal[]) => rates.filter((rate) => rate.name !== UNTAXED).map((rate) => `Including ${rate.name}: ${money(rate.tax)}`);

  it("shows at checkout the invoice's VAT after a voucher, and the confirmation lists it with the departure and the invoice's link", async () => {
    clock = new Date('2026-11-23T12:00:00Z');
    const buyer = await createCustomer(shop);
    const [first] = await departures();
    let cart = await cartWith(shop, buyer.token, ['NWF27-WEEKEND', 'NWF27-WEEKEND']);
    const added = await shop.call('add-product-to-cart', { token: buyer.token, cart, external_code: 'NWF27-SHUTTLE', full_name: 'Rider One', email: buyer.email, age: '25-34', transport_time_id: first!.travel_times.id });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    cart = added.body.cart.code;
    const calculated = api['calculate-invoice'].answer.parse((await shop.call('calculate-invoice', { token: buyer.token, cart, country: 'NL' })).body).invoice;
    const voucher = api['validate-voucher'].answer.parse((await shop.call('validate-voucher', { token: buyer.token, cart, code: 'WELCOME10' })).body).voucher;
    // What the checkout page prints.
    const shown = checkoutVat(calculated, voucherDiscount(voucher.terms, discountLinesOf(calculated.items), calculated.total, false).discount);
    expect(shown.find((rate) => rate.name === 'VAT 9%')!.tax).toBeLessThan(calculated.tax['VAT 9%']!);

    const checkout = await shop.call('checkout-cart', checkoutPayload(buyer.token, cart, {}, { voucher_code: 'WELCOME10' }));
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    const placed = api['checkout-cart'].answer.parse(checkout.body);
    await payOnSandbox(base, placed.payment, SANDBOX_CARDS.succeeds);
    // The invoice prints the page's figures to the cent.
    const invoice = await invoiceOf(placed.order.code);
    expect(invoice.rates).toEqual(shown);

    const mail = await mailTo(buyer.email, `Your order ${placed.order.code}`);
    expect(mail.text).toContain(`We have received ${money(placed.order.total_price)}, after your voucher took €10.00 off.`);
    for (const line of vatLines(invoice.rates)) expect(mail.text).toContain(line);
    expect(mail.text).toMatch(/Ticket [A-Z0-9]+, departs \w+, \d+ \w+ 2027 at \d\d:\d\d CEST/);
    const invoiceLink = /(http\S+\/download-invoice\/\S+)/.exec(mail.text)?.[1];
    expect(invoiceLink).toBeDefined();
    const download = await fetch(base + new URL(invoiceLink!).pathname);
    expect([download.status, download.headers.get('content-type')]).toEqual([200, 'application/pdf']);
  });

  it('confirms an order a gift card covers without "We have received €0.00", and with no VAT, as its invoice', async () => {
    clock = new Date('2026-11-23T12:00:00Z');
    const buyer = await createCustomer(shop);
    const cart = await cartWith(shop, buyer.token, ['NWF27-DAY-SAT']);
    const calculated = api['calculate-invoice'].answer.parse((await shop.call('calculate-invoice', { token: buyer.token, cart, country: 'NL' })).body).invoice;
    const shown = checkoutVat(calculated, Math.min(15000, calculated.total));
    expect(shown.map((rate) => rate.tax)).toEqual([0]);
    const checkout = await shop.call('checkout-cart', checkoutPayload(buyer.token, cart, { payment_method: null }, { voucher_code: 'GIFTCARD150' }));
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    const placed = api['checkout-cart'].answer.parse(checkout.body);
    expect(placed.order).toMatchObject({ total_price: 0, payment_status: 'paid' });
    expect((await invoiceOf(placed.order.code)).rates).toEqual(shown);
    const mail = await mailTo(buyer.email, `Your order ${placed.order.code}`);
    expect(mail.text).not.toContain('We have received €0.00');
    expect(mail.text).toContain('Your voucher covers it in full: there is nothing to pay.');
    expect(mail.text).toContain('Including VAT 9%: €0.00');
  });

  it('lists the schedule of a payment plan in its confirmation, and sends a receipt for each later instalment', async () => {
    clock = new Date('2026-11-23T12:00:00Z');
    const buyer = await createCustomer(shop);
    const cart = await cartWith(shop, buyer.token, ['NWF27-WEEKEND-PLAN']);
    const calculated = api['calculate-invoice'].answer.parse((await shop.call('calculate-invoice', { token: buyer.token, cart, country: 'NL' })).body).invoice;
    const placed = api['checkout-cart'].answer.parse((await shop.call('checkout-cart', checkoutPayload(buyer.token, cart))).body);
    await payOnSandbox(base, placed.payment, SANDBOX_CARDS.succeeds);
    const confirmation = await mailTo(buyer.email, `Your order ${placed.order.code}`);
    const [initial, second, ...rest] = placed.order.payments;
    expect(confirmation.text).toContain(`We have received ${money(initial!.amount)} of ${money(placed.order.total_price)}`);
    expect(confirmation.text).toContain(`Your payment plan:\n\nPaid: ${money(initial!.amount)}\nDue `);
    expect(confirmation.text.match(/^Due \d+ \w+ 20\d\d: €\d+\.\d\d$/gm)).toHaveLength(placed.order.payments.length - 1);
    // The whole order's VAT, as checkout shows it for a plan.
    for (const line of vatLines(checkoutVat(calculated, 0))) expect(confirmation.text).toContain(line);

    const link = { order: placed.order.code, reference: second!.reference, checksum: orderLinkSignature(SECRET, placed.order.code, instalmentLink(second!.reference)) };
    const started = await shop.call('pay-payment-plan-order-payment', { token: buyer.token, ...link });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await payOnSandbox(base, started.body.data.payment, SANDBOX_CARDS.succeeds);
    const receipt = await mailTo(buyer.email, `Payment received for order ${placed.order.code}`);
    const open = placed.order.total_price - initial!.amount - second!.amount;
    expect(receipt.text).toContain(`We have received ${money(second!.amount)} for your payment plan (order ${placed.order.code}): thank you. ${money(open)} of ${money(placed.order.total_price)} is still to pay.`);
    expect(receipt.text).toContain(`Paid: ${money(initial!.amount)}\nPaid: ${money(second!.amount)}\nDue `);
    expect(rest.length).toBeGreaterThan(0);
    // Not paid in full: its invoice link says the invoice comes then; a forged one says it does not work.
    const signature = orderLinkSignature(SECRET, placed.order.code, INVOICE_LINK);
    expect(await problemPage(`/download-invoice/${placed.order.code}/${signature}`)).toBe('This invoice is not ready yet');
    expect(await problemPage(`/download-invoice/${placed.order.code}/${'0'.repeat(signature.length)}`)).toBe('This invoice link does not work');
    // Nor do its tickets download yet.
    const [ticket] = placed.order.tickets;
    expect(await problemPage(`/download-ticket/${encodeURIComponent(ticket!.email!)}/${ticket!.code}`)).toBe('This ticket is not ready yet');
  });

  it("confirms a holder's new name and address to the account and the new address with the ticket, and tells the old address its link is void", async () => {
    clock = new Date('2026-11-23T12:00:00Z');
    const buyer = await createCustomer(shop);
    const order = await paidOrder(shop, base, buyer, [{ code: 'NWF27-WEEKEND', holder: 'Jane Doe' }]);
    const ticket = order.tickets[0]!;
    const friend = `friend.${buyer.id}@example.org`;
    const changed = await shop.call('change-ticket', { token: buyer.token, order_id: order.id, code: ticket.code, reassign: false, full_name: 'Janet Roe', email: friend, age: ticket.age });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    for (const to of [buyer.email, friend]) {
      const mail = await mailTo(to, `Your ticket ${ticket.code} has been changed`);
      expect(mail.text).toContain('Name: Janet Roe (was Jane Doe)');
      expect(mail.text).toContain(`E-mail address: ${friend} (was ${ticket.email})`);
      expect(mail.text).toContain(`/download-ticket/${encodeURIComponent(friend)}/${ticket.code}`);
    }
    const download = await fetch(`${base}/download-ticket/${encodeURIComponent(friend)}/${ticket.code}`);
    expect(download.status).toBe(200);
    const old = await mailTo(ticket.email!, `Ticket ${ticket.code} is no longer sent to this address`);
    expect(old.text).toContain('The download link you received no longer works.');
    // The link the old address has answers a page that says so.
    expect(await problemPage(`/download-ticket/${encodeURIComponent(ticket.email!)}/${ticket.code}`)).toBe('This ticket link no longer works');
    expect(await problemPage(`/download-ticket/${encodeURIComponent(friend)}/NO-SUCH-CODE`)).toBe('This ticket link does not work');
  });

  it("tells the old holder of a passed-on ticket that it is void", async () => {
    clock = new Date('2026-11-23T12:00:00Z');
    const buyer = await createCustomer(shop);
    const order = await paidOrder(shop, base, buyer, [{ code: 'NWF27-WEEKEND' }]);
    const ticket = order.tickets[0]!;
    const friend = `taker.${buyer.id}@example.org`;
    const moved = await shop.call('change-ticket', { token: buyer.token, order_id: order.id, code: ticket.code, reassign: true, full_name: 'New Holder', email: friend, age: ticket.age });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const old = await mailTo(ticket.email!, `Ticket ${ticket.code} is no longer valid`);
    expect(old.text).toContain('This ticket is no longer valid');
    expect(await problemPage(`/download-ticket/${encodeURIComponent(ticket.email!)}/${ticket.code}`)).toBe('This ticket is no longer valid');
    await mailTo(friend, 'passed a ticket on to you');
    // The account that passed it on has its own message, not a second one.
    await noMailTo(buyer.email, `Ticket ${ticket.code} is no longer valid`);
  });

  it('tells the buyer, in the order’s language, when a ticket’s answers change in the portal, listing them as they are now', async () => {
    clock = new Date('2026-11-23T12:00:00Z');
    const buyer = await createCustomer(shop);
    const order = await paidOrder(shop, base, buyer, [{ code: 'NWF27-WEEKEND', holder: 'Jane Doe' }]);
    const ticket = order.tickets[0]!;
    const [weekend] = await db().select({ id: shopItems.id }).from(shopItems).where(eq(shopItems.externalCode, 'NWF27-WEEKEND'));
    const size = questionDefinition.parse({ code: 'mailsize', kind: 'choice', label: 'T-shirt size', translations: { de: { label: 'T-Shirt-Größe' } }, options: [{ code: 's', label: 'Small', translations: { de: { label: 'Klein' } } }, { code: 'l', label: 'Large', translations: { de: { label: 'Groß' } } }] });
    await upsertQuestion(db(), questionColumns(size, weekend!.id, 90));
    await db().update(orders).set({ language: 'de' }).where(eq(orders.id, order.id));
    try {
      const changed = await shop.call('change-answers', { token: buyer.token, order_id: order.id, ticket: ticket.code, answers: { mailsize: 'l' } });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      const de = translatorFor('de');
      // The SMTP server gets the German subject as encoded words: the outbox keeps it as written.
      const mail = await mailTo(buyer.email, '=?UTF-8?');
      const [kept] = await db().select({ subject: emailOutbox.subject }).from(emailOutbox).where(and(eq(emailOutbox.toAddress, buyer.email), like(emailOutbox.subject, 'Ihre Antworten%')));
      expect(kept?.subject).toBe(de.format(portalMailTexts.answers.subject({ code: order.code })));
      expect(mail.text).toContain('T-Shirt-Größe');
      expect(mail.text).toContain('Groß');
      expect(mail.text).toContain(de.format(portalMailTexts.changed.notYou));
    } finally {
      const [asked] = await db().select({ id: productQuestions.id }).from(productQuestions).where(eq(productQuestions.code, 'mailsize'));
      await db().delete(questionAnswers).where(eq(questionAnswers.questionId, asked!.id));
      await db().delete(productQuestions).where(eq(productQuestions.id, asked!.id));
    }
  });

  it('tells the holder of a passed-on ticket, in their language, when its answers change, and never sends the buyer the holder’s answers', async () => {
    clock = new Date('2026-11-23T12:00:00Z');
    const buyer = await createCustomer(shop);
    const taker = await createCustomer(shop);
    const order = await paidOrder(shop, base, buyer, [{ code: 'NWF27-WEEKEND', holder: 'Jane Doe' }]);
    const ticket = order.tickets[0]!;
    const moved = await shop.call('change-ticket', { token: buyer.token, order_id: order.id, code: ticket.code, reassign: true, full_name: 'Taker Holder', email: taker.email, age: ticket.age });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const [passed] = await db().select({ code: tickets.code, holder: tickets.holderCustomerId }).from(tickets).where(eq(tickets.orderId, order.id));
    expect(passed!.holder).toBe(taker.id);
    await db().update(customers).set({ language: 'de' }).where(eq(customers.id, taker.id));
    const [weekend] = await db().select({ id: shopItems.id }).from(shopItems).where(eq(shopItems.externalCode, 'NWF27-WEEKEND'));
    const diet = questionDefinition.parse({ code: 'maildiet', kind: 'text', label: 'Dietary needs', translations: { de: { label: 'Ernährung' } } });
    await upsertQuestion(db(), questionColumns(diet, weekend!.id, 91));
    try {
      const changed = await shop.call('change-answers', { token: taker.token, order_id: order.id, ticket: passed!.code, answers: { maildiet: 'No nuts' } });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      const de = translatorFor('de');
      const mail = await mailTo(taker.email, '=?UTF-8?');
      expect(mail.text).toContain('Ernährung');
      expect(mail.text).toContain('No nuts');
      const [kept] = await db().select({ subject: emailOutbox.subject }).from(emailOutbox).where(and(eq(emailOutbox.toAddress, taker.email), like(emailOutbox.subject, 'Ihre Antworten%')));
      expect(kept?.subject).toBe(de.format(portalMailTexts.answers.subject({ code: order.code })));
      const toBuyer = await db().select({ subject: emailOutbox.subject }).from(emailOutbox).where(and(eq(emailOutbox.toAddress, buyer.email), like(emailOutbox.subject, `%${order.code}%`)));
      expect(toBuyer.map((row) => row.subject)).not.toContain(english(portalMailTexts.answers.subject({ code: order.code })));
      expect(toBuyer.map((row) => row.subject)).not.toContain(de.format(portalMailTexts.answers.subject({ code: order.code })));
    } finally {
      const [asked] = await db().select({ id: productQuestions.id }).from(productQuestions).where(eq(productQuestions.code, 'maildiet'));
      await db().delete(questionAnswers).where(eq(questionAnswers.questionId, asked!.id));
      await db().delete(productQuestions).where(eq(productQuestions.id, asked!.id));
    }
  });

  it('confirms a new departure with the updated ticket', async () => {
    clock = new Date('2026-11-23T12:00:00Z');
    const buyer = await createCustomer(shop);
    const [first, ...others] = await departures();
    // A departure with a seat left (the demo sells some out).
    const second = others.find(({ travel_times: time }) => time.active && (time.seats === null || time.seats - time.held - time.sold > 0));
    const order = await paidOrder(shop, base, buyer, [{ code: 'NWF27-SHUTTLE', transport_time_id: first!.travel_times.id }]);
    const ticket = order.tickets[0]!;
    const moved = await shop.call('set-travel-time', { token: buyer.token, code: ticket.code, transport_time_id: second!.travel_times.id });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    for (const to of [buyer.email, ticket.email!]) {
      const mail = await mailTo(to, `Your ticket ${ticket.code} has been changed`);
      expect(mail.text).toMatch(/Departure: \w+, \d+ \w+ 2027 at \d\d:\d\d CES?T \(was \w+, \d+ \w+ 2027 at \d\d:\d\d CES?T\)/);
      expect(mail.text).toContain(`/download-ticket/${encodeURIComponent(ticket.email!)}/${ticket.code}`);
      expect(mail.text).toMatch(new RegExp(`Ticket ${ticket.code}, departs `));
    }
    later(16);
  });

  it('tells the account when its password is changed in the settings or reset by link', async () => {
    const buyer = await createCustomer(shop);
    await db().update(customers).set({ passwordHash: await hashPassword('the-old-password-1') }).where(eq(customers.id, buyer.id));
    const settings = await shop.call('update-settings', { token: buyer.token, old_password: 'the-old-password-1', new_password: 'the-new-password-2', full_name: 'Pat Buyer', email: buyer.email, country: 'NL', address: null });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    const changed = await mailTo(buyer.email, 'Your password at');
    expect(changed.text).toContain('The password of your account was just changed in your account settings.');
    expect(changed.text).not.toContain('the-new-password-2');

    expect((await shop.call('request-password-reset', { email: buyer.email })).status).toBe(200);
    const reset = await mailTo(buyer.email, 'Choose a new password for');
    const token = /\/reset-password\/[^/\s]+\/([A-Za-z0-9_-]+)/.exec(reset.text)?.[1];
    expect(token).toBeDefined();
    const done = await shop.call('reset-password', { token, email: buyer.email, password: 'the-third-password-3' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    await sink.waitFor(buyer.email, 3);
    const afterReset = sink.received.filter((mail) => mail.to.includes(buyer.email) && mail.subject.includes('Your password at'));
    expect(afterReset).toHaveLength(2);
    expect(afterReset[1]!.text).toContain('The password of your account was just reset with the link we e-mailed you.');
  });
});
