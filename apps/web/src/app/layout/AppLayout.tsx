import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { formErrorStore } from '../../components/ui/form-error-store';
import { useLostCart } from '../../lib/cart-memory';
import { useConfig } from '../../lib/config';
import { usePageTitleOverride } from '../../lib/page-title';
import { RouteHandleContext } from '../../lib/route-handle';
import { useToken, useUserData } from '../../lib/user-data';
import { useNow } from '../../lib/use-now';
import { say, withTexts } from '../../lib/say';
import { unpaidOrders } from '../../components/order/unpaid-orders';
import { buildDocumentTitle, resolvePageTitle } from '../../lib/title';
import { matchAppRoute, type AppRoute } from '../route-table';
import { useNavigationTarget } from '../../lib/navigation-target';
import { SHOPPING_ROUTES, shoppingNoticeDue } from '../../lib/waiting-room-events';
import { CartActionsProvider } from './CartActionsProvider';
import { Footer } from './Footer';
import { Header } from './Header';
import { PageLoading } from './PageLoading';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { ScrollRestoration } from './scroll-restoration';
import './layout.css';
import { appTexts } from '../app.messages';

export const MAIN_ID = 'main-content';

// Told only when a cart expired (decision 0034): its own chunk, never part of the first page.
const ExpiredCartNotice = lazy(() => withTexts(import('../../features/cart/components/ExpiredCartNotice')));
// Told only while an order waits for payment (decision 0066): its own chunk too.
const UnpaidOrderBanner = lazy(() => withTexts(import('../../components/order/UnpaidOrderBanner')));
// Told only while the waiting room's admission lasts, or just after it ran out (decision 0075): its own chunk too.
const ShoppingTimeNotice = lazy(() => withTexts(import('../../features/waiting-room/components/ShoppingTimeNotice')));

/** The frame around every page: skip link, header, main landmark, footer. */
export function AppLayout({ routes }: { routes: AppRoute[] }) {
  const config = useConfig();
  const location = useLocation();
  const target = useNavigationTarget();
  const match = matchAppRoute(routes, location);
  const handle = match?.handle;
  const params = match?.params ?? {};
  // A page may name itself once its data is there (a product page: the item's name).
  const ownTitle = usePageTitleOverride();
  const title = buildDocumentTitle(ownTitle ?? resolvePageTitle(handle, config, params), config.name);

  // Spec section 2: every navigation sets the page title and clears the shared form error.
  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(() => {
    formErrorStore.clear();
  }, [location.key]);

  // After a navigation (not the first page) focus moves to the new content, so keyboard and
  // screen-reader users start at the page instead of somewhere in the old one.
  const firstPath = useRef(location.pathname);
  useEffect(() => {
    if (firstPath.current === location.pathname) return;
    firstPath.current = '';
    document.getElementById(MAIN_ID)?.focus({ preventScroll: true });
  }, [location.pathname]);

  const lostCart = useLostCart();
  const orders = useUserData().data?.orders;
  const now = useNow(30_000);
  const hasUnpaid = unpaidOrders(orders, now).length > 0;
  // Read at each render (a navigation, or every 30 s): the waiting page keeps the admission and then goes to the product.
  // Signed in only: an admission is its account's, and the next person on a shared computer has none.
  const signedIn = useToken() !== null;
  const shopping = signedIn && handle !== undefined && SHOPPING_ROUTES.has(handle.name) && shoppingNoticeDue(now);
  const busy = target !== null;
  return (
    <CartActionsProvider>
      <a
        className="skip-link"
        href={`#${MAIN_ID}`}
        onClick={(event) => {
          event.preventDefault();
          document.getElementById(MAIN_ID)?.focus();
        }}
      >
        {say(appTexts.appLayout.skipToContent)}
      </a>
      <div className={busy ? 'route-progress route-progress--active' : 'route-progress'} aria-hidden="true" />
      <Header />
      <main id={MAIN_ID} className="site-main container" tabIndex={-1} aria-busy={busy || undefined}>
        {lostCart && (
          <Suspense fallback={null}>
            <ExpiredCartNotice lost={lostCart} />
          </Suspense>
        )}
        {shopping && (
          <Suspense fallback={null}>
            <ShoppingTimeNotice />
          </Suspense>
        )}
        {hasUnpaid && orders && (
          <Suspense fallback={null}>
            <UnpaidOrderBanner orders={orders} />
          </Suspense>
        )}
        {/* Errors of a page render inside the frame, so the header and footer stay usable. */}
        <RouteErrorBoundary>
          <Suspense fallback={<PageLoading />}>
            <RouteHandleContext value={handle}>
              <Outlet />
            </RouteHandleContext>
            <ScrollRestoration />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <Footer />
    </CartActionsProvider>
  );
}
