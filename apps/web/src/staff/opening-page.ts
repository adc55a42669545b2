import type { StaffApiPath } from '@festival/contract';
import type { QueryClient } from '@tanstack/react-query';
import { staffCall } from './api';

/** The catalogue page's overview, by the key its page reads it under. */
export const CATALOGUE_OVERVIEW_KEY = ['catalogue-overview'] as const;

/**
 * How long what the opening page's first call answered counts as just read: the page that mounts
 * within it shows it without asking again (a page opened later asks as always).
 */
export const OPENING_FRESH_MS = 3_000;

/**
 * The first call of a page the back office may be opened on, where it takes no parameters and its
 * answer is large enough to wait for (the catalogue of 50 events and 2,000 products: issue 37's
 * speed target). By the path under /staff.
 */
const OPENING_CALLS: Readonly<Record<string, { key: readonly unknown[]; call: StaffApiPath }>> = {
  catalogue: { key: CATALOGUE_OVERVIEW_KEY, call: 'catalogue-overview' },
};

/** The page's name under /staff ("catalogue"), or '' for the start page. */
export const openingPageOf = (pathname: string): string => pathname.replace(/^\/staff\/?/, '').replace(/\/+$/, '');

/**
 * Starts the opening page's first call at once, beside the session's (staff-me) and the page's
 * chunk, instead of after both: the answer is in the query cache when the page mounts. Without a
 * session it is refused like any call (the sign-in then forgets it); a member whose role may not
 * make it is shown the page's refusal as before.
 */
export function startOpeningCall(client: QueryClient, pathname: string): void {
  const opening = OPENING_CALLS[openingPageOf(pathname)];
  if (!opening) return;
  void client.prefetchQuery({ queryKey: opening.key, queryFn: () => staffCall(opening.call, {}), staleTime: OPENING_FRESH_MS });
}
