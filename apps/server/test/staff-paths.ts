import { STAFF_API_PATHS, staffApi, type StaffApiPath } from '@festival/contract';

/** The scanner's calls (issue 21): security/staff-calls.test.ts attacks these. */
export const SCANNER_PATHS: readonly StaffApiPath[] = ['scanner-login', 'scanner-logout', 'checkin-lists', 'scan', 'upload-scans', 'sync'];

/** The staff's own sign-in and session calls (issue 22): security/staff-sign-in-calls.test.ts attacks these. */
export const STAFF_SESSION_PATHS: readonly StaffApiPath[] = ['staff-sign-in', 'staff-second-factor', 'staff-sign-out', 'staff-me', 'staff-link', 'staff-use-link'];

/** Every call for members of some roles (the back office's): security/back-office-calls.test.ts attacks these, and its access matrix covers every call. */
export const BACK_OFFICE_PATHS: readonly StaffApiPath[] = STAFF_API_PATHS.filter((path) => typeof staffApi[path].access !== 'string');

/** Staff calls no security test attacks yet: a call added to the contract must join one of the lists above. */
export const unattackedStaffPaths = (): StaffApiPath[] => STAFF_API_PATHS.filter((path) => !SCANNER_PATHS.includes(path) && !STAFF_SESSION_PATHS.includes(path) && !BACK_OFFICE_PATHS.includes(path));
