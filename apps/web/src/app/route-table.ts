import type { ClientConfig } from '@festival/contract';
import type { ComponentType } from 'react';
import { matchRoutes, type Location, type Params } from 'react-router';
import type { RouteHandle } from '../lib/route-handle';

type PageModule = () => Promise<{ default: ComponentType }>;

export interface AppRoute extends RouteHandle {
  path: string;
  /** The page, loaded on demand: every page is its own chunk. */
  page: PageModule;
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
    { name: 'home', path: '/', access: 'public', titleIsShopName: true, page: () => import('../features/shop/pages/HomePage') },
    { name: 'tickets', path: '/tickets', access: 'public', title: 'Tickets', feature: 'shop', shopItemType: 'tickets', page: shopListing },
    { name: 'merchandise', path: '/merchandise', access: 'public', title: 'Merchandise', feature: 'merchandise', shopItemType: 'merchandise', page: shopListing },
    { name: 'ticket', path: '/tickets/:item', access: 'public', title: 'Tickets', feature: 'shop', shopItemType: 'tickets', page: product },
    { name: 'merchandiseItem', path: '/merchandise/:item', access: 'public', title: 'Merchandise', feature: 'merchandise', shopItemType: 'merchandise', page: product },
    { name: 'checkout', path: '/checkout', access: 'loggedIn', title: 'Checkout', feature: 'shop', page: () => import('../features/checkout/pages/CheckoutPage') },
    { name: 'acceptTerms', path: '/accept-tcs/:order/:checksum', access: 'public', title: 'Terms and Conditions', page: () => import('../features/checkout/pages/AcceptTermsPage') },
    { name: 'instalment', path: '/payment-plan-payment/:order/:checksum/:reference', access: 'public', title: 'Payment Plan', page: () => import('../features/checkout/pages/InstalmentPage') },
    { name: 'portal', path: '/portal', access: 'loggedIn', title: 'Portal', page: () => import('../features/portal/pages/PortalPage') },
    { name: 'orderDetail', path: '/portal/orders/:order', access: 'loggedIn', title: ({ params }) => `Order ${params.order ?? ''}`, page: orderDetail },
    { name: 'orderConfirmation', path: '/portal/orders/:order/confirmation', access: 'loggedIn', title: ({ params }) => `Order ${params.order ?? ''}`, confirmation: true, page: orderDetail },
    { name: 'manageTicket', path: '/portal/orders/:order/manage-ticket/:ticket', access: 'loggedIn', title: 'Manage Ticket', page: () => import('../features/portal/pages/ManageTicketPage') },
    { name: 'requestRefund', path: '/portal/orders/:order/request-refund', access: 'loggedIn', title: 'Request Refund', page: () => import('../features/portal/pages/RequestRefundPage') },
    { name: 'refundDetail', path: '/portal/refunds/:refund', access: 'loggedIn', title: ({ params }) => `Refund ${params.refund ?? ''}`, page: () => import('../features/portal/pages/RefundDetailPage') },
    { name: 'account', path: '/account', access: 'loggedIn', title: 'Account Settings', page: () => import('../features/account/pages/AccountPage') },
    { name: 'login', path: '/login', access: 'guest', title: 'Login', page: () => import('../features/account/pages/LoginPage') },
    { name: 'register', path: '/register', access: 'guest', title: 'Register', page: () => import('../features/account/pages/RegisterPage') },
    { name: 'forgotPassword', path: '/forgot-password', access: 'guest', title: 'Forgot Your Password', page: () => import('../features/account/pages/ForgotPasswordPage') },
    { name: 'resetPassword', path: '/reset-password/:email/:token', access: 'guest', title: 'Reset Password', page: () => import('../features/account/pages/ResetPasswordPage') },
    { name: 'resendTickets', path: '/resend-tickets', access: 'guest', title: 'Re-send Tickets', page: () => import('../features/account/pages/ResendTicketsPage') },
    { name: 'ambassadors', path: `/${config.ambassadors.path}`, access: 'public', title: ({ config: c }) => c.ambassadors.title ?? 'Ambassadors', feature: 'ambassadors', page: () => import('../features/content/pages/AmbassadorsPage') },
    { name: 'cookiePolicy', path: '/cookie-policy', access: 'public', title: 'Cookie Policy', contentText: 'cookiePolicy', page: content },
    { name: 'faqs', path: '/faqs', access: 'public', title: 'FAQs', contentText: 'faqs', page: content },
    { name: 'privacyPolicy', path: '/privacy-policy', access: 'public', title: 'Privacy Policy', contentText: 'privacyPolicy', page: content },
    { name: 'securityStatement', path: '/security-statement', access: 'public', title: 'Security Statement', contentText: 'securityStatement', page: content },
    { name: 'termsConditions', path: '/terms-conditions', access: 'public', title: 'Terms and Conditions', contentText: 'termsAndConditions', page: content },
    // Our own addition (issue 23, decision 0048): an on-sale's waiting room. Public: a visitor who is not signed in is asked to.
    { name: 'waitingRoom', path: '/waiting-room/:onsale', access: 'public', title: 'Waiting room', feature: 'shop', page: () => import('../features/waiting-room/pages/WaitingRoomPage') },
    { name: 'order', path: '/order/:order', access: 'loggedIn', title: ({ params }) => `Order ${params.order ?? ''}`, page: () => import('../features/checkout/pages/OrderPage') },
  ];
}

/** The route table's entry for a location, with its handle (what the frame and the pages read). */
export function matchAppRoute(routes: AppRoute[], location: Partial<Location>): { handle: RouteHandle; params: Params } | undefined {
  const match = matchRoutes(routes, location)?.at(-1);
  if (!match) return undefined;
  const { path: _path, page: _page, ...handle } = match.route;
  return { handle, params: match.params };
}
