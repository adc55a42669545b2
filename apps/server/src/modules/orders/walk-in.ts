import { isWalkInAddress, WALK_IN_DOMAIN } from '@festival/contract';
import { randomBytes } from 'node:crypto';

/**
 * A desk sale without the buyer's e-mail address (decision 0076) is made for an account of its
 * own under the contract's WALK_IN_DOMAIN: no address of it reaches anyone, and the outbox writes
 * no mail to one. The buyer's tickets are printed at the desk.
 */
export { isWalkInAddress, WALK_IN_DOMAIN };

/** A new walk-in account's address: unique, never delivered. */
export const walkInAddress = () => `desk-${randomBytes(8).toString('hex')}@${WALK_IN_DOMAIN}`;
