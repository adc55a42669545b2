import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invoice as invoiceSchema } from './checkout';
import { checkoutVat, computeInvoice, invoiceTotalsPerRate, type InvoiceLine, type ShippingCharge, type TaxRate } from './checkout-rules';
import { discountLinesOf, voucherDiscount } from './vouchers';

const high: TaxRate = { name: 'VAT 21%', basisPoints: 2100 };
const low: TaxRate = { name: 'VAT 9%', basisPoints: 900 };
const odd: TaxRate = { name: 'VAT 5.5%', basisPoints: 550 };

function line(id: number, price: number, taxRate: TaxRate | null, kind: 'tickets' | 'merchandise'): InvoiceLine {
  return { id, name: `Item ${id}`, external_code: `ITEM-${id}`, shop_item_type: kind, full_name: null, email: null, travel_time: null, timezone: null, product_type: kind === 'tickets' ? 'ticket' : 'merchandise', event: null, event_id: null, type: 'ticket', price, taxRate };
}

/** The invoice as the checkout page receives it: computed by the server, sent as JSON, parsed by the contract. */
const overTheWire = (lines: InvoiceLine[], shipping: ShippingCharge | null) => invoiceSchema.parse(JSON.parse(JSON.stringify(computeInvoice(lines, shipping))));

/** What a fixed voucher of `amount` takes off an invoice (none: null), as the checkout computes it. */
const discountOf = (invoice: { items: { external_code: string; price: number }[]; total: number }, amount: number | null, plan: boolean) =>
  voucherDiscount(amount === null ? null : { kind: 'fixed', discount_amount: amount, percent: null, product: null, products: null }, discountLinesOf(invoice.items), invoice.total, plan).discount;

/** What the checkout page prints per rate: "incl. VAT 9%: €16.81". */
const printed = (rates: { name: string; tax: number }[]) => Object.fromEntries(rates.filter((rate) => rate.name !== 'No tax').map((rate) => [rate.name, rate.tax]));

describe('checkoutVat: the checkout prints the VAT the invoice prints', () => {
  it('takes a voucher off before the VAT, as the invoice does (the €18.00 against €16.81 of issue 34)', () => {
    // Two weekend tickets at €109.00 (9%): €18.00 of VAT before the voucher.
    const lines = [line(1, 10900, low, 'tickets'), line(2, 10900, low, 'tickets')];
    const invoice = overTheWire(lines, null);
    expect(invoice.tax).toEqual({ 'VAT 9%': 1800 });
    // A €14.40 voucher: the invoice's VAT is of €203.60, €16.81.
    const shown = checkoutVat(invoice, discountOf(invoice, 1440, false));
    expect(printed(shown)).toEqual({ 'VAT 9%': 1681 });
    expect(shown).toEqual(invoiceTotalsPerRate(lines, null, 1440));
  });

  it('shows no VAT for an order a gift-card voucher covers, as its invoice (€0.00) has none', () => {
    const lines = [line(1, 13900, low, 'tickets'), line(2, 2995, high, 'merchandise')];
    const shipping = { name: 'PostNL', type: 'standard', price: 495 };
    const invoice = overTheWire(lines, shipping);
    expect(Object.values(invoice.tax).some((tax) => tax > 0)).toBe(true);
    // GIFTCARD150: €150.00 against €173.90 leaves €23.90; a larger card leaves nothing.
    expect(checkoutVat(invoice, discountOf(invoice, 15000, false)).reduce((sum, rate) => sum + rate.gross, 0)).toBe(invoice.total - 15000);
    expect(printed(checkoutVat(invoice, discountOf(invoice, 50000, false)))).toEqual({ 'VAT 9%': 0, 'VAT 21%': 0 });
  });

  it("shows a payment plan's VAT of the whole order, which takes no voucher", () => {
    const lines = [line(1, 30000, low, 'tickets')];
    const invoice = overTheWire(lines, null);
    expect(printed(checkoutVat(invoice, discountOf(invoice, 1000, true)))).toEqual(invoice.tax);
    expect(discountOf(invoice, 1000, true)).toBe(0);
  });

  it('equals the invoice for any basket, voucher, gift card and payment plan', () => {
    const rate = fc.constantFrom<TaxRate | null>(low, high, odd, null);
    const basket = fc.array(fc.record({ price: fc.integer({ min: 0, max: 2_000_000 }), rate, merchandise: fc.boolean() }), { minLength: 1, maxLength: 10 });
    const shippingPrice = fc.option(fc.integer({ min: 0, max: 5_000 }), { nil: null });
    // No voucher, a small voucher, or a gift card that may cover the order several times over.
    const voucher = fc.option(fc.oneof(fc.integer({ min: 1, max: 5_000 }), fc.integer({ min: 1, max: 30_000_000 })), { nil: null });
    fc.assert(
      fc.property(basket, shippingPrice, voucher, fc.boolean(), (entries, shippingAt, voucherAmount, plan) => {
        const lines = entries.map((entry, index) => line(index + 1, entry.price, entry.rate, entry.merchandise ? 'merchandise' : 'tickets'));
        const shipping = shippingAt !== null && lines.some((entry) => entry.shop_item_type === 'merchandise') ? { name: 'Parcel', type: 'standard', price: shippingAt } : null;
        const invoice = overTheWire(lines, shipping);
        // What the checkout stores as the order's discount and what the invoice is computed from.
        const discount = discountOf(invoice, voucherAmount, plan);
        const onInvoice = invoiceTotalsPerRate(lines, shipping, discount);
        const atCheckout = checkoutVat(invoice, discount);
        expect(atCheckout).toEqual(onInvoice);
        // The rates add up to what is paid for the order in all: the total less the voucher.
        expect(atCheckout.reduce((sum, entry) => sum + entry.gross, 0)).toBe(invoice.total - discount);
        // Without a voucher, the calculated invoice's own per-rate figures are the same numbers.
        if (discount === 0) expect(printed(atCheckout)).toEqual(invoice.tax);
      }),
      { numRuns: 500 },
    );
  });
});
