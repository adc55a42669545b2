import type { StaffApiAnswer } from '@festival/contract';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { InLanguage } from '../components/ui/InLanguage';
import { ToastProvider } from '../components/ui/Toasts';
import { isSignedOut, NetworkError, staffCall } from './api';
import { Loading } from '../components/ui/Loading';
import { LoadFailed } from './LoadStates';
import { forgetAllBut, ME_KEY } from './member';
import { RecoveryCodes } from './RecoveryCodes';
import { staffRoutes } from './routes';
import { SignIn } from './SignIn';
import { LinkPage } from './LinkPage';

/** Who is signed in; null once a call found the session gone. */
type Me = StaffApiAnswer<'staff-me'> | null;

/** Only a missing answer is worth a second try; a refusal stays a refusal. */
const retry = (failureCount: number, error: unknown) => failureCount < 2 && error instanceof NetworkError;

export function createStaffQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    defaultOptions: { queries: { retry, refetchOnWindowFocus: false }, mutations: { retry: false } },
    // Any call that finds the session gone (idle, signed out elsewhere, disabled) brings the sign-in back.
    queryCache: new QueryCache({ onError: (error) => signedOut(error) }),
    mutationCache: new MutationCache({ onError: (error) => signedOut(error) }),
  });
  // The sign-in shows when who is signed in is unknown; staff-me's own 401 shows it already.
  const signedOut = (error: unknown) => {
    if (isSignedOut(error) && client.getQueryData(ME_KEY)) client.setQueryData(ME_KEY, null);
  };
  return client;
}

const router = createBrowserRouter(staffRoutes, { basename: '/staff' });

/** The back office: the signed-in member's pages, or the sign-in. `client`: made before (main.tsx starts the opening page's call in it). */
export function StaffApp({ client: given }: { client?: QueryClient }) {
  const [client] = useState(() => given ?? createStaffQueryClient());
  return (
    <QueryClientProvider client={client}>
      <ToastProvider>
        {/* A switch of language draws the pages again in it; what was read stays in the query cache. */}
        <InLanguage>
          <Session />
        </InLanguage>
      </ToastProvider>
    </QueryClientProvider>
  );
}

function Session() {
  const client = useQueryClient();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  // A one-time link e-mailed to a member (decision 0062) opens its own page first.
  const [onLink, setOnLink] = useState(() => window.location.pathname.replace(/\/+$/, '') === '/staff/link');
  const me = useQuery<Me>({ queryKey: ME_KEY, queryFn: () => staffCall('staff-me', {}), retry: (count, error) => !isSignedOut(error) && retry(count, error), enabled: !onLink });
  const signedIn = (_member: NonNullable<Me>['member'], codes: string[] | null) => {
    forgetAllBut(client, ME_KEY);
    // Read again for the rest of what staff-me answers (the zone times are shown in).
    void client.resetQueries({ queryKey: ME_KEY });
    if (codes) setRecoveryCodes(codes);
  };

  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  if (onLink) {
    return (
      <LinkPage
        onSignedIn={(member, codes) => {
          window.history.replaceState(null, '', '/staff/');
          setOnLink(false);
          signedIn(member, codes);
        }}
      />
    );
  }
  if (me.isPending) return <Loading />;
  if (me.isError && !isSignedOut(me.error)) return <LoadFailed error={me.error} onRetry={() => void me.refetch()} standalone />;
  if (me.isError || !me.data) {
    return (
      <SignIn onSignedIn={signedIn} />
    );
  }
  return <RouterProvider router={router} />;
}
