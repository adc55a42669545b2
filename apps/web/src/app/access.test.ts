import { describe, expect, it } from 'vitest';
import { decideAccess, isFeatureAvailable, loginRedirect } from './access';
import { appRoutes } from './route-table';
import type { ClientConfig } from '@festival/contract';

describe('decideAccess', () => {
  const portal = { pathname: '/portal/orders/AB12', search: '?tab=tickets' };

  it('shows public routes to everyone', () => {
    expect(decideAccess('public', false, portal)).toEqual({});
    expect(decideAccess('public', true, portal)).toEqual({});
  });

  it('sends a visitor on a logged-in-only route to login with the original path and query', () => {
    expect(decideAccess('loggedIn', false, portal)).toEqual({
      redirect: '/login?from=%2Fportal%2Forders%2FAB12%3Ftab%3Dtickets',
    });
  });

  it('lets a customer see logged-in-only routes', () => {
    expect(decideAccess('loggedIn', true, portal)).toEqual({});
  });

  it('sends a customer on a guest-only route home', () => {
    expect(decideAccess('guest', true, { pathname: '/login' })).toEqual({ redirect: '/' });
  });

  it('lets a visitor see guest-only routes', () => {
    expect(decideAccess('guest', false, { pathname: '/register' })).toEqual({});
  });

  it('encodes a path without query', () => {
    expect(loginRedirect({ pathname: '/checkout' })).toBe('/login?from=%2Fcheckout');
  });
});

describe('isFeatureAvailable', () => {
  const base = { shopActive: true, merchandiseActive: true, ambassadors: { path: 'ambassadors', title: 'A', text: '<p>t</p>' } };

  it('needs the shop for the shop', () => {
    expect(isFeatureAvailable('shop', base)).toBe(true);
    expect(isFeatureAvailable('shop', { ...base, shopActive: false })).toBe(false);
  });

  it('needs both switches for merchandise', () => {
    expect(isFeatureAvailable('merchandise', base)).toBe(true);
    expect(isFeatureAvailable('merchandise', { ...base, merchandiseActive: false })).toBe(false);
    expect(isFeatureAvailable('merchandise', { ...base, shopActive: false })).toBe(false);
  });

  it('needs title and text for the ambassadors page', () => {
    expect(isFeatureAvailable('ambassadors', base)).toBe(true);
    expect(isFeatureAvailable('ambassadors', { ...base, ambassadors: { path: 'x', title: 'A', text: null } })).toBe(false);
    expect(isFeatureAvailable('ambassadors', { ...base, ambassadors: { path: 'x', title: '', text: 't' } })).toBe(false);
  });
});

describe('the route table', () => {
  const config = { ambassadors: { path: 'crew', title: 'Crew', text: '<p>Join</p>' } } as ClientConfig;
  const routes = appRoutes(config);
  const accessOf = (path: string) => routes.find((route) => route.path === path)?.access;

  it('holds every route of the spec with its access kind', () => {
    expect(Object.fromEntries(routes.map((route) => [route.path, route.access]))).toEqual({
      '/': 'public',
      '/tickets': 'public',
      '/merchandise': 'public',
      '/tickets/:item': 'public',
      '/merchandise/:item': 'public',
      '/checkout': 'loggedIn',
      '/accept-tcs/:order/:checksum': 'public',
      '/payment-plan-payment/:order/:checksum/:reference': 'public',
      '/portal': 'loggedIn',
      '/portal/orders/:order': 'loggedIn',
      '/portal/orders/:order/confirmation': 'loggedIn',
      '/portal/orders/:order/manage-ticket/:ticket': 'loggedIn',
      '/portal/orders/:order/request-refund': 'loggedIn',
      '/portal/refunds/:refund': 'loggedIn',
      '/account': 'loggedIn',
      '/login': 'guest',
      '/register': 'guest',
      '/forgot-password': 'guest',
      '/reset-password/:email/:token': 'guest',
      '/resend-tickets': 'guest',
      '/crew': 'public',
      '/cookie-policy': 'public',
      '/faqs': 'public',
      '/privacy-policy': 'public',
      '/security-statement': 'public',
      '/terms-conditions': 'public',
      '/order/:order': 'loggedIn',
      // Our own addition (issue 23): the waiting room asks a visitor who is not signed in to log in there.
      '/waiting-room/:onsale': 'public',
    });
  });

  it('takes the ambassadors path from the configuration', () => {
    expect(accessOf('/crew')).toBe('public');
    expect(accessOf('/ambassadors')).toBeUndefined();
  });

  it('gives every route a unique name', () => {
    const names = routes.map((route) => route.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('switches the shop pages and checkout off with the shop', () => {
    const gated = routes.filter((route) => route.feature).map((route) => `${route.path} ${route.feature}`);
    expect(gated).toEqual([
      '/tickets shop',
      '/merchandise merchandise',
      '/tickets/:item shop',
      '/merchandise/:item merchandise',
      '/checkout shop',
      '/crew ambassadors',
      '/waiting-room/:onsale shop',
    ]);
  });
});
