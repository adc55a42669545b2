import type { ApiAnswer } from '@festival/contract';
import type { QueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { getToken } from '../../lib/storage';
import { userDataKey } from '../../lib/user-data';

/**
 * accept-terms-and-conditions for an order opened by its checksum (the order view, the e-mailed
 * link). The server answers the customer's data only to their own session: it then replaces the
 * cached get-data (the order shows its terms accepted). The caller follows the payment, if any.
 */
export async function acceptTerms(queryClient: QueryClient, order: { code: string; checksum: string }): Promise<ApiAnswer<'accept-terms-and-conditions'>> {
  const token = getToken();
  const answer = await callApi('accept-terms-and-conditions', { token, order: order.code, checksum: order.checksum });
  if (token && answer.data) queryClient.setQueryData(userDataKey(token), answer.data);
  return answer;
}
