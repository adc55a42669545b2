import type { UserData } from '@festival/contract';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { getToken } from '../../../lib/storage';
import { userDataQuery, useToken } from '../../../lib/user-data';

/**
 * The session (spec section 4): the token lives in local storage; the user data comes from
 * get-data (lib/user-data), cached by TanStack Query under the token it was asked with.
 * Login and logout are in login.ts: only the lazily loaded login form and account panel use
 * them, so they (and TanStack's mutation code) stay out of the first route's JavaScript.
 */
export { USER_DATA_KEY, userDataKey, userDataQuery, useToken, useUserData } from '../../../lib/user-data';

export function isLoggedIn(token: string | null, data: UserData | undefined): boolean {
  return Boolean(token && data?.customer);
}

export function useSession() {
  const token = useToken();
  const query = useQuery(userDataQuery(token));
  const customer = query.data?.customer ?? null;
  return {
    token,
    data: query.data,
    customer,
    isLoggedIn: isLoggedIn(token, query.data),
    /** True while a stored token waits for its first get-data answer. */
    isResolving: Boolean(token) && query.isPending,
    query,
  };
}

/** For route loaders: whether the visitor is logged in, asking get-data once if needed. */
export async function resolveIsLoggedIn(queryClient: QueryClient): Promise<boolean> {
  const token = getToken();
  if (!token) return false;
  try {
    const data = await queryClient.ensureQueryData(userDataQuery(token));
    return isLoggedIn(getToken(), data);
  } catch {
    // get-data failed (offline, server error): treat as logged out for this navigation
    // without dropping the token; a 401 or 419 has already cleared it in the api client.
    return false;
  }
}
