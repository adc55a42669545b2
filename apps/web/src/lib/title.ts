import type { ClientConfig } from '@festival/contract';
import type { Params } from 'react-router';
import type { RouteHandle } from './route-handle';

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
  handle: Pick<RouteHandle, 'name' | 'title' | 'titleIsShopName'> | undefined,
  config: ClientConfig,
  params: Params = {},
): string | null {
  if (!handle || handle.titleIsShopName) return null;
  const configured = config.titles[handle.name];
  if (configured?.trim()) return configured;
  if (typeof handle.title === 'function') return handle.title({ params, config });
  return handle.title ?? null;
}
