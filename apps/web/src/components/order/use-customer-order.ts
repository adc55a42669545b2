import type { Order } from '@festival/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { userDataQuery, useToken } from '../../lib/user-data';

/** How often and how long a page waits for the payment provider's notification. */
export const PAYMENT_POLL_MS = 2000;
export const PAYMENT_POLL_LIMIT_MS = 120_000;

/**
 * One order of the logged-in customer, from get-data. While `waitWhile` holds for it (a card
 * payment the provider has not confirmed yet), get-data is asked again every 2 seconds for up to
 * 2 minutes: the payer may come back from the provider before its notification reaches the shop.
 */
export function useCustomerOrder(code: string, waitWhile: ((order: Order) => boolean) | null) {
  const token = useToken();
  const [timedOut, setTimedOut] = useState(false);
  const query = useQuery({
    ...userDataQuery(token),
    refetchInterval: (current) => {
      const order = current.state.data?.orders.find((candidate) => candidate.code === code);
      return !timedOut && order && waitWhile?.(order) ? PAYMENT_POLL_MS : false;
    },
  });
  const order = query.data?.orders.find((candidate) => candidate.code === code) ?? null;
  const waiting = order !== null && Boolean(waitWhile?.(order));

  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setTimedOut(true), PAYMENT_POLL_LIMIT_MS);
    return () => clearTimeout(timer);
  }, [waiting]);

  return {
    order,
    /** get-data has not answered yet. */
    isPending: query.isPending,
    /** The page is waiting for the provider's confirmation. */
    isWaiting: waiting && !timedOut,
  };
}
