import type { ApiAnswer } from '@festival/contract';
import type { QueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { getToken } from '../../lib/storage';
import { storeUserData } from '../../lib/user-data';

/**
 * pay-order (ours, decision 0017): another card attempt for a pending order. The answer's data
 * (with the attempt counted) replaces the cached get-data; the caller follows the instruction.
 */
export async function payOrder(queryClient: QueryClient, orderCode: string): Promise<ApiAnswer<'pay-order'>> {
  const token = getToken();
  const answer = await callApi('pay-order', { token, order: orderCode });
  storeUserData(queryClient, token, answer.data);
  return answer;
}
