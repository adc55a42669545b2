import type { ClientConfig } from '@festival/contract';
import { describe, expect, it } from 'vitest';
import { buildDocumentTitle, resolvePageTitle } from './title';

const config = {
  name: 'Sunrise Festival',
  titles: { tickets: 'Festival Tickets', blank: '  ', home: 'Home' },
  ambassadors: { path: 'ambassadors', title: 'Crew', text: 'x' },
} as unknown as ClientConfig;

describe('buildDocumentTitle', () => {
  it('puts the page before the shop name', () => {
    expect(buildDocumentTitle('Tickets', 'Sunrise Festival')).toBe('Tickets | Sunrise Festival');
  });

  it('is the shop name alone without a page title (home)', () => {
    expect(buildDocumentTitle(null, 'Sunrise Festival')).toBe('Sunrise Festival');
    expect(buildDocumentTitle('  ', 'Sunrise Festival')).toBe('Sunrise Festival');
  });
});

describe('resolvePageTitle', () => {
  it('prefers the configured title of the route', () => {
    expect(resolvePageTitle({ name: 'tickets', title: 'Tickets' }, config)).toBe('Festival Tickets');
  });

  it('uses the route title when nothing (or only blanks) is configured', () => {
    expect(resolvePageTitle({ name: 'checkout', title: 'Checkout' }, config)).toBe('Checkout');
    expect(resolvePageTitle({ name: 'blank', title: 'Blank' }, config)).toBe('Blank');
  });

  it('builds titles from route parameters and configuration', () => {
    expect(resolvePageTitle({ name: 'orderDetail', title: ({ params }) => `Order ${params.order}` }, config, { order: 'AB12' })).toBe(
      'Order AB12',
    );
    expect(resolvePageTitle({ name: 'ambassadors', title: ({ config: c }) => c.ambassadors.title ?? '' }, config)).toBe('Crew');
  });

  it('has no title for home (even a configured one) or an unknown route', () => {
    expect(resolvePageTitle({ name: 'home', titleIsShopName: true }, config)).toBeNull();
    expect(resolvePageTitle(undefined, config)).toBeNull();
  });
});
