import type { ApiAnswer, Order } from '@festival/contract';
import { callApi } from '../../../lib/api-client';
import { getToken } from '../../../lib/storage';

/**
 * The calls of the two pages opened by an e-mailed link with the order's checksum (spec section
 * 7): they work without a session, so the order comes from the link's own calls, not get-data.
 */
export const TERMS_ORDER_KEY = 'terms-order';
export const INSTALMENT_KEY = 'instalment';

export function termsOrderQuery(code: string, checksum: string) {
  return {
    queryKey: [TERMS_ORDER_KEY, code, checksum] as const,
    queryFn: ({ signal }: { signal: AbortSignal }): Promise<Order> =>
      callApi('get-terms-and-conditions-order', { order: code, checksum }, { signal }).then((answer) => answer.order),
  };
}

export type InstalmentData = ApiAnswer<'get-payment-plan-order-payment'>['data'];

export function instalmentQuery(code: string, checksum: string, reference: string) {
  return {
    queryKey: [INSTALMENT_KEY, code, checksum, reference] as const,
    queryFn: ({ signal }: { signal: AbortSignal }): Promise<InstalmentData> =>
      callApi('get-payment-plan-order-payment', { order: code, reference, checksum }, { signal }).then((answer) => answer.data),
  };
}

/** A card attempt for one instalment; the answer's instruction takes the payer to the provider. */
export async function payInstalment(code: string, checksum: string, reference: string) {
  const answer = await callApi('pay-payment-plan-order-payment', { token: getToken(), order: code, reference, checksum });
  return answer.data.payment ?? null;
}
