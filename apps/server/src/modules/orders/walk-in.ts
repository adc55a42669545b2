import { randomBytes } from 'node:crypto';

/**
 * A desk sale without the buyer's e-mail address (decision 0076) is made for an account of its
 * own under this domain: `.invalid` is reserved (RFC 2606), so no address of it reaches anyone,
 * and the outbox writes no mail to one. The buyer's tickets are printed at the desk.
 */
export const WALK_IN_DOMAIN = 'walk-in.invalid';

/** A new walk-in account's address: unique, never delivered. */
export const walkInAddress = () => `desk-${randomBytes(8).toString('hex')}@${WALK_IN_DOMAIN}`;

/** An address no mail is written to: a walk-in account's. */
export const isWalkInAddress = (email: string) => email.trim().toLowerCase().endsWith(`@${WALK_IN_DOMAIN}`);
