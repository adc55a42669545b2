import type { StaffApiAnswer, StaffApiPath } from '@festival/contract';
import { callStaffApi, type StaffCallInput } from '../lib/staff-call';
import { staffTexts } from './texts';
import { say } from '../lib/say';

export { isSignedOut, NetworkError, StaffApiError } from '../lib/staff-call';

/** A back-office call: the session is the HttpOnly staff cookie, never read here. */
export const staffCall = <P extends StaffApiPath>(path: P, payload: StaffCallInput<P>): Promise<StaffApiAnswer<P>> =>
  callStaffApi({ network: say(staffTexts.errors.network), server: say(staffTexts.errors.server) }, path, payload);
