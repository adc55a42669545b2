import { z } from 'zod';

/**
 * Vouchers of every kind (issue 37 point 3, decision 0096): the one computation of what a voucher
 * takes off an order, shared by validate-voucher, the checkout and the checkout page. The rules of
 * a voucher's fields are in voucher-fields.ts (the importer's and the back office's): the shop's
 * pages need only this.
 */

/** fixed: an amount off; percentage: a share of the lines it applies to; free_product: one unit of a product free. */
export const VOUCHER_KINDS = ['fixed', 'percentage', 'free_product'] as const;
export type VoucherKind = (typeof VOUCHER_KINDS)[number];

/** What a voucher takes off, as validate-voucher answers it so the checkout page computes the same discount as the server. */
export const voucherTerms = z.object({
  kind: z.enum(VOUCHER_KINDS),
  discount_amount: z.number().int().nullable(),
  percent: z.number().int().nullable(),
  product: z.string().nullable(),
  products: z.array(z.string()).nullable(),
});
export type VoucherTerms = z.infer<typeof voucherTerms>;

/** One line of an order as the discount reads it: its product's code and its price (fee and taxes included). */
export interface DiscountLine {
  product: string;
  price: number;
}

export interface VoucherOutcome {
  /** What the voucher takes off the order, in minor units. */
  discount: number;
  /** The order has something the voucher applies to (a voucher limited to products, or a free product, may not). */
  applies: boolean;
  /** A fixed voucher is worth more than what it applies to: the rest is lost (spec section 5's warning). */
  exceedsOrder: boolean;
}

/** Half up: percentage discounts are whole minor units, rounded once per order. */
export const percentOf = (amount: number, percent: number): number => Math.floor((amount * percent + 50) / 100);

/**
 * What a voucher takes off an order (decision 0096), in integer minor units, from its terms and
 * the order's lines (`total`: what the order comes to, shipping included):
 *
 * - the lines it applies to: those of its `products`, or every line when it names none;
 * - fixed: its amount, at most what those lines come to (unlimited: at most the total, shipping
 *   included, as the spec's gift card has always covered it);
 * - percentage: its percent of what those lines come to, rounded half up once per order (not per
 *   line), never more than they come to; shipping is never discounted by a percentage;
 * - free_product: the price of one unit of its product, the dearest line of it when several; its
 *   `products`, when given, are the codes that stand for that product (a merchandise group's
 *   variants: one T-shirt free, whichever size), never a limit;
 * - nothing with a payment plan (spec section 9), and never more than the total.
 *
 * A voucher that applies to nothing in the order takes nothing off (`applies` false): the server
 * refuses it then.
 */
export function voucherDiscount(terms: VoucherTerms | null | undefined, lines: readonly DiscountLine[], total: number, hasPaymentPlan: boolean): VoucherOutcome {
  const none = { discount: 0, applies: terms !== null && terms !== undefined, exceedsOrder: false };
  if (!terms || hasPaymentPlan) return none;
  if (terms.kind === 'free_product') {
    // Its product, or any of the codes that stand for it (a merchandise group's sizes, decision 0104).
    const prices = lines.filter((line) => line.product === terms.product || (terms.products?.includes(line.product) ?? false)).map((line) => line.price);
    if (!prices.length) return { ...none, applies: false };
    return { discount: Math.min(Math.max(...prices), total), applies: true, exceedsOrder: false };
  }
  const limited = terms.products !== null && terms.products.length > 0;
  const eligible = limited ? lines.filter((line) => terms.products!.includes(line.product)) : lines;
  if (limited && !eligible.length) return { ...none, applies: false };
  const linesTotal = eligible.reduce((sum, line) => sum + line.price, 0);
  if (terms.kind === 'percentage') {
    const discount = Math.min(percentOf(linesTotal, terms.percent ?? 0), linesTotal, total);
    return { discount: Math.max(0, discount), applies: true, exceedsOrder: false };
  }
  const amount = Math.max(0, terms.discount_amount ?? 0);
  const base = Math.min(limited ? linesTotal : total, total);
  return { discount: Math.min(amount, base), applies: true, exceedsOrder: amount > base };
}

/** An invoice's lines as the discount reads them. */
export const discountLinesOf = (items: readonly { external_code: string; price: number }[]): DiscountLine[] => items.map((item) => ({ product: item.external_code, price: item.price }));
