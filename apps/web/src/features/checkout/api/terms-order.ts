import type { Order } from '@festival/contract';
import { callApi } from '../../../lib/api-client';

/**
 * The accept-terms page's lookup (spec section 7): opened by the e-mailed link with the order's
 * checksum, without a session, so the order comes from this call rather than get-data.
 */
export const TERMS_ORDER_KEY = 'terms-order';

export function termsOrderQuery(code: string, checksum: string) {
  return {
    queryKey: [TERMS_ORDER_KEY, code, checksum] as const,
    queryFn: ({ signal }: { signal: AbortSignal }): Promise<Order> =>
      callApi('get-terms-and-conditions-order', { order: code, checksum }, { signal }).then((answer) => answer.order),
  };
}
