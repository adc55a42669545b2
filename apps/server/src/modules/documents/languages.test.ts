import { writeFileSync } from 'node:fs';
import { api, staffApi } from '@festival/contract';
import { and, eq } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/databases';
import { readPdf } from '../../../test/pdf-reader';
import { BANK_DETAILS, cartWith, checkoutPayload, createCustomer, payOnSandbox } from '../../../test/shop-flows';
import { staffCall } from '../../../test/staff-call';
import { signedInStaff } from '../../../test/staff-sign-in';
import { createTestShop, type TestShop } from '../../../test/test-shop';
import { customers, events, invoices, orders } from '../../db/schema';
import { SANDBOX_CARDS } from '../payments/sandbox-gateway';
import { runRefundsCommand } from '../portal/refunds-command';

/**
 * Issue 36: a document about an order is in the order's language (decision 0094): its fixed
 * texts, its amounts and its dates; an Arabic one is laid out right to left. Read back as a
 * reader does (pdf.js' text, and poppler's pdftotext with each word's box for where it sits).
 */
const SECRET = 'documents-languages-test-secret-0123456789';
const ADDRESS = { 'Street and number': 'Prinsengracht 263', Postcode: '1016 GV', City: 'Amsterdam' };
const A4_WIDTH = 595.28;
const MARGIN = 56;
const GERMAN_DAY = /(Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag), \d{1,2}\. (Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember) \d{4} um \d\d:\d\d/;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each run of text on a page as pdf.js reads it (in logical order), with where it sits: points from the left edge, and from the top. */
async function placedTexts(bytes: Uint8Array, pageNumber = 1): Promise<{ text: string; left: number; right: number; top: number }[]> {
  const document = await getDocument({ data: new Uint8Array(bytes), isOffscreenCanvasSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  try {
    const page = await document.getPage(pageNumber);
    const height = page.getViewport({ scale: 1 }).height;
    const content = await page.getTextContent();
    return content.items
      .filter((item) => 'str' in item && item.str.trim() !== '')
      .map((item) => {
        const { str, transform, width } = item as { str: string; transform: number[]; width: number };
        return { text: str.trim(), left: transform[4]!, right: transform[4]! + width, top: height - transform[5]! };
      });
  } finally {
    await document.destroy();
  }
}

describe.each(testEngines())('documents in the order’s language on %s', (engine) => {
  let shop: TestShop;
  let base: string;
  const clock = new Date('2026-11-23T12:00:00Z');
  beforeAll(async () => {
    shop = await createTestShop(engine, { config: { languages: ['en', 'de', 'ar'] }, app: { appSecret: SECRET, now: () => clock, catalogMaxAgeMs: 0 } });
    base = await shop.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await shop?.close();
  });
  const db = () => shop.database.db;

  /** A PDF by its link, kept under DOCUMENTS_PDF_DIR when set (to look at: pdftoppm -png -r 60). */
  const download = async (link: string, name: string) => {
    const response = await fetch(base + link);
    expect(response.status, link).toBe(200);
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (process.env.DOCUMENTS_PDF_DIR) writeFileSync(`${process.env.DOCUMENTS_PDF_DIR}/${engine}-${name}.pdf`, bytes);
    return { bytes, ...(await readPdf(bytes)) };
  };

  /** A paid card order, placed in `language`, of a weekend ticket, a coach seat and a shirt shipped to the Netherlands with a voucher. */
  const paidOrder = async (language: string | null, name: string) => {
    const buyer = await createCustomer(shop);
    await db().update(customers).set({ fullName: name }).where(eq(customers.id, buyer.id));
    const cart = await cartWith(shop, buyer.token, ['NWF27-WEEKEND', 'NWF27-COACH-UTR'], ['NWF27-TEE-LINEUP']);
    const checkout = await shop.call(
      'checkout-cart',
      checkoutPayload(buyer.token, cart, { shipping_name: name, shipping_country: 'NL', shipping_address: ADDRESS }, { voucher_code: 'WELCOME10', customer: { country: 'NL', address: ADDRESS } }),
    );
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    const placed = api['checkout-cart'].answer.parse(checkout.body);
    // The page's language, as checkout keeps it (the checkout tests cover that it does).
    await db().update(orders).set({ language }).where(eq(orders.code, placed.order.code));
    await payOnSandbox(base, placed.payment, SANDBOX_CARDS.succeeds);
    const data = api['get-data'].answer.parse((await shop.call('get-data', { token: buyer.token })).body).data;
    const order = data.orders.find((candidate) => candidate.code === placed.order.code)!;
    const [invoice] = await db().select().from(invoices).where(and(eq(invoices.orderId, order.id), eq(invoices.kind, 'invoice')));
    return { buyer, order, invoiceNumber: invoice!.number! };
  };
  const ticketLink = (ticket: { email: string | null; code: string }) => `/download-ticket/${encodeURIComponent(ticket.email!)}/${ticket.code}`;

  it('prints a German order’s tickets, invoice and credit note in German: labels, notes, dates and amounts', async () => {
    const { buyer, order, invoiceNumber } = await paidOrder('de', 'Jürgen Weiß');
    const weekend = order.tickets.find((ticket) => ticket.product === 'Weekend ticket')!;
    const coach = order.tickets.find((ticket) => ticket.product.startsWith('Coach'))!;

    // The event's end and venue (decision 0117), printed under its start.
    await db().update(events).set({ endsAt: new Date('2027-06-21T01:00:00Z'), venue: 'Walibi Holland, Biddinghuizen' }).where(eq(events.externalCode, 'NWF27'));
    const ticket = await download(ticketLink(weekend), 'de-ticket');
    for (const label of ['Ticket', 'Name', 'E-Mail', 'Altersgruppe', 'Bestellung', 'Ticketcode']) expect(ticket.lines, label).toContain(label);
    expect(ticket.lines).toContainEqual(expect.stringMatching(new RegExp(`^Beginn: ${GERMAN_DAY.source} (MESZ|MEZ)$`)));
    expect(ticket.lines).toContainEqual(expect.stringMatching(new RegExp(`^Ende: ${GERMAN_DAY.source} (MESZ|MEZ)$`)));
    expect(ticket.lines).toContain('Walibi Holland, Biddinghuizen');
    expect(ticket.text).toContain('Zeigen Sie diesen Code am Einlass vor.');
    for (const english of ['Holder', 'E-mail', 'Age', 'Order', 'Ticket code']) expect(ticket.lines).not.toContain(english);
    for (const english of ['Starts', 'Ends', 'Show this code']) expect(ticket.text).not.toContain(english);
    expect(ticket.qrCodes).toHaveLength(1);
    expect(Buffer.from(ticket.bytes).toString('latin1')).toMatch(/\/Lang \(de\)/);

    const shuttle = await download(ticketLink(coach), 'de-coach');
    expect(shuttle.lines).toContain('Abfahrtszeit');
    expect(shuttle.lines).toContainEqual(expect.stringMatching(/^Freitag, 18\. Juni 2027 um 11:30 MESZ$/));
    expect(shuttle.text).toContain('Bitte seien Sie 30 Minuten vor Ihrer Abfahrtszeit am Treffpunkt.');

    const invoice = await download(`/download-invoice/${order.code}/${order.checksum}`, 'de-invoice');
    const lines = invoice.lines;
    expect(lines).toContain(`Rechnung ${invoiceNumber}`);
    expect(lines).toContainEqual(expect.stringContaining(`Rechnungsnummer: ${invoiceNumber}`));
    expect(lines).toContainEqual(expect.stringContaining('Ausstellungsdatum: 23. November 2026'));
    expect(lines).toContainEqual(expect.stringContaining('Zahlungseingang: 23. November 2026'));
    expect(lines).toContainEqual(expect.stringMatching(/Leistungsdatum: \d{1,2}\. Juni 2027 \(/));
    expect(invoice.text).toContain('Merchandise: Versand nach Zahlungseingang');
    expect(lines).toContainEqual(expect.stringContaining('USt-IdNr.: NL859123456B01'));
    expect(lines).toContain('Rechnungsadresse');
    expect(lines).toContain('Beschreibung USt-Satz Betrag inkl. USt');
    // Amounts as German writes them: a decimal comma, the sign before and the euro after.
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^Weekend ticket \\(${escapeRegExp(weekend.full_name!)}\\) VAT 9% \\d+,\\d\\d €$`)));
    expect(lines).toContainEqual(expect.stringMatching(/^Versand mit .+ VAT 21% \d+,\d\d €$/));
    expect(lines).toContain('Gutschein Welcome voucher (€10 off) -10,00 €');
    expect(lines).toContainEqual(expect.stringMatching(/^Gesamt \d+,\d\d €$/));
    expect(lines).toContain('USt-Übersicht');
    expect(lines).toContain('USt-Satz Netto USt Brutto');
    expect(lines).toContainEqual(expect.stringMatching(/^VAT 9% \d+,\d\d € \d+,\d\d € \d+,\d\d €$/));
    expect(invoice.text).toContain('Die Preise enthalten die Umsatzsteuer');
    for (const english of ['Invoice', 'Billed to', 'Date of issue', 'VAT summary', 'Total', '€0', 'November 2026 (']) expect(invoice.text).not.toContain(english);

    // A refund's credit note, in the order's language too.
    const requested = await shop.call('request-refund', { token: buyer.token, order_id: order.id, tickets: weekend.code, ...BANK_DETAILS });
    expect(requested.status, JSON.stringify(requested.body)).toBe(200);
    const refundId = requested.body.data.refund_id as number;
    expect(await runRefundsCommand(['mark-processed', String(refundId)], { db: db(), config: shop.config, now: () => clock, print: () => {} })).toBe(0);
    const refund = api['get-data'].answer.parse((await shop.call('get-data', { token: buyer.token })).body).data.refunds.find((candidate) => candidate.id === refundId)!;
    const note = await download(`/download-credit-note/${order.code}/${refundId}/${refund.credit_note!.checksum}`, 'de-credit-note');
    expect(note.lines).toContain(`Gutschrift ${refund.credit_note!.number}`);
    expect(note.lines).toContainEqual(expect.stringContaining(`Gutschriftsnummer: ${refund.credit_note!.number}`));
    expect(note.text).toContain(`Korrektur zur Rechnung: ${invoiceNumber} vom 23. November 2026`);
    expect(note.lines).toContainEqual(expect.stringMatching(new RegExp(`^Weekend ticket \\(${escapeRegExp(weekend.full_name!)}\\) VAT 9% -\\d+,\\d\\d €$`)));
    expect(note.lines).toContainEqual(expect.stringMatching(/^Gutgeschrieben gesamt -\d+,\d\d €$/));
    expect(note.text).toContain('Mit dieser Gutschrift werden die oben genannten Beträge erstattet');
    expect(note.text).not.toContain('Credit note');

    // The desk's print of the order's tickets (decision 0076) too.
    const cookie = (await signedInStaff(shop.app, db(), { email: 'desk@example.org', role: 'box_office' }, clock)).cookie;
    const printed = await staffCall(shop.app, 'order-tickets-pdf', { code: order.code }, cookie);
    expect(printed.status, JSON.stringify(printed.body)).toBe(200);
    const desk = await readPdf(Buffer.from(staffApi['order-tickets-pdf'].answer.parse(printed.body).content, 'base64'));
    expect(desk.pages).toBe(1);
    expect(desk.lines).toContain('Ticketcode');
    expect(desk.lines).toContain('Abfahrtszeit');
  });

  it('prints an Arabic order’s ticket and invoice right to left: Arabic texts in reading order, lines at the right margin, amounts and codes left to right', async () => {
    const { order, invoiceNumber } = await paidOrder('ar', 'Sara محمد');
    const weekend = order.tickets.find((ticket) => ticket.product === 'Weekend ticket')!;

    const ticket = await download(ticketLink(weekend), 'ar-ticket');
    // Each label a line of its own, read back in logical (typed) order.
    for (const label of ['التذكرة', 'حامل التذكرة', 'البريد الإلكتروني', 'الفئة العمرية', 'الطلب', 'رمز التذكرة']) expect(ticket.lines, label).toContain(label);
    expect(ticket.lines).toContain(weekend.code);
    expect(ticket.lines).toContain(weekend.full_name);
    expect(ticket.text).toContain('يُرجى إبراز هذا الرمز عند المدخل');
    expect(ticket.qrCodes).toHaveLength(1);
    expect(Buffer.from(ticket.bytes).toString('latin1')).toMatch(/\/Lang \(ar\)/);
    // Every line above the QR code ends at the right margin: the labels, the Latin values (a
    // code, a name) and the shop's name alike; none starts at the left one.
    const rightEdge = A4_WIDTH - MARGIN;
    const above = (await placedTexts(ticket.bytes)).filter((placed) => placed.top < 440);
    expect(above.map((placed) => placed.text)).toEqual(expect.arrayContaining(['رمز التذكرة', 'حامل التذكرة', weekend.code, order.code]));
    // A line is one run or several (a date's digits are a left-to-right run inside it): its last one reaches the margin.
    const lines = new Map<number, typeof above>();
    for (const placed of above) lines.set(Math.round(placed.top), [...(lines.get(Math.round(placed.top)) ?? []), placed]);
    expect(lines.size).toBeGreaterThan(14);
    for (const line of lines.values()) expect(Math.max(...line.map((placed) => placed.right)), line.map((placed) => placed.text).join(' ')).toBeCloseTo(rightEdge, 0);
    expect(Math.min(...above.map((placed) => placed.left))).toBeGreaterThan(MARGIN + 100);

    const invoice = await download(`/download-invoice/${order.code}/${order.checksum}`, 'ar-invoice');
    expect(invoice.lines).toContain(`فاتورة ${invoiceNumber}`);
    expect(invoice.text).toContain('الفاتورة باسم');
    expect(invoice.text).toContain('ملخص ضريبة القيمة المضافة');
    expect(invoice.text).toContain('تشمل الأسعار ضريبة القيمة المضافة');
    expect(Buffer.from(invoice.bytes).toString('latin1')).toMatch(/\/Lang \(ar\)/);
    const placed = await placedTexts(invoice.bytes);
    const find = (pattern: RegExp) => {
      const found = placed.filter((candidate) => pattern.test(candidate.text));
      expect(found, String(pattern)).not.toHaveLength(0);
      return found;
    };
    expect(find(/^فاتورة/)[0]!.right).toBeCloseTo(rightEdge, 0);
    expect(find(/^الفاتورة باسم$/)[0]!.right).toBeCloseTo(rightEdge, 0);
    // The table mirrors: the description at the right margin, the amounts at the left one, each read left to right.
    expect(find(/^Weekend ticket \(Holder 0 NWF27-WEEKEND\)$/)[0]!.right).toBeCloseTo(rightEdge, 0);
    const amounts = find(/^-?\d+\.\d\d €$/);
    expect(amounts.length).toBeGreaterThan(8);
    expect(Math.min(...amounts.map((amount) => amount.left))).toBeCloseTo(MARGIN, 0);
    expect(invoice.lines).toContainEqual(expect.stringMatching(/-10\.00 €$/));
  });

  it('prints an order of a language the shop no longer offers, and one from before languages, in the shop’s default', async () => {
    const { order, invoiceNumber } = await paidOrder('fr', 'Jeanne Martin');
    const invoice = await download(`/download-invoice/${order.code}/${order.checksum}`, 'fr-invoice');
    expect(invoice.lines).toContain(`Invoice ${invoiceNumber}`);
    expect(Buffer.from(invoice.bytes).toString('latin1')).toMatch(/\/Lang \(en\)/);
    const before = await paidOrder(null, 'Jan Jansen');
    const ticket = await download(ticketLink(before.order.tickets[0]!), 'default-ticket');
    expect(ticket.lines).toContain('Ticket code');
    // Left to right: every line above the QR code starts at the left margin.
    for (const placed of (await placedTexts(ticket.bytes)).filter((text) => text.top < 400)) expect(placed.left, placed.text).toBeCloseTo(MARGIN, 0);
  });

  it('answers a document link that does not download in the request’s language', async () => {
    const page = async (link: string, headers: Record<string, string>) => {
      const response = await fetch(base + link, { headers });
      expect(response.status).toBe(404);
      return { html: await response.text(), language: response.headers.get('content-language') };
    };
    const german = await page('/download-ticket/nobody%40example.org/NOSUCHCODE', { 'accept-language': 'de-DE,de;q=0.9' });
    expect(german.language).toBe('de');
    expect(german.html).toContain('<html lang="de" dir="ltr">');
    expect(german.html).toContain('<h1>Dieser Ticket-Link funktioniert nicht</h1>');
    expect(german.html).toContain('Ihre Bestellungen');
    const arabic = await page('/download-invoice/NOSUCHORDER/0000', { 'accept-language': 'en', cookie: 'shop_language=ar' });
    expect(arabic.html).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.html).toContain('<h1>رابط الفاتورة هذا لا يعمل</h1>');
    const english = await page('/download-ticket/nobody%40example.org/NOSUCHCODE', { 'accept-language': 'xx' });
    expect(english.html).toContain('<html lang="en" dir="ltr">');
    expect(english.html).toContain('<h1>This ticket link does not work</h1>');
  });
});
