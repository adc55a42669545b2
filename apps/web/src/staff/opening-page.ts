import type { StaffApiAnswer, StaffApiPath } from '@festival/contract';
import type { QueryClient } from '@tanstack/react-query';
import { staffCall } from './api';
import { ME_KEY } from './member';
import { mayCall } from './sections';

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
 * Starts the opening page's first call as soon as the session's answer (staff-me, asked here at
 * once, the app's own read of it shares it) says the member's role may make it, beside the page's
 * chunk and the first render instead of after them: the answer is in the query cache when the page
 * mounts. Signed out, or of a role the page refuses, nothing more is asked.
 */
export function startOpeningCall(client: QueryClient, pathname: string): void {
  const opening = OPENING_CALLS[openingPageOf(pathname)];
  if (!opening) return;
  void client
    .fetchQuery<StaffApiAnswer<'staff-me'> | null>({ queryKey: ME_KEY, queryFn: () => staffCall('staff-me', {}) })
    .then((me) => {
      if (me && mayCall(me.member.role, opening.call)) void client.prefetchQuery({ queryKey: opening.key, queryFn: () => staffCall(opening.call, {}), staleTime: OPENING_FRESH_MS });
    })
    .catch(() => undefined);
}
