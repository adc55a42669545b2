import { staffApi, type StaffApiPath, type StaffRoleName, type Text } from '@festival/contract';
import { staffTexts } from './texts';

/** A page of the back office, shown to the roles that may make its main call (the contract's access, decision 0042). */
export interface Section {
  path: string;
  label: Text;
  call: StaffApiPath;
}

export const SECTIONS: readonly Section[] = [
  { path: 'dashboard', label: staffTexts.sections.dashboard, call: 'dashboard' },
  { path: 'orders', label: staffTexts.sections.orders, call: 'order-search' },
  { path: 'box-office', label: staffTexts.sections.boxOffice, call: 'box-office-sell' },
  { path: 'catalogue', label: staffTexts.sections.catalogue, call: 'catalogue-overview' },
  { path: 'onsales', label: staffTexts.sections.onsales, call: 'onsales-overview' },
  { path: 'vouchers', label: staffTexts.sections.vouchers, call: 'voucher-list' },
  { path: 'rates', label: staffTexts.sections.rates, call: 'rate-list' },
  { path: 'guests', label: staffTexts.sections.guests, call: 'guest-lists' },
  { path: 'refunds', label: staffTexts.sections.refunds, call: 'refund-requests' },
  { path: 'exports', label: staffTexts.sections.exports, call: 'staff-export' },
  { path: 'team', label: staffTexts.sections.team, call: 'staff-members' },
  { path: 'checkin-lists', label: staffTexts.sections.checkinLists, call: 'checkin-list-overview' },
  { path: 'scanners', label: staffTexts.sections.scanners, call: 'scanners' },
  { path: 'audit', label: staffTexts.sections.audit, call: 'staff-audit' },
  { path: 'account', label: staffTexts.sections.account, call: 'staff-change-password' },
];

/** Whether a role may make a call: the server decides, the page only leaves out what would be refused. */
export function mayCall(role: StaffRoleName, call: StaffApiPath): boolean {
  const access = staffApi[call].access;
  return typeof access !== 'string' && (access as readonly StaffRoleName[]).includes(role);
}

export const sectionsFor = (role: StaffRoleName): Section[] => SECTIONS.filter((section) => mayCall(role, section.call));
