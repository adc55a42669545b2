import { waitingRoomMessages, type ApiAnswer } from '@festival/contract';
import { clockOffsetMs } from './cart-clock';
import { ApiError, callApi } from './api-client';
import { getToken, QUEUE_PLACES_KEY, readStoredJson, writeStoredJson } from './storage';
import { ADMISSIONS_KEY, sendToWaitingRoom, waitingRoomOf } from './waiting-room-events';

export { onWaitingRoom, waitingRoomOf, waitingRoomPath } from './waiting-room-events';

/**
 * The waiting room as the shop's pages meet it (issue 23, decision 0048).
 *
 * - The place pass of each on-sale the visitor queued for is kept in this browser, so a reload, a
 *   lost connection or a closed tab comes back to the same place (the server gives a customer who
 *   joins again their own place anyway: the pass only saves the join).
 * - The admission passes taken at the visitor's turn are kept with their expiry; the stock calls
 *   (`add-product-to-cart`, `add-merchandise-to-cart`, `checkout-cart`) go through `withAdmission`,
 *   which sends one, renews it while the customer shops, and when the shop still refuses for want
 *   of one sends the visitor to the room's waiting page.
 */

const PLACES_KEY = QUEUE_PLACES_KEY;
/** The most rooms remembered (the oldest go first): a visitor queues for a handful at most. */
const MAX_KEPT = 8;

export interface KeptAdmission {
  onsale: string;
  pass: string;
  /** When it was taken and when it ends (ms since the epoch). */
  taken: number;
  expires: number;
}

type Places = Record<string, string>;

function keptPlaces(): Places {
  const value = readStoredJson<unknown>(PLACES_KEY);
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Places) : {};
}

/** Every admission kept, those that ended too. */
function allKeptAdmissions(): KeptAdmission[] {
  const value = readStoredJson<unknown>(ADMISSIONS_KEY);
  if (!Array.isArray(value)) return [];
  return value.filter(
    (entry): entry is KeptAdmission =>
      Boolean(entry) &&
      typeof entry === 'object' &&
      typeof entry.onsale === 'string' &&
      typeof entry.pass === 'string' &&
      typeof entry.taken === 'number' &&
      typeof entry.expires === 'number',
  );
}

function keptAdmissions(now: number): KeptAdmission[] {
  return allKeptAdmissions().filter((entry) => entry.expires > now);
}

/** The place pass kept for an on-sale, if any. */
export function placePassOf(onsale: string): string | null {
  const pass = keptPlaces()[onsale];
  return typeof pass === 'string' && pass !== '' ? pass : null;
}

export function keepPlacePass(onsale: string, pass: string): void {
  const places = Object.entries(keptPlaces()).filter(([code]) => code !== onsale);
  writeStoredJson(PLACES_KEY, Object.fromEntries([...places.slice(-(MAX_KEPT - 1)), [onsale, pass]]));
}

/** A pass the server no longer reads (or another account's): the next join gets the right one. */
export function forgetPlacePass(onsale: string): void {
  writeStoredJson(PLACES_KEY, Object.fromEntries(Object.entries(keptPlaces()).filter(([code]) => code !== onsale)));
}

/**
 * Keeps an admission with its expiry on this browser's clock: the server's `expires_at` moved by
 * the browser's error against the server's `now` (cart-clock.ts), so every check of it (the stock
 * calls' pass, its renewal, the time-left notice) compares times of one clock.
 */
export function keepAdmission(answer: ApiAnswer<'queue-admit'>, now: number = Date.now()): KeptAdmission {
  const kept: KeptAdmission = { onsale: answer.onsale, pass: answer.admission, taken: now, expires: Date.parse(answer.expires_at) - clockOffsetMs(answer.now, now) };
  const others = keptAdmissions(now).filter((entry) => entry.onsale !== answer.onsale);
  writeStoredJson(ADMISSIONS_KEY, [...others.slice(-(MAX_KEPT - 1)), kept]);
  return kept;
}

/** The valid admission for an on-sale, if the visitor holds one. */
export function admissionFor(onsale: string, now: number = Date.now()): KeptAdmission | null {
  return keptAdmissions(now).find((entry) => entry.onsale === onsale) ?? null;
}

