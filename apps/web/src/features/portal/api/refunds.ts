import { messages, portalMessages, type ApiPayload, type UserData } from '@festival/contract';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useToast } from '../../../components/ui/Toasts';
import { callApi, errorText } from '../../../lib/api-client';
import { getToken } from '../../../lib/storage';
import { storeUserData } from '../../../lib/user-data';
import { say } from '../../../lib/say';

/**
 * The refund calls of spec section 7. Both answer the customer's data, which replaces the cached
 * get-data of the session (lib/user-data): the portal's lists, the order and the refund follow
 * without asking get-data again.
 */

/** What the request-refund page sends; the session token is added here. */
export type RefundRequest = Omit<ApiPayload<'request-refund'>, 'token'>;

/** request-refund: stores the answered data and returns the new refund's id. */
export async function requestRefund(queryClient: QueryClient, request: RefundRequest): Promise<number> {
  const token = getToken();
  const answer = await callApi('request-refund', { token, ...request });
  const { refund_id: refundId, ...data } = answer.data;
  storeUserData(queryClient, token, data);
  return refundId;
}

/** What refund-bank-details sends beside the token and the refund. */
export type BankDetailsPayload = Omit<ApiPayload<'refund-bank-details'>, 'token' | 'refund_id'>;

/** refund-bank-details (decision 0060): stores the answered data. */
export async function giveBankDetails(queryClient: QueryClient, refundId: number, details: BankDetailsPayload): Promise<UserData> {
  const token = getToken();
  const answer = await callApi('refund-bank-details', { token, refund_id: refundId, ...details });
  storeUserData(queryClient, token, answer.data);
  return answer.data;
}

/** cancel-refund: stores the answered data. */
export async function cancelRefund(queryClient: QueryClient, refundId: number): Promise<UserData> {
  const token = getToken();
  const answer = await callApi('cancel-refund', { token, refund_id: refundId });
  storeUserData(queryClient, token, answer.data);
  return answer.data;
}

/**
 * One call at a time with its pending state: a second click while one is on its way is ignored
 * (a ref, not the state: two clicks in one frame both see the state from before the first).
 */
function useSingleCall() {
  const [isPending, setPending] = useState(false);
  const sending = useRef(false);
  const run = async <T>(call: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: string } | null> => {
    if (sending.current) return null;
    sending.current = true;
    setPending(true);
    try {
      return { ok: true, value: await call() };
    } catch (error) {
      return { ok: false, error: errorText(error) };
    } finally {
      sending.current = false;
      setPending(false);
    }
  };
  return { isPending, run };
}

/**
 * Sends a refund request. On success: 'Refund request submitted successfully.' and the new
 * refund's page; on failure `onFailure` gets the form error of spec section 8 (the page returns
 * to its details step with it).
 */
export function useRequestRefund({ onFailure }: { onFailure: (message: string) => void }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const { isPending, run } = useSingleCall();

  const submit = async (request: RefundRequest) => {
    const result = await run(() => requestRefund(queryClient, request));
    if (!result) return;
    if (result.ok) {
      toast.success(say(messages.toast.refundRequested));
      await navigate(`/portal/refunds/${result.value}`);
    } else onFailure(result.error);
  };
  return { submit, isPending };
}

/**
 * Cancels an active refund: 'Refund <id> cancelled successfully.' on success; `error` holds the
 * server's text on failure. Should the answered data no longer list the refund, the customer
 * goes back to the portal rather than to a page that cannot find it.
 */
export function useCancelRefund() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const { isPending, run } = useSingleCall();
  const [error, setError] = useState<string | null>(null);

  const cancel = async (refundId: number): Promise<boolean> => {
    setError(null);
    const result = await run(() => cancelRefund(queryClient, refundId));
    if (!result) return false;
    if (!result.ok) {
      setError(result.error);
      return false;
    }
    toast.success(say(messages.toast.refundCancelled(refundId)));
    if (!result.value.refunds.some((refund) => refund.id === refundId)) await navigate('/portal');
    return true;
  };
  return { cancel, isPending, error };
}

/**
 * Gives the bank details a waiting refund is paid to (decision 0060): a thank-you toast on
 * success; `error` holds the server's text on failure.
 */
export function useGiveBankDetails() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const { isPending, run } = useSingleCall();
  const [error, setError] = useState<string | null>(null);

  const give = async (refundId: number, details: BankDetailsPayload): Promise<boolean> => {
    setError(null);
    const result = await run(() => giveBankDetails(queryClient, refundId, details));
    if (!result) return false;
    if (!result.ok) {
      setError(result.error);
      return false;
    }
    toast.success(say(portalMessages.bankDetailsWanted.saved(refundId)));
    return true;
  };
  return { give, isPending, error, setError };
}
