import type { OnsaleState } from '@festival/contract';

/**
 * Where an on-sale stands at `now`, as the organiser reads it (the back office's page and
 * `npm run onsale -- status`): switched off (gone from the file), its room not open yet, the
 * pre-queue, admitting, sold out (every product without units now), or closed.
 */
export function onsaleState(onsale: { active: boolean; roomOpensAt: Date; opensAt: Date; closesAt: Date | null; soldOut: boolean }, now: Date): OnsaleState {
  if (!onsale.active) return 'switched-off';
  const at = now.getTime();
  if (at < onsale.roomOpensAt.getTime()) return 'not-yet-open';
  if (at < onsale.opensAt.getTime()) return 'pre-queue';
  if (onsale.soldOut) return 'sold-out';
  if (onsale.closesAt && at >= onsale.closesAt.getTime()) return 'closed';
  return 'admitting';
}