/** The admission taken last that is still valid (the stock calls send it first). */
export function newestAdmission(now: number = Date.now()): KeptAdmission | null {
  return keptAdmissions(now).reduce<KeptAdmission | null>((newest, entry) => (!newest || entry.taken > newest.taken ? entry : newest), null);
}

/**
 * The admission the time-left notice tells of (decision 0075): the one taken last, even if it has
 * ended (the notice then says the shopping time ran out), unless it ended longer ago than `endedFor`.
 */
export function shownAdmission(now: number, endedFor: number): KeptAdmission | null {
  const recent = allKeptAdmissions().filter((entry) => entry.expires > now - endedFor);
  return recent.reduce<KeptAdmission | null>((newest, entry) => (!newest || entry.taken > newest.taken ? entry : newest), null);
}

/** A place whose shopping ended here (its checkout): its admission is no longer kept, nor its time shown. */
export function forgetAdmission(onsale: string): void {
  writeStoredJson(ADMISSIONS_KEY, allKeptAdmissions().filter((entry) => entry.onsale !== onsale));
}

/** Past half its time an admission is renewed on the next stock call (the shopper is active). */
export const needsRenewal = (admission: KeptAdmission, now: number) => now - admission.taken > (admission.expires - admission.taken) / 2;

/** Takes (or renews) the admission of an admitted place; null when the place is not (yet) admitted or gone. */
export async function takeAdmission(onsale: string, now: () => number = Date.now): Promise<KeptAdmission | null> {
  const place = placePassOf(onsale);
  const token = getToken();
  if (!place || !token) return null;
  try {
    return keepAdmission(await callApi('queue-admit', { token, onsale, pass: place }), now());
  } catch (error) {
    // Another account's place, one the server cannot read, or one whose shopping ended (a checkout,
    // or the longest shopping time): the waiting page joins afresh, and says why for an ended one.
    if (error instanceof ApiError && (error.status === 403 || error.status === 410)) {
      forgetPlacePass(onsale);
      if (error.formError === waitingRoomMessages.shoppingEnded) endedPlaces.add(onsale);
    }
    return null;
  }
}

/** On-sales whose place ended since the waiting page last asked (this page load only). */
const endedPlaces = new Set<string>();

/** Whether the visitor's place in this on-sale ended since last asked (a checkout, or the longest shopping time): asked once. */
export function takePlaceEnded(onsale: string): boolean {
  return endedPlaces.delete(onsale);
}

/** What a stock call's payload adds: the admission when the visitor holds one (nothing otherwise). */
export type AdmissionField = { admission?: string };

/**
 * A stock call with the visitor's admission: renewed first when past half its time, and when the
 * shop refuses for a room the visitor holds no valid admission for, taken again from the kept
 * place (an admission that ran out while shopping) and the call made once more. A refusal that
 * still stands sends the visitor to the waiting page (`onWaitingRoom`) and is thrown.
 */
export async function withAdmission<T>(call: (extra: AdmissionField) => Promise<T>, now: () => number = Date.now, options: { endsPlace?: boolean } = {}): Promise<T> {
  let sent = newestAdmission(now());
  if (sent && needsRenewal(sent, now())) sent = (await takeAdmission(sent.onsale, now)) ?? sent;
  // A checkout ends the place whose admission it carried (decision 0052): that admission is dropped, so its time is no longer shown.
  const done = <R>(answer: R, used: KeptAdmission | null): R => {
    if (options.endsPlace && used) forgetAdmission(used.onsale);
    return answer;
  };
  try {
    return done(await call(sent ? { admission: sent.pass } : {}), sent);
  } catch (error) {
    const onsale = waitingRoomOf(error);
    if (!onsale) throw error;
    const held = admissionFor(onsale, now());
    const retry = held && held.pass !== sent?.pass ? held : await takeAdmission(onsale, now);
    if (retry) {
      try {
        return done(await call({ admission: retry.pass }), retry);
      } catch (again) {
        const room = waitingRoomOf(again);
        if (room) sendToWaitingRoom(room);
        throw again;
      }
    }
    sendToWaitingRoom(onsale);
    throw error;
  }
}
