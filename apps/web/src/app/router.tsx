import type { ClientConfig } from '@festival/contract';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, redirect, type LoaderFunction, type RouteObject } from 'react-router';
import { resolveIsLoggedIn } from '../features/account/api/session';
import { decideAccess, isFeatureAvailable } from './access';
import { AppLayout } from './layout/AppLayout';
import { PageLoading } from './layout/PageLoading';
import { RouteError } from './layout/RouteError';
import { appRoutes, type AppRoute } from './route-table';

/** Runs before a page renders on every navigation to it: switched-off features, then access. */
function guardLoader(route: AppRoute, config: ClientConfig, queryClient: QueryClient): LoaderFunction | undefined {
  if (route.access === 'public' && !route.feature) return undefined;
  return async ({ request }) => {
    if (route.feature && !isFeatureAvailable(route.feature, config)) throw redirect('/');
    if (route.access === 'public') return null;
    const url = new URL(request.url);
    const decision = decideAccess(route.access, await resolveIsLoggedIn(queryClient), url);
    if (decision.redirect) throw redirect(decision.redirect);
    return null;
  };
}

function toRouteObject({ path, page, ...handle }: AppRoute, config: ClientConfig, queryClient: QueryClient): RouteObject {
  return {
    path,
    handle,
    loader: guardLoader({ path, page, ...handle }, config, queryClient),
    HydrateFallback: PageLoading,
    lazy: async () => ({ Component: (await page()).default }),
  };
}

export function createRoutes(config: ClientConfig, queryClient: QueryClient): RouteObject[] {
  return [
    {
      id: 'root',
      Component: AppLayout,
      children: [
        {
          // Errors of a page render inside the frame, so the header and footer stay usable.
          ErrorBoundary: RouteError,
          children: [
            ...appRoutes(config).map((route) => toRouteObject(route, config, queryClient)),
            // Any other path goes home (spec section 2).
            { path: '*', loader: () => redirect('/'), Component: PageLoading, HydrateFallback: PageLoading },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter(config: ClientConfig, queryClient: QueryClient) {
  return createBrowserRouter(createRoutes(config, queryClient));
}

export type AppRouter = ReturnType<typeof createAppRouter>;
