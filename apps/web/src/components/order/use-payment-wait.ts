import type { Order, UserData } from '@festival/contract';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { userDataQuery, useToken } from '../../lib/user-data';

/**
 * The pages a payer comes back to from the payment provider, possibly before its notification
 * has reached the shop: they ask again every 2 seconds, for up to 2 minutes, while the payment
 * is not confirmed. The order pages wait on get-data; the pages opened by a link, which need no
 * session, on their own calls.
 */

/** How often and how long a page waits for the payment provider's notification. */
export const PAYMENT_POLL_MS = 2000;
export const PAYMENT_POLL_LIMIT_MS = 120_000;

export type WaitingQueryOptions<T, K extends QueryKey> = Omit<UseQueryOptions<T, Error, T, K>, 'refetchInterval'>;

/** A query asked again while `waitWhile` holds for its answer (and the 2 minutes are not up). */
export function useQueryWaitingForPayment<T, K extends QueryKey = QueryKey>(options: WaitingQueryOptions<T, K>, waitWhile: ((data: T) => boolean) | null) {
  const [timedOut, setTimedOut] = useState(false);
  const query = useQuery<T, Error, T, K>({
    ...options,
    refetchInterval: (current) => {
      const data = current.state.data;
      return !timedOut && data !== undefined && waitWhile?.(data) ? PAYMENT_POLL_MS : false;
    },
  });
  const waiting = query.data !== undefined && Boolean(waitWhile?.(query.data));

  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setTimedOut(true), PAYMENT_POLL_LIMIT_MS);
    return () => clearTimeout(timer);
  }, [waiting]);

  return { query, isWaiting: waiting && !timedOut };
}

/**
 * One order of the logged-in customer, from get-data, asked again while `waitWhile` holds for it
 * (a card payment the provider has not confirmed yet).
 */
export function useCustomerOrder(code: string, waitWhile: ((order: Order) => boolean) | null) {
  const token = useToken();
  const find = (data: UserData | undefined) => data?.orders.find((candidate) => candidate.code === code) ?? null;
  const { query, isWaiting } = useQueryWaitingForPayment(
    userDataQuery(token),
    waitWhile
      ? (data) => {
          const order = find(data);
          return order !== null && waitWhile(order);
        }
      : null,
  );
  return {
    order: find(query.data),
    /** get-data has not answered yet. */
    isPending: query.isPending,
    /** The page is waiting for the provider's confirmation. */
    isWaiting,
  };
}
