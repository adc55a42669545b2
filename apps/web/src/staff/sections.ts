import { staffApi, type StaffApiPath, type StaffRoleName } from '@festival/contract';

/** A page of the back office, shown to the roles that may make its main call (the contract's access, decision 0042). */
export interface Section {
  path: string;
  label: string;
  call: StaffApiPath;
}

export const SECTIONS: readonly Section[] = [
  { path: 'dashboard', label: 'Dashboard', call: 'dashboard' },
  { path: 'orders', label: 'Orders', call: 'order-search' },
  { path: 'box-office', label: 'Box office', call: 'box-office-sell' },
  { path: 'catalogue', label: 'Catalogue', call: 'catalogue-overview' },
  { path: 'onsales', label: 'On-sales', call: 'onsales-overview' },
  { path: 'refunds', label: 'Refunds', call: 'refund-requests' },
  { path: 'exports', label: 'Exports', call: 'staff-export' },
  { path: 'team', label: 'Staff', call: 'staff-members' },
  { path: 'scanners', label: 'Scanners', call: 'scanners' },
  { path: 'audit', label: 'Audit log', call: 'staff-audit' },
  { path: 'account', label: 'Your password', call: 'staff-change-password' },
];

/** Whether a role may make a call: the server decides, the page only leaves out what would be refused. */
export function mayCall(role: StaffRoleName, call: StaffApiPath): boolean {
  const access = staffApi[call].access;
  return typeof access !== 'string' && (access as readonly StaffRoleName[]).includes(role);
}

export const sectionsFor = (role: StaffRoleName): Section[] => SECTIONS.filter((section) => mayCall(role, section.call));
