import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { api } from '@festival/contract';
import { and, asc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/databases';
import { cartWith, checkoutPayload, createCustomer, paidOrder, payOnSandbox } from '../../../test/shop-flows';
import { createTestShop, type TestShop } from '../../../test/test-shop';
import { emailOutbox, orders } from '../../db/schema';
import { REPO_ROOT } from '../../env';
import { ACCEPT_TERMS_LINK, instalmentLink, orderLinkSignature } from '../checkout/order-links.signatures';
import { runOrdersCommand } from '../orders/orders-command';
import { createPaymentsService } from '../payments/payments.service';
import { createSandboxGateway, SANDBOX_CARDS } from '../payments/sandbox-gateway';

const SECRET = 'mail-links-test-secret-of-at-least-32-characters';

/** The web app's routes (apps/web/src/app/route-table.ts) a mailed page link may open. */
const PAGE_ROUTES = ['/login', '/forgot-password', '/reset-password/:email/:token', '/portal', '/portal/orders/:order', '/portal/refunds/:refund', '/order/:order', '/accept-tcs/:order/:checksum', '/payment-plan-payment/:order/:checksum/:reference'];
const routePattern = (route: string) => new RegExp(`^${route.replace(/:[a-z]+/g, '[^/]+')}$`);
/** Addresses the server answers itself (documents, the logo from the web app's public folder). */
const FILE_ROUTES = [/^\/download-ticket\/[^/]+\/[^/]+$/, /^\/download-invoice\/[^/]+\/[^/]+$/, /^\/brand\/[^/]+\.png$/];

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

  beforeAll(async () => {
    // A built web app is not needed here: its public files and a page template serve the pages.
    webRoot = mkdtempSync(path.join(tmpdir(), 'mail-links-web-'));
    cpSync(path.join(REPO_ROOT, 'apps/web/public'), webRoot, { recursive: true });
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><html><head><title><!--shop-title--></title><!--shop-preload--></head><body><!--shop-config--></body></html>');
    shop = await createTestShop(engine, { webRoot, app: { appSecret: SECRET, catalogMaxAgeMs: 0, accountAnswerFloorMs: 0 } });
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
    expect(about(rows, 'Choose a new password', email)).toHaveLength(1);
  });

  it('a card order: the confirmation with its ticket links, the holders their own, and the tickets re-sent', async () => {
    const buyer = await createCustomer(shop);
    const order = await paidOrder(shop, base, buyer, [{ code: 'NWF27-WEEKEND' }, { code: 'NWF27-DAY-SAT' }]);
    let rows = await checkNewMails();
    const confirmation = about(rows, `Your order ${order.code}`, buyer.email);
    expect(confirmation).toHaveLength(1);
    expect(linksOf(confirmation[0]!).filter((link) => link.includes('/download-ticket/'))).toHaveLength(2);
    // Each holder of another address gets their own ticket, and only theirs.
    const holder = order.tickets[0]!.email!;
    const own = about(rows, 'Your tickets for', holder);
    expect(own).toHaveLength(1);
    expect(linksOf(own[0]!).filter((link) => link.includes('/download-ticket/'))).toEqual([expect.stringContaining(order.tickets[0]!.code)]);

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
    expect(linksOf(confirmation).filter((link) => link.includes('/download-ticket/'))).toEqual([]);
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
    expect(linksOf(ready[0]!).filter((link) => link.includes('/download-ticket/'))).toHaveLength(1);
    expect(about(rows, 'Your tickets for', holder)).toHaveLength(1);
  });

  it('bank transfers: at checkout, and for a box-office order once its terms are accepted', async () => {
    const buyer = await createCustomer(shop);
    const placed = api['checkout-cart'].answer.parse((await shop.call('checkout-cart', checkoutPayload(buyer.token, await cartWith(shop, buyer.token, ['NWF27-DAY-SAT']), { payment_method: 'bank_transfer' }))).body);
    let rows = await checkNewMails();
    const instructions = about(rows, `How to pay your order ${placed.order.code}`, buyer.email);
    expect(instructions).toHaveLength(1);
    for (const part of ['Account holder: ', 'IBAN: ', 'BIC: ', `Payment reference: NWF${placed.order.code}`, 'Amount: ', 'Please make sure it arrives by ']) expect(instructions[0]!.textBody).toContain(part);

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
    expect(page).toMatchObject({ accepted_ts_and_cs: true, payment_reference: `NWF${order!.code}`, total_paid: 0 });
    rows = await checkNewMails();
    const boxInstructions = about(rows, `How to pay your order ${order!.code}`, email);
    expect(boxInstructions).toHaveLength(1);
    expect(boxInstructions[0]!.textBody).toContain(`Payment reference: NWF${order!.code}`);
    expect(boxInstructions[0]!.textBody).toContain('Please make sure it arrives by ');
  });

  it('checked every kind of message these flows send', () => {
    for (const subject of ['Your account at', 'Choose a new password', 'Your order', 'Your tickets for', 'How to pay', 'Please accept the terms']) {
      expect(subjects.some((seen) => seen.startsWith(subject)), subject).toBe(true);
    }
  });
});
