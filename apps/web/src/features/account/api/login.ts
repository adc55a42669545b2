import { messages, type ApiPayload, type UserData } from '@festival/contract';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { callApi, errorText } from '../../../lib/api-client';
import { clearCartCode, clearToken, getToken, setToken } from '../../../lib/storage';
import { forgetCart } from '../../../lib/cart-memory';
import { useRouteHandle } from '../../../lib/route-handle';
import { userDataKey } from '../../../lib/user-data';
import { formErrorStore } from '../../../components/ui/form-error-store';
import { useToast } from '../../../components/ui/Toasts';
import { useCall } from './account-calls';
import { say } from '../../../lib/say';
import { followAccountLanguage } from './account-language';

/*
 * Login and logout share this module on purpose: the login form and the account panel then share
 * one chunk. Split apart, the bundler moved modules of the first route into a separate shared
 * chunk and the first route's JavaScript grew (decision 0015).
 */

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
  return useCall((payload: ApiPayload<'login'>) => callApi('login', payload), {
    onSuccess: (answer) => {
      // Data first, then the token: the header switches to the account panel in one render.
      queryClient.setQueryData(userDataKey(answer.remember_token), answer.data);
      setToken(answer.remember_token);
      // The account's language, or the device's choice kept on it; a failure leaves the page as it is.
      void followAccountLanguage(answer.remember_token).catch(() => undefined);
      formErrorStore.clear();
      toast.success(say(messages.toast.loginSuccess));
      onSuccess?.(answer.data);
    },
    onError: (error) => {
      toast.danger(say(messages.toast.loginFailed));
      (onError ?? formErrorStore.set)(errorText(error));
    },
  });
}

/** How long logout waits for the server to end the session before it ends it here anyway. */
export const LOGOUT_WAIT_MS = 5000;

/**
 * Ends the session in this browser: the token, the cart code (the cart belongs to the customer
 * now and carries holders' names: the next person on a shared device must not see it, decision
 * 0011) and everything cached for that session (get-data, get-cart: keys hold the token second).
 */
export function endSession(queryClient: QueryClient, token: string | null = getToken()): void {
  clearToken();
  clearCartCode();
  forgetCart();
  if (token) queryClient.removeQueries({ predicate: (query) => query.queryKey[1] === token });
}

/**
 * Logout, once the customer has confirmed it: asks the server to revoke the session (its answer,
 * or none within LOGOUT_WAIT_MS, does not matter: the browser forgets the session either way),
 * ends the session here and toasts 'You have been logged out.'. A logged-in-only page then goes
 * home (the customer chose to leave; the login page would only ask them back in); any other page
 * is checked again by its guard.
 */
export function useLogout({ onLoggedOut }: { onLoggedOut?: () => void } = {}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const access = useRouteHandle()?.access;
  const [pending, setPending] = useState(false);

  const logout = useCallback(async () => {
    const token = getToken();
    setPending(true);
    if (token) {
      await callApi('logout', { token }, { signal: AbortSignal.timeout(LOGOUT_WAIT_MS) }).catch(() => undefined);
    }
    // Home first, in the same render as the end of the session: the page's guard then sees the
    // navigation under way and leaves the decision to it (router.tsx) instead of asking for a login.
    if (access === 'loggedIn') void navigate('/');
    endSession(queryClient, token);
    setPending(false);
    toast.info(say(messages.toast.loggedOut));
    onLoggedOut?.();
  }, [queryClient, toast, navigate, access, onLoggedOut]);

  return { logout, pending };
}
