import { writeFileSync } from 'node:fs';
import { api } from '@festival/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/databases';
import { readPdf } from '../../../test/pdf-reader';
import { BANK_DETAILS, cartWith, checkoutPayload, createCustomer, payOnSandbox } from '../../../test/shop-flows';
import { createTestShop, type TestShop } from '../../../test/test-shop';
import { customers, invoices, orders, taxRates } from '../../db/schema';
import { SANDBOX_CARDS } from '../payments/sandbox-gateway';
import { runRefundsCommand } from '../portal/refunds-command';
import { contentOf, formatNumber, invoicedRate, issueInvoice } from './invoicing.service';

const SECRET = 'invoicing-test-secret-0123456789abcdef';
const LONG_ADDRESS = { 'Street and number': 'Burgemeester van Nispen tot Sevenaerstraat 1234-bis', 'Address line 2': 'Appartement 17, derde verdieping achter', Postcode: '1012 LG', City: 'Amsterdam' };

describe.each(testEngines())('invoices and credit notes on %s', (engine) => {
  let shop: TestShop;
  let base: string;
  const clock = new Date('2026-11-23T12:00:00Z');
  beforeAll(async () => {
    shop = await createTestShop(engine, { app: { appSecret: SECRET, now: () => clock, catalogMaxAgeMs: 0 } });
    base = await shop.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await shop?.close();
  });
  const db = () => shop.database.db;
  const download = async (path: string) => {
    const response = await fetch(base + path);
    if (response.status !== 200) return { status: response.status, pdf: null };
    const bytes = new Uint8Array(await response.arrayBuffer());
    // INVOICE_PDF_DIR=/tmp/x keeps the documents to look at (pdftoppm -png -r 80).
    if (process.env.INVOICE_PDF_DIR) writeFileSync(`${process.env.INVOICE_PDF_DIR}/${engine}-${path.split('/')[1]}-${path.split('/')[2]}.pdf`, bytes);
    return { status: response.status, pdf: await readPdf(bytes) };
  };
  const dataOf = async (token: string) => api['get-data'].answer.parse((await shop.call('get-data', { token })).body).data;

  /** A card order of two weekend tickets and a shirt shipped to the Netherlands, with a voucher, paid on the sandbox. */
  const paidOrderWithVoucher = async (name: string) => {
    const buyer = await createCustomer(shop);
    await db().update(customers).set({ fullName: name }).where(eq(customers.id, buyer.id));
    const cart = await cartWith(shop, buyer.token, ['NWF27-WEEKEND', 'NWF27-WEEKEND'], ['NWF27-TEE-LINEUP']);
    const calculated = api['calculate-invoice'].answer.parse((await shop.call('calculate-invoice', { token: buyer.token, cart, country: 'NL' })).body).invoice;
    const checkout = await shop.call(
      'checkout-cart',
      checkoutPayload(buyer.token, cart, { shipping_name: name, shipping_country: 'NL', shipping_address: LONG_ADDRESS }, { voucher_code: 'WELCOME10', customer: { country: 'NL', address: LONG_ADDRESS } }),
    );
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    const placed = api['checkout-cart'].answer.parse(checkout.body);
    await payOnSandbox(base, placed.payment, SANDBOX_CARDS.succeeds);
    const order = (await dataOf(buyer.token)).orders.find((candidate) => candidate.code === placed.order.code)!;
    return { buyer, order, calculated };
  };

  it('issues a numbered invoice at payment whose lines, voucher, carrier and VAT per rate add up to what was paid', async () => {
    const { order, calculated } = await paidOrderWithVoucher("Ольга 李 O'Brien");
    expect(order.payment_status).toBe('paid');
    expect(order.discount_amount).toBe(1000);
    const [row] = await db().select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(row!.number).toMatch(/^NWF-\d{6}$/);
    const content = contentOf(row!);
    // The voucher is spread over the rates: they add up to what the customer paid, to the cent.
    expect(content.total).toBe(order.total_price);
    expect(content.rates.reduce((sum, rate) => sum + rate.gross, 0)).toBe(calculated.total - 1000);
    for (const rate of content.rates) expect(rate.net + rate.tax).toBe(rate.gross);
    expect(content.rates.map((rate) => rate.name).sort()).toEqual(['VAT 21%', 'VAT 9%']);

    const { status, pdf } = await download(`/download-invoice/${order.code}/${order.checksum}`);
    expect(status).toBe(200);
    const lines = pdf!.lines;
    expect(lines).toContain(`Invoice ${row!.number}`);
    expect(lines).toContainEqual(expect.stringContaining(`Invoice number: ${row!.number}`));
    expect(lines).toContainEqual(expect.stringContaining('Date of issue: 23 November 2026'));
    expect(lines).toContainEqual(expect.stringContaining('VAT number: NL859123456B01'));
    expect(lines).toContainEqual(expect.stringContaining('Northwind Events B.V.'));
    // The buyer's address in Dutch order: street lines, postcode and city, country.
    const billedTo = lines.indexOf('Billed to');
    expect(lines.slice(billedTo + 1, billedTo + 7)).toEqual([
      "Ольга 李 O'Brien",
      expect.stringMatching(/@example\.org$/),
      LONG_ADDRESS['Street and number'],
      LONG_ADDRESS['Address line 2'],
      '1012 LG Amsterdam',
      'Netherlands',
    ]);
    // The shipping line names the carrier, not the recipient.
    expect(lines).toContainEqual(expect.stringMatching(/^Shipping by PostNL parcel VAT 21% €4\.95$/));
    expect(lines).toContainEqual(expect.stringMatching(/^Voucher .* -€10\.00$/));
    const money = (minor: number) => `€${(minor / 100).toFixed(2)}`;
    expect(lines).toContain(`Total ${money(order.total_price)}`);
    for (const rate of content.rates) expect(lines).toContain(`${rate.name} ${money(rate.net)} ${money(rate.tax)} ${money(rate.gross)}`);
    // A second download is the same invoice: no new number.
    await download(`/download-invoice/${order.code}/${order.checksum}`);
    expect(await db().select().from(invoices).where(eq(invoices.orderId, order.id))).toHaveLength(1);
  });

  it('prints the same VAT per rate as /calculate-invoice answers for an order without a voucher', async () => {
    const buyer = await createCustomer(shop);
    const cart = await cartWith(shop, buyer.token, ['NWF27-WEEKEND'], ['NWF27-TEE-LINEUP']);
    const calculated = api['calculate-invoice'].answer.parse((await shop.call('calculate-invoice', { token: buyer.token, cart, country: 'NL' })).body).invoice;
    const checkout = await shop.call('checkout-cart', checkoutPayload(buyer.token, cart, { shipping_name: 'Bea', shipping_country: 'NL', shipping_address: LONG_ADDRESS }));
    const placed = api['checkout-cart'].answer.parse(checkout.body);
    await payOnSandbox(base, placed.payment, SANDBOX_CARDS.succeeds);
    const [row] = await db().select().from(invoices).innerJoin(orders, eq(orders.id, invoices.orderId)).where(eq(orders.code, placed.order.code));
    const content = contentOf(row!.invoices);
    expect(Object.fromEntries(content.rates.map((rate) => [rate.name, rate.tax]))).toEqual(calculated.tax);
    expect(Object.fromEntries(content.rates.map((rate) => [rate.name, rate.net]))).toEqual(calculated.items_total_without_tax);
  });

  it('numbers invoices without gaps or doubles when many are issued at once and some roll back', async () => {
    const { order } = await paidOrderWithVoucher('Race Template');
    const [template] = await db().select().from(orders).where(eq(orders.id, order.id));
    // Paid orders without an invoice, as orders paid before invoices were numbered are.
    const { id: _id, code: _code, cartId: _cart, ...rest } = template!;
    const clones = await db()
      .insert(orders)
      .values(Array.from({ length: 16 }, (_, index) => ({ ...rest, code: `RACE-${engine}-${index}`, cartId: null })))
      .returning({ id: orders.id });
    const before = await db().select({ sequence: invoices.sequence }).from(invoices).where(eq(invoices.series, 'invoice'));
    const rollback = new Error('rolled back on purpose');
    // Each order is issued twice at once (a payment and a download racing); every third issue rolls
    // back after taking its number. Half of the first issues are numbered at commit, as a payment's are.
    const attempts = clones.flatMap(({ id }, index) => [
      db().transaction(async (tx) => {
        await issueInvoice(tx, shop.config, id, clock, { numbering: index % 2 === 0 ? 'at-commit' : 'now' });
        if (index % 3 === 0) throw rollback;
      }),
      db().transaction((tx) => issueInvoice(tx, shop.config, id, clock)),
    ]);
    const results = await Promise.allSettled(attempts);
    expect(results.filter((result) => result.status === 'rejected').every((result) => (result as PromiseRejectedResult).reason === rollback)).toBe(true);
    const numbered = await db()
      .select({ sequence: invoices.sequence, orderId: invoices.orderId, number: invoices.number, pendingPrefix: invoices.pendingPrefix })
      .from(invoices)
      .where(eq(invoices.series, 'invoice'));
    const sequences = numbered.map((row) => row.sequence!).sort((a, b) => a - b);
    // 1, 2, 3, … with every number once: no gap left by a rollback, no number given twice, each
    // printed alike however it was taken, and none left waiting for one.
    expect(sequences).toEqual(Array.from({ length: sequences.length }, (_, index) => index + 1));
    expect(new Set(numbered.map((row) => row.number)).size).toBe(numbered.length);
    for (const row of numbered) expect(row).toMatchObject({ number: formatNumber(shop.config.seller!.invoiceNumberPrefix, row.sequence!), pendingPrefix: null });
    // Every clone has exactly one invoice (the second issue of each order found the first, or issued after its rollback).
    for (const { id } of clones) expect(numbered.filter((row) => row.orderId === id)).toHaveLength(1);
    expect(numbered.length).toBe(before.length + clones.length);
  });

  it('numbers a payment’s invoice as its transaction commits: an open payment does not hold up the next one’s number', async () => {
    const { order } = await paidOrderWithVoucher('Commit Template');
    const [template] = await db().select().from(orders).where(eq(orders.id, order.id));
    const { id: _id, code: _code, cartId: _cart, ...rest } = template!;
    const [first, second] = await db()
      .insert(orders)
      .values([0, 1].map((index) => ({ ...rest, code: `COMMIT-${engine}-${index}`, cartId: null })))
      .returning({ id: orders.id });
    const sequenceOf = async (orderId: number) => (await db().select({ sequence: invoices.sequence }).from(invoices).where(eq(invoices.orderId, orderId)))[0]?.sequence;
    const [last] = await db().select({ sequence: invoices.sequence }).from(invoices).where(eq(invoices.series, 'invoice')).orderBy(desc(invoices.sequence)).limit(1);
    const unnumbered = { sequence: null, number: null, pendingPrefix: shop.config.seller!.invoiceNumberPrefix };
    if (engine === 'pglite') {
      // One connection, so one transaction at a time: inside it the invoice has no number yet; the commit gives it the next.
      await db().transaction(async (tx) => expect(await issueInvoice(tx, shop.config, first!.id, clock, { numbering: 'at-commit' })).toMatchObject(unnumbered));
      await db().transaction(async (tx) => expect(await issueInvoice(tx, shop.config, second!.id, clock, { numbering: 'at-commit' })).toMatchObject(unnumbered));
      expect([await sequenceOf(first!.id), await sequenceOf(second!.id)]).toEqual([last!.sequence! + 1, last!.sequence! + 2]);
      return;
    }
    // The first payment issues its invoice and stays open; inside it, the invoice has no number yet.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let issuedFirst!: () => void;
    const firstIssued = new Promise<void>((resolve) => (issuedFirst = resolve));
    const firstPayment = db().transaction(async (tx) => {
      expect(await issueInvoice(tx, shop.config, first!.id, clock, { numbering: 'at-commit' })).toMatchObject(unnumbered);
      issuedFirst();
      await released;
    });
    await firstIssued;
    // The second payment issues and commits meanwhile, without waiting for the first: it takes the next number.
    await db().transaction((tx) => issueInvoice(tx, shop.config, second!.id, clock, { numbering: 'at-commit' }));
    expect(await sequenceOf(second!.id)).toBe(last!.sequence! + 1);
    release();
    await firstPayment;
    expect(await sequenceOf(first!.id)).toBe(last!.sequence! + 2);
  });

  it('issues a credit note with its own number when a refund is processed, downloadable by its own signed link only', async () => {
    const { buyer, order } = await paidOrderWithVoucher('Credit Note Buyer');
    const ticket = order.tickets[0]!;
    const requested = await shop.call('request-refund', { token: buyer.token, order_id: order.id, tickets: ticket.code, ...BANK_DETAILS });
    expect(requested.status, JSON.stringify(requested.body)).toBe(200);
    const refundId = requested.body.data.refund_id as number;
    expect((await dataOf(buyer.token)).refunds.find((refund) => refund.id === refundId)!.credit_note).toBeNull();
    // The ticket's rate changes in the catalogue (renamed and raised) after the order was invoiced:
    // the credit note still corrects at the 9 % the invoice charged (decision 0111).
    const [low] = await db().select().from(taxRates).where(eq(taxRates.name, 'VAT 9%'));
    await db().update(taxRates).set({ name: 'Culture VAT', basisPoints: 2100 }).where(eq(taxRates.id, low!.id));
    try {
      expect(await runRefundsCommand(['mark-processed', String(refundId)], { db: db(), config: shop.config, now: () => clock, print: () => {} })).toBe(0);
    } finally {
      await db().update(taxRates).set({ name: low!.name, basisPoints: low!.basisPoints }).where(eq(taxRates.id, low!.id));
    }

    const refund = (await dataOf(buyer.token)).refunds.find((candidate) => candidate.id === refundId)!;
    expect(refund.credit_note?.number).toMatch(/^NWF-CN-\d{6}$/);
    // The order's invoice, not its credit note (both carry the order's id; which comes first unordered is the heap's say).
    const [invoice] = await db().select().from(invoices).where(and(eq(invoices.orderId, order.id), eq(invoices.kind, 'invoice')));
    const [note] = await db().select().from(invoices).where(eq(invoices.refundId, refundId));
    expect(note!.correctsInvoiceId).toBe(invoice!.id);
    expect(contentOf(note!).total).toBe(-refund.total);

    const link = `/download-credit-note/${order.code}/${refundId}/${refund.credit_note!.checksum}`;
    const { status, pdf } = await download(link);
    expect(status).toBe(200);
    expect(pdf!.lines).toContain(`Credit note ${refund.credit_note!.number}`);
    expect(pdf!.lines).toContainEqual(expect.stringContaining(`Corrects invoice: ${invoice!.number} of 23 November 2026`));
    expect(pdf!.lines).toContainEqual(expect.stringMatching(new RegExp(`^Weekend ticket \\(${ticket.full_name}\\) VAT 9% -€\\d+\\.\\d\\d$`)));
    expect(pdf!.lines).toContainEqual(expect.stringMatching(/^Total credited -€\d+\.\d\d$/));
    expect(pdf!.lines).toContainEqual(expect.stringMatching(/^VAT 9% -€\d+\.\d\d -€\d+\.\d\d -€\d+\.\d\d$/));

    // Each link opens its own document only, and a wrong part answers the same 404.
    const wrong = refund.credit_note!.checksum.replace(/.$/, (last) => (last === '0' ? '1' : '0'));
    for (const path of [
      `/download-credit-note/${order.code}/${refundId}/${wrong}`,
      `/download-credit-note/${order.code}/${refundId}/${order.checksum}`,
      `/download-credit-note/${order.code}/${refundId + 1}/${refund.credit_note!.checksum}`,
      `/download-invoice/${order.code}/${refund.credit_note!.checksum}`,
      `/download-invoice/${order.code}/${wrong}`,
      `/download-credit-note/${order.code}/${refundId}`,
    ]) {
      expect((await download(path)).status, path).toBe(404);
    }
    // The invoice link still opens the invoice.
    expect((await download(`/download-invoice/${order.code}/${order.checksum}`)).status).toBe(200);
  });
});

describe('the rate a credit note corrects an item at (decision 0111)', () => {
  const low = { name: 'VAT 9%', basisPoints: 900 };
  const raised = { name: 'VAT 9%', basisPoints: 2100 };
  const rates = [{ name: 'VAT 9%', basisPoints: 900, gross: 10900, net: 10000, tax: 900 }];
  it('takes the rate the invoice recorded for the item, whatever the catalogue says now', () => {
    expect(invoicedRate({ rates, itemRates: { '7': low } }, 7, { name: 'Culture VAT', basisPoints: 2100 })).toEqual(low);
    expect(invoicedRate({ rates, itemRates: { '7': null } }, 7, raised)).toBeNull();
  });
  it('on an invoice filed before it recorded them, takes the invoice’s rate of the same name, else the rate now', () => {
    expect(invoicedRate({ rates }, 7, raised)).toEqual(low);
    expect(invoicedRate({ rates }, 7, { name: 'Culture VAT', basisPoints: 2100 })).toEqual({ name: 'Culture VAT', basisPoints: 2100 });
    expect(invoicedRate({ rates }, 7, null)).toBeNull();
  });
});
