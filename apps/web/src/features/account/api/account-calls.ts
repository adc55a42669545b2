import { messages, type ApiPath, type ApiPayload } from '@festival/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { formErrorStore } from '../../../components/ui/form-error-store';
import { useToast } from '../../../components/ui/Toasts';
import { callApi, errorText } from '../../../lib/api-client';
import { getToken } from '../../../lib/storage';
import { storeUserData } from '../../../lib/user-data';
import { say } from '../../../lib/say';

/** The account calls that answer a message for the page to show (decision 0013). */
export type MessageCall = Extract<ApiPath, 'register' | 'request-password-reset' | 'reset-password' | 'email-tickets'>;

/** Spec section 8: a refused call's errors (joined by newlines) or message, in the form's danger alert. */
export function showFormError(error: unknown): void {
  formErrorStore.set(errorText(error));
}

/**
 * One of the message calls. The shared form error is cleared when it is sent; a refusal is
 * shown there unless the page handles it itself (`onError`).
 */
export function useMessageCall<P extends MessageCall>(path: P, { onError = showFormError }: { onError?: (error: unknown) => void } = {}) {
  return useCall((payload: ApiPayload<P>) => callApi(path, payload), { onStart: () => formErrorStore.clear(), onError });
}

/**
 * update-settings: the answer's data replaces the session's cached get-data (the header's name
 * and e-mail follow), and 'Account settings updated.' is toasted. A 401 has already ended the
 * session in the api client (the page's guard then sends the visitor to login).
 */
export function useUpdateSettings({ onUpdated }: { onUpdated?: () => void } = {}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useCall((payload: ApiPayload<'update-settings'>) => callApi('update-settings', payload), {
    onStart: () => formErrorStore.clear(),
    onSuccess: (answer) => {
      storeUserData(queryClient, getToken(), answer.data);
      toast.success(say(messages.toast.settingsUpdated));
      onUpdated?.();
    },
    onError: showFormError,
  });
}

export interface CallHandlers<Args, Result> {
  /** Before the call is sent (clear the form error). */
  onStart?: (args: Args) => void;
  onSuccess?: (result: Result, args: Args) => void;
  onError?: (error: unknown, args: Args) => void;
}

/**
 * One server call a form sends, with its pending state: a second submit while one is on its way
 * is ignored. A small stand-in for TanStack's useMutation, whose observer code the account
 * pages do not need (they keep no mutation state beyond "sending").
 */
export function useCall<Args, Result>(run: (args: Args) => Promise<Result>, handlers: CallHandlers<Args, Result> = {}) {
  const [isPending, setPending] = useState(false);
  // A ref, not the state: two clicks in one frame both see the state from before the first.
  const sending = useRef(false);

  const mutate = (args: Args, extra: { onSuccess?: (result: Result) => void } = {}) => {
    if (sending.current) return;
    sending.current = true;
    setPending(true);
    handlers.onStart?.(args);
    run(args).then(
      (result) => {
        sending.current = false;
        setPending(false);
        handlers.onSuccess?.(result, args);
        extra.onSuccess?.(result);
      },
      (error: unknown) => {
        sending.current = false;
        setPending(false);
        handlers.onError?.(error, args);
      },
    );
  };

  return { mutate, isPending };
}
