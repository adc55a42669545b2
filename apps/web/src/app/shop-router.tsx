import { useLayoutEffect, useState, useTransition, type ReactNode } from 'react';
import { NavigationTargetContext } from '../lib/navigation-target';
import { rememberScrollPosition } from './layout/scroll-restoration';
import { Router, UNSAFE_createBrowserHistory as createBrowserHistory, type Location, type NavigationType } from 'react-router';

/**
 * The shop's router (decision 0074): React Router in declarative mode over the browser's history.
 * The data router (`createBrowserRouter`) is about 15 kB gzip more of the first load of / than
 * `<Routes>`, for loaders, actions, fetchers and revalidation the shop used only for its route
 * guards; the guards are components now (router.tsx). What the data router gave besides, this
 * keeps: a navigation is a React transition, so the page stays until the next one is ready (its
 * code loaded, its guard decided), and the frame can show that a navigation is under way and
 * where it goes (`useNavigationTarget`, lib/navigation-target.ts).
 */
export type ShopHistory = ReturnType<typeof createBrowserHistory>;

export function createShopHistory(): ShopHistory {
  // v5Compat: listeners hear pushes and replaces too, not only Back and Forward.
  return createBrowserHistory({ v5Compat: true });
}

export function ShopRouter({ history, children }: { history: ShopHistory; children: ReactNode }) {
  const [state, setState] = useState<{ action: NavigationType; location: Location }>({ action: history.action, location: history.location });
  const [target, setTarget] = useState<Location | null>(null);
  const [pending, startTransition] = useTransition();
  useLayoutEffect(
    () =>
      history.listen(({ action, location }) => {
        rememberScrollPosition();
        setTarget(location);
        startTransition(() => setState({ action, location }));
      }),
    [history],
  );
  return (
    <NavigationTargetContext value={pending ? target : null}>
      <Router location={state.location} navigationType={state.action} navigator={history}>
        {children}
      </Router>
    </NavigationTargetContext>
  );
}
