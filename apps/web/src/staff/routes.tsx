import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import type { StaffApiPath } from '@festival/contract';
import type { ReactNode } from 'react';
import { Home, NotAllowed, NotFound } from './pages/Home';
import { mayCall } from './sections';
import { useMember } from './use-member';
import { Shell } from './Shell';

// Each page is its own chunk: the sign-in and the frame load first, a page when it is opened.
const DashboardPage = lazy(() => import('./pages/DashboardPage'));
const TeamPage = lazy(() => import('./pages/TeamPage'));
const AuditPage = lazy(() => import('./pages/AuditPage'));
const RefundsPage = lazy(() => import('./pages/RefundsPage'));
const ExportsPage = lazy(() => import('./pages/ExportsPage'));
const BoxOfficePage = lazy(() => import('./pages/BoxOfficePage'));
const OrdersPage = lazy(() => import('./pages/OrdersPage'));
const OrderPage = lazy(() => import('./pages/OrderPage'));
const CataloguePage = lazy(() => import('./pages/CataloguePage'));
const OnsalesPage = lazy(() => import('./pages/OnsalesPage'));
const VouchersPage = lazy(() => import('./pages/VouchersPage'));
const RatesPage = lazy(() => import('./pages/RatesPage'));
const GuestsPage = lazy(() => import('./pages/GuestsPage'));
const CheckinListsPage = lazy(() => import('./pages/CheckinListsPage'));
const ScannersPage = lazy(() => import('./pages/ScannersPage'));
const AccountPage = lazy(() => import('./pages/AccountPage'));

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
