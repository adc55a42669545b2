import type { ClientConfig } from '@festival/contract';
import type { ComponentType } from 'react';
import { matchRoutes, type Location, type Params } from 'react-router';
import type { RouteHandle } from '../lib/route-handle';
import { appTexts } from './app.messages';

type PageModule = () => Promise<{ default: ComponentType }>;

export interface AppRoute extends RouteHandle {
  path: string;
  /** The page, loaded on demand: every page is its own chunk. */
  page: PageModule;
  /**
   * The page shows only the first texts of the page's language (home): it renders as soon as its
   * code is there. Every other page waits for the rest of the language's texts too (router.tsx).
   */
  firstTexts?: true;
}

const shopListing: PageModule = () => import('../features/shop/pages/ShopListingPage');
const product: PageModule = () => import('../features/shop/pages/ProductPage');
const content: PageModule = () => import('../features/content/pages/ContentPage');
const orderDetail: PageModule = () => import('../features/portal/pages/OrderDetailPage');

/**
 * Every route of spec section 2 with its access kind.
 *
 * Access kinds beyond the spec's own (login and register guest only, the portal logged in):
 * - logged-in only: checkout (the spec requires an account to check out), every /portal page,
 *   /account, and /order/:order (it shows the customer's order from their data after checkout);
 * - guest only: login, register, forgot-password, reset-password and resend-tickets, since a
 *   logged-in customer has no use for them;
 * - public: home, the shop listings and product pages, the content pages, and the two links sent
 *   by e-mail, accept-tcs and payment-plan-payment, which carry an order checksum instead of a
 *   session (spec section 6: "the instalment payment and accept-terms links work with a checksum").
 * Features: the listings, product pages and checkout need the shop switched on (merchandise also
 * its own switch), the ambassadors page its configured title and text; otherwise they go home.
 */
