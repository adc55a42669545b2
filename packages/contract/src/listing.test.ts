import { describe, expect, it } from 'vitest';
import { english } from './i18n/english';
import { emptyListingText, listingTypes, listingView, readListingFilter, writeListingFilter } from './listing';
import { messages } from './messages';

const weekend = { external_code: 'WEEKEND', type: 'ticket', in_stock: true };
const camping = { external_code: 'CAMPING', type: 'camping', in_stock: true };
const glamping = { external_code: 'GLAMPING', type: 'camping', in_stock: false };
const shuttle = { external_code: 'SHUTTLE', type: 'transport', in_stock: true };
const tickets = [weekend, camping, glamping, shuttle];

describe('listingTypes', () => {
  it('lists each sub-type once, in catalogue order', () => {
    expect(listingTypes(tickets)).toEqual(['ticket', 'camping', 'transport']);
    expect(listingTypes([])).toEqual([]);
  });
});

describe('listingView', () => {
  it('shows in-stock items of every type by default', () => {
    const view = listingView(tickets, { type: null, includeOutOfStock: false });
    expect(view.visible.map((shown) => shown.external_code)).toEqual(['WEEKEND', 'CAMPING', 'SHUTTLE']);
    expect(view.types).toEqual(['ticket', 'camping', 'transport']);
    expect(view.type).toBeNull();
  });

  it('includes sold-out items when asked', () => {
    const view = listingView(tickets, { type: null, includeOutOfStock: true });
    expect(view.visible.map((shown) => shown.external_code)).toEqual(['WEEKEND', 'CAMPING', 'GLAMPING', 'SHUTTLE']);
  });

  it('keeps only the chosen sub-type', () => {
    expect(listingView(tickets, { type: 'camping', includeOutOfStock: false }).visible.map((shown) => shown.external_code)).toEqual(['CAMPING']);
    expect(listingView(tickets, { type: 'camping', includeOutOfStock: true }).visible.map((shown) => shown.external_code)).toEqual([
      'CAMPING',
      'GLAMPING',
    ]);
  });

  it('can leave nothing to show when every item of a type is sold out', () => {
    const view = listingView([weekend, glamping], { type: 'camping', includeOutOfStock: false });
    expect(view.type).toBe('camping');
    expect(view.visible).toEqual([]);
  });

  it('ignores a sub-type the listing does not have', () => {
    const view = listingView(tickets, { type: 'hoodie', includeOutOfStock: false });
    expect(view.type).toBeNull();
    expect(view.visible).toHaveLength(3);
  });

  it('ignores the sub-type when there is only one (no dropdown to change it)', () => {
    const view = listingView([weekend], { type: 'ticket', includeOutOfStock: false });
    expect(view.types).toEqual(['ticket']);
    expect(view.type).toBeNull();
    expect(view.visible).toEqual([weekend]);
  });
});

describe('the listing filter in the URL', () => {
  it('reads the type and falls back to the configured stock default', () => {
    expect(readListingFilter(new URLSearchParams(''), false)).toEqual({ type: null, includeOutOfStock: false });
    expect(readListingFilter(new URLSearchParams(''), true)).toEqual({ type: null, includeOutOfStock: true });
    expect(readListingFilter(new URLSearchParams('type=shirt'), false)).toEqual({ type: 'shirt', includeOutOfStock: false });
  });

  it('reads stock=all and stock=in whatever the default', () => {
    expect(readListingFilter(new URLSearchParams('stock=all'), false).includeOutOfStock).toBe(true);
    expect(readListingFilter(new URLSearchParams('stock=in'), true).includeOutOfStock).toBe(false);
    expect(readListingFilter(new URLSearchParams('stock=nonsense'), true).includeOutOfStock).toBe(true);
  });

  it('writes only what differs from the default view and keeps other parameters', () => {
    const base = new URLSearchParams('utm=mail');
    expect(writeListingFilter(base, { type: 'shirt', includeOutOfStock: false }, false).toString()).toBe('utm=mail&type=shirt');
    expect(writeListingFilter(base, { type: null, includeOutOfStock: true }, false).toString()).toBe('utm=mail&stock=all');
    expect(writeListingFilter(base, { type: null, includeOutOfStock: false }, true).toString()).toBe('utm=mail&stock=in');
    expect(writeListingFilter(new URLSearchParams('type=shirt&stock=all'), { type: null, includeOutOfStock: false }, false).toString()).toBe('');
  });

  it('reads back what it wrote', () => {
    for (const includeOutOfStockDefault of [false, true]) {
      for (const filter of [
        { type: null, includeOutOfStock: false },
        { type: 'poster', includeOutOfStock: true },
      ]) {
        const written = writeListingFilter(new URLSearchParams(), filter, includeOutOfStockDefault);
        expect(readListingFilter(written, includeOutOfStockDefault)).toEqual(filter);
      }
    }
  });
});

describe('emptyListingText', () => {
  it('uses the configured out-of-stock text, else the spec text', () => {
    expect(emptyListingText('All sold out.')).toBe('All sold out.');
    expect(emptyListingText(null)).toBe(messages.shop.emptyListing);
    expect(english(emptyListingText('  '))).toBe('There are no items to show. Please check back again soon.');
  });
});

