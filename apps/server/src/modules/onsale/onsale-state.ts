import type { OnsaleState } from '@festival/contract';

/**
 * Where an on-sale stands at `now`, as the organiser reads it (the back office's page and
 * `npm run onsale -- status`): switched off (gone from the file), its room not open yet, the
 * pre-queue, admitting, paused by an admin, sold out (every product without units now), or closed.
 */
export function onsaleState(onsale: { active: boolean; roomOpensAt: Date; opensAt: Date; closesAt: Date | null; soldOut: boolean; pausedAt?: Date | null }, now: Date): OnsaleState {
  if (!onsale.active) return 'switched-off';
  const at = now.getTime();
  if (onsale.closesAt && at >= onsale.closesAt.getTime()) return onsale.soldOut ? 'sold-out' : 'closed';
  // An admin's pause (decision 0098) holds whatever the times say, until resumed or closed.
  if (onsale.pausedAt) return 'paused';
  if (at < onsale.roomOpensAt.getTime()) return 'not-yet-open';
  if (at < onsale.opensAt.getTime()) return 'pre-queue';
  if (onsale.soldOut) return 'sold-out';
  return 'admitting';
}