export function appRoutes(config: ClientConfig): AppRoute[] {
  return [
    { name: 'home', path: '/', access: 'public', titleIsShopName: true, firstTexts: true, page: () => import('../features/shop/pages/HomePage') },
    { name: 'tickets', path: '/tickets', access: 'public', title: appTexts.routeTable.tickets, feature: 'shop', shopItemType: 'tickets', page: shopListing },
    { name: 'merchandise', path: '/merchandise', access: 'public', title: appTexts.routeTable.merchandise, feature: 'merchandise', shopItemType: 'merchandise', page: shopListing },
    { name: 'ticket', path: '/tickets/:item', access: 'public', title: appTexts.routeTable.tickets, feature: 'shop', shopItemType: 'tickets', page: product },
    { name: 'merchandiseItem', path: '/merchandise/:item', access: 'public', title: appTexts.routeTable.merchandise, feature: 'merchandise', shopItemType: 'merchandise', page: product },
    { name: 'checkout', path: '/checkout', access: 'loggedIn', title: appTexts.routeTable.checkout, feature: 'shop', page: () => import('../features/checkout/pages/CheckoutPage') },
    { name: 'acceptTerms', path: '/accept-tcs/:order/:checksum', access: 'public', title: appTexts.routeTable.termsAndConditions, page: () => import('../features/checkout/pages/AcceptTermsPage') },
    { name: 'instalment', path: '/payment-plan-payment/:order/:checksum/:reference', access: 'public', title: appTexts.routeTable.paymentPlan, page: () => import('../features/checkout/pages/InstalmentPage') },
    { name: 'portal', path: '/portal', access: 'loggedIn', title: appTexts.routeTable.portal, page: () => import('../features/portal/pages/PortalPage') },
    { name: 'orderDetail', path: '/portal/orders/:order', access: 'loggedIn', title: ({ params }) => appTexts.routeTable.order({ order: params.order ?? '' }), page: orderDetail },
    { name: 'orderConfirmation', path: '/portal/orders/:order/confirmation', access: 'loggedIn', title: ({ params }) => appTexts.routeTable.order({ order: params.order ?? '' }), confirmation: true, page: orderDetail },
    { name: 'manageTicket', path: '/portal/orders/:order/manage-ticket/:ticket', access: 'loggedIn', title: appTexts.routeTable.manageTicket, page: () => import('../features/portal/pages/ManageTicketPage') },
    { name: 'requestRefund', path: '/portal/orders/:order/request-refund', access: 'loggedIn', title: appTexts.routeTable.requestRefund, page: () => import('../features/portal/pages/RequestRefundPage') },
    { name: 'refundDetail', path: '/portal/refunds/:refund', access: 'loggedIn', title: ({ params }) => appTexts.routeTable.refund({ refund: params.refund ?? '' }), page: () => import('../features/portal/pages/RefundDetailPage') },
    { name: 'account', path: '/account', access: 'loggedIn', title: appTexts.routeTable.accountSettings, page: () => import('../features/account/pages/AccountPage') },
    { name: 'login', path: '/login', access: 'guest', title: appTexts.routeTable.login, page: () => import('../features/account/pages/LoginPage') },
    { name: 'register', path: '/register', access: 'guest', title: appTexts.routeTable.register, page: () => import('../features/account/pages/RegisterPage') },
    { name: 'forgotPassword', path: '/forgot-password', access: 'guest', title: appTexts.routeTable.forgotPassword, page: () => import('../features/account/pages/ForgotPasswordPage') },
    { name: 'resetPassword', path: '/reset-password/:email/:token', access: 'guest', title: appTexts.routeTable.resetPassword, page: () => import('../features/account/pages/ResetPasswordPage') },
    { name: 'resendTickets', path: '/resend-tickets', access: 'guest', title: appTexts.routeTable.resendTickets, page: () => import('../features/account/pages/ResendTicketsPage') },
    { name: 'ambassadors', path: `/${config.ambassadors.path}`, access: 'public', title: ({ config: c }) => c.ambassadors.title ?? appTexts.routeTable.ambassadors, feature: 'ambassadors', page: () => import('../features/content/pages/AmbassadorsPage') },
    { name: 'cookiePolicy', path: '/cookie-policy', access: 'public', title: appTexts.routeTable.cookiePolicy, contentText: 'cookiePolicy', page: content },
    { name: 'faqs', path: '/faqs', access: 'public', title: appTexts.routeTable.faqs, contentText: 'faqs', page: content },
    { name: 'privacyPolicy', path: '/privacy-policy', access: 'public', title: appTexts.routeTable.privacyPolicy, contentText: 'privacyPolicy', page: content },
    { name: 'securityStatement', path: '/security-statement', access: 'public', title: appTexts.routeTable.securityStatement, contentText: 'securityStatement', page: content },
    { name: 'termsConditions', path: '/terms-conditions', access: 'public', title: appTexts.routeTable.termsAndConditions, contentText: 'termsAndConditions', page: content },
    // Our own addition (issue 23, decision 0048): an on-sale's waiting room. Public: a visitor who is not signed in is asked to.
    { name: 'waitingRoom', path: '/waiting-room/:onsale', access: 'public', title: appTexts.routeTable.waitingRoom, feature: 'shop', page: () => import('../features/waiting-room/pages/WaitingRoomPage') },
    { name: 'order', path: '/order/:order', access: 'loggedIn', title: ({ params }) => appTexts.routeTable.order({ order: params.order ?? '' }), page: () => import('../features/checkout/pages/OrderPage') },
  ];
}

/** The route table's entry for a location, with its handle (what the frame and the pages read). */
export function matchAppRoute(routes: AppRoute[], location: Partial<Location>): { handle: RouteHandle; params: Params } | undefined {
  const match = matchRoutes(routes, location)?.at(-1);
  if (!match) return undefined;
  const { path: _path, page: _page, firstTexts: _firstTexts, ...handle } = match.route;
  return { handle, params: match.params };
}
