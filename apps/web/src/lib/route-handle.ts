import type { ClientConfig, ShopItemType } from '@festival/contract';
import { useMatches, useParams, type Params } from 'react-router';
import { getConfig } from './config';
import { resolvePageTitle } from './title';

/** Spec section 2: every route is public, logged-in only or guest only. */
export type AccessKind = 'public' | 'loggedIn' | 'guest';

/** A part of the shop that the configuration can switch off. */
export type Feature = 'shop' | 'merchandise' | 'ambassadors';

/** The configured rich texts that content pages show. */
export type ContentTextKey = 'cookiePolicy' | 'faqs' | 'privacyPolicy' | 'securityStatement' | 'termsAndConditions';

export interface TitleContext {
  params: Params;
  config: ClientConfig;
}

/** What the route table says about a route; pages read the fields meant for them. */
export interface RouteHandle {
  /** The route name; also the key looked up in config.titles. */
  name: string;
  access: AccessKind;
  /** The page title when config.titles has no entry for the route. */
  title?: string | ((context: TitleContext) => string);
  /** The document title is the shop name alone (home), whatever config.titles says. */
  titleIsShopName?: boolean;
  /** Redirects home when this part of the shop is switched off. */
  feature?: Feature;
  /** Listing and product pages: which shop. */
  shopItemType?: ShopItemType;
  /** Content pages: which configured text. */
  contentText?: ContentTextKey;
  /** The order confirmation shows the order detail plus a purchase tracking event. */
  confirmation?: boolean;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return Boolean(value) && typeof value === 'object' && typeof (value as RouteHandle).name === 'string';
}

/** The handle of the deepest matched route that has one. */
export function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index--) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return undefined;
}

/** The title of the current route (configured or default), for its <h1>. */
export function usePageTitle(fallback = ''): string {
  const handle = useRouteHandle();
  const params = useParams();
  return resolvePageTitle(handle, getConfig(), params) ?? fallback;
}
