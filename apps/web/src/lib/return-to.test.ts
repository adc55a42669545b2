// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { forgetReturnTo, rememberedReturnTo, rememberReturnTo, RETURN_TO_KEEP_MS, RETURN_TO_KEY, withFrom } from './return-to';

afterEach(() => localStorage.clear());

describe('the destination a detour remembers', () => {
  it('is read back while it lasts, and not after', () => {
    rememberReturnTo('/checkout', 1_000);
    expect(rememberedReturnTo(1_000 + RETURN_TO_KEEP_MS - 1)).toBe('/checkout');
    expect(rememberedReturnTo(1_000 + RETURN_TO_KEEP_MS)).toBeNull();
    // An expired entry is dropped, not kept for a later reader.
    expect(localStorage.getItem(RETURN_TO_KEY)).toBeNull();
  });

  it('keeps no destination that leaves the shop, and drops one written into storage by hand', () => {
    rememberReturnTo('//evil.example', 0);
    rememberReturnTo('https://evil.example/checkout', 0);
    rememberReturnTo(null, 0);
    expect(localStorage.getItem(RETURN_TO_KEY)).toBeNull();
    localStorage.setItem(RETURN_TO_KEY, JSON.stringify({ path: '/%2F/evil.example', until: Date.now() + 60_000 }));
    expect(rememberedReturnTo()).toBeNull();
    localStorage.setItem(RETURN_TO_KEY, 'not json');
    expect(rememberedReturnTo()).toBeNull();
    localStorage.setItem(RETURN_TO_KEY, JSON.stringify({ path: '/checkout' }));
    expect(rememberedReturnTo()).toBeNull();
  });

  it('is forgotten once used', () => {
    rememberReturnTo('/portal/orders/AB12');
    forgetReturnTo();
    expect(rememberedReturnTo()).toBeNull();
  });
});

describe('withFrom', () => {
  it('adds a safe destination other than home as the from parameter', () => {
    expect(withFrom('/login', '/checkout')).toBe('/login?from=%2Fcheckout');
    expect(withFrom('/register', '/tickets?type=camping')).toBe('/register?from=%2Ftickets%3Ftype%3Dcamping');
    expect(withFrom('/login', '/')).toBe('/login');
    expect(withFrom('/login', null)).toBe('/login');
    expect(withFrom('/login', '//evil.example')).toBe('/login');
  });
});
