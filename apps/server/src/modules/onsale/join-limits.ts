// No imports: env.ts reads these defaults.

export interface JoinLimits {
  /** New places a window from one address (an IPv4 address or an IPv6 /64); 0: no limit. */
  perAddress: number;
  /** New places a window from one network (an IPv4 /24 or an IPv6 /48); 0: no limit. */
  perNetwork: number;
  windowMs: number;
}

/**
 * A family or a festival crew behind one address fits; a farm of accounts on one network does not
 * get a thousand places. Like the cart's holding cap (decision 0025), generous for carrier NAT.
 */
export const JOIN_LIMITS: JoinLimits = { perAddress: 20, perNetwork: 300, windowMs: 10 * 60_000 };
