import { describe, expect, it } from 'vitest';
import { fromParam, safeRedirectTarget } from './safe-redirect';

describe('safeRedirectTarget', () => {
  it('follows same-site paths with their query', () => {
    expect(safeRedirectTarget('/portal/orders/AB12?tab=1')).toBe('/portal/orders/AB12?tab=1');
  });

  it.each(['https://evil.example', '//evil.example', '/\\evil.example', '/\t/evil.example', 'portal', '', null, undefined])(
    'refuses %j',
    (value) => {
      expect(safeRedirectTarget(value)).toBeNull();
    },
  );

  it('reads the from parameter of a search string', () => {
    expect(fromParam('?from=%2Fcheckout')).toBe('/checkout');
    expect(fromParam('?from=https%3A%2F%2Fevil.example')).toBeNull();
    expect(fromParam('')).toBeNull();
  });
});
