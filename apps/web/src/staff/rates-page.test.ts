import { rateFieldMessages, taxRateDefinition, type ShippingRateView, type TaxRateView } from '@festival/contract';
import { describe, expect, it } from 'vitest';
import { say } from '../lib/say';
import {
  emptyShippingRateForm,
  emptyTaxRateForm,
  prepareShippingRate,
  prepareTaxRate,
  rateFormFieldOf,
  rateProblemSentence,
  rateServerProblems,
  readPercent,
  shippingRateFormOf,
  taxRateFormOf,
} from './rates-page';
import { staffTexts } from './texts';

const texts = staffTexts.rates;
const tax: TaxRateView = { code: 'low', name: 'VAT 9.5%', rate: 9.5, archived: false, items: 3, back_office_fields: [] };
const shipping: ShippingRateView = { country: 'NL', name: 'PostNL parcel', type: 'standard', price: 495, archived: false, back_office_fields: ['price'] };

describe('the tax rate form', () => {
  it('shows a rate as staff type it and sends it back as the file writes it', () => {
    const form = taxRateFormOf(tax);
    expect(form).toMatchObject({ code: 'low', name: 'VAT 9.5%', archived: false });
    expect(prepareTaxRate(form)).toEqual({ ok: true, rate: { code: 'low', name: 'VAT 9.5%', rate: 9.5, archived: false } });
    expect(prepareTaxRate({ ...form, rate: '9,5' })).toEqual({ ok: true, rate: expect.objectContaining({ rate: 9.5 }) });
    expect(prepareTaxRate({ ...form, rate: ' 21 % ' })).toEqual({ ok: true, rate: expect.objectContaining({ rate: 21 }) });
  });

  it('refuses by field with the catalogue file’s rules: the same words the importer says', () => {
    const refused = prepareTaxRate({ ...emptyTaxRateForm(), code: 'bad code', rate: '21.555' });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(Object.keys(refused.problems).sort()).toEqual(['code', 'name', 'rate']);
    expect(refused.problems.rate).toEqual(rateFieldMessages.rate);
    // The browser's refusal is the file's schema's, word for word.
    expect(taxRateDefinition.safeParse({ code: 'x', name: 'X', rate: 21.555 }).error?.issues[0]?.message).toContain(rateFieldMessages.rate.id);
    expect(readPercent('abc')).toBeNaN();
    expect(readPercent('1e2')).toBeNaN();
  });
});

describe('the shipping rate form', () => {
  it('shows the price in the currency and sends minor units, the country upper-case', () => {
    const form = shippingRateFormOf(shipping, 'EUR');
    expect(form.price).toBe('4.95');
    expect(prepareShippingRate({ ...form, country: 'be', price: '7.95' }, 'EUR')).toEqual({ ok: true, rate: { country: 'BE', name: 'PostNL parcel', type: 'standard', price: 795, archived: false } });
    expect(prepareShippingRate({ ...emptyShippingRateForm(), country: 'NL', name: 'Post', type: ' ', price: '1' }, 'EUR')).toEqual({ ok: true, rate: expect.objectContaining({ type: 'standard', price: 100 }) });
  });

  it('refuses a price that is no amount and a country that is no code, by field', () => {
    const refused = prepareShippingRate({ ...emptyShippingRateForm(), country: 'Netherlands', name: 'Post', price: 'lots' }, 'EUR');
    expect(refused).toEqual({ ok: false, problems: { price: texts.notAnAmount, country: rateFieldMessages.country } });
  });
});

describe('the shop’s refusals', () => {
  it('are put under the form’s fields, a rule after the field’s label', () => {
    expect(rateFormFieldOf('tax_rate.archived')).toBe('archived');
    expect(rateFormFieldOf('shipping_rate')).toBe('_');
    expect(rateServerProblems({ 'tax_rate.archived': ['7 items that are not archived use this rate: give them another rate, or archive them, before archiving it'] })).toEqual({ archived: '7 items that are not archived use this rate: give them another rate, or archive them, before archiving it' });
    expect(rateProblemSentence('rate', rateFieldMessages.rate, { rate: 'Rate (%)' })).toBe(`Rate (%) ${say(rateFieldMessages.rate)}.`);
    expect(rateProblemSentence('code', 'must stay high: the catalogue file and items name the rate by it', { code: 'Code' })).toBe('Code must stay high: the catalogue file and items name the rate by it.');
    expect(rateProblemSentence('_', 'Change at least one field.', {})).toBe('Change at least one field.');
  });
});
