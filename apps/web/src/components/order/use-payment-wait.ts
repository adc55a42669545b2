import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { PAYMENT_POLL_LIMIT_MS, PAYMENT_POLL_MS } from './use-customer-order';

export type WaitingQueryOptions<T, K extends QueryKey> = Omit<UseQueryOptions<T, Error, T, K>, 'refetchInterval'>;

/**
 * A query that is asked again every 2 seconds, for up to 2 minutes, while `waitWhile` holds for
 * its answer: the payer may come back from the provider before its notification reaches the shop.
 * The pages opened by a link (no session needed, so no get-data) use it as the order pages use
 * useCustomerOrder.
 */
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
