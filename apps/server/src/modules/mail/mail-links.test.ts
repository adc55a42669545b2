import { createHmac, randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { api, english, type PaymentInstruction, paymentMessages, questionDefinition } from '@festival/contract';
import { and, asc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/databases';
import { sampleMails } from '../../../test/mail-samples';
import { BANK_DETAILS, cartWith, checkoutPayload, createCustomer, paidOrder, payOnSandbox } from '../../../test/shop-flows';
import { createTestShop, type TestShop } from '../../../test/test-shop';
import { emailOutbox, orders, payments as paymentsTable, productQuestions, shopItems, travelTimes } from '../../db/schema';
import { questionColumns, upsertQuestion } from '../catalog/questions.queries';
import { REPO_ROOT } from '../../env';
import { ACCEPT_TERMS_LINK, instalmentLink, orderLinkSignature } from '../checkout/order-links.signatures';
import { runOrdersCommand } from '../orders/orders-command';
import { formatDate } from '../orders/orders.mail';
import { createPaymentsService, NOTIFY_PATH } from '../payments/payments.service';
import { createSandboxGateway, SANDBOX_CARDS, SANDBOX_SIGNATURE_HEADER } from '../payments/sandbox-gateway';
import { runRefundsCommand } from '../portal/refunds-command';

const SECRET = 'mail-links-test-secret-of-at-least-32-characters';
const DAY = 24 * 60 * 60_000;

type SentMail = { subject: string; textBody: string };
/**
 * How each template of test/mail-samples.ts is recognised among the messages the flows below
 * send: every template is produced by its real flow here, and its links checked at send time.
 */
const TEMPLATES: Record<string, (mail: SentMail) => boolean> = {
  password: (mail) => mail.subject.startsWith('Your account at') && mail.textBody.includes('Your account has been created.'),
  'already-registered': (mail) => mail.subject.startsWith('Your account at') && mail.textBody.includes('which already has an account'),
  reset: (mail) => mail.subject.startsWith('Choose a new password'),
  tickets: (mail) => /^Your tickets for [^(]*$/.test(mail.subject),
  'email-changed': (mail) => /^Your e-mail address at .* was changed$/.test(mail.subject),
  'confirmation-paid': (mail) => mail.subject.startsWith('Your order') && !mail.textBody.includes('the rest follows in instalments'),
  'confirmation-plan': (mail) => mail.subject.startsWith('Your order') && mail.textBody.includes('the rest follows in instalments'),
  'tickets-ready': (mail) => /^Your tickets for .* \(order \w+\)$/.test(mail.subject) && mail.textBody.includes('The last instalment of your order'),
  'tickets-ready-holder': (mail) => /^Your tickets for .* \(order \w+\)$/.test(mail.subject) && mail.textBody.includes('bought for you'),
  'bank-transfer': (mail) => mail.subject.startsWith('How to pay your order') && mail.textBody.includes('Please make sure it arrives by '),
  'instalment-due': (mail) => /^Your next payment for order \w+ is due on /.test(mail.subject),
  'instalment-overdue': (mail) => /^Your payment for order \w+ is overdue$/.test(mail.subject),
  'terms-link': (mail) => mail.subject.startsWith('Please accept the terms of your order'),
  'payment-returned': (mail) => /^A payment for your order \w+ at .* was refunded$/.test(mail.subject),
  'ticket-passed-on': (mail) => /^Your ticket \w+ now belongs to /.test(mail.subject),
  'ticket-received': (mail) => mail.subject.endsWith('passed a ticket on to you') && mail.textBody.includes('Download it and show it at the entrance'),
  'ticket-received-later': (mail) => mail.subject.endsWith('passed a ticket on to you') && mail.textBody.includes('as soon as the last one is paid'),
  'refund-requested': (mail) => /^Refund request \d+ for order \w+$/.test(mail.subject),
  'refund-processed': (mail) => /^Refund \d+ for order \w+ has been processed$/.test(mail.subject),
  'dispute-opened': (mail) => /^Order \w+ at .*: payment charged back$/.test(mail.subject),
  'dispute-won': (mail) => /^Order \w+ at .*: payment chargeback won$/.test(mail.subject),
  'dispute-lost': (mail) => /^Order \w+ at .*: payment chargeback lost$/.test(mail.subject),
  'confirmation-voucher-covers': (mail) => mail.subject.startsWith('Your order') && mail.textBody.includes('Your voucher covers it in full'),
  'instalment-receipt': (mail) => /^Payment received for order \w+$/.test(mail.subject),
  'password-changed-reset': (mail) => /^Your password at .* was changed$/.test(mail.subject) && mail.textBody.includes('was just reset'),
  'password-changed-settings': (mail) => /^Your password at .* was changed$/.test(mail.subject) && mail.textBody.includes('changed in your account settings'),
  'ticket-changed': (mail) => /^Your ticket \w+ has been changed$/.test(mail.subject) && mail.textBody.includes('Name: ') && mail.textBody.includes('Download ticket'),
  'ticket-changed-departure': (mail) => /^Your ticket \w+ has been changed$/.test(mail.subject) && mail.textBody.includes('Departure: ') && mail.textBody.includes('Download ticket'),
  'ticket-changed-plan': (mail) => /^Your ticket \w+ has been changed$/.test(mail.subject) && mail.textBody.includes('being paid in instalments'),
  'ticket-void-passed-on': (mail) => /^Ticket \w+ is no longer valid$/.test(mail.subject),
  'ticket-void-holder-changed': (mail) => /^Ticket \w+ is no longer sent to this address$/.test(mail.subject),
  'answers-changed-ticket': (mail) => /^Your answers for order \w+ were changed$/.test(mail.subject) && mail.textBody.includes(' of order '),
};
/**
 * Samples not sent by this shop, each with why its links are covered all the same: the demo
 * configuration sets bankTransfer.payWithinDays, and without it the bank-transfer template only
 * words its deadline sentence differently (same builder, same links); a refund's messages only
 * say differently where the money goes back (through the provider, decision 0037; at the desk or
 * by bank, decision 0060), and a part payment's mail links to the order's page as the bank-transfer
 * mail does.
 */
const VARIANTS_OF = {
  'bank-transfer-no-deadline': 'bank-transfer',
  'refund-processed-card': 'refund-processed',
  'refund-requested-card': 'refund-requested',
  // The way back of a refund (decision 0060) changes its words only; a part payment's links are a bank transfer mail's (the order's page).
  'refund-requested-needs-bank-details': 'refund-requested',
  'refund-requested-desk': 'refund-requested',
  'refund-processed-desk': 'refund-processed',
  'refund-processed-card-terminal': 'refund-processed',
  'part-payment': 'bank-transfer',
  // The order's answers are worded as a ticket's, by the same builder, and like them link nowhere.
  'answers-changed-order': 'answers-changed-ticket',
} as const;

/** The web app's routes (apps/web/src/app/route-table.ts) a mailed page link may open. */
const PAGE_ROUTES = ['/login', '/forgot-password', '/reset-password/:email/:token', '/portal', '/portal/orders/:order', '/portal/refunds/:refund', '/order/:order', '/accept-tcs/:order/:checksum', '/payment-plan-payment/:order/:checksum/:reference'];
const routePattern = (route: string) => new RegExp(`^${route.replace(/:[a-z]+/g, '[^/]+')}$`);
/** Addresses the server answers itself (documents, the logo from the web app's public folder). */
const FILE_ROUTES = [/^\/download-ticket\/[^/]+\/[^/]+$/, /^\/download-ticket\/[^/]+\/[^/]+\/qr\.png$/, /^\/download-invoice\/[^/]+\/[^/]+$/, /^\/brand\/[^/]+\.png$/];

/** A ticket's PDF link (its QR picture, under the same link, is counted apart). */
const isTicketDownload = (link: string) => /^\/download-ticket\/[^/]+\/[^/]+$/.test(new URL(link).pathname);

/** Every address in a message: the HTML's href and src values and the text part's URLs. */
export function linksOf(mail: { textBody: string; htmlBody: string }): string[] {
  const html = [...mail.htmlBody.matchAll(/\b(?:href|src)="([^"]*)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));
  const text = [...mail.textBody.matchAll(/https?:\/\/\S+/g)].map((match) => match[0]);
  return [...new Set([...html, ...text])];
}

/**
 * Each message keeps its promises (issue 19, point 1): every link it contains, in the HTML and
 * the text part, leads into this shop (publicBaseUrl) and answers 200 at the moment it is sent,
 * produced through the real flows on a fresh database. Ticket links that would answer 404 (a
 * payment plan still being paid) are absent, and the message that brings them later works.
 */
describe.each(testEngines())('the links of every e-mail on %s', (engine) => {
  let shop: TestShop;
  let base: string;
  let webRoot: string;
  /** The outbox id up to which messages have been checked. */
  let checkedUpTo = 0;
  const db = () => shop.database.db;
  const subjects: string[] = [];
  const sent: SentMail[] = [];
  const gateway = createSandboxGateway(SECRET);

  beforeAll(async () => {
    // A built web app is not needed here: its public files and a page template serve the pages.
    webRoot = mkdtempSync(path.join(tmpdir(), 'mail-links-web-'));
    cpSync(path.join(REPO_ROOT, 'apps/web/public'), webRoot, { recursive: true });
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><html><head><title><!--shop-title--></title><!--shop-preload--></head><body><!--shop-config--></body></html>');
    shop = await createTestShop(engine, { webRoot, app: { appSecret: SECRET, sandboxGateway: gateway, catalogMaxAgeMs: 0, accountAnswerFloorMs: 0 } });
    base = await shop.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await shop?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  /** The messages queued since the last check, each of whose links is opened now. */
  async function checkNewMails(): Promise<(typeof emailOutbox.$inferSelect)[]> {
    const rows = await db().select().from(emailOutbox).where(gt(emailOutbox.id, checkedUpTo)).orderBy(asc(emailOutbox.id));
    checkedUpTo = rows.at(-1)?.id ?? checkedUpTo;
    const origin = new URL(shop.config.publicBaseUrl).origin;
    for (const mail of rows) {
      subjects.push(mail.subject);
      sent.push({ subject: mail.subject, textBody: mail.textBody });
      const links = linksOf(mail);
      for (const link of links) {
        const url = new URL(link);
        expect(url.origin, `${mail.subject}: ${link}`).toBe(origin);
        const known = PAGE_ROUTES.some((route) => routePattern(route).test(url.pathname)) || FILE_ROUTES.some((route) => route.test(url.pathname));
        expect(known, `${mail.subject}: ${link} is not a page or file of the shop`).toBe(true);
        const answer = await shop.app.inject({ method: 'GET', url: url.pathname + url.search });
        expect(answer.statusCode, `${mail.subject}: ${link}`).toBe(200);
      }
    }
    return rows;
  }
  const about = <Row extends { subject: string; toAddress: string }>(rows: Row[], subject: string, to?: string): Row[] => rows.filter((row) => row.subject.includes(subject) && (!to || row.toAddress === to));

  it('accounts: the password, the address already registered, a new password, the tickets re-sent', async () => {
    const email = `links.${engine}@example.org`;
    expect((await shop.call('register', { full_name: 'Ольга 李 O\'Brien', email })).status).toBe(200);
    expect((await shop.call('register', { full_name: 'Someone Else', email })).status).toBe(200);
    expect((await shop.call('request-password-reset', { email })).status).toBe(200);
    const rows = await checkNewMails();
    expect(about(rows, 'Your account at', email)).toHaveLength(2);
    const reset = about(rows, 'Choose a new password', email);
    expect(reset).toHaveLength(1);
    const token = /\/reset-password\/[^/\s]+\/([A-Za-z0-9_-]+)/.exec(reset[0]!.textBody)![1];
    expect((await shop.call('reset-password', { token, email, password: 'a-new-password-of-mine' })).status).toBe(200);
    expect(about(await checkNewMails(), 'Your password at', email)).toHaveLength(1);
  });

  it('a card order: the confirmation with its ticket links, the holders their own, and the tickets re-sent', async () => {
    const buyer = await createCustomer(shop);
    const order = await paidOrder(shop, base, buyer, [{ code: 'NWF27-WEEKEND' }, { code: 'NWF27-DAY-SAT' }]);
    let rows = await checkNewMails();
    const confirmation = about(rows, `Your order ${order.code}`, buyer.email);
    expect(confirmation).toHaveLength(1);
    expect(linksOf(confirmation[0]!).filter(isTicketDownload)).toHaveLength(2);
    // Each ticket's QR code is shown above its link (decision 0038), and answered (checkNewMails opened it).
    expect(linksOf(confirmation[0]!).filter((link) => link.endsWith('/qr.png'))).toEqual(linksOf(confirmation[0]!).filter(isTicketDownload).map((link) => `${link}/qr.png`));
    // Each holder of another address gets their own ticket, and only theirs.
    const holder = order.tickets[0]!.email!;
    const own = about(rows, 'Your tickets for', holder);
    expect(own).toHaveLength(1);
    expect(linksOf(own[0]!).filter(isTicketDownload)).toEqual([expect.stringContaining(order.tickets[0]!.code)]);

    expect((await shop.call('email-tickets', { email: holder })).status).toBe(200);
    rows = await checkNewMails();
    expect(about(rows, 'Your tickets for', holder)).toHaveLength(1);
  });

  it('a payment plan: the confirmation says when the tickets come, and the message that brings them works', async () => {
    const buyer = await createCustomer(shop);
    const cart = await cartWith(shop, buyer.token, ['NWF27-WEEKEND-PLAN']);
    const placed = api['checkout-cart'].answer.parse((await shop.call('checkout-cart', checkoutPayload(buyer.token, cart))).body);
    await payOnSandbox(base, placed.payment, SANDBOX_CARDS.succeeds);
    let rows = await checkNewMails();
    const confirmation = about(rows, `Your order ${placed.order.code}`, buyer.email)[0]!;
    expect(linksOf(confirmation).filter(isTicketDownload)).toEqual([]);
    expect(confirmation.textBody).toMatch(/We will e-mail it to you to download once the last instalment is paid \(due on \d+ \w+ \d{4}\)\./);
    // Re-sending tickets before the plan is paid sends none whose link would fail.
    const holder = placed.order.tickets[0]!.email!;
    expect((await shop.call('email-tickets', { email: holder })).status).toBe(200);
    expect(about(await checkNewMails(), 'Your tickets for', holder)).toHaveLength(0);

    for (const instalment of placed.order.payments.slice(1)) {
      const signature = orderLinkSignature(SECRET, placed.order.code, instalmentLink(instalment.reference));
      const started = await shop.call('pay-payment-plan-order-payment', { token: buyer.token, order: placed.order.code, checksum: signature, reference: instalment.reference });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      await payOnSandbox(base, started.body.data.payment, SANDBOX_CARDS.succeeds);
    }
    rows = await checkNewMails();
    const ready = about(rows, 'Your tickets for', buyer.email);
    expect(ready).toHaveLength(1);
    expect(linksOf(ready[0]!).filter(isTicketDownload)).toHaveLength(1);
    expect(about(rows, 'Your tickets for', holder)).toHaveLength(1);
  });

  it('bank transfers: at checkout, and for a box-office order once its terms are accepted', async () => {
    const buyer = await createCustomer(shop);
    const placed = api['checkout-cart'].answer.parse((await shop.call('checkout-cart', checkoutPayload(buyer.token, await cartWith(shop, buyer.token, ['NWF27-DAY-SAT']), { payment_method: 'bank_transfer' }))).body);
    let rows = await checkNewMails();
    const instructions = about(rows, `How to pay your order ${placed.order.code}`, buyer.email);
    expect(instructions).toHaveLength(1);
    for (const part of ['Account holder: ', 'IBAN: ', 'BIC: ', `Payment reference: NWF${placed.order.code}`, 'Amount: ', 'Please make sure it arrives by ']) expect(instructions[0]!.textBody).toContain(part);
    // The order's pages show the same deadline beside the same bank details (pay_by in the order view).
    const [placedRow] = await db().select().from(orders).where(eq(orders.code, placed.order.code));
    expect(placedRow!.payBy).not.toBeNull();
    expect(placed.order.pay_by).toBe(placedRow!.payBy!.toISOString());
    expect(instructions[0]!.textBody).toContain(english(paymentMessages.payBy(formatDate(shop.config, placedRow!.payBy!))));

    const payments = createPaymentsService({ db: db(), config: shop.config, gateway: createSandboxGateway(SECRET), appSecret: SECRET });
    const lines: string[] = [];
    const deps = { db: db(), config: shop.config, appSecret: SECRET, payments, print: (line: string) => lines.push(line), printError: (line: string) => lines.push(line) };
    const email = `desk.transfer.${engine}@example.org`;
    expect(await runOrdersCommand(['create', '--email', email, '--name', 'Desk Buyer', '--item', 'NWF27-DAY-SAT', '--method', 'bank_transfer'], deps), lines.join('\n')).toBe(0);
    rows = await checkNewMails();
    expect(about(rows, 'Please accept the terms', email)).toHaveLength(1);
    expect(about(rows, 'How to pay', email)).toHaveLength(0);
    const [order] = await db().select().from(orders).where(and(eq(orders.channel, 'Box office'), eq(orders.paymentMethod, 'bank_transfer')));
    const checksum = orderLinkSignature(SECRET, order!.code, ACCEPT_TERMS_LINK);
    expect((await shop.call('accept-terms-and-conditions', { token: null, order: order!.code, checksum })).status).toBe(200);
    // Accepting again sends nothing more.
    expect((await shop.call('accept-terms-and-conditions', { token: null, order: order!.code, checksum })).status).toBe(200);
    // The page shows the same reference once the terms are accepted.
    const page = api['get-terms-and-conditions-order'].answer.parse((await shop.call('get-terms-and-conditions-order', { order: order!.code, checksum })).body).order;
    const [accepted] = await db().select().from(orders).where(eq(orders.code, order!.code));
    expect(accepted!.payBy).not.toBeNull();
    expect(page).toMatchObject({ accepted_ts_and_cs: true, payment_reference: `NWF${order!.code}`, total_paid: 0, pay_by: accepted!.payBy!.toISOString() });
    rows = await checkNewMails();
    const boxInstructions = about(rows, `How to pay your order ${order!.code}`, email);
    expect(boxInstructions).toHaveLength(1);
    expect(boxInstructions[0]!.textBody).toContain(`Payment reference: NWF${order!.code}`);
    expect(boxInstructions[0]!.textBody).toContain('Please make sure it arrives by ');
  });

  it('an e-mail address changed: the old address is told', async () => {
    const email = `changing.${engine}@example.org`;
    expect((await shop.call('register', { full_name: 'Chris Change', email })).status).toBe(200);
    const created = about(await checkNewMails(), 'Your account at', email)[0]!;
    const password = /password:\n\n(\S+)\n/.exec(created.textBody)![1]!;
    const login = await shop.call('login', { email, password });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const changed = await shop.call('update-settings', { token: login.body.remember_token, old_password: password, new_password: 'another-password-of-mine', full_name: 'Chris Change', email: `changed.${engine}@example.org` });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const rows = await checkNewMails();
    expect(about(rows, 'Your e-mail address at', email)).toHaveLength(1);
    expect(about(rows, 'Your password at', `changed.${engine}@example.org`)).toHaveLength(1);
  });

  it('a payment plan: the reminder before a due date and the notice once it is overdue, each with its page to pay', async () => {
    const buyer = await createCustomer(shop);
    const cart = await cartWith(shop, buyer.token, ['NWF27-WEEKEND-PLAN']);
    const placed = api['checkout-cart'].answer.parse((await shop.call('checkout-cart', checkoutPayload(buyer.token, cart))).body);
    await payOnSandbox(base, placed.payment, SANDBOX_CARDS.succeeds);
    await checkNewMails();
    // The reminder round the server runs (app.ts), on the test's clock.
    const remindAt = (at: Date) => createPaymentsService({ db: db(), config: shop.config, gateway, appSecret: SECRET, now: () => at }).sendInstalmentReminders();
    const second = placed.order.payments[1]!;
    for (const [at, subject] of [
      [new Date(Date.parse(second.due_at) - 2 * DAY), `Your next payment for order ${placed.order.code} is due on`],
      [new Date(Date.parse(second.due_at) + 8 * DAY), `Your payment for order ${placed.order.code} is overdue`],
    ] as const) {
      expect(await remindAt(at)).toBeGreaterThan(0);
      const mails = about(await checkNewMails(), subject, buyer.email);
      expect(mails).toHaveLength(1);
      const pages = linksOf(mails[0]!).filter((link) => link.includes('/payment-plan-payment/'));
      expect(pages).toHaveLength(1);
      // The page's own data answers for the link's signature, too.
      const [, , order, checksum, reference] = new URL(pages[0]!).pathname.split('/');
      expect((await shop.call('get-payment-plan-order-payment', { order: order!, checksum: checksum!, reference: decodeURIComponent(reference!) })).status).toBe(200);
    }
  });

  it('a payment that arrives for an order already paid: returned, and the customer told', async () => {
    const buyer = await createCustomer(shop);
    const cart = await cartWith(shop, buyer.token, ['NWF27-PARKING']);
    const placed = api['checkout-cart'].answer.parse((await shop.call('checkout-cart', checkoutPayload(buyer.token, cart))).body);
    const again = await shop.call('pay-order', { token: buyer.token, order: placed.order.code });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    await payOnSandbox(base, api['pay-order'].answer.parse(again.body).payment, SANDBOX_CARDS.succeeds);
    await checkNewMails();
    // The provider took the first attempt's money before its cancellation reached it.
    const first = placed.payment as Extract<PaymentInstruction, { action: 'submit' }>;
    const body = JSON.stringify({ id: `ntf_${randomBytes(6).toString('hex')}`, reference: first.params.reference, outcome: 'paid', amount: placed.order.total_price, currency: shop.config.currency });
    const notified = await fetch(base + NOTIFY_PATH('sandbox'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: createHmac('sha256', gateway.secret).update(body).digest('hex') },
      body,
    });
    expect(notified.status).toBe(200);
    expect(about(await checkNewMails(), `A payment for your order ${placed.order.code}`, buyer.email)).toHaveLength(1);
  });

  it('a ticket passed on: the giver told, the new holder given it now, or told when it comes while a plan is paid', async () => {
    const buyer = await createCustomer(shop);
    const friend = await createCustomer(shop);
    const order = await paidOrder(shop, base, buyer, [{ code: 'NWF27-WEEKEND' }, { code: 'NWF27-WEEKEND' }]);
    await checkNewMails();
    type Ticket = { code: string; full_name: string | null; age: string | null };
    const pass = (token: string, orderId: number, ticket: Ticket, email: string) =>
      shop.call('change-ticket', { token, order_id: orderId, code: ticket.code, full_name: ticket.full_name, email, age: ticket.age, reassign: true });
    const newcomer = `new.holder.${engine}@example.org`;
    for (const [ticket, email] of [[order.tickets[0]!, newcomer], [order.tickets[1]!, friend.email]] as const) {
      const answer = await pass(buyer.token, order.id, ticket, email);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
    let rows = await checkNewMails();
    expect(about(rows, `Your ticket ${order.tickets[0]!.code} now belongs to ${newcomer}`, buyer.email)).toHaveLength(1);
    expect(about(rows, `Your ticket ${order.tickets[1]!.code} now belongs to ${friend.email}`, buyer.email)).toHaveLength(1);
    expect(about(rows, 'Your account at', newcomer)).toHaveLength(1);
    for (const holder of [newcomer, friend.email]) {
      const received = about(rows, 'passed a ticket on to you', holder);
      expect(received).toHaveLength(1);
      expect(linksOf(received[0]!).filter(isTicketDownload)).toHaveLength(1);
    }

    const planBuyer = await createCustomer(shop);
    const cart = await cartWith(shop, planBuyer.token, ['NWF27-WEEKEND-PLAN']);
    const placed = api['checkout-cart'].answer.parse((await shop.call('checkout-cart', checkoutPayload(planBuyer.token, cart))).body);
    await payOnSandbox(base, placed.payment, SANDBOX_CARDS.succeeds);
    await checkNewMails();
    const later = `later.holder.${engine}@example.org`;
    const answer = await pass(planBuyer.token, placed.order.id, placed.order.tickets[0]!, later);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    rows = await checkNewMails();
    const told = about(rows, 'passed a ticket on to you', later);
    expect(told).toHaveLength(1);
    expect(linksOf(told[0]!).filter(isTicketDownload)).toEqual([]);
    expect(told[0]!.textBody).toContain('we will e-mail you the ticket to download as soon as the last one is paid');
  });

  it("a ticket changed: the holder's details and the departure confirmed with the ticket as it is now, the address it left told", async () => {
    const buyer = await createCustomer(shop);
    const shuttles = await db().select().from(travelTimes).innerJoin(shopItems, eq(shopItems.id, travelTimes.shopItemId)).where(eq(shopItems.externalCode, 'NWF27-SHUTTLE')).orderBy(asc(travelTimes.departsAt));
    const free = shuttles.filter(({ travel_times: time }) => time.active && (time.seats === null || time.seats - time.held - time.sold > 0));
    const order = await paidOrder(shop, base, buyer, [{ code: 'NWF27-DAY-SAT' }, { code: 'NWF27-SHUTTLE', transport_time_id: free[0]!.travel_times.id }]);
    await checkNewMails();
    const [day, shuttle] = order.tickets;
    const moved = `moved.holder.${engine}@example.org`;
    expect((await shop.call('change-ticket', { token: buyer.token, order_id: order.id, code: day!.code, full_name: 'Renamed Holder', email: moved, age: day!.age, reassign: false })).status).toBe(200);
    expect((await shop.call('set-travel-time', { token: buyer.token, code: shuttle!.code, transport_time_id: free[1]!.travel_times.id })).status).toBe(200);
    let rows = await checkNewMails();
    for (const to of [buyer.email, moved]) expect(linksOf(about(rows, `Your ticket ${day!.code} has been changed`, to)[0]!).filter(isTicketDownload)).toHaveLength(1);
    expect(about(rows, `Ticket ${day!.code} is no longer sent to this address`, day!.email!)).toHaveLength(1);
    expect(about(rows, `Your ticket ${shuttle!.code} has been changed`)).toHaveLength(2);

    // A payment plan's ticket changed before it is paid: no link that would fail.
    const planBuyer = await createCustomer(shop);
    const cart = await cartWith(shop, planBuyer.token, ['NWF27-WEEKEND-PLAN']);
    const placed = api['checkout-cart'].answer.parse((await shop.call('checkout-cart', checkoutPayload(planBuyer.token, cart))).body);
    await payOnSandbox(base, placed.payment, SANDBOX_CARDS.succeeds);
    await checkNewMails();
    const ticket = placed.order.tickets[0]!;
    expect((await shop.call('change-ticket', { token: planBuyer.token, order_id: placed.order.id, code: ticket.code, full_name: 'Plan Holder Renamed', email: ticket.email, age: ticket.age, reassign: false })).status).toBe(200);
    rows = await checkNewMails();
    const told = about(rows, `Your ticket ${ticket.code} has been changed`, planBuyer.email);
    expect(told).toHaveLength(1);
    expect(linksOf(told[0]!).filter(isTicketDownload)).toEqual([]);
  });

  it('answers changed in the portal: the buyer told, with no link', async () => {
    const buyer = await createCustomer(shop);
    const order = await paidOrder(shop, base, buyer, [{ code: 'NWF27-WEEKEND' }]);
    const [weekend] = await db().select({ id: shopItems.id }).from(shopItems).where(eq(shopItems.externalCode, 'NWF27-WEEKEND'));
    await upsertQuestion(db(), questionColumns(questionDefinition.parse({ code: 'linksize', kind: 'text', label: 'Shirt size' }), weekend!.id, 90));
    await checkNewMails();
    try {
      expect((await shop.call('change-answers', { token: buyer.token, order_id: order.id, ticket: order.tickets[0]!.code, answers: { linksize: 'L' } })).status).toBe(200);
      const told = about(await checkNewMails(), `Your answers for order ${order.code} were changed`, buyer.email);
      expect(told).toHaveLength(1);
      expect(linksOf(told[0]!).filter((link) => !link.includes('/brand/'))).toEqual([]);
    } finally {
      await db().update(productQuestions).set({ archived: true }).where(eq(productQuestions.code, 'linksize'));
    }
  });

  it('an order a gift card covers: confirmed, with nothing to pay', async () => {
    const buyer = await createCustomer(shop);
    const cart = await cartWith(shop, buyer.token, ['NWF27-DAY-SAT']);
    const placed = api['checkout-cart'].answer.parse((await shop.call('checkout-cart', checkoutPayload(buyer.token, cart, { payment_method: null }, { voucher_code: 'GIFTCARD150' }))).body);
    const confirmation = about(await checkNewMails(), `Your order ${placed.order.code}`, buyer.email);
    expect(confirmation).toHaveLength(1);
    expect(linksOf(confirmation[0]!).filter((link) => link.includes('/download-invoice/'))).toHaveLength(1);
  });

  it('a refund: the request received, and once processed the refund page that offers its credit note', async () => {
    const buyer = await createCustomer(shop);
    const order = await paidOrder(shop, base, buyer, [{ code: 'NWF27-WEEKEND' }]);
    await checkNewMails();
    const requested = await shop.call('request-refund', { token: buyer.token, order_id: order.id, tickets: order.tickets[0]!.code, ...BANK_DETAILS });
    expect(requested.status, JSON.stringify(requested.body)).toBe(200);
    const refundId: number = requested.body.data.refund_id;
    expect(about(await checkNewMails(), `Refund request ${refundId} for order ${order.code}`, buyer.email)).toHaveLength(1);

    expect(await runRefundsCommand(['mark-processed', String(refundId)], { db: db(), config: shop.config, print: () => {} })).toBe(0);
    const processed = about(await checkNewMails(), `Refund ${refundId} for order ${order.code} has been processed`, buyer.email);
    expect(processed).toHaveLength(1);
    // Every page it links is the refund's, whose page offers the credit note: the download the data gives is its PDF.
    const pages = linksOf(processed[0]!).map((link) => new URL(link).pathname).filter((pathname) => !FILE_ROUTES.some((route) => route.test(pathname)));
    expect([...new Set(pages)]).toEqual([`/portal/refunds/${refundId}`]);
    const refund = api['get-data'].answer.parse((await shop.call('get-data', { token: buyer.token })).body).data.refunds.find((candidate) => candidate.id === refundId)!;
    expect(refund.credit_note?.number).toBeTruthy();
    const download = await shop.app.inject({ method: 'GET', url: `/download-credit-note/${encodeURIComponent(order.code)}/${refundId}/${encodeURIComponent(refund.credit_note!.checksum)}` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('application/pdf');
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('a chargeback: the organiser told when it is opened, won and lost', async () => {
    const payments = createPaymentsService({ db: db(), config: shop.config, gateway, appSecret: SECRET });
    for (const outcome of ['won', 'lost'] as const) {
      const buyer = await createCustomer(shop);
      const order = await paidOrder(shop, base, buyer, [{ code: 'NWF27-PARKING' }]);
      const [payment] = await db().select().from(paymentsTable).where(and(eq(paymentsTable.orderId, order.id), eq(paymentsTable.status, 'paid')));
      await checkNewMails();
      const dispute = { kind: 'dispute', reference: payment!.providerReference!, providerDisputeId: `dp_${outcome}`, amount: payment!.amount, currency: shop.config.currency } as const;
      expect(await payments.applyFacts([{ ...dispute, id: `dp_${outcome}:opened`, status: 'opened' }, { ...dispute, id: `dp_${outcome}:${outcome}`, status: outcome }])).toEqual(['applied', 'applied']);
      const told = await checkNewMails();
      expect(told.map((mail) => [mail.toAddress, mail.subject.replace(order.code, 'CODE')])).toEqual([
        [shop.config.contact.email, `Order CODE at ${shop.config.name}: payment charged back`],
        [shop.config.contact.email, `Order CODE at ${shop.config.name}: payment chargeback ${outcome}`],
      ]);
    }
  });

  it('a box-office card order: the terms link', async () => {
    const payments = createPaymentsService({ db: db(), config: shop.config, gateway, appSecret: SECRET });
    const lines: string[] = [];
    const deps = { db: db(), config: shop.config, appSecret: SECRET, payments, print: (line: string) => lines.push(line), printError: (line: string) => lines.push(line) };
    const email = `desk.card.${engine}@example.org`;
    expect(await runOrdersCommand(['create', '--email', email, '--name', 'Desk Card', '--item', 'NWF27-DAY-SAT', '--method', 'credit_card'], deps), lines.join('\n')).toBe(0);
    const terms = about(await checkNewMails(), 'Please accept the terms', email);
    expect(terms).toHaveLength(1);
    expect(linksOf(terms[0]!).filter((link) => link.includes('/accept-tcs/'))).toHaveLength(1);
  });

  it('produced every template through its flow and checked its links', async () => {
    for (const subject of ['Your account at', 'Choose a new password', 'Your order', 'Your tickets for', 'How to pay', 'Please accept the terms']) {
      expect(subjects.some((seen) => seen.startsWith(subject)), subject).toBe(true);
    }
    // A new template in the samples needs its flow here (and its recogniser above).
    const names = (await sampleMails(shop.config)).map((sample) => sample.name);
    expect([...Object.keys(TEMPLATES), ...Object.keys(VARIANTS_OF)].sort()).toEqual([...names].sort());
    for (const [name, recognise] of Object.entries(TEMPLATES)) expect(sent.some(recognise), name).toBe(true);
  });
});
