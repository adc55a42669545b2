import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeInvoice, totalsPerRate, UNTAXED, type InvoiceLine, type TaxRate } from './checkout-rules';

const high: TaxRate = { name: 'VAT 21%', basisPoints: 2100 };
const low: TaxRate = { name: 'VAT 9%', basisPoints: 900 };

function line(id: number, price: number, taxRate: TaxRate | null, kind: 'tickets' | 'merchandise' = 'tickets'): InvoiceLine {
  return { id, name: `Item ${id}`, external_code: `ITEM-${id}`, shop_item_type: kind, full_name: null, email: null, travel_time: null, timezone: null, product_type: 'ticket', event: null, event_id: null, type: 'ticket', price, taxRate };
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe('totalsPerRate: per-rate net, VAT and gross after a voucher', () => {
  it("spreads the issue's €10 voucher over 9% tickets, a 21% shirt and its shipping, so the rates add up to €268.90", () => {
    // Two weekend tickets (€118.00 + €4.00 fee each, 9%), a €29.95 shirt and €4.95 shipping (21%): €278.90.
    const invoice = computeInvoice([line(1, 12200, low), line(2, 12200, low), line(3, 2995, high, 'merchandise')], { name: 'PostNL parcel', type: 'standard', price: 495 }, 1000);
    expect(invoice.total).toBe(27890);
    const rates = totalsPerRate([{ rate: low, amount: 24400 }, { rate: high, amount: 3490 }], 1000);
    // 1000 × 24400 / 27890 = 874.87 → 874 plus the cent left (the largest remainder) → 875; 1000 × 3490 / 27890 = 125.13 → 125.
    // 9%: 23525 − round(23525 / 1.09 = 21582.57) → tax 1942.43 → 1942; 21%: 3365 → tax 584.01 → 584.
    expect(rates).toEqual([
      { name: 'VAT 9%', basisPoints: 900, gross: 23525, tax: 1942, net: 21583 },
      { name: 'VAT 21%', basisPoints: 2100, gross: 3365, tax: 584, net: 2781 },
    ]);
    expect(sum(rates.map((rate) => rate.gross))).toBe(26890);
    // The invoice's per-rate figures (what /calculate-invoice answers) are these same numbers.
    expect(invoice.tax).toEqual({ 'VAT 9%': 1942, 'VAT 21%': 584 });
    expect(invoice.items_total_without_tax).toEqual({ 'VAT 9%': 21583, 'VAT 21%': 2781 });
    expect(sum(Object.values(invoice.tax)) + sum(Object.values(invoice.items_total_without_tax))).toBe(invoice.total - 1000);
  });

  it('without a voucher is the tax taken out once per rate', () => {
    expect(totalsPerRate([{ rate: low, amount: 1000 }, { rate: low, amount: 1000 }, { rate: low, amount: 1000 }])).toEqual([{ name: 'VAT 9%', basisPoints: 900, gross: 3000, tax: 248, net: 2752 }]);
  });

  it("takes a voucher larger than one rate's whole gross from every rate pro rata, none below zero", () => {
    // The €50 voucher is more than the €5 of 21% goods; the 21% rate bears only its share.
    const rates = totalsPerRate([{ rate: low, amount: 20000 }, { rate: high, amount: 500 }], 5000);
    // 5000 × 20000 / 20500 = 4878.05 → 4878; 5000 × 500 / 20500 = 121.95 → 121 + the cent left = 122.
    expect(rates.map((rate) => rate.gross)).toEqual([15122, 378]);
    expect(rates[1]).toEqual({ name: 'VAT 21%', basisPoints: 2100, gross: 378, tax: 66, net: 312 });
  });

  it('brings every rate to zero when the voucher covers the order, and ignores the part of a voucher beyond it', () => {
    const parts = [{ rate: low, amount: 4550 }, { rate: high, amount: 995 }];
    for (const discount of [5545, 10_000]) {
      expect(totalsPerRate(parts, discount).map(({ gross, tax, net }) => [gross, tax, net])).toEqual([
        [0, 0, 0],
        [0, 0, 0],
      ]);
    }
  });

  it('gives a cent left by rounding to the largest remainder, the earlier rate on a tie', () => {
    // 1 cent over two equal rates: both remainders are 0.5, the first rate takes the cent.
    expect(totalsPerRate([{ rate: low, amount: 100 }, { rate: high, amount: 100 }], 1).map((rate) => rate.gross)).toEqual([99, 100]);
    // 2 cents over 1:1:1 → 0.67 each: the first two rates take one cent each.
    const untaxed = totalsPerRate([{ rate: low, amount: 100 }, { rate: high, amount: 100 }, { rate: null, amount: 100 }], 2);
    expect(untaxed.map((rate) => rate.gross)).toEqual([99, 99, 100]);
    expect(untaxed[2]).toEqual({ name: UNTAXED, basisPoints: 0, gross: 100, tax: 0, net: 100 });
  });

  it('rounds the tax half away from zero on the discounted gross, for invoices and credit notes alike', () => {
    // 1.09 at 9%: exactly 0.09 of tax. 2.18 − a voucher of 1.09 leaves it.
    expect(totalsPerRate([{ rate: low, amount: 218 }], 109)).toEqual([{ name: 'VAT 9%', basisPoints: 900, gross: 109, tax: 9, net: 100 }]);
    // 0.03 at 100%: 0.015 of tax → 0.02, and −0.02 on a credit note.
    const hundred = { name: 'VAT 100%', basisPoints: 10_000 };
    expect(totalsPerRate([{ rate: hundred, amount: 3 }])[0]!.tax).toBe(2);
    expect(totalsPerRate([{ rate: hundred, amount: -3 }])[0]).toEqual({ name: 'VAT 100%', basisPoints: 10_000, gross: -3, tax: -2, net: -1 });
    // A credit note's rates are the invoice's with the sign turned.
    const credit = totalsPerRate([{ rate: low, amount: -12350 }, { rate: high, amount: -3490 }]);
    expect(credit.map(({ gross, tax, net }) => [gross, tax, net])).toEqual([
      [-12350, -1020, -11330],
      [-3490, -606, -2884],
    ]);
  });

  it('adds up to the total minus the voucher to the cent, whatever the amounts, rates and voucher', () => {
    const rate = fc.constantFrom<TaxRate | null>(low, high, null, { name: 'VAT 5.5%', basisPoints: 550 });
    fc.assert(
      fc.property(fc.array(fc.record({ rate, amount: fc.integer({ min: 0, max: 5_000_000 }) }), { minLength: 1, maxLength: 12 }), fc.integer({ min: 0, max: 20_000_000 }), (parts, discount) => {
        const total = sum(parts.map((part) => part.amount));
        const rates = totalsPerRate(parts, discount);
        expect(sum(rates.map((entry) => entry.gross))).toBe(total - Math.min(discount, total));
        for (const entry of rates) {
          expect(entry.net + entry.tax).toBe(entry.gross);
          expect(entry.gross).toBeGreaterThanOrEqual(0);
          const before = sum(parts.filter((part) => (part.rate?.name ?? UNTAXED) === entry.name).map((part) => part.amount));
          expect(entry.gross).toBeLessThanOrEqual(before);
          // Each rate bears its pro-rata share of the voucher, within one cent.
          if (total > 0) expect(Math.abs(before - entry.gross - (Math.min(discount, total) * before) / total)).toBeLessThan(1);
        }
      }),
    );
  });
});
