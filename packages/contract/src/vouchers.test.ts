import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catalogueFieldMessages } from './catalogue-fields';
import { issueText } from './field-errors';
import { voucherDefinition, voucherFieldMessages, voucherStateProblems, voucherTemplate } from './voucher-fields';
import { percentOf, voucherDiscount, type DiscountLine, type VoucherTerms } from './vouchers';

const terms = (kind: VoucherTerms['kind'], fields: Partial<VoucherTerms> = {}): VoucherTerms => ({ kind, discount_amount: null, percent: null, product: null, products: null, ...fields });
const fixed = (amount: number, products: string[] | null = null) => terms('fixed', { discount_amount: amount, products });
const percentage = (percent: number, products: string[] | null = null) => terms('percentage', { percent, products });
const free = (product: string) => terms('free_product', { product });

// A weekend ticket at €193.00, a parking ticket at €15.00, a T-shirt at €29.95; €4.95 shipping.
const WEEKEND = { product: 'NWF27-WEEKEND', price: 19300 };
const PARKING = { product: 'NWF27-PARKING', price: 1500 };
const TEE = { product: 'NWF27-TEE', price: 2995 };
const lines: DiscountLine[] = [WEEKEND, WEEKEND, PARKING, TEE];
const linesTotal = 19300 * 2 + 1500 + 2995;
const total = linesTotal + 495;

