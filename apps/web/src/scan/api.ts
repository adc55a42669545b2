import type { StaffApiAnswer, StaffApiPath } from '@festival/contract';
import { say } from '../lib/say';
import { callStaffApi, type StaffCallInput } from '../lib/staff-call';
import { scanTexts } from './scan.messages';

export { isSignedOut, NetworkError, StaffApiError, type StaffCallInput } from '../lib/staff-call';

/** A scanner's call: the shop's texts for a missing answer are the scanner's own, in the page's language at the time of the call. */
export const staffCall = <P extends StaffApiPath>(path: P, payload: StaffCallInput<P>, options: { timeoutMs?: number } = {}): Promise<StaffApiAnswer<P>> =>
  callStaffApi({ network: say(scanTexts.errors.network), server: say(scanTexts.errors.server) }, path, payload, options);
