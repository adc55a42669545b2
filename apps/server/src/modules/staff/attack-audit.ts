import type { Db } from '../../db/client';
import { countHits } from '../../lib/rate-limit.queries';
import { insertAudit } from './staff.queries';

/** Attacks are tallied per kind and subject in windows of this length (decision 0050). */
export const ATTACK_WINDOW_MS = 15 * 60_000;
/** Who an attack entry names: nobody signed in made it. */
export const ATTACK_ACTOR = 'not signed in';

/**
 * What the audit log notes of attempts on the staff's and scanners' credentials (decision 0050):
 * failed sign-ins, wrong second factors, limits reached.
 */
export type AttackKind =
  | 'staff.sign-in-failed'
  | 'staff.sign-in-limit'
  | 'staff.second-factor-failed'
  | 'staff.second-factor-limit'
  | 'scanner.sign-in-failed'
  | 'scanner.sign-in-limit';

/** Whether the nth attempt of a window gets an entry: the first, the tenth, the hundredth… */
export const isTallyMark = (count: number) => count >= 1 && /^10*$/.test(String(count));

/**
 * Notes one attempt in the audit log, aggregated so a flood does not flood it: the attempts of a
 * kind on one subject (a member, or every unknown address together: `target` null) are counted
 * per ATTACK_WINDOW_MS, and an entry is written at the 1st, 10th, 100th, 1,000th… of a window,
 * saying how many so far and since when. 10,000 wrong passwords at one member in a quarter of an
 * hour write five entries; the log itself stays append-only (migration 0018's trigger).
 */
export async function noteAttack(db: Db, kind: AttackKind, target: string | null, at: Date): Promise<void> {
  const windowStart = new Date(Math.floor(at.getTime() / ATTACK_WINDOW_MS) * ATTACK_WINDOW_MS);
  const key = `audit:${kind}:${target ?? 'unknown'}`;
  const counts = await countHits(db, [key], windowStart, new Date(windowStart.getTime() - ATTACK_WINDOW_MS));
  const attempts = counts.get(key)?.hits ?? 0;
  if (!isTallyMark(attempts)) return;
  await insertAudit(db, { staffId: null, actor: ATTACK_ACTOR, action: kind, target, before: null, after: { attempts, since: windowStart.toISOString() } });
}
