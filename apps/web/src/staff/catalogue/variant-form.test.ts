import { english } from '@festival/contract';
import { describe, expect, it } from 'vitest';
import { groupedMerchandise, prepareVariant, takesVariants } from './variant-form';

describe('prepareVariant', () => {
  it('sends the variant with its stock (empty: unlimited)', () => {
    expect(prepareVariant('TEE', { code: ' TEE-M ', label: 'M', stock: '12' })).toEqual({ payload: { code: 'TEE', variant: { code: 'TEE-M', label: 'M', stock: 12, on_sale: true } } });
    expect(prepareVariant('TEE', { code: 'TEE-L', label: 'L', stock: '' })).toEqual({ payload: { code: 'TEE', variant: { code: 'TEE-L', label: 'L', stock: null, on_sale: true } } });
  });

  it('sends the labels typed in other languages as the file gives them, an empty one left out, and says a bad one at its field', () => {
    expect(prepareVariant('TEE', { code: 'TEE-M', label: 'M', stock: '', labels: { de: 'Mittel', fr: ' ' } })).toEqual({
      payload: { code: 'TEE', variant: { code: 'TEE-M', label: 'M', stock: null, on_sale: true, translations: { de: { label: 'Mittel' } } } },
    });
    const prepared = prepareVariant('TEE', { code: 'TEE-M', label: 'M', stock: '', labels: { de: 'x'.repeat(61) } });
    expect('problems' in prepared && Object.keys(prepared.problems)).toEqual(['labels.de']);
  });

  it('says each field’s problem in the catalogue file’s words', () => {
    const prepared = prepareVariant('TEE', { code: 'tee m', label: ' ', stock: '-1' });
    expect('problems' in prepared).toBe(true);
    if (!('problems' in prepared)) return;
    const words = Object.fromEntries(Object.entries(prepared.problems).map(([field, text]) => [field, typeof text === 'string' ? text : english(text!)]));
    expect(words).toEqual({
      code: 'must be 1-64 letters, digits, dashes or underscores',
      label: 'must be 1-60 characters',
      stock: 'must be a whole number from 0 to 2147483647',
    });
  });
});

describe('groupedMerchandise', () => {
  it('puts each group’s variants right after it, and keeps a variant of a group not shown where it is', () => {
    const items = [
      { code: 'TEE', variant_of: null },
      { code: 'POSTER', variant_of: null },
      { code: 'TEE-S', variant_of: 'TEE' },
      { code: 'GONE-S', variant_of: 'GONE' },
      { code: 'TEE-M', variant_of: 'TEE' },
    ];
    expect(groupedMerchandise(items).map((item) => item.code)).toEqual(['TEE', 'TEE-S', 'TEE-M', 'POSTER', 'GONE-S']);
  });

  it('offers Add variant on merchandise that is not a variant', () => {
    expect(takesVariants({ kind: 'merchandise', variant_of: null })).toBe(true);
    expect(takesVariants({ kind: 'merchandise', variant_of: 'TEE' })).toBe(false);
    expect(takesVariants({ kind: 'product', variant_of: null })).toBe(false);
  });
});
