import { messages, type ApiPayload, type UserData } from '@festival/contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callApi, errorText } from '../../../lib/api-client';
import { clearToken, getToken, setToken } from '../../../lib/storage';
import { userDataKey } from '../../../lib/user-data';
import { formErrorStore } from '../../../components/ui/form-error-store';
import { useToast } from '../../../components/ui/Toasts';

export interface LoginOptions {
  /** Where the form's error goes: the shared form error (pages) or a local one (panels). */
  onError?: (message: string) => void;
  onSuccess?: (data: UserData) => void;
}

/**
 * Login: stores remember_token, caches the returned data under it, toasts 'Login success.';
 * a failure toasts 'Login failed.' and shows the server's message as the form error.
 */
export function useLogin({ onError, onSuccess }: LoginOptions = {}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (payload: ApiPayload<'login'>) => callApi('login', payload),
    onSuccess: (answer) => {
      // Data first, then the token: the header switches to the account panel in one render.
      queryClient.setQueryData(userDataKey(answer.remember_token), answer.data);
      setToken(answer.remember_token);
      formErrorStore.clear();
      toast.success(messages.toast.loginSuccess);
      onSuccess?.(answer.data);
    },
    onError: (error) => {
      toast.danger(messages.toast.loginFailed);
      (onError ?? formErrorStore.set)(errorText(error));
    },
  });
}

/** Ends the session in this browser: token cleared, cached user data dropped. */
export function endSession(queryClient: QueryClient): void {
  const token = getToken();
  clearToken();
  if (token) queryClient.removeQueries({ queryKey: userDataKey(token) });
}

/**
 * Logout (after the confirmation the caller shows): clears the session and toasts
 * 'You have been logged out.'. `afterLogout` lets the router re-check the current route.
 */
export function useLogout(afterLogout?: () => void) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useCallback(() => {
    endSession(queryClient);
    toast.info(messages.toast.loggedOut);
    afterLogout?.();
  }, [queryClient, toast, afterLogout]);
}
