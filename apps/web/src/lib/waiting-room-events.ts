import { ApiError } from './api-client';
import { withFrom } from './return-to';
import { ADMISSIONS_KEY, readStoredJson } from './storage';

/**
 * The waiting room's part of the app's first load (decision 0048): which room a refusal names, the
 * waiting page's address, and the signal that sends the visitor there. The rest (passes,
 * admissions, `withAdmission`) loads with the cart and the waiting page (lib/waiting-room.ts).
 */

/** An on-sale's code as the contract allows it (anything else in an answer is not followed). */
const ONSALE_CODE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/**
 * The on-sale whose waiting room a refusal sends the visitor to, or null for any other failure: a
 * 403 (no admission for the room) or a 410 (the admission's place has ended its shopping: a
 * checkout, the longest shopping time), each naming the room.
 */
export function waitingRoomOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || (error.status !== 403 && error.status !== 410)) return null;
  const room = (error.body as { waiting_room?: unknown } | null)?.waiting_room;
  return typeof room === 'string' && ONSALE_CODE.test(room) ? room : null;
}

/** The waiting page of an on-sale, coming back to `from` at the visitor's turn. */
export const waitingRoomPath = (onsale: string, from?: string | null) => withFrom(`/waiting-room/${encodeURIComponent(onsale)}`, from);

type Listener = (onsale: string) => void;
const listeners = new Set<Listener>();

/** Runs when a stock call was refused for want of an admission the visitor cannot get here (the app goes to the waiting page). */
export function onWaitingRoom(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A stock call was refused for a room the visitor cannot get in here: the app goes to its waiting page. */
export function sendToWaitingRoom(onsale: string): void {
  listeners.forEach((listener) => listener(onsale));
}

/** Where the admission passes taken at the visitor's turn are kept (lib/waiting-room.ts keeps them; a logout forgets them). */
export { ADMISSIONS_KEY };

/** How long after its end an admission's notice still says the shopping time ran out (decision 0075). */
export const ENDED_NOTICE_MS = 60 * 60_000;

/** The shop's pages an admitted visitor shops on: they show the time left (decision 0075). */
export const SHOPPING_ROUTES: ReadonlySet<string> = new Set(['home', 'tickets', 'merchandise', 'ticket', 'merchandiseItem', 'checkout']);

/**
 * Whether this browser holds an admission that lasts, or ended within ENDED_NOTICE_MS: the frame
 * then loads the time-left notice (its own chunk) on the shopping pages. A cheap read of storage.
 */
export function shoppingNoticeDue(now: number): boolean {
  const kept = readStoredJson<unknown>(ADMISSIONS_KEY);
  return Array.isArray(kept) && kept.some((entry: { expires?: unknown } | null) => typeof entry?.expires === 'number' && entry.expires > now - ENDED_NOTICE_MS);
}
