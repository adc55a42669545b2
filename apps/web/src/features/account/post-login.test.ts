// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { rememberReturnTo } from '../../lib/return-to';
import { detourOrigin, isLoginPath, postLoginTarget } from './post-login';

afterEach(() => localStorage.clear());

describe('where a fresh login continues', () => {
  it('sends the login page to its from parameter', () => {
    expect(postLoginTarget('page', { pathname: '/login', search: '?from=%2Fportal%2Forders%2FAB12%3Ftab%3Dtickets' })).toBe('/portal/orders/AB12?tab=tickets');
  });

  it('sends the login page home without a from parameter', () => {
    expect(postLoginTarget('page', { pathname: '/login', search: '' })).toBe('/');
  });

  it('sends the login page without from to the destination a detour remembered (an e-mailed link in another tab)', () => {
    rememberReturnTo('/checkout');
    expect(postLoginTarget('page', { pathname: '/login', search: '' })).toBe('/checkout');
    expect(postLoginTarget('page', { pathname: '/login', search: '?from=%2Fportal' })).toBe('/portal');
  });

  it('sends the header panel on a detour page carrying from on to that path', () => {
    expect(postLoginTarget('panel', { pathname: '/register', search: '?from=%2Fcheckout' })).toBe('/checkout');
    expect(postLoginTarget('panel', { pathname: '/forgot-password', search: '?from=%2Fcheckout' })).toBe('/checkout');
    expect(postLoginTarget('panel', { pathname: '/reset-password/a%40b.example/T0K3N', search: '?from=%2F%2Fevil.example' })).toBeNull();
  });

  it("gives the account links the login page's own from, or the page the panel sits on", () => {
    expect(detourOrigin({ pathname: '/login', search: '?from=%2Fcheckout' })).toBe('/checkout');
    expect(detourOrigin({ pathname: '/register', search: '?from=%2Fcheckout' })).toBe('/checkout');
    expect(detourOrigin({ pathname: '/login', search: '' })).toBeNull();
    expect(detourOrigin({ pathname: '/tickets/NWF27-WEEKEND', search: '?x=1' })).toBe('/tickets/NWF27-WEEKEND?x=1');
  });

  it('sends the login page home when from leads to another site', () => {
    expect(postLoginTarget('page', { pathname: '/login', search: '?from=%2F%2Fevil.example' })).toBe('/');
    expect(postLoginTarget('page', { pathname: '/login', search: '?from=https%3A%2F%2Fevil.example' })).toBe('/');
  });

  it('sends the header panel on a /login path to the portal, whatever from says', () => {
    expect(postLoginTarget('panel', { pathname: '/login', search: '' })).toBe('/portal');
    expect(postLoginTarget('panel', { pathname: '/login', search: '?from=%2Fcheckout' })).toBe('/portal');
    expect(postLoginTarget('panel', { pathname: '/login/', search: '' })).toBe('/portal');
  });

  it('leaves the header panel elsewhere on the page it is on (the guard then decides)', () => {
    expect(postLoginTarget('panel', { pathname: '/tickets/NWF27-WEEKEND', search: '' })).toBeNull();
    expect(postLoginTarget('panel', { pathname: '/register', search: '' })).toBeNull();
    expect(postLoginTarget('panel', { pathname: '/', search: '?from=%2Fportal' })).toBeNull();
  });

  it('knows a login path from one that only starts with the same letters', () => {
    expect(isLoginPath('/login')).toBe(true);
    expect(isLoginPath('/login/')).toBe(true);
    expect(isLoginPath('/loginfo')).toBe(false);
    expect(isLoginPath('/')).toBe(false);
  });
});
