import { lazy, useMemo, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { useSession } from '../features/account/api/session';
import { useConfig } from '../lib/config';
import { decideAccess, isFeatureAvailable } from './access';
import { AppLayout } from './layout/AppLayout';
import { PageLoading } from './layout/PageLoading';
import { appRoutes, type AppRoute } from './route-table';
import { useNavigationTarget } from '../lib/navigation-target';
import { withTexts } from '../lib/say';

/**
 * Each page's code as a lazy component, made once per route so a page keeps its state across
 * renders. By the route's name, not its loader: the route table is made again with each
 * configuration and after a language switch (whose pages render anew), and its inline loaders are
 * new functions then; a new lazy component would suspend once and React would hold the page back
 * for its Suspense throttle (300 ms) before showing it again.
 */
const lazyPages = new Map<string, LazyExoticComponent<ComponentType>>();
function lazyPage({ name, page, firstTexts }: AppRoute): LazyExoticComponent<ComponentType> {
  let component = lazyPages.get(name);
  if (!component) {
    // With the rest of the page's language's texts (say.ts), so the page shows no text unsaid;
    // the first page needs only the first texts, loaded before the first render.
    component = lazy(firstTexts ? page : () => withTexts(page()));
    lazyPages.set(name, component);
  }
  return component;
}

/**
 * A page behind its guard (spec section 2), decided on every render, so a login, a logout or an
 * expired session in another place sends the visitor on at once: a switched-off feature goes home,
 * a logged-in-only page sends a visitor to login (remembering the page) and a guest-only page sends
 * a customer home. While the stored session is still being asked for, the page waits.
 */
function GuardedPage({ route, Page }: { route: AppRoute; Page: ComponentType }) {
  const config = useConfig();
  const location = useLocation();
  const session = useSession();
  const target = useNavigationTarget();

  if (route.feature && !isFeatureAvailable(route.feature, config)) return <Navigate to="/" replace />;
  if (route.access !== 'public') {
    if (session.isResolving) return <PageLoading />;
    const decision = decideAccess(route.access, session.isLoggedIn, location);
    // A navigation already under way (a logout going home) decides where the visitor goes.
    if (decision.redirect) return target ? <PageLoading /> : <Navigate to={decision.redirect} replace />;
  }
  return <Page />;
}

/** Every route of the shop inside its frame; any other path goes home (spec section 2). */
export function AppRoutes() {
  const config = useConfig();
  const routes = useMemo(() => appRoutes(config), [config]);
  const pages = useMemo(() => routes.map((route) => ({ route, Page: lazyPage(route) })), [routes]);
  return (
    <Routes>
      <Route element={<AppLayout routes={routes} />}>
        {pages.map(({ route, Page }) => (
          <Route key={route.name} path={route.path} element={<GuardedPage route={route} Page={Page} />} />
        ))}
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
