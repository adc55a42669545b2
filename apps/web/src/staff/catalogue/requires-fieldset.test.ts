import { describe, expect, it } from 'vitest';
import { requirableProducts, toggledCode } from './RequiresFieldset';

const product = (code: string, extra: Partial<{ kind: 'product' | 'merchandise'; event: string | null; archived: boolean }> = {}) => ({ code, name: `Name ${code}`, kind: 'product' as const, event: 'NWF27', archived: false, ...extra });

describe('an add-on’s required products in the forms (decision 0104)', () => {
  it('offers the other products of its event: never itself, merchandise or another event’s, archived ones only where already named', () => {
    const items = [product('WEEKEND'), product('PARKING'), product('TEE', { kind: 'merchandise', event: null }), product('OTHER', { event: 'OTHER27' }), product('OLD', { archived: true }), product('GONE', { archived: true })];
    expect(requirableProducts(items, { code: 'PARKING', event: 'NWF27' }, []).map((found) => found.code)).toEqual(['WEEKEND']);
    expect(requirableProducts(items, { code: 'PARKING', event: 'NWF27' }, ['OLD']).map((found) => found.code)).toEqual(['WEEKEND', 'OLD']);
    // A code named that the page does not offer stays listed, by its code, for the shop to refuse.
    expect(requirableProducts(items, { code: 'PARKING', event: 'NWF27' }, ['OTHER'])).toEqual([
      { code: 'WEEKEND', name: 'Name WEEKEND' },
      { code: 'OTHER', name: 'OTHER' },
    ]);
  });

  it('keeps the codes in the order they were ticked', () => {
    expect(toggledCode(['A'], 'B', true)).toEqual(['A', 'B']);
    expect(toggledCode(['A', 'B'], 'A', false)).toEqual(['B']);
    expect(toggledCode(['A'], 'A', true)).toEqual(['A']);
  });
});
