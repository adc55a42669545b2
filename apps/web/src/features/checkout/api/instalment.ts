import type { ApiAnswer } from '@festival/contract';
import { callApi } from '../../../lib/api-client';
import { getToken } from '../../../lib/storage';

/**
 * The instalment page's calls (spec section 7): opened by a link with the order's checksum, with
 * or without a session, so the instalment and its order come from these calls, not get-data.
 */
export const INSTALMENT_KEY = 'instalment';

export type InstalmentData = ApiAnswer<'get-payment-plan-order-payment'>['data'];

export function instalmentQuery(code: string, checksum: string, reference: string) {
  return {
    queryKey: [INSTALMENT_KEY, code, checksum, reference] as const,
    queryFn: ({ signal }: { signal: AbortSignal }): Promise<InstalmentData> =>
      callApi('get-payment-plan-order-payment', { order: code, reference, checksum }, { signal }).then((answer) => answer.data),
  };
}

/** A card attempt for one instalment; the answer's instruction takes the payer to the provider (none: back to the order). */
export async function payInstalment(code: string, checksum: string, reference: string) {
  const answer = await callApi('pay-payment-plan-order-payment', { token: getToken(), order: code, reference, checksum });
  return answer.data.payment ?? null;
}
