import { api } from '@festival/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/databases';
import { readPdf } from '../../../test/pdf-reader';
import { checkoutPayload, createCustomer, payOnSandbox } from '../../../test/shop-flows';
import { createTestShop, type TestShop } from '../../../test/test-shop';
import { customers, shopItems } from '../../db/schema';
import { SANDBOX_CARDS } from '../payments/sandbox-gateway';

/**
 * Issue 18 point 8: every name prints. Each case is a holder's and buyer's name and a billing city
 * in one script; both PDFs must give each back exactly as typed when a reader extracts their text.
 * For right-to-left names "exactly" means in logical (typed) order: the PDF draws the glyphs from
 * left to right in visual order and pdf.js turns a right-to-left run back into logical order, so a
 * name drawn in the wrong order (or unshaped, or in a font without its letters) comes out as
 * another string and fails. Names are compared as whole printed lines (the reader's `lines`).
 * The cases run in one shop, in this order on purpose: the fonts are shared by every document of
 * the process, and Czech 'í' (whose outline uses 'ı') before Turkish 'ı', or 'ά' before a plain
 * 'α', once left the later letter without its text in the PDF (decision 0028).
 */
const CASES = [
  { script: 'Polish', name: 'Łukasz Żółć-Wąsowski', city: 'Łódź' },
  { script: 'Czech', name: 'Antonín Dvořák', city: 'Třebíč' },
  { script: 'Romanian', name: 'Ștefan Țurcanu', city: 'Timișoara' },
  { script: 'Turkish', name: 'Ayşe Yılmaz-Doğan İnce', city: 'İstanbul' },
  { script: 'Greek', name: 'Αλέξανδρος Παπαδόπουλος', city: 'Θεσσαλονίκη' },
  { script: 'Cyrillic', name: 'Ольга Іванівна Ђорђевић', city: 'Москва' },
  { script: 'Arabic', name: 'محمد عبد الله', city: 'القاهرة' },
  { script: 'Arabic with a lam-alef ligature', name: 'علاء الدين', city: 'الإسكندرية' },
  { script: 'Hebrew', name: 'דוד כהן', city: 'תל אביב' },
  { script: 'Chinese', name: '李小龍', city: '北京' },
  { script: 'Japanese', name: '山田 太郎', city: '東京都' },
  { script: 'Korean', name: '김민준', city: '서울' },
  { script: 'mixed Cyrillic, Chinese and Latin', name: "Ольга 李 O'Brien", city: 'Zürich' },
  { script: 'mixed Latin and Arabic', name: 'Sara محمد', city: 'Dubai دبي' },
];

