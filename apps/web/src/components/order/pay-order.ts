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

/**
 * pay-by-transfer (ours, decision 0066): the unpaid card order is paid by bank transfer instead.
 * The answer's data (the order now awaiting the transfer) replaces the cached get-data, so the page
 * shows the bank details.
 */
export async function payByTransfer(queryClient: QueryClient, orderCode: string): Promise<void> {
  const token = getToken();
  const answer = await callApi('pay-by-transfer', { token, order: orderCode });
  storeUserData(queryClient, token, answer.data);
}
