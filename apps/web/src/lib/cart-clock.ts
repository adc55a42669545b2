/**
 * The reservation countdown of spec section 4: the cart expires at `expires_at` by the server's
 * clock, and the browser's clock may be wrong by minutes. Each cart answer carries the server's
 * `now`; the difference to the browser's clock when the answer arrived corrects the browser's
 * clock from then on. Pure functions, so the arithmetic is tested without timers.
 */

/** Server time minus browser time, from the server's `now` and the browser's time of arrival. 0 if `now` is not a date. */
export function clockOffsetMs(serverNow: string, receivedAt: number): number {
  const server = Date.parse(serverNow);
  return Number.isNaN(server) ? 0 : server - receivedAt;
}

/** Milliseconds left until `expiresAt` by the server's clock (the browser's plus the offset); never below 0. */
export function remainingMs(expiresAt: string, offsetMs: number, browserNow: number): number {
  const expires = Date.parse(expiresAt);
  if (Number.isNaN(expires)) return 0;
  return Math.max(0, expires - (browserNow + offsetMs));
}
