import type { ApiPayload, UserData } from '@festival/contract';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { callApi } from '../../../lib/api-client';
import { getToken } from '../../../lib/storage';
import { storeUserData } from '../../../lib/user-data';

/**
 * The portal's ticket calls (spec section 7): change-ticket and set-travel-time. Each answers the
 * customer's data, which replaces the cached get-data of the session (the order view then shows
 * the new details and the ticket's recently_edited lock). Failures are thrown for the caller.
 */

/** What the answers' forms send (decision 0106); the session token is added here. */
export type ChangeAnswersFields = Omit<ApiPayload<'change-answers'>, 'token'>;

export async function changeAnswers(queryClient: QueryClient, fields: ChangeAnswersFields): Promise<UserData> {
  const token = getToken();
  const answer = await callApi('change-answers', { token, ...fields });
  storeUserData(queryClient, token, answer.data);
  return answer.data;
}

/** What the manage-ticket page sends; the session token is added here. */
export type ChangeTicketFields = Omit<ApiPayload<'change-ticket'>, 'token'>;

export async function setTravelTime(queryClient: QueryClient, code: string, transportTimeId: number): Promise<UserData> {
  const token = getToken();
  const answer = await callApi('set-travel-time', { token, code, transport_time_id: transportTimeId });
  storeUserData(queryClient, token, answer.data);
  return answer.data;
}

export async function changeTicket(queryClient: QueryClient, fields: ChangeTicketFields): Promise<UserData> {
  const token = getToken();
  const answer = await callApi('change-ticket', { token, ...fields });
  storeUserData(queryClient, token, answer.data);
  return answer.data;
}

/**
 * One of these calls with its pending state: a second send while one is on its way is ignored
 * (resolves to null), so a double click never changes a ticket twice.
 */
function useTicketCall<Args extends unknown[]>(run: (queryClient: QueryClient, ...args: Args) => Promise<UserData>) {
  const queryClient = useQueryClient();
  const [isPending, setPending] = useState(false);
  // A ref, not the state: two clicks in one frame both see the state from before the first.
  const sending = useRef(false);
  const send = useCallback(
    async (...args: Args): Promise<UserData | null> => {
      if (sending.current) return null;
      sending.current = true;
      setPending(true);
      try {
        return await run(queryClient, ...args);
      } finally {
        sending.current = false;
        setPending(false);
      }
    },
    [queryClient, run],
  );
  return { send, isPending };
}

/** set-travel-time: `send(ticketCode, transportTimeId)`. */
export function useSetTravelTime() {
  return useTicketCall(setTravelTime);
}

/** change-ticket: `send(fields)`. */
export function useChangeTicket() {
  return useTicketCall(changeTicket);
}

/** change-answers: `send(fields)`. */
export function useChangeAnswers() {
  return useTicketCall(changeAnswers);
}
