import { describe, expect, it } from 'vitest';
import { allowedPaymentMethods, choosePaymentMethod, computeInvoice, includedTax, UNTAXED, type InvoiceLine } from './checkout-rules';
import type { EventSettings } from './config';
import { messages } from './messages';

const high = { name: 'VAT 21%', basisPoints: 2100 };
const low = { name: 'VAT 9%', basisPoints: 900 };

function line(id: number, price: number, taxRate: InvoiceLine['taxRate'], kind: 'tickets' | 'merchandise' = 'tickets'): InvoiceLine {
  return { id, name: `Item ${id}`, external_code: `ITEM-${id}`, shop_item_type: kind, full_name: null, email: null, travel_time: null, timezone: null, product_type: 'ticket', event: null, event_id: null, type: 'ticket', price, taxRate };
}

describe('computeInvoice', () => {
  it('takes the tax out of prices that include it, once per rate', () => {
    // 3 × 10.00 at 9%: 30.00 contains 2.48 of tax (30 × 9 / 109 = 2.477…), not 3 × 0.83 = 2.49.
    const invoice = computeInvoice([line(1, 1000, low), line(2, 1000, low), line(3, 1000, low)], null);
    expect(invoice.total).toBe(3000);
    expect(invoice.tax).toEqual({ 'VAT 9%': 248 });
    expect(invoice.items_total_without_tax).toEqual({ 'VAT 9%': 2752 });
    expect(invoice.shipping).toBeNull();
  });

  it('keeps rates apart and adds shipping at the highest rate of the goods it carries', () => {
    const invoice = computeInvoice([line(1, 19300, low), line(2, 2995, high, 'merchandise'), line(3, 1500, low, 'merchandise')], { name: 'PostNL parcel', type: 'standard', price: 495 });
    expect(invoice.total).toBe(19300 + 2995 + 1500 + 495);
    // 9%: 20800 → 1717.4 → 1717; 21%: 2995 + 495 = 3490 → 605.7 → 606.
    expect(invoice.tax).toEqual({ 'VAT 9%': 1717, 'VAT 21%': 606 });
    expect(invoice.items_total_without_tax).toEqual({ 'VAT 9%': 19083, 'VAT 21%': 2884 });
    const parts = Object.values(invoice.tax).reduce((sum, amount) => sum + amount, 0) + Object.values(invoice.items_total_without_tax).reduce((sum, amount) => sum + amount, 0);
    expect(parts).toBe(invoice.total);
    expect(invoice.items.map((item) => item.price)).toEqual([19300, 2995, 1500]);
    expect(invoice.items[0]).not.toHaveProperty('taxRate');
  });

  it('lists untaxed lines without tax', () => {
    const invoice = computeInvoice([line(1, 500, null)], null);
    expect(invoice.tax).toEqual({});
    expect(invoice.items_total_without_tax).toEqual({ [UNTAXED]: 500 });
  });

  it('rounds half away from zero', () => {
    expect(includedTax(109, 900)).toBe(9);
    // At 100% half of the price is tax: 3 → 1.5 → 2, and -3 → -2.
    expect(includedTax(3, 10_000)).toBe(2);
    expect(includedTax(-3, 10_000)).toBe(-2);
    expect(includedTax(1210, 2100)).toBe(210);
    expect(includedTax(-1210, 2100)).toBe(-210);
    expect(includedTax(3, 2100)).toBe(1); // 0.52 → 1
  });
});

const event = (overrides: Partial<EventSettings> = {}): EventSettings => ({ ageRangeActive: false, creditCardActive: true, bankTransferActive: true, bankTransferCountries: ['NL', 'BE'], ...overrides });
const offered = { creditCard: true, bankTransfer: true };

describe('allowedPaymentMethods', () => {
  it('allows a card only when every event in the cart does', () => {
    expect(allowedPaymentMethods({ events: [event(), event()], country: 'NL', offered })).toEqual(['credit_card', 'bank_transfer']);
    expect(allowedPaymentMethods({ events: [event(), event({ creditCardActive: false })], country: 'NL', offered })).toEqual(['bank_transfer']);
  });

  it("allows bank transfer only when every event does and lists the customer's country", () => {
    expect(allowedPaymentMethods({ events: [event(), event({ bankTransferActive: false })], country: 'NL', offered })).toEqual(['credit_card']);
    expect(allowedPaymentMethods({ events: [event(), event({ bankTransferCountries: ['BE'] })], country: 'NL', offered })).toEqual(['credit_card']);
    expect(allowedPaymentMethods({ events: [event()], country: 'DE', offered })).toEqual(['credit_card']);
    expect(allowedPaymentMethods({ events: [event()], country: null, offered })).toEqual(['credit_card']);
  });

  it('offers only what the shop has set up, and everything it has for a merchandise-only cart', () => {
    expect(allowedPaymentMethods({ events: [event()], country: 'NL', offered: { creditCard: false, bankTransfer: true } })).toEqual(['bank_transfer']);
    expect(allowedPaymentMethods({ events: [], country: 'FR', offered })).toEqual(['credit_card', 'bank_transfer']);
  });
});

describe('choosePaymentMethod', () => {
  it('is forced to voucher when the discount covers the total', () => {
    expect(choosePaymentMethod([], null, true)).toEqual({ method: 'voucher', forced: true });
    expect(choosePaymentMethod(['credit_card'], 'credit_card', true)).toEqual({ method: 'voucher', forced: true });
  });
  it('is forced to the only allowed method', () => {
    expect(choosePaymentMethod(['bank_transfer'], 'credit_card', false)).toEqual({ method: 'bank_transfer', forced: true });
  });
  it('keeps an allowed choice, defaulting to credit card', () => {
    expect(choosePaymentMethod(['credit_card', 'bank_transfer'], 'bank_transfer', false)).toEqual({ method: 'bank_transfer', forced: false });
    expect(choosePaymentMethod(['credit_card', 'bank_transfer'], null, false)).toEqual({ method: 'credit_card', forced: false });
  });
  it("says 'No valid payment methods found.' when none is allowed", () => {
    expect(choosePaymentMethod([], 'credit_card', false)).toEqual({ method: null, error: messages.checkout.noPaymentMethods });
  });
});
