import type { ShopItemType } from '@festival/contract';
import { createContext, useContext } from 'react';
import { useParams } from 'react-router';
import { getConfig } from './config';
import { resolvePageTitle, type TitleSource } from './title';

/** Spec section 2: every route is public, logged-in only or guest only. */
export type AccessKind = 'public' | 'loggedIn' | 'guest';

/** A part of the shop that the configuration can switch off. */
export type Feature = 'shop' | 'merchandise' | 'ambassadors';

/** The configured rich texts that content pages show. */
export type ContentTextKey = 'cookiePolicy' | 'faqs' | 'privacyPolicy' | 'securityStatement' | 'termsAndConditions';

/** What the route table says about a route (its title as title.ts reads it); pages read the fields meant for them. */
export interface RouteHandle extends TitleSource {
  access: AccessKind;
  /** Redirects home when this part of the shop is switched off. */
  feature?: Feature;
  /** Listing and product pages: which shop. */
  shopItemType?: ShopItemType;
  /** Content pages: which configured text. */
  contentText?: ContentTextKey;
  /** The order confirmation shows the order detail plus a purchase tracking event. */
  confirmation?: boolean;
}

/**
 * The handle of the route being shown. The frame (app/layout/AppLayout.tsx) matches the location
 * against the route table and provides it; a page or a component outside any route gets undefined.
 */
export const RouteHandleContext = createContext<RouteHandle | undefined>(undefined);

export function useRouteHandle(): RouteHandle | undefined {
  return useContext(RouteHandleContext);
}

/** The title of the current route (configured or default), for its <h1>. */
export function usePageTitle(fallback = ''): string {
  const handle = useRouteHandle();
  const params = useParams();
  return resolvePageTitle(handle, getConfig(), params) ?? fallback;
}