const SHOP_NAME = 'Festiwal Łódź · Фестиваль · 音楽祭';
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe.each(testEngines())('names in every script on ticket and invoice PDFs on %s', (engine) => {
  let shop: TestShop;
  let base: string;
  beforeAll(async () => {
    // The shop's own texts take any script too.
    shop = await createTestShop(engine, {
      config: {
        name: SHOP_NAME,
        contact: { email: 'shop@northwind-festival.example', address: 'ul. Świętokrzyska 5, 00-001 Warszawa' },
        seller: { legalName: 'Festiwal Łódź sp. z o.o.', address: ['ul. Świętokrzyska 5', '00-001 Warszawa', 'Polska'], vatNumber: 'PL5260001246', invoiceNumberPrefix: 'FL-', creditNoteNumberPrefix: 'FL-K-' },
      },
      app: { catalogMaxAgeMs: 0 },
    });
    base = await shop.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await shop?.close();
  });

  /** A paid card order of one weekend ticket for this holder, billed to the buyer at this city; answers both PDFs' text. */
  const orderPdfs = async (name: string, city: string, index: number) => {
    const buyer = await createCustomer(shop);
    // The billing name is the account's name (the accounts tests cover setting it through the API).
    await shop.database.db.update(customers).set({ fullName: name }).where(eq(customers.id, buyer.id));
    const added = await shop.call('add-product-to-cart', { token: buyer.token, external_code: 'NWF27-WEEKEND', full_name: name, email: `script${index}.${buyer.id}@example.org`, age: '25-34' });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const address = { 'Street and number': `${city} 1`, Postcode: '1012 LG', City: city };
    const checkout = await shop.call('checkout-cart', checkoutPayload(buyer.token, added.body.cart.code, {}, { customer: { country: 'NL', address } }));
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    const placed = api['checkout-cart'].answer.parse(checkout.body);
    await payOnSandbox(base, placed.payment, SANDBOX_CARDS.succeeds);
    const data = api['get-data'].answer.parse((await shop.call('get-data', { token: buyer.token })).body).data;
    const order = data.orders.find((candidate) => candidate.code === placed.order.code)!;
    const ticket = order.tickets[0]!;
    expect(ticket.full_name).toBe(name);
    const download = async (path: string) => {
      const response = await fetch(base + path);
      expect(response.status, path).toBe(200);
      return readPdf(new Uint8Array(await response.arrayBuffer()));
    };
    return {
      ticket: await download(`/download-ticket/${encodeURIComponent(ticket.email!)}/${ticket.code}`),
      invoice: await download(`/download-invoice/${order.code}/${order.checksum}`),
    };
  };

  it.each(CASES.map((entry, index) => [entry.script, entry, index] as const))('prints a name in %s exactly on the ticket and the invoice', async (_script, { name, city }, index) => {
    const { ticket, invoice } = await orderPdfs(name, city, index);
    expect(ticket.pages).toBe(1);
    // Each is a printed line of its own, read back character for character.
    expect(ticket.lines).toContain(name);
    expect(ticket.lines).toContain(SHOP_NAME);
    // The invoice names the buyer, the billing address, and the holder on the ticket's line.
    const billedTo = invoice.lines.indexOf('Billed to');
    expect(invoice.lines.slice(billedTo + 1, billedTo + 3)).toEqual([name, expect.stringMatching(/@example\.org$/)]);
    // The billing address in the Netherlands' order (decision 0033): street, then postcode and city.
    expect(invoice.lines.slice(billedTo + 3, billedTo + 6)).toEqual([`${city} 1`, `1012 LG ${city}`, 'Netherlands']);
    expect(invoice.lines).toContainEqual(expect.stringMatching(new RegExp(`^Weekend ticket \\(${escapeRegExp(name)}\\) VAT 9% €\\d+\\.\\d\\d$`)));
    expect(invoice.lines).toContain(SHOP_NAME);
    expect(invoice.lines).toContain('Festiwal Łódź sp. z o.o.');
    expect(invoice.lines).toContain('ul. Świętokrzyska 5');
  });

  it('prints catalogue texts in any script, and control characters in them change nothing of the layout', async () => {
    const db = shop.database.db;
    const [item] = await db.select({ name: shopItems.name }).from(shopItems).where(eq(shopItems.externalCode, 'NWF27-WEEKEND'));
    // A name from the organiser's catalogue with a bell, a terminal escape, a line break, a tab, a
    // right-to-left override and a zero-width space in it: none of them may print or move text.
    await db.update(shopItems).set({ name: 'Weekend\u0007 ticket\u001b \u202eΕισιτήριο\r\nБилет\t周末票\u200b\u0085تذكرة' }).where(eq(shopItems.externalCode, 'NWF27-WEEKEND'));
    try {
      const { ticket, invoice } = await orderPdfs('Jan Novák', 'Brno', 100);
      const printed = 'Weekend ticket Εισιτήριο Билет 周末票 تذكرة';
      // One line each, in the order typed: no break, no reordering, nothing invisible left in.
      expect(ticket.lines).toContain(printed);
      expect(invoice.lines).toContainEqual(expect.stringMatching(new RegExp(`^${printed} \\(Jan Novák\\) VAT 9% €\\d+\\.\\d\\d$`)));
      for (const text of [ticket.text, invoice.text]) expect(text).not.toMatch(/[\p{Cc}\p{Cf}]/u);
      expect(ticket.pages).toBe(1);
    } finally {
      await db.update(shopItems).set({ name: item!.name }).where(eq(shopItems.externalCode, 'NWF27-WEEKEND'));
    }
  });
});
