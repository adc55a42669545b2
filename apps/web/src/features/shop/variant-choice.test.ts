import { english, requirementMet, requiresProblems, variantName, variantNameTranslations } from '@festival/contract';
import { describe, expect, it } from 'vitest';
import { testShopItem } from '../../../test/test-shop-item';
import { preselectedVariant, requiredProductsText, variantAvailability, variantItem } from './variant-choice';

const number = (value: number) => value.toLocaleString('en-GB');
const variant = (id: number, label: string, stock_level: number | null) => ({ id, external_code: `TEE-${label}`, label, in_stock: stock_level !== 0, stock_level });
const tee = testShopItem({ id: 9, external_code: 'TEE', shop_item_type: 'merchandise', type: 'shirt', name: 'Line-up T-shirt', variants: [variant(10, 'S', 4), variant(11, 'M', 0), variant(12, 'L', null)] });

describe('variantItem', () => {
  it('is the group with the variant’s code, stock and name: what the cart adds', () => {
    const item = variantItem(tee, tee.variants![0]!);
    expect(item).toMatchObject({ id: 10, external_code: 'TEE-S', name: 'Line-up T-shirt – S', in_stock: true, stock_level: 4, variants: null, price: tee.price });
  });
});

describe('variantAvailability', () => {
  it("says 'Sold out', the units left, or nothing for unlimited stock", () => {
    expect(variantAvailability(tee.variants![1]!, number)).toBe('Sold out');
    expect(variantAvailability(tee.variants![0]!, number)).toBe('4 left');
    expect(variantAvailability(tee.variants![2]!, number)).toBeNull();
  });
});

describe('preselectedVariant', () => {
  it('chooses only when one variant is left', () => {
    expect(preselectedVariant(tee)).toBeNull();
    expect(preselectedVariant({ variants: [variant(1, 'S', 0), variant(2, 'M', 3)] })?.label).toBe('M');
    expect(preselectedVariant({ variants: null })).toBeNull();
  });
});

describe('requiredProductsText', () => {
  it('names the required products, or says nothing', () => {
    expect(english(requiredProductsText({ requires: [{ external_code: 'W', name: 'Weekend ticket' }] })!)).toBe('Only with Weekend ticket, for the same person.');
    expect(english(requiredProductsText({ requires: [{ external_code: 'W', name: 'Weekend ticket' }, { external_code: 'D', name: 'Day ticket' }] })!)).toMatch(/^Only with one of Weekend ticket.*Day ticket, for the same person\.$/);
    expect(requiredProductsText({ requires: null })).toBeNull();
  });
});

describe('the contract’s rules of variants and required products', () => {
  it('names a variant after its group and label, in every language either has a text in', () => {
    expect(variantName('Tee', 'M')).toBe('Tee – M');
    expect(variantNameTranslations({ name: 'Tee', translations: { de: { name: 'Shirt', description: '<p>x</p>' } } }, { label: 'M', labels: { nl: 'Middel' } })).toEqual({
      de: { name: 'Shirt – M', description: '<p>x</p>' },
      nl: { name: 'Tee – Middel' },
    });
    expect(variantNameTranslations({ name: 'Tee', translations: null }, { label: 'M', labels: null })).toBeNull();
  });

  it('requires products of the same event, never the product itself', () => {
    const products = new Map([
      ['WEEKEND', { event: 'A' }],
      ['OTHER', { event: 'B' }],
    ]);
    const found = requiresProblems(['WEEKEND', 'BUS', 'OTHER', 'NOPE'], { code: 'BUS', event: 'A' }, products).map((problem) => [problem.index, english(problem.text)]);
    expect(found).toEqual([
      [1, 'a product cannot require itself'],
      [2, 'no product of this event has the code "OTHER"'],
      [3, 'no product of this event has the code "NOPE"'],
    ]);
  });

  it('counts a required product held in the same name, however spaced or cased', () => {
    expect(requirementMet(['WEEKEND'], 'Ada Lovelace', [{ code: 'WEEKEND', full_name: ' ada  LOVELACE' }])).toBe(true);
    expect(requirementMet(['WEEKEND'], 'Ada Lovelace', [{ code: 'WEEKEND', full_name: 'Grace Hopper' }])).toBe(false);
    expect(requirementMet(['WEEKEND'], 'Ada Lovelace', [{ code: 'CAMPING', full_name: 'Ada Lovelace' }])).toBe(false);
    expect(requirementMet(null, 'Ada Lovelace', [])).toBe(true);
  });
});
