import { scannerTexts, type StaffApiAnswer, type StaffApiPath } from '@festival/contract';
import { callStaffApi, type StaffCallInput } from '../lib/staff-call';

export { isSignedOut, NetworkError, StaffApiError, type StaffCallInput } from '../lib/staff-call';

/** A scanner's call: the shop's texts for a missing answer are the scanner's own. */
export const staffCall = <P extends StaffApiPath>(path: P, payload: StaffCallInput<P>, options: { timeoutMs?: number } = {}): Promise<StaffApiAnswer<P>> =>
  callStaffApi(scannerTexts.errors, path, payload, options);
