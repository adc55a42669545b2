import { STAFF_API_PATHS, type StaffApiPath } from '@festival/contract';

/** The scanner's calls (issue 21): security/staff-calls.test.ts attacks these. */
export const SCANNER_PATHS: readonly StaffApiPath[] = ['scanner-login', 'scanner-logout', 'checkin-lists', 'scan', 'upload-scans', 'sync'];

/** The staff's own sign-in and session calls (issue 22): security/staff-sign-in-calls.test.ts attacks these. */
export const STAFF_SESSION_PATHS: readonly StaffApiPath[] = ['staff-sign-in', 'staff-second-factor', 'staff-sign-out', 'staff-me'];

/** Staff calls no security test attacks yet: a call added to the contract must join one of the lists above. */
export const unattackedStaffPaths = (): StaffApiPath[] => STAFF_API_PATHS.filter((path) => !SCANNER_PATHS.includes(path) && !STAFF_SESSION_PATHS.includes(path));