describe('voucherDiscount: what a voucher takes off an order', () => {
  it('takes a fixed amount off, never more than the total (shipping included), and says when value is lost', () => {
    expect(voucherDiscount(fixed(1000), lines, total, false)).toEqual({ discount: 1000, applies: true, exceedsOrder: false });
    expect(voucherDiscount(fixed(total), lines, total, false)).toEqual({ discount: total, applies: true, exceedsOrder: false });
    // The gift card covers the shipping too; the rest of its value is lost.
    expect(voucherDiscount(fixed(100_000), lines, total, false)).toEqual({ discount: total, applies: true, exceedsOrder: true });
  });

  it('limits a fixed amount to the lines of its products', () => {
    expect(voucherDiscount(fixed(1000, ['NWF27-PARKING']), lines, total, false)).toEqual({ discount: 1000, applies: true, exceedsOrder: false });
    expect(voucherDiscount(fixed(2000, ['NWF27-PARKING']), lines, total, false)).toEqual({ discount: 1500, applies: true, exceedsOrder: true });
    expect(voucherDiscount(fixed(50_000, ['NWF27-PARKING', 'NWF27-TEE']), lines, total, false)).toEqual({ discount: 4495, applies: true, exceedsOrder: true });
    expect(voucherDiscount(fixed(1000, ['NWF27-CAMPING']), lines, total, false)).toEqual({ discount: 0, applies: false, exceedsOrder: false });
  });

  it('takes a percentage of the lines, never of the shipping, rounded half up once per order', () => {
    expect(voucherDiscount(percentage(10), lines, total, false)).toEqual({ discount: percentOf(linesTotal, 10), applies: true, exceedsOrder: false });
    // 10 % of 43,095 is 4,309.5: half up to 4,310.
    expect(percentOf(linesTotal, 10)).toBe(4310);
    // Three lines of €0.05 at 10 %: 1.5 cents rounds to 2 for the order; per line it would be 3 × 1 = 3 (0.5 half up each).
    expect(voucherDiscount(percentage(10), [{ product: 'A', price: 5 }, { product: 'A', price: 5 }, { product: 'A', price: 5 }], 15, false).discount).toBe(2);
    // 0.4 cent rounds down, 0.5 up.
    expect(voucherDiscount(percentage(1), [{ product: 'A', price: 40 }], 40, false).discount).toBe(0);
    expect(voucherDiscount(percentage(1), [{ product: 'A', price: 50 }], 50, false).discount).toBe(1);
    // 100 % is every line, the shipping still to pay.
    expect(voucherDiscount(percentage(100), lines, total, false).discount).toBe(linesTotal);
    // Of its products' lines only: 25 % of two weekend tickets.
    expect(voucherDiscount(percentage(25, ['NWF27-WEEKEND']), lines, total, false).discount).toBe(9650);
    expect(voucherDiscount(percentage(25, ['NWF27-CAMPING']), lines, total, false)).toEqual({ discount: 0, applies: false, exceedsOrder: false });
  });

  it('gives one unit of its product free: the dearest line of it', () => {
    expect(voucherDiscount(free('NWF27-WEEKEND'), lines, total, false)).toEqual({ discount: 19300, applies: true, exceedsOrder: false });
    expect(voucherDiscount(free('NWF27-TEE'), [...lines, { product: 'NWF27-TEE', price: 3495 }], total + 3495, false).discount).toBe(3495);
    expect(voucherDiscount(free('NWF27-CAMPING'), lines, total, false)).toEqual({ discount: 0, applies: false, exceedsOrder: false });
  });

  it('counts the codes that stand for its product (a merchandise group’s sizes) as that product, never as a limit', () => {
    const group = terms('free_product', { product: 'NWF27-TEES', products: ['NWF27-TEES', 'NWF27-TEE-S', 'NWF27-TEE-M'] });
    const sizes = [WEEKEND, { product: 'NWF27-TEE-S', price: 2995 }, { product: 'NWF27-TEE-M', price: 3195 }];
    expect(voucherDiscount(group, sizes, 19300 + 2995 + 3195, false)).toEqual({ discount: 3195, applies: true, exceedsOrder: false });
    expect(voucherDiscount(group, [WEEKEND], 19300, false)).toEqual({ discount: 0, applies: false, exceedsOrder: false });
  });

  it('takes nothing off an order with a payment plan, whatever the voucher', () => {
    for (const voucher of [fixed(1000), percentage(50), free('NWF27-WEEKEND'), fixed(1000, ['NWF27-CAMPING'])]) {
      expect(voucherDiscount(voucher, lines, total, true)).toEqual({ discount: 0, applies: true, exceedsOrder: false });
    }
    expect(voucherDiscount(null, lines, total, false)).toEqual({ discount: 0, applies: false, exceedsOrder: false });
  });

  it('is a whole number of minor units from 0 to the total for any order and voucher', () => {
    const codes = ['A', 'B', 'C'];
    const voucher = fc.oneof(
      fc.record({ kind: fc.constant('fixed' as const), discount_amount: fc.integer({ min: 1, max: 2_147_483_647 }), percent: fc.constant(null), product: fc.constant(null), products: fc.option(fc.subarray(codes, { minLength: 1 }), { nil: null }) }),
      fc.record({ kind: fc.constant('percentage' as const), discount_amount: fc.constant(null), percent: fc.integer({ min: 1, max: 100 }), product: fc.constant(null), products: fc.option(fc.subarray(codes, { minLength: 1 }), { nil: null }) }),
      fc.record({ kind: fc.constant('free_product' as const), discount_amount: fc.constant(null), percent: fc.constant(null), product: fc.constantFrom(...codes), products: fc.constant(null) }),
    );
    const order = fc.array(fc.record({ product: fc.constantFrom(...codes), price: fc.integer({ min: 0, max: 2_000_000 }) }), { minLength: 1, maxLength: 20 });
    fc.assert(
      fc.property(voucher, order, fc.integer({ min: 0, max: 10_000 }), (given, orderLines, shipping) => {
        const orderTotal = orderLines.reduce((sum, line) => sum + line.price, 0) + shipping;
        const { discount, applies } = voucherDiscount(given, orderLines, orderTotal, false);
        expect(Number.isInteger(discount)).toBe(true);
        expect(discount).toBeGreaterThanOrEqual(0);
        expect(discount).toBeLessThanOrEqual(orderTotal);
        if (!applies) expect(discount).toBe(0);
        if (given.kind === 'percentage') {
          const eligible = orderLines.filter((line) => !given.products || given.products.includes(line.product)).reduce((sum, line) => sum + line.price, 0);
          expect(discount).toBeLessThanOrEqual(eligible);
          // Half up: the exact share is at most half a cent away.
          expect(Math.abs(discount - (eligible * given.percent) / 100)).toBeLessThanOrEqual(0.5);
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe('the voucher rules the file and the back office share', () => {
  const problems = (input: unknown) => {
    const parsed = voucherDefinition.safeParse(input);
    return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issueText(issue)]));
  };
  const base = { code: 'SUMMER10', name: 'Summer' };

  it('takes each kind with its own field, fixed by default', () => {
    expect(voucherDefinition.parse({ ...base, discount_amount: 1000 })).toMatchObject({ kind: 'fixed', discount_amount: 1000, active: true });
    expect(voucherDefinition.parse({ ...base, kind: 'percentage', percent: 15, products: ['NWF27-WEEKEND'], max_uses: 10, max_uses_per_customer: 1 })).toMatchObject({ percent: 15 });
    expect(voucherDefinition.parse({ ...base, kind: 'free_product', product: 'NWF27-PARKING' })).toMatchObject({ product: 'NWF27-PARKING' });
  });

  it('refuses, by field, what a kind needs and does not take, and values out of range', () => {
    expect(problems({ ...base })).toEqual({ discount_amount: voucherFieldMessages.requiredFor('fixed') });
    expect(problems({ ...base, kind: 'percentage', percent: 10, discount_amount: 100 })).toEqual({ discount_amount: voucherFieldMessages.onlyFor('fixed') });
    expect(problems({ ...base, kind: 'percentage', percent: 101 })).toEqual({ percent: voucherFieldMessages.percent });
    expect(problems({ ...base, kind: 'percentage', percent: 0 })).toEqual({ percent: voucherFieldMessages.percent });
    expect(problems({ ...base, kind: 'percentage', percent: 12.5 })).toEqual({ percent: voucherFieldMessages.percent });
    expect(problems({ ...base, kind: 'free_product', product: 'NWF27-TEE', products: ['NWF27-TEE'] })).toEqual({ products: voucherFieldMessages.productsWithFree });
    expect(problems({ ...base, kind: 'gift' })).toEqual({ kind: voucherFieldMessages.kind });
    expect(problems({ ...base, discount_amount: 0 })).toEqual({ discount_amount: voucherFieldMessages.amount });
    expect(problems({ ...base, code: 'x!', discount_amount: 100 })).toEqual({ code: voucherFieldMessages.code });
    expect(problems({ ...base, discount_amount: 100, products: [] })).toEqual({ products: voucherFieldMessages.products });
    expect(problems({ ...base, discount_amount: 100, products: ['A', 'B', 'A'] })).toEqual({ 'products.2': voucherFieldMessages.listedTwice('A') });
    expect(problems({ ...base, discount_amount: 100, max_uses: 0 })).toEqual({ max_uses: voucherFieldMessages.uses });
    expect(problems({ ...base, discount_amount: 100, max_uses: 5, max_uses_per_customer: 6 })).toEqual({ max_uses_per_customer: voucherFieldMessages.perCustomerAtMost });
    expect(problems({ ...base, discount_amount: 100, valid_from: '2027-02-01T00:00:00Z', valid_until: '2027-01-01T00:00:00Z' })).toEqual({ valid_until: catalogueFieldMessages.laterThan('valid_from') });
  });

  it('takes a template without a code, with the same rules', () => {
    expect(voucherTemplate.safeParse({ name: 'Crew', kind: 'percentage', percent: 50 }).success).toBe(true);
    expect(voucherTemplate.safeParse({ name: 'Crew', code: 'X', kind: 'percentage', percent: 50 }).success).toBe(false);
    expect(voucherTemplate.safeParse({ name: 'Crew', kind: 'percentage' }).success).toBe(false);
  });

  it('keeps a used voucher’s code and kind, never fewer uses than it had, and names only known products', () => {
    const voucher = voucherDefinition.parse({ ...base, kind: 'percentage', percent: 10, max_uses: 2, products: ['NWF27-WEEKEND', 'NOPE'] });
    const known = new Set(['NWF27-WEEKEND']);
    expect(voucherStateProblems(voucher, { code: 'SUMMER10', kind: 'fixed', used: 0 }, known)).toEqual([{ path: ['products', 1], text: voucherFieldMessages.noProduct('NOPE') }]);
    expect(voucherStateProblems(voucher, { code: 'OTHER', kind: 'fixed', used: 3 }, null)).toEqual([
      { path: ['code'], text: voucherFieldMessages.codeKept('OTHER') },
      { path: ['kind'], text: voucherFieldMessages.kindKept('fixed') },
      { path: ['max_uses'], text: voucherFieldMessages.maxBelowUsed(3) },
    ]);
    expect(voucherStateProblems(voucher, { code: 'SUMMER10', kind: 'percentage', used: 2 }, null)).toEqual([]);
  });
});
