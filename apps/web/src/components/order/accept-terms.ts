import type { ApiAnswer } from '@festival/contract';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { callApi, errorText } from '../../lib/api-client';
import { followPaymentInstruction } from '../../lib/payment-instruction';
import { getToken } from '../../lib/storage';
import { storeUserData } from '../../lib/user-data';

/**
 * accept-terms-and-conditions for an order opened by its checksum (the order view, the e-mailed
 * link). The server answers the customer's data only to their own session: it then replaces the
 * cached get-data (the order shows its terms accepted). The caller follows the payment, if any.
 */
export async function acceptTerms(queryClient: QueryClient, order: { code: string; checksum: string }): Promise<ApiAnswer<'accept-terms-and-conditions'>> {
  const token = getToken();
  const answer = await callApi('accept-terms-and-conditions', { token, order: order.code, checksum: order.checksum });
  storeUserData(queryClient, token, answer.data);
  return answer;
}

export type AcceptTermsStep = 'ask' | 'sending' | 'redirecting' | 'thanked';

/**
 * The terms checkbox and its accept action, shared by the order view's warning and the e-mailed
 * link's page: once ticked, accept goes to the payment when one is answered (showing the
 * redirecting step first) or thanks the customer; a failure asks again with the server's text.
 */
export function useAcceptTerms(onFailure?: () => void) {
  const queryClient = useQueryClient();
  const [ticked, setTicked] = useState(false);
  const [step, setStep] = useState<AcceptTermsStep>('ask');
  const [error, setError] = useState<string | null>(null);
  const sendingRef = useRef(false);

  const accept = async (order: { code: string; checksum: string }) => {
    if (sendingRef.current || !ticked) return;
    sendingRef.current = true;
    setStep('sending');
    setError(null);
    try {
      const answer = await acceptTerms(queryClient, order);
      if (answer.payment) {
        flushSync(() => setStep('redirecting'));
        followPaymentInstruction(answer.payment);
      } else setStep('thanked');
    } catch (failure) {
      sendingRef.current = false;
      setStep('ask');
      setError(errorText(failure));
      onFailure?.();
    }
  };
  return { ticked, setTicked, step, error, accept };
}
