import type { CatalogueEventView, CatalogueItemView } from '@festival/contract';
import { describe, expect, it } from 'vitest';
import { COLLAPSE_ABOVE, countsOf, groupItems, isFiltering, isGroupOpen, kindChoices, matchesFilter, NO_FILTER } from './catalogue-groups';

// Only what the groups and the filter read; the rest of an item's view is the page's.
const item = (code: string, overrides: Partial<CatalogueItemView> = {}) => ({ code, name: `Item ${code}`, kind: 'product', type: 'entry', event: 'A', on_sale: true, sold: 0, ...overrides }) as CatalogueItemView;
const event = (code: string, archived = false) => ({ code, name: `Event ${code}`, archived }) as CatalogueEventView;

describe('the catalogue page’s groups', () => {
  it('groups products by event in one pass, the unknown event’s apart, merchandise last', () => {
    const items = [item('A-1'), item('B-1', { event: 'B' }), item('X-1', { event: 'X' }), item('SHIRT', { kind: 'merchandise', type: 'shirt', event: null }), item('A-2')];
    const groups = groupItems(items, [event('A'), event('B'), event('C')]);
    expect([...groups.byEvent].map(([code, list]) => [code, list.map((entry) => entry.code)])).toEqual([
      ['A', ['A-1', 'A-2']],
      ['B', ['B-1']],
      ['C', []],
    ]);
    expect(groups.orphans.map((entry) => entry.code)).toEqual(['X-1']);
    expect(groups.merchandise.map((entry) => entry.code)).toEqual(['SHIRT']);
  });

  it('counts a group’s items, those on sale and the units sold', () => {
    expect(countsOf([item('A-1', { sold: 3 }), item('A-2', { on_sale: false, sold: 4 }), item('A-3')])).toEqual({ items: 3, onSale: 2, sold: 7 });
  });

  it('starts collapsed above 60 items, opens the groups with matches while filtering, and keeps what the admin toggled', () => {
    const none = new Map<string, boolean>();
    expect(isGroupOpen('A', none, false, 0, COLLAPSE_ABOVE)).toBe(true);
    expect(isGroupOpen('A', none, false, 0, COLLAPSE_ABOVE + 1)).toBe(false);
    expect(isGroupOpen('A', none, true, 2, 2000)).toBe(true);
    expect(isGroupOpen('A', none, true, 0, 10)).toBe(false);
    expect(isGroupOpen('A', new Map([['A', true]]), false, 0, 2000)).toBe(true);
    expect(isGroupOpen('A', new Map([['A', false]]), true, 5, 10)).toBe(false);
  });
});

describe('the catalogue page’s filter', () => {
  const archived = new Set(['OLD']);
  it('finds the text in a code or a name, in any case', () => {
    expect(matchesFilter(item('NWF27-CAMPING', { name: 'Camping weekend' }), { ...NO_FILTER, text: 'camp' }, archived)).toBe(true);
    expect(matchesFilter(item('NWF27-CAMPING', { name: 'Tent' }), { ...NO_FILTER, text: 'nwf27-c' }, archived)).toBe(true);
    expect(matchesFilter(item('NWF27-LOCKER', { name: 'Locker' }), { ...NO_FILTER, text: 'camp' }, archived)).toBe(false);
  });

  it('keeps a kind or a type', () => {
    const shirt = item('SHIRT', { kind: 'merchandise', type: 'shirt', event: null });
    expect(matchesFilter(shirt, { ...NO_FILTER, kind: 'kind:merchandise' }, archived)).toBe(true);
    expect(matchesFilter(shirt, { ...NO_FILTER, kind: 'kind:product' }, archived)).toBe(false);
    expect(matchesFilter(item('BUS', { type: 'transport' }), { ...NO_FILTER, kind: 'type:transport' }, archived)).toBe(true);
    expect(matchesFilter(item('BUS', { type: 'entry' }), { ...NO_FILTER, kind: 'type:transport' }, archived)).toBe(false);
    expect(kindChoices([shirt, item('B', { type: 'transport' }), item('A'), item('C')])).toEqual({ products: ['entry', 'transport'], merchandise: ['shirt'] });
  });

  it('keeps items on sale, off sale, or archived (an archived event’s items are archived, never on or off sale)', () => {
    const on = item('ON');
    const off = item('OFF', { on_sale: false });
    const old = item('OLD-1', { event: 'OLD' });
    const states = (state: 'on_sale' | 'off_sale' | 'archived') => [on, off, old].filter((entry) => matchesFilter(entry, { ...NO_FILTER, state }, archived)).map((entry) => entry.code);
    expect(states('on_sale')).toEqual(['ON']);
    expect(states('off_sale')).toEqual(['OFF']);
    expect(states('archived')).toEqual(['OLD-1']);
    expect(isFiltering(NO_FILTER)).toBe(false);
    expect(isFiltering({ ...NO_FILTER, text: '  ' })).toBe(false);
    expect(isFiltering({ ...NO_FILTER, state: 'archived' })).toBe(true);
  });
});
