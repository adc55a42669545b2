/**
 * The checkout's arithmetic and rules, zod-free and shared: the server computes the invoice and
 * decides the payment method with them, the checkout page shows the same. Spec sections 3
 * (invoice), 4 (checkout payment method) and 5 (checkout).
 */
import type { EventSettings } from './config';
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

/**
 * The invoice of spec section 3. Prices include taxes; the tax of each rate is computed once on
 * the rate's total (not per line), so the parts add up to the total to the cent. Shipping is
 * taxed at the highest rate among the merchandise it carries (it follows the goods); tickets ship
 * nothing.
 */
export function computeInvoice(lines: readonly InvoiceLine[], shipping: ShippingCharge | null): Invoice {
  const gross = new Map<string, { basisPoints: number; amount: number }>();
  const add = (rate: TaxRate | null, amount: number) => {
    const key = rate?.name ?? UNTAXED;
    const entry = gross.get(key) ?? { basisPoints: rate?.basisPoints ?? 0, amount: 0 };
    entry.amount += amount;
    gross.set(key, entry);
  };
  for (const line of lines) add(line.taxRate, line.price);
  if (shipping && shipping.price > 0) {
    const goodsRates = lines.filter((line) => line.shop_item_type === 'merchandise').map((line) => line.taxRate);
    const rate = goodsRates.reduce<TaxRate | null>((highest, candidate) => (candidate && (!highest || candidate.basisPoints > highest.basisPoints) ? candidate : highest), null);
    add(rate, shipping.price);
  }
  const tax: Record<string, number> = {};
  const withoutTax: Record<string, number> = {};
  for (const [name, { basisPoints, amount }] of gross) {
    const taxAmount = includedTax(amount, basisPoints);
    if (name !== UNTAXED) tax[name] = taxAmount;
    withoutTax[name] = amount - taxAmount;
  }
  const items = lines.map(({ taxRate: _taxRate, ...item }) => item);
  const total = lines.reduce((sum, line) => sum + line.price, 0) + (shipping?.price ?? 0);
  return { items, shipping, total, tax, items_total_without_tax: withoutTax };
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

export type PaymentMethodChoice = { method: PaymentMethodCode; forced: boolean } | { method: null; error: string };

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
