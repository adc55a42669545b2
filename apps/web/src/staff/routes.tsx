import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import type { StaffApiPath } from '@festival/contract';
import type { ReactNode } from 'react';
import { Home, NotAllowed, NotFound } from './pages/Home';
import { mayCall } from './sections';
import { useMember } from './use-member';
import { Shell } from './Shell';

// Each page is its own chunk: the sign-in and the frame load first, a page when it is opened (or,
// for the page the back office is opened on, at once: preloadOpeningPage).
const PAGE_CHUNKS = {
  DashboardPage: () => import('./pages/DashboardPage'),
  TeamPage: () => import('./pages/TeamPage'),
  AuditPage: () => import('./pages/AuditPage'),
  RefundsPage: () => import('./pages/RefundsPage'),
  ExportsPage: () => import('./pages/ExportsPage'),
  BoxOfficePage: () => import('./pages/BoxOfficePage'),
  OrdersPage: () => import('./pages/OrdersPage'),
  OrderPage: () => import('./pages/OrderPage'),
  CataloguePage: () => import('./pages/CataloguePage'),
  OnsalesPage: () => import('./pages/OnsalesPage'),
  VouchersPage: () => import('./pages/VouchersPage'),
  RatesPage: () => import('./pages/RatesPage'),
  GuestsPage: () => import('./pages/GuestsPage'),
  CheckinListsPage: () => import('./pages/CheckinListsPage'),
  ScannersPage: () => import('./pages/ScannersPage'),
  AccountPage: () => import('./pages/AccountPage'),
};
const DashboardPage = lazy(PAGE_CHUNKS.DashboardPage);
const TeamPage = lazy(PAGE_CHUNKS.TeamPage);
const AuditPage = lazy(PAGE_CHUNKS.AuditPage);
const RefundsPage = lazy(PAGE_CHUNKS.RefundsPage);
const ExportsPage = lazy(PAGE_CHUNKS.ExportsPage);
const BoxOfficePage = lazy(PAGE_CHUNKS.BoxOfficePage);
const OrdersPage = lazy(PAGE_CHUNKS.OrdersPage);
const OrderPage = lazy(PAGE_CHUNKS.OrderPage);
const CataloguePage = lazy(PAGE_CHUNKS.CataloguePage);
const OnsalesPage = lazy(PAGE_CHUNKS.OnsalesPage);
const VouchersPage = lazy(PAGE_CHUNKS.VouchersPage);
const RatesPage = lazy(PAGE_CHUNKS.RatesPage);
const GuestsPage = lazy(PAGE_CHUNKS.GuestsPage);
const CheckinListsPage = lazy(PAGE_CHUNKS.CheckinListsPage);
const ScannersPage = lazy(PAGE_CHUNKS.ScannersPage);
const AccountPage = lazy(PAGE_CHUNKS.AccountPage);

/** Each page's chunk by its path under /staff (a path with a parameter by its first part). */
const CHUNK_OF_PATH: Readonly<Record<string, () => Promise<unknown>>> = {
  'dashboard': PAGE_CHUNKS.DashboardPage,
  'team': PAGE_CHUNKS.TeamPage,
  'audit': PAGE_CHUNKS.AuditPage,
  'refunds': PAGE_CHUNKS.RefundsPage,
  'exports': PAGE_CHUNKS.ExportsPage,
  'box-office': PAGE_CHUNKS.BoxOfficePage,
  'orders': PAGE_CHUNKS.OrdersPage,
  'catalogue': PAGE_CHUNKS.CataloguePage,
  'onsales': PAGE_CHUNKS.OnsalesPage,
  'vouchers': PAGE_CHUNKS.VouchersPage,
  'rates': PAGE_CHUNKS.RatesPage,
  'guests': PAGE_CHUNKS.GuestsPage,
  'checkin-lists': PAGE_CHUNKS.CheckinListsPage,
  'scanners': PAGE_CHUNKS.ScannersPage,
  'account': PAGE_CHUNKS.AccountPage,
};

/**
 * Loads the chunk of the page the back office is opened on (`opening`: its path under /staff, as
 * openingPageOf gives it) beside the session's call, instead of after it; a page's lazy() then
 * finds it loaded. An order's page is loaded by its first part.
 */
export function preloadOpeningPage(opening: string): void {
  void openingChunkOf(opening)?.().catch(() => undefined);
}

/** The chunk of the page at a path under /staff; undefined for the start page and unknown paths. */
export const openingChunkOf = (opening: string): (() => Promise<unknown>) | undefined => CHUNK_OF_PATH[opening] ?? (opening.startsWith('orders/') ? PAGE_CHUNKS.OrderPage : undefined);

/** A page for the roles that may make its call; others (who typed or kept its address) read why not. */
function ForRolesOf({ call, children }: { call: StaffApiPath; children: ReactNode }) {
  const member = useMember();
  return mayCall(member.role, call) ? children : <NotAllowed />;
}

/** The back office's pages under /staff (the router's basename). */
export const staffRoutes: RouteObject[] = [
  {
    path: '/',
    element: <Shell />,
    children: [
      { index: true, element: <Home /> },
      // A one-time link's page is the sign-in's (StaffApp); once signed in from it, the start page.
      { path: 'link', element: <Navigate to="/" replace /> },
      { path: 'dashboard', element: <ForRolesOf call="dashboard"><DashboardPage /></ForRolesOf> },
      { path: 'team', element: <ForRolesOf call="staff-members"><TeamPage /></ForRolesOf> },
      { path: 'checkin-lists', element: <ForRolesOf call="checkin-list-overview"><CheckinListsPage /></ForRolesOf> },
      { path: 'scanners', element: <ForRolesOf call="scanners"><ScannersPage /></ForRolesOf> },
      { path: 'account', element: <ForRolesOf call="staff-change-password"><AccountPage /></ForRolesOf> },
      { path: 'audit', element: <ForRolesOf call="staff-audit"><AuditPage /></ForRolesOf> },
      { path: 'refunds', element: <ForRolesOf call="refund-requests"><RefundsPage /></ForRolesOf> },
      { path: 'exports', element: <ForRolesOf call="staff-export"><ExportsPage /></ForRolesOf> },
      { path: 'box-office', element: <ForRolesOf call="box-office-sell"><BoxOfficePage /></ForRolesOf> },
      { path: 'orders', element: <ForRolesOf call="order-search"><OrdersPage /></ForRolesOf> },
      { path: 'catalogue', element: <ForRolesOf call="catalogue-overview"><CataloguePage /></ForRolesOf> },
      { path: 'onsales', element: <ForRolesOf call="onsales-overview"><OnsalesPage /></ForRolesOf> },
      { path: 'vouchers', element: <ForRolesOf call="voucher-list"><VouchersPage /></ForRolesOf> },
      { path: 'rates', element: <ForRolesOf call="rate-list"><RatesPage /></ForRolesOf> },
      { path: 'guests', element: <ForRolesOf call="guest-lists"><GuestsPage /></ForRolesOf> },
      { path: 'orders/:code', element: <ForRolesOf call="order-detail"><OrderPage /></ForRolesOf> },
      { path: '*', element: <NotFound /> },
    ],
  },
];
