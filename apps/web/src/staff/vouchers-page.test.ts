import { catalogueFieldMessages, staffVoucherMessages, voucherFieldMessages, type VoucherView } from '@festival/contract';
import { describe, expect, it } from 'vitest';
import { staffTexts } from './texts';
import { emptyGenerateForm, emptyVoucherForm, prepareGenerate, prepareVoucher, voucherFormOf, voucherProblemSentence, voucherServerProblems, voucherUsesText, voucherValueText } from './vouchers-page';

const context = { currency: 'EUR', timeZone: 'Europe/Amsterdam' };
const texts = staffTexts.vouchers;

const view: VoucherView = {
  code: 'SUMMER10',
  name: 'Summer',
  kind: 'fixed',
  discount_amount: 1050,
  percent: null,
  product: null,
  products: ['NWF27-WEEKEND'],
  max_uses: 100,
  max_uses_per_customer: 1,
  valid_from: '2027-05-31T22:00:00.000Z',
  valid_until: null,
  active: true,
  used: 3,
  state: 'live',
  orders: [],
  orders_total: 3,
  created_at: '2027-01-01T00:00:00.000Z',
};

describe('the voucher form', () => {
  it('shows a voucher as staff type it (amounts in the currency, times on the shop’s clocks) and sends it back as the file writes it', () => {
    const form = voucherFormOf(view, context);
    expect(form).toMatchObject({ code: 'SUMMER10', kind: 'fixed', amount: '10.50', products: ['NWF27-WEEKEND'], maxUses: '100', maxUsesPerCustomer: '1', validFrom: '2027-06-01T00:00', validUntil: '' });
    expect(prepareVoucher(form, context)).toEqual({
      ok: true,
      voucher: {
        code: 'SUMMER10',
        name: 'Summer',
        kind: 'fixed',
        discount_amount: 1050,
        percent: null,
        product: null,
        products: ['NWF27-WEEKEND'],
        max_uses: 100,
        max_uses_per_customer: 1,
        valid_from: '2027-06-01T00:00:00+02:00',
        valid_until: null,
        active: true,
      },
    });
  });

  it('sends only the field of the kind chosen, and no products for a free product', () => {
    const form = { ...emptyVoucherForm(), code: 'crew-50', name: 'Crew', kind: 'percentage' as const, amount: '12.00', percent: '50', products: ['NWF27-TEE'] };
    expect(prepareVoucher(form, context)).toMatchObject({ ok: true, voucher: { kind: 'percentage', percent: 50, discount_amount: null, products: ['NWF27-TEE'] } });
    expect(prepareVoucher({ ...form, kind: 'free_product', product: 'NWF27-PARKING' }, context)).toMatchObject({ ok: true, voucher: { kind: 'free_product', product: 'NWF27-PARKING', percent: null, products: null } });
  });

  it('refuses, by field and in the file’s words, what the shop would refuse', () => {
    const base = { ...emptyVoucherForm(), code: 'SUMMER', name: 'Summer' };
    expect(prepareVoucher({ ...base, amount: '' }, context)).toEqual({ ok: false, problems: { discount_amount: voucherFieldMessages.requiredFor('fixed') } });
    expect(prepareVoucher({ ...base, amount: 'ten euros' }, context)).toEqual({ ok: false, problems: { discount_amount: texts.notAnAmount } });
    expect(prepareVoucher({ ...base, kind: 'percentage', percent: '150' }, context)).toEqual({ ok: false, problems: { percent: voucherFieldMessages.percent } });
    expect(prepareVoucher({ ...base, kind: 'percentage', percent: '1.5' }, context)).toEqual({ ok: false, problems: { percent: voucherFieldMessages.percent } });
    expect(prepareVoucher({ ...base, kind: 'free_product' }, context)).toEqual({ ok: false, problems: { product: voucherFieldMessages.requiredFor('free_product') } });
    expect(prepareVoucher({ ...base, code: 'no spaces', amount: '5' }, context)).toEqual({ ok: false, problems: { code: voucherFieldMessages.code } });
    expect(prepareVoucher({ ...base, amount: '5', maxUses: '2', maxUsesPerCustomer: '3' }, context)).toEqual({ ok: false, problems: { max_uses_per_customer: voucherFieldMessages.perCustomerAtMost } });
    expect(prepareVoucher({ ...base, amount: '5', validFrom: '2027-06-02T00:00', validUntil: '2027-06-01T00:00' }, context)).toEqual({ ok: false, problems: { valid_until: catalogueFieldMessages.laterThan('valid_from') } });
    // 02:30 on the last Sunday of March does not exist in Amsterdam.
    expect(prepareVoucher({ ...base, amount: '5', validFrom: '2027-03-28T02:30' }, context)).toEqual({ ok: false, problems: { valid_from: staffTexts.onsales.clockGap } });
  });

  it('says each problem as a sentence under its field, the other fields by their labels', () => {
    const labels = { percent: 'Percentage off', valid_from: 'Valid from', valid_until: 'Valid until', max_uses: 'Uses in all', max_uses_per_customer: 'Uses per customer', code: 'Code' };
    expect(voucherProblemSentence('percent', voucherFieldMessages.percent, labels)).toBe('Percentage off must be a whole number from 1 to 100.');
    expect(voucherProblemSentence('valid_until', catalogueFieldMessages.laterThan('valid_from'), labels)).toBe('Valid until must be later than “Valid from”.');
    expect(voucherProblemSentence('max_uses_per_customer', voucherFieldMessages.perCustomerAtMost, labels)).toBe('Uses per customer must not be more than “Uses in all”.');
    // The shop's answer, in words already: a rule after the label, a sentence as it is.
    expect(voucherProblemSentence('code', 'is already the code of another voucher', labels)).toBe('Code is already the code of another voucher.');
    expect(voucherProblemSentence('_', 'There is no voucher X.', labels)).toBe('There is no voucher X.');
    expect(voucherServerProblems({ 'voucher.max_uses': ['must be at least 3, the times the voucher has been used'], 'template.products.1': ['no product or merchandise has the code X'], count: ['must be a whole number from 1 to 10000'] })).toEqual({
      max_uses: 'must be at least 3, the times the voucher has been used',
      products: 'no product or merchandise has the code X',
      count: 'must be a whole number from 1 to 10000',
    });
  });
});

