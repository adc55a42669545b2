import { api, LOCALES } from '@festival/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/databases';
import { cartWith, checkoutPayload, createCustomer } from '../../../test/shop-flows';
import { staffCall } from '../../../test/staff-call';
import { signedInStaff } from '../../../test/staff-sign-in';
import { createTestShop, type TestShop } from '../../../test/test-shop';
import { emailOutbox, orders } from '../../db/schema';
import { createPaymentsService } from '../payments/payments.service';
import { createSandboxGateway } from '../payments/sandbox-gateway';
import { shopNameIn } from '../../lib/reader';

const SECRET = 'mail-language-test-secret-of-at-least-32-characters';

/**
 * Every e-mail about an order is in the order's language, the one its page was in at checkout
 * (issue 36 point 4), also those sent later with no request (a transfer recorded from the command
 * line or the bank) or by a back-office request in another language; account e-mails are in the
 * language of the request that caused them. Amounts are written as the reader's language writes
 * them, and the HTML part says its language and direction (`<html lang dir>`).
 */
describe.each(testEngines())('e-mails in the reader’s language on %s', (engine) => {
  let shop: TestShop;
  let staffCookie: string;
  const db = () => shop.database.db;

  beforeAll(async () => {
    shop = await createTestShop(engine, { config: { languages: [...LOCALES] }, app: { appSecret: SECRET, catalogMaxAgeMs: 0, accountAnswerFloorMs: 0 } });
    staffCookie = (await signedInStaff(shop.app, db(), { email: `service.${engine}@example.org`, role: 'customer_service' })).cookie;
  });
  afterAll(async () => {
    await shop?.close();
  });

  /** A call of the shop's API from a page in `language` (its Accept-Language). */
  async function callIn(language: string, path: string, payload: unknown) {
    const response = await shop.app.inject({
      method: 'POST',
      url: `/api/${path}`,
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', 'accept-language': language },
      payload: JSON.stringify(payload),
    });
    return { status: response.statusCode, body: response.json() };
  }

  /** A bank-transfer order of one day ticket, checked out from a page in `language`. */
  async function transferOrderIn(language: string) {
    const buyer = await createCustomer(shop);
    const cart = await cartWith(shop, buyer.token, ['NWF27-DAY-SAT']);
    const answer = await callIn(language, 'checkout-cart', checkoutPayload(buyer.token, cart, { payment_method: 'bank_transfer' }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return { buyer, order: api['checkout-cart'].answer.parse(answer.body).order };
  }

  const mailsTo = (address: string) => db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, address)).orderBy(asc(emailOutbox.id));
  /** An amount as German writes it in the shop's currency ("1.234,50 €"). */
  const inGerman = (minor: number) => new Intl.NumberFormat('de', { style: 'currency', currency: shop.config.currency }).format(minor / 100);
  const inBritishEnglish = (minor: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: shop.config.currency }).format(minor / 100);

  it('a German checkout: the transfer instructions, the confirmation sent with no request and a cancellation by an English back-office request are all German', async () => {
    const { buyer, order } = await transferOrderIn('de-DE,de;q=0.9,en;q=0.5');
    const [row] = await db().select().from(orders).where(eq(orders.code, order.code));
    expect(row!.language).toBe('de');
    const total = order.total_price;
    // The test is about the German way of writing an amount: a decimal comma and the sign after it.
    expect(inGerman(total)).toMatch(/^\d{1,3}(\.\d{3})*,\d{2}\s€$/);

    const [instructions, ...none] = await mailsTo(buyer.email);
    expect(none).toEqual([]);
    expect(instructions!.subject).toBe(`So bezahlen Sie Ihre Bestellung ${order.code} bei ${shop.config.name}`);
    for (const part of [
      `Vielen Dank für Ihre Bestellung ${order.code}. Bitte überweisen Sie ${inGerman(total)} mit dem Verwendungszweck auf unser Bankkonto`,
      `Verwendungszweck: NWF${order.code}`,
      `Betrag: ${inGerman(total)}`,
      'Bitte achten Sie darauf, dass sie bis ',
      'Bestellung ansehen:',
    ]) expect(instructions!.textBody).toContain(part);
    expect(instructions!.textBody).not.toContain(inBritishEnglish(total));
    expect(instructions!.textBody).not.toMatch(/Thank you|Amount:|Payment reference/);
    expect(instructions!.htmlBody).toMatch(/<html dir="ltr" lang="de"/);

    // The money arrives: recorded from the command line or the bank's statement, no request, no page.
    const payments = createPaymentsService({ db: db(), config: shop.config, gateway: createSandboxGateway(SECRET), appSecret: SECRET });
    await payments.recordTransfer(order.code, total);
    const confirmation = (await mailsTo(buyer.email)).find((mail) => mail.subject === `Ihre Bestellung ${order.code} bei ${shop.config.name}`);
    expect(confirmation, (await mailsTo(buyer.email)).map((mail) => mail.subject).join('\n')).toBeDefined();
    for (const part of [
      `Vielen Dank für Ihre Bestellung ${order.code}. Wir haben ${inGerman(total)} erhalten.`,
      `Gesamt: ${inGerman(total)}`,
      'Ihre Tickets: Laden Sie jedes herunter und zeigen Sie es am Eingang vor.',
      'Ticket herunterladen (PDF):',
      `Rechnung zur Bestellung ${order.code}`,
    ]) expect(confirmation!.textBody).toContain(part);
    expect(confirmation!.textBody).not.toContain(inBritishEnglish(total));
    expect(confirmation!.htmlBody).toMatch(/<html dir="ltr" lang="de"/);
    // The holder of another address gets their ticket in the order's language too.
    const [holderMail] = await mailsTo('holder0@example.org').then((mails) => mails.filter((mail) => mail.subject.includes(order.code)));
    expect(holderMail!.subject).toBe(`Ihre Tickets für ${shop.config.name} (Bestellung ${order.code})`);
    expect(holderMail!.textBody).toContain(`Für Sie wurde ein Ticket auf Ihren Namen gekauft (Bestellung ${order.code}).`);

    // Another German order, cancelled by customer service from an English back office.
    const second = await transferOrderIn('de');
    const cancelled = await staffCall(shop.app, 'order-cancel', { code: second.order.code }, staffCookie);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const cancellation = (await mailsTo(second.buyer.email)).at(-1)!;
    expect(cancellation.subject).toBe(`Ihre Bestellung ${second.order.code} bei ${shop.config.name} wurde storniert`);
    expect(cancellation.textBody).toContain(`Wir haben Ihre Bestellung ${second.order.code} storniert. Der enthaltene Artikel ist nicht mehr gültig: Er berechtigt nicht zum Eintritt und wird nicht versendet.`);
    expect(cancellation.htmlBody).toMatch(/<html dir="ltr" lang="de"/);
  });

  it('an Arabic order’s e-mail reads right to left', async () => {
    const { buyer, order } = await transferOrderIn('ar');
    const [instructions] = await mailsTo(buyer.email);
    expect(instructions!.subject).toBe(`طريقة دفع قيمة طلبك ${order.code} لدى ${shopNameIn(shop.config, 'ar')}`);
    // The shop's name as the configuration gives it in Arabic.
    expect(shopNameIn(shop.config, 'ar')).not.toBe(shop.config.name);
    expect(instructions!.htmlBody).toMatch(/<html dir="rtl" lang="ar"/);
    expect(instructions!.textBody).toContain(`مرجع الدفع: NWF${order.code}`);
  });

  it('a language the shop does not speak, or none, is the shop’s default: English as before', async () => {
    for (const language of ['xx', '']) {
      const { buyer, order } = await transferOrderIn(language);
      const [instructions] = await mailsTo(buyer.email);
      expect(instructions!.subject).toBe(`How to pay your order ${order.code} at ${shop.config.name}`);
      expect(instructions!.textBody).toContain(`Amount: ${inBritishEnglish(order.total_price)}`);
      expect(instructions!.htmlBody).toMatch(/<html dir="ltr" lang="en"/);
      const [row] = await db().select().from(orders).where(eq(orders.code, order.code));
      expect(row!.language).toBe('en');
    }
  });

  it('account e-mails are in the language of the request: a Dutch registration, a Polish reset', async () => {
    const email = `languages.${engine}@example.org`;
    expect((await callIn('nl', 'register', { full_name: 'Noor Taal', email })).status).toBe(200);
    const [created] = await mailsTo(email);
    expect(created!.subject).toBe(`Je account bij ${shop.config.name}`);
    expect(created!.textBody).toContain('Hallo Noor Taal,\n\nJe account is aangemaakt. Log in met je e-mailadres en dit wachtwoord:');
    expect(created!.htmlBody).toMatch(/<html dir="ltr" lang="nl"/);
    expect((await callIn('pl', 'request-password-reset', { email })).status).toBe(200);
    const reset = (await mailsTo(email)).at(-1)!;
    expect(reset.subject).toBe(`Ustaw nowe hasło w sklepie ${shop.config.name}`);
    expect(reset.htmlBody).toMatch(/<html dir="ltr" lang="pl"/);
  });
});
