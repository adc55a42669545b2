import type { ClientConfig, Shown } from '@festival/contract';
import type { Params } from 'react-router';
import { say } from './say';

export interface TitleContext {
  params: Params;
  config: ClientConfig;
}

/**
 * What a route says about its title: the fields of the route table's handle (route-handle.ts)
 * that titles are made of. Declared here, below the handle, so titles need nothing of routing.
 */
export interface TitleSource {
  /** The route name; also the key looked up in config.titles. */
  name: string;
  /** The page title when config.titles has no entry for the route. */
  title?: Shown | ((context: TitleContext) => Shown);
  /** The document title is the shop name alone (home), whatever config.titles says. */
  titleIsShopName?: boolean;
}

/** "Tickets | Sunrise Festival"; without a page title (home) just the shop name. */
export function buildDocumentTitle(pageTitle: string | null | undefined, shopName: string): string {
  const page = pageTitle?.trim();
  return page ? `${page} | ${shopName}` : shopName;
}

/**
 * The title of a route: the configured title (config.titles keyed by the route name) wins,
 * then the route's own title. Home has none, so the document shows the shop name alone.
 */
export function resolvePageTitle(
  handle: TitleSource | undefined,
  config: ClientConfig,
  params: Params = {},
): string | null {
  if (!handle || handle.titleIsShopName) return null;
  const configured = config.titles[handle.name];
  if (configured?.trim()) return configured;
  if (typeof handle.title === 'function') return say(handle.title({ params, config }));
  return handle.title === undefined ? null : say(handle.title);
}