describe('the generate form', () => {
  it('sends how many, the prefix and the template without a code', () => {
    const form = { ...emptyGenerateForm(), count: '250', prefix: 'crew', voucher: { ...emptyGenerateForm().voucher, name: 'Crew drinks', kind: 'free_product' as const, product: 'NWF27-TOKEN' } };
    expect(prepareGenerate(form, context)).toEqual({
      ok: true,
      payload: {
        count: 250,
        prefix: 'crew',
        template: { name: 'Crew drinks', kind: 'free_product', discount_amount: null, percent: null, product: 'NWF27-TOKEN', products: null, max_uses: 1, max_uses_per_customer: null, valid_from: null, valid_until: null, active: true },
      },
    });
  });

  it('refuses a count out of range, an odd prefix and a template the file would refuse, by field', () => {
    const form = emptyGenerateForm();
    expect(prepareGenerate({ ...form, count: '0', prefix: 'no spaces', voucher: { ...form.voucher, name: 'Crew', amount: '5' } }, context)).toEqual({
      ok: false,
      problems: { count: staffVoucherMessages.count, prefix: staffVoucherMessages.prefix },
    });
    expect(prepareGenerate({ ...form, count: '10001', voucher: { ...form.voucher, name: 'Crew', amount: '5' } }, context)).toEqual({ ok: false, problems: { count: staffVoucherMessages.count } });
    expect(prepareGenerate({ ...form, voucher: { ...form.voucher, name: '' } }, context)).toMatchObject({ ok: false, problems: { name: voucherFieldMessages.name, discount_amount: voucherFieldMessages.requiredFor('fixed') } });
  });
});

describe('a voucher in the list', () => {
  const money = (minor: number) => `€${(minor / 100).toFixed(2)}`;
  const names = (code: string) => ({ 'NWF27-WEEKEND': 'Weekend ticket', 'NWF27-TEE': 'T-shirt' })[code] ?? code;

  it('says what it gives, and on which products', () => {
    expect(voucherValueText({ ...view, products: null }, money, names)).toBe('€10.50 off');
    expect(voucherValueText(view, money, names)).toBe('€10.50 off, only on Weekend ticket');
    expect(voucherValueText({ ...view, kind: 'percentage', discount_amount: null, percent: 15, products: ['NWF27-WEEKEND', 'NWF27-TEE'] }, money, names)).toBe('15% off, only on Weekend ticket and T-shirt');
    expect(voucherValueText({ ...view, kind: 'free_product', discount_amount: null, product: 'NWF27-TEE', products: null }, money, names)).toBe('One T-shirt free');
  });

  it('says its uses of its limits', () => {
    expect(voucherUsesText(view)).toBe('3 of 100; once per customer');
    expect(voucherUsesText({ ...view, max_uses: null, max_uses_per_customer: 2 })).toBe('3, no limit; 2 times per customer');
    expect(voucherUsesText({ ...view, max_uses_per_customer: null })).toBe('3 of 100');
  });
});
