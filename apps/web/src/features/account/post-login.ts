import { fromParam } from '../../lib/safe-redirect';
import { rememberedReturnTo } from '../../lib/return-to';

/** Where the login form that succeeded sits: the login page itself, or the header's login panel. */
export type LoginPlace = 'page' | 'panel';

/** Whether a path is the login page's (React Router also matches it with a trailing slash). */
export function isLoginPath(pathname: string): boolean {
  return pathname === '/login' || pathname.startsWith('/login/');
}

/** The account detours a customer takes on the way to a login (guest only; issue 19). */
const DETOUR_PATHS = /^\/(?:register|forgot-password|reset-password|resend-tickets)(?:\/|$)/;

export function isDetourPath(pathname: string): boolean {
  return DETOUR_PATHS.test(pathname);
}

/**
 * Where a fresh login continues (spec sections 2 and 4, issue 5 point 2, issue 19 point 6): the
 * login page goes to its `from` parameter (a same-site path only), else to the destination a
 * detour remembered in this browser (an e-mailed link opened in another tab), else home; the
 * header panel on a /login path goes to the portal (the spec's rule); on a detour page carrying
 * `from` the panel continues there. Anywhere else the panel leaves the visitor where they are:
 * null, and the caller checks the route again, so a guest-only page sends them home.
 */
export function postLoginTarget(place: LoginPlace, location: { pathname: string; search: string }, now: number = Date.now()): string | null {
  if (place === 'page') return fromParam(location.search) ?? rememberedReturnTo(now) ?? '/';
  if (isLoginPath(location.pathname)) return '/portal';
  if (isDetourPath(location.pathname)) return fromParam(location.search);
  return null;
}

/**
 * Where the account links of a login form send the customer back to (`from`): the login page's
 * and a detour page's own `from`; elsewhere (the header panel on any other page) the page itself.
 */
export function detourOrigin(location: { pathname: string; search: string }): string | null {
  if (isLoginPath(location.pathname) || isDetourPath(location.pathname)) return fromParam(location.search);
  return location.pathname + location.search;
}
