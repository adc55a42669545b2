import { fromParam } from '../../lib/safe-redirect';

/** Where the login form that succeeded sits: the login page itself, or the header's login panel. */
export type LoginPlace = 'page' | 'panel';

/** Whether a path is the login page's (React Router also matches it with a trailing slash). */
export function isLoginPath(pathname: string): boolean {
  return pathname === '/login' || pathname.startsWith('/login/');
}

/**
 * Where a fresh login continues (spec sections 2 and 4, issue 5 point 2): the login page goes to
 * its `from` parameter (a same-site path only) or home; the header panel on a /login path goes to
 * the portal. Anywhere else the panel leaves the visitor where they are: null, and the caller
 * checks the route again, so a guest-only page (register, forgot password…) sends them home.
 */
export function postLoginTarget(place: LoginPlace, location: { pathname: string; search: string }): string | null {
  if (place === 'page') return fromParam(location.search) ?? '/';
  if (isLoginPath(location.pathname)) return '/portal';
  return null;
}
