import type { UserData } from '@festival/contract';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { callApi } from './api-client';
import { clearToken, getToken, subscribeStorage } from './storage';

/**
 * The get-data query: the customer's data and what the shop offers (products, merchandise).
 * It lives in lib because several features read it (the session, the shop listings, the
 * portal) and features do not import each other. The answer is cached under the token it was
 * asked with, so a login or logout switches to another cache entry instead of patching one.
 */
export const USER_DATA_KEY = 'user-data';
export const userDataKey = (token: string | null) => [USER_DATA_KEY, token] as const;

/**
 * A call answered the customer's data: it replaces the session's cached get-data, so every page
 * showing it follows without asking again. Nothing is stored without a session (or without data).
 */
export function storeUserData(queryClient: QueryClient, token: string | null, data: UserData | null | undefined): void {
  if (token && data) queryClient.setQueryData(userDataKey(token), data);
}

async function fetchUserData(token: string | null, signal: AbortSignal): Promise<UserData> {
  const answer = await callApi('get-data', { token }, { signal });
  // A token without a customer behind it is a dead session: log out.
  if (token && !answer.data.customer && getToken() === token) clearToken();
  return answer.data;
}

export function userDataQuery(token: string | null) {
  return queryOptions({
    queryKey: userDataKey(token),
    queryFn: ({ signal }) => fetchUserData(token, signal),
    staleTime: 60_000,
  });
}

/** The stored session token; re-renders when it changes (here or in another tab). */
export function useToken(): string | null {
  return useSyncExternalStore(subscribeStorage, getToken, () => null);
}

/** get-data for the current visitor or customer. */
export function useUserData() {
  const token = useToken();
  return useQuery(userDataQuery(token));
}
