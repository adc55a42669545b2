import type { ClientConfig } from '@festival/contract';
import type { AccessKind, Feature } from '../lib/route-handle';

export interface AccessLocation {
  pathname: string;
  search?: string;
}

export interface AccessDecision {
  /** Where to send the visitor instead; absent when the route may be shown. */
  redirect?: string;
}

/** The login page, remembering the path (with its query) to return to. */
export function loginRedirect({ pathname, search = '' }: AccessLocation): string {
  return `/login?from=${encodeURIComponent(pathname + search)}`;
}

/**
 * The route guard of spec section 2. Logged-in-only routes send a visitor to login with
 * `from`; guest-only routes send a logged-in customer home. Checked on every navigation
 * (and again after login, logout or an expired session).
 */
export function decideAccess(kind: AccessKind, isLoggedIn: boolean, location: AccessLocation): AccessDecision {
  if (kind === 'loggedIn' && !isLoggedIn) return { redirect: loginRedirect(location) };
  if (kind === 'guest' && isLoggedIn) return { redirect: '/' };
  return {};
}

/**
 * Whether a switchable part of the shop is on: the listings and checkout need the shop,
 * merchandise needs both switches (spec sections 2 and 4), and the ambassadors page needs
 * its title and text.
 */
export function isFeatureAvailable(
  feature: Feature,
  config: Pick<ClientConfig, 'shopActive' | 'merchandiseActive' | 'ambassadors'>,
): boolean {
  switch (feature) {
    case 'shop':
      return config.shopActive;
    case 'merchandise':
      return config.shopActive && config.merchandiseActive;
    case 'ambassadors':
      return Boolean(config.ambassadors.title && config.ambassadors.text);
  }
}
