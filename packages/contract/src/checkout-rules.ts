/**
 * The checkout's arithmetic and rules, zod-free and shared: the server computes the invoice and
 * decides the payment method with them, the checkout page shows the same. Spec sections 3
 * (invoice), 4 (checkout payment method) and 5 (checkout).
 */
import type { EventSettings } from './config';
import type { Text } from './i18n/text';
import type { Invoice } from './checkout';
import { messages } from './messages';

export interface TaxRate {
  /** The rate's name, the key of the invoice's tax lines ("VAT 21%"). */
  name: string;
  /** 2100 is 21%. */
  basisPoints: number;
}

/** One line as the invoice needs it: its price includes its fee and taxes. */
export type InvoiceLine = Omit<Invoice['items'][number], 'price'> & { price: number; taxRate: TaxRate | null };

export interface ShippingCharge {
  name: string;
  type: string;
  price: number;
}

/** The key of lines without a tax rate in the per-rate totals. */
export const UNTAXED = 'No tax';

/** Rounds half away from zero, as tax is rounded on an invoice. */
function roundHalfAway(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

/** The tax contained in an amount that includes it. */
export function includedTax(gross: number, basisPoints: number): number {
  return roundHalfAway((gross * basisPoints) / (10_000 + basisPoints));
}

/** One rate's part of an invoice or credit note, after the discount: gross = net + tax. */
export interface RateTotal {
  /** The rate's name ("VAT 21%"), or UNTAXED. */
  name: string;
  basisPoints: number;
  gross: number;
  net: number;
  tax: number;
}

/**
 * The per-rate totals of amounts that include their tax, after a discount (docs/invoices.md):
 * 1. the amounts are added per rate (rates in the order they first appear);
 * 2. the discount is spread over the rates pro rata to their gross, in whole cents, the cents
 *    left by rounding down going to the rates with the largest remainders (ties: the earlier
 *    rate), so the shares add up to the discount exactly and no rate goes below zero;
 * 3. per rate, the tax is taken out of the discounted gross once, rounded half away from zero
 *    (tax = round(gross × rate / (1 + rate))), and net = gross − tax.
 * So the rates' gross add up to the total minus the discount to the cent, and net + tax is each
 * rate's gross. A credit note passes negative amounts and no discount; rounding is symmetric.
 */
export function totalsPerRate(parts: readonly { rate: TaxRate | null; amount: number }[], discount = 0): RateTotal[] {
  const rates = new Map<string, { basisPoints: number; gross: number }>();
  for (const { rate, amount } of parts) {
    const key = rate?.name ?? UNTAXED;
    const entry = rates.get(key) ?? { basisPoints: rate?.basisPoints ?? 0, gross: 0 };
    entry.gross += amount;
    rates.set(key, entry);
  }
  const entries = [...rates.entries()].map(([name, { basisPoints, gross }]) => ({ name, basisPoints, gross }));
  const total = entries.reduce((sum, entry) => sum + entry.gross, 0);
  // A discount is never more than what it discounts (the checkout caps it at the total).
  const spread = total > 0 ? Math.min(Math.max(0, discount), total) : 0;
  const shares = entries.map(() => 0);
  if (spread > 0) {
    // BigInt: discount × gross can pass 2^53 for large orders, and the cents must be exact.
    const exact = entries.map((entry) => (BigInt(spread) * BigInt(Math.max(0, entry.gross))));
    const whole = exact.map((value) => Number(value / BigInt(total)));
    const remainders = exact.map((value, index) => ({ index, remainder: value % BigInt(total) }));
    let left = spread - whole.reduce((sum, value) => sum + value, 0);
    remainders.sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
    for (const { index } of remainders) {
      if (left <= 0) break;
      whole[index]! += 1;
      left -= 1;
    }
    whole.forEach((value, index) => (shares[index] = value));
  }
  return entries.map((entry, index) => {
    const gross = entry.gross - shares[index]!;
    const tax = entry.name === UNTAXED ? 0 : includedTax(gross, entry.basisPoints);
    return { name: entry.name, basisPoints: entry.basisPoints, gross, net: gross - tax, tax };
  });
}

/**
 * The rate shipping is taxed at: the highest rate among the merchandise it carries (it follows
 * the goods, as an ancillary supply; with goods at two rates the higher one, docs/invoices.md);
 * untaxed when it carries none with a rate.
 */
export function shippingTaxRate(lines: readonly Pick<InvoiceLine, 'shop_item_type' | 'taxRate'>[]): TaxRate | null {
  return lines
    .filter((line) => line.shop_item_type === 'merchandise')
    .map((line) => line.taxRate)
    .reduce<TaxRate | null>((highest, candidate) => (candidate && (!highest || candidate.basisPoints > highest.basisPoints) ? candidate : highest), null);
}

/** One rate's gross before any discount: what an order's lines and shipping add up to at that rate. */
export interface RateGross {
  /** The rate's name ("VAT 21%"), or UNTAXED. */
  name: string;
  basisPoints: number;
  gross: number;
}

/** The gross per rate of an order's lines and shipping, before its discount (shipping at shippingTaxRate). */
export function grossPerRate(lines: readonly Pick<InvoiceLine, 'shop_item_type' | 'taxRate' | 'price'>[], shipping: Pick<ShippingCharge, 'price'> | null): RateGross[] {
  const parts = lines.map((line) => ({ rate: line.taxRate, amount: line.price }));
  if (shipping && shipping.price > 0) parts.push({ rate: shippingTaxRate(lines), amount: shipping.price });
  return totalsPerRate(parts).map(({ name, basisPoints, gross }) => ({ name, basisPoints, gross }));
}

/**
 * The VAT an order includes, per rate, after its discount (decision 0068): the one computation
 * the checkout page, the order confirmation (page and e-mail) and the invoice print. A voucher
 * (the demo's gift card GIFTCARD150 included) is a discount: it lowers the price the VAT is
 * taken out of, so an order a voucher covers includes no VAT. A payment plan takes no voucher
 * (spec section 9); its VAT is the whole order's, whatever part of it is paid now.
 */
export function orderVat(rates: readonly RateGross[], discount = 0): RateTotal[] {
  return totalsPerRate(
    rates.map((rate) => ({ rate: rate.name === UNTAXED ? null : { name: rate.name, basisPoints: rate.basisPoints }, amount: rate.gross })),
    discount,
  );
}

/** The per-rate totals of an invoice's lines and shipping after its discount: what computeInvoice answers per rate and the invoice PDF prints. */
export function invoiceTotalsPerRate(lines: readonly Pick<InvoiceLine, 'shop_item_type' | 'taxRate' | 'price'>[], shipping: Pick<ShippingCharge, 'price'> | null, discount = 0): RateTotal[] {
  return orderVat(grossPerRate(lines, shipping), discount);
}

/** The VAT the checkout page shows for a calculated invoice and the order's discount (voucherDiscount): orderVat after it. */
export function checkoutVat(invoice: Pick<Invoice, 'rates'>, discount: number): RateTotal[] {
  return orderVat(invoice.rates, discount);
}

/**
 * The invoice of spec section 3. Prices include taxes; the tax of each rate is computed once on
 * the rate's total (not per line), so the parts add up to the total to the cent. Shipping is
 * taxed with the goods (shippingTaxRate); tickets ship nothing. With a discount (an order's
 * voucher) the per-rate tax and amounts without tax are after it (totalsPerRate), while `total`
 * stays the sum before it, as the checkout and /calculate-invoice answer it; the invoice PDF
 * prints these same figures.
 */
export function computeInvoice(lines: readonly InvoiceLine[], shipping: ShippingCharge | null, discount = 0): Invoice {
  const tax: Record<string, number> = {};
  const withoutTax: Record<string, number> = {};
  const rates = grossPerRate(lines, shipping);
  for (const rate of orderVat(rates, discount)) {
    if (rate.name !== UNTAXED) tax[rate.name] = rate.tax;
    withoutTax[rate.name] = rate.net;
  }
  const items = lines.map(({ taxRate: _taxRate, ...item }) => item);
  const total = lines.reduce((sum, line) => sum + line.price, 0) + (shipping?.price ?? 0);
  return { items, shipping, total, tax, items_total_without_tax: withoutTax, rates };
}

export type PaymentMethodCode = 'credit_card' | 'bank_transfer' | 'voucher';

export interface PaymentMethodInput {
  /** The settings of every event the cart's products belong to. */
  events: readonly EventSettings[];
  /** The customer's (billing) country. */
  country: string | null | undefined;
  /** Methods the shop offers (configuration paymentMethods), with a gateway for cards and bank details for transfers. */
  offered: { creditCard: boolean; bankTransfer: boolean };
}

/**
 * Spec section 5: card only if every event in the cart allows it; bank transfer only if every
 * event allows it and the customer's country is in each event's bank-transfer countries. A cart
 * without events (merchandise only) allows what the shop offers, bank transfer still needing a
 * country.
 */
export function allowedPaymentMethods(input: PaymentMethodInput): ('credit_card' | 'bank_transfer')[] {
  const allowed: ('credit_card' | 'bank_transfer')[] = [];
  if (input.offered.creditCard && input.events.every((event) => event.creditCardActive)) allowed.push('credit_card');
  const country = input.country ?? null;
  if (
    input.offered.bankTransfer &&
    country !== null &&
    input.events.every((event) => event.bankTransferActive && event.bankTransferCountries.includes(country))
  ) {
    allowed.push('bank_transfer');
  }
  return allowed;
}

export type PaymentMethodChoice = { method: PaymentMethodCode; forced: boolean } | { method: null; error: Text };

/**
 * Spec section 4: forced to voucher when the discount covers the total; otherwise forced to the
 * only allowed method; the chosen one when it is allowed (credit card by default, spec section 9);
 * an error when none is.
 */
export function choosePaymentMethod(allowed: readonly ('credit_card' | 'bank_transfer')[], chosen: string | null | undefined, discountCoversTotal: boolean): PaymentMethodChoice {
  if (discountCoversTotal) return { method: 'voucher', forced: true };
  if (allowed.length === 0) return { method: null, error: messages.checkout.noPaymentMethods };
  if (allowed.length === 1) return { method: allowed[0]!, forced: true };
  const pick = allowed.find((method) => method === chosen) ?? (allowed.includes('credit_card') ? 'credit_card' : allowed[0]!);
  return { method: pick, forced: false };
}
