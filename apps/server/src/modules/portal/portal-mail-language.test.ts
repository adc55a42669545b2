import { api, type Order } from '@festival/contract';
import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/databases';
import { BANK_DETAILS, cartWith, checkoutPayload, createCustomer, paidOrder as placePaidOrder } from '../../../test/shop-flows';
import { signedInStaff } from '../../../test/staff-sign-in';
import { createTestShop, type TestShop } from '../../../test/test-shop';
import { emailOutbox, orders } from '../../db/schema';
import { createPaymentsService } from '../payments/payments.service';
import { timeLimit } from '../../../test/time-limits';

const SECRET = 'portal-mail-language-secret-of-32-characters';

type Buyer = Awaited<ReturnType<typeof createCustomer>>;

/**
 * Issue 36 point 4: the portal's mails follow the person. A mail about an order is in the order's
 * language, whoever or whatever sends it (here a member of staff on an English page); a ticket
 * passed on is mailed to its new holder in their account's language; a staff member's own change
 * is mailed in the language of their page. And an Arabic mail reads right to left with its codes
 * left to right.
 */
describe.each(testEngines())('the portal’s and staff’s mails in their reader’s language on %s', (engine) => {
  let shop: TestShop;
  let base: string;
  let service: string;
  const clock = new Date('2026-11-23T12:00:00Z');
  beforeAll(async () => {
    shop = await createTestShop(engine, { config: { languages: ['en', 'de', 'nl', 'ar'] }, app: { appSecret: SECRET, now: () => clock, catalogMaxAgeMs: 0 } });
    base = await shop.app.listen({ port: 0, host: '127.0.0.1' });
    service = (await signedInStaff(shop.app, shop.database.db, { email: 'language.service@example.org', role: 'customer_service' }, clock)).cookie;
  }, timeLimit(120_000));
  afterAll(async () => {
    await shop?.close();
  });

  const db = () => shop.database.db;
  const dataOf = async (buyer: Buyer) => api['get-data'].answer.parse((await shop.call('get-data', { token: buyer.token })).body).data;
  const orderOf = async (buyer: Buyer, code: string): Promise<Order> => (await dataOf(buyer)).orders.find((order) => order.code === code)!;
  /** The order placed in a language (the page's at checkout: decision 0094). */
  const placedIn = async (code: string, language: string) => {
    await db().update(orders).set({ language }).where(eq(orders.code, code));
  };
  const mailsTo = (to: string, subject = '') =>
    db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, to), like(emailOutbox.subject, `%${subject}%`)))
      .orderBy(desc(emailOutbox.id));
  /** A call as a page in `language` makes it (its Accept-Language). */
  const callIn = async (language: string, url: string, payload: unknown, cookie?: string) => {
    const response = await shop.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', 'accept-language': language, ...(cookie ? { cookie } : {}) },
      payload: JSON.stringify(payload),
    });
    return { status: response.statusCode, body: response.json() };
  };

  it('mails a ticket passed on to a holder whose account is Dutch in Dutch, and the buyer of the German order in German', async () => {
    const buyer = await createCustomer(shop);
    const holder = await createCustomer(shop);
    expect((await shop.call('set-language', { token: holder.token, language: 'nl' })).status).toBe(200);
    const order = await placePaidOrder(shop, base, buyer, [{ code: 'NWF27-WEEKEND', holder: 'Hanna Houder' }, { code: 'NWF27-WEEKEND', holder: 'Nieuw Iemand' }]);
    await placedIn(order.code, 'de');
    const [toDutch, toNewAccount] = order.tickets;

    // The buyer acts on an English page: the mails go by their readers' languages, not the page's.
    const moved = await callIn('en', '/api/change-ticket', { token: buyer.token, order_id: order.id, code: toDutch!.code, full_name: 'Hanna Houder', email: holder.email, age: toDutch!.age, reassign: true });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);

    const [received] = await mailsTo(holder.email, 'heeft een ticket aan je doorgegeven');
    expect(received, JSON.stringify((await mailsTo(holder.email)).map((mail) => mail.subject))).toBeDefined();
    expect(received!.textBody).toMatch(/^Hallo Buyer \d+,\n\nBuyer \d+ heeft ‘Weekend ticket’ aan je doorgegeven\. Download het en laat het zien bij de ingang:\n/);
    expect(received!.htmlBody).toContain('<html dir="ltr" lang="nl">');
    const [passedOn] = await mailsTo(buyer.email, `Ihr Ticket ${toDutch!.code} gehört jetzt ${holder.email}`);
    expect(passedOn!.textBody).toContain(`(${toDutch!.code}) an ${holder.email} weitergegeben.`);
    expect(passedOn!.htmlBody).toContain('<html dir="ltr" lang="de">');

    // A holder without an account (one is made for them, with no language yet) reads the order's language.
    const stranger = `nieuw.${buyer.id}@example.org`;
    const second = await callIn('nl', '/api/change-ticket', { token: buyer.token, order_id: order.id, code: toNewAccount!.code, full_name: 'Nieuw Iemand', email: stranger, age: toNewAccount!.age, reassign: true });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const [toStranger] = await mailsTo(stranger, 'hat Ihnen ein Ticket weitergegeben');
    expect(toStranger!.textBody).toContain('Wir haben für Sie ein Konto unter dieser Adresse angelegt');
  });

  it('mails a refund processed by a member of staff on an English page in the German order’s language', async () => {
    const buyer = await createCustomer(shop);
    const cart = await cartWith(shop, buyer.token, ['NWF27-LOCKER']);
    const placed = api['checkout-cart'].answer.parse((await shop.call('checkout-cart', checkoutPayload(buyer.token, cart, { payment_method: 'bank_transfer' }))).body);
    await placedIn(placed.order.code, 'de');
    await createPaymentsService({ db: db(), config: shop.config, gateway: null, appSecret: SECRET, now: () => clock }).recordTransfer(placed.order.code, placed.order.total_price);
    const order = await orderOf(buyer, placed.order.code);
    const requested = await callIn('en', '/api/request-refund', { token: buyer.token, order_id: order.id, tickets: order.tickets[0]!.code, merchandise: '', ...BANK_DETAILS });
    expect(requested.status, JSON.stringify(requested.body)).toBe(200);
    const refundId = requested.body.data.refund_id as number;
    const [request] = await mailsTo(buyer.email, `Erstattungsantrag ${refundId} für Bestellung ${order.code}`);
    expect(request!.textBody).toContain(`Wir haben Ihren Erstattungsantrag ${refundId} für Bestellung ${order.code} erhalten: ${order.tickets[0]!.product} (${order.tickets[0]!.code}).`);

    const decided = await callIn('en', '/api/staff/refund-decide', { refund_id: refundId, decision: 'approve' }, service);
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    const [processed] = await mailsTo(buyer.email, `Erstattung ${refundId} für Bestellung ${order.code} wurde bearbeitet`);
    expect(processed, JSON.stringify((await mailsTo(buyer.email)).map((mail) => mail.subject))).toBeDefined();
    // The amount as German writes it, the way the money went in German words.
    expect(processed!.textBody).toMatch(new RegExp(`Ihre Erstattung ${refundId} für Bestellung ${order.code} wurde bearbeitet: \\d+,\\d\\d\\s€ sind auf dem Weg zu Ihrem Bankkonto\\.`));
    expect(processed!.textBody).toContain('Erstattung ansehen:');
    expect(processed!.htmlBody).toContain('<html dir="ltr" lang="de">');
  });

  it('mails an Arabic order’s refund request right to left, its order code and ticket code kept left to right', async () => {
    const buyer = await createCustomer(shop);
    const order = await placePaidOrder(shop, base, buyer, [{ code: 'NWF27-WEEKEND' }]);
    await placedIn(order.code, 'ar');
    const ticket = order.tickets[0]!;
    const requested = await shop.call('request-refund', { token: buyer.token, order_id: order.id, tickets: ticket.code, merchandise: '', ...BANK_DETAILS });
    expect(requested.status, JSON.stringify(requested.body)).toBe(200);
    const refundId = requested.body.data.refund_id as number;
    const [mail] = await mailsTo(buyer.email, `طلب الاسترداد ${refundId} للطلب ${order.code}`);
    expect(mail, JSON.stringify((await mailsTo(buyer.email)).map((row) => row.subject))).toBeDefined();
    expect(mail!.htmlBody).toContain('<html dir="rtl" lang="ar">');
    expect(mail!.htmlBody).toMatch(/<body dir="rtl"/);
    expect(mail!.htmlBody).toContain('text-align:right');
    expect(mail!.htmlBody).toContain(`للطلب <span dir="ltr">${order.code}</span>`);
    expect(mail!.htmlBody).toContain(`(<span dir="ltr">${ticket.code}</span>)`);
    // The text part keeps each code between left-to-right marks; the refund's address stays alone on its line.
    expect(mail!.textBody).toContain(`للطلب \u200e${order.code}\u200e`);
    expect(mail!.textBody.split('\n')).toContain(`${shop.config.publicBaseUrl.replace(/\/+$/, '')}/portal/refunds/${refundId}`);
  });

  it('mails a member’s own password change in the language of their page, and an invitation an admin sends in the shop’s default', async () => {
    const dana = await signedInStaff(shop.app, db(), { email: 'dana.language@example.org', role: 'gate', name: 'Dana' }, clock);
    const changed = await callIn('de', '/api/staff/staff-change-password', { current_password: dana.password, new_password: 'danas neues langes Passwort' }, dana.cookie);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const [mail] = await mailsTo('dana.language@example.org', `Ihr Backoffice-Passwort bei ${shop.config.name} wurde geändert`);
    expect(mail!.textBody).toContain('Hallo Dana,');
    expect(mail!.htmlBody).toContain('<html dir="ltr" lang="de">');

    const admin = await signedInStaff(shop.app, db(), { email: 'admin.language@example.org', role: 'admin' }, clock);
    const added = await callIn('nl', '/api/staff/staff-add-member', { email: 'eve.language@example.org', name: 'Eve', role: 'box_office' }, admin.cookie);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const [invitation] = await mailsTo('eve.language@example.org', `Your invitation to the back office of ${shop.config.name}`);
    expect(invitation!.textBody).toContain('as box office (selling at the desk and looking up orders).');
  });
});
