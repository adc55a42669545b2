// No imports: env.ts reads these defaults.

/**
 * How many units (cart lines) may be held at once (decision 0025): by one cart, and by the open
 * carts made from one network address (an IPv4 address or an IPv6 /64) or one network (an IPv4
 * /24 or an IPv6 /48). 0 is no cap. A family behind one mobile network's shared address fits;
 * a script that makes a new cart for every add does not take a coach.
 */
export interface HoldLimits {
  perCart: number;
  perAddress: number;
  perNetwork: number;
}

export const HOLD_LIMITS: HoldLimits = { perCart: 30, perAddress: 40, perNetwork: 200 };

/** How long an expired cart is kept after its hold ended: long enough to see what happened, no longer (decision 0025). */
export const DEFAULT_ENDED_CART_KEEP_MS = 60 * 60_000;
