import { useSyncExternalStore } from 'react';
import type { LoadedCart } from './loaded-cart';
import { readStored, readStoredJson, writeStoredJson } from './storage';

/**
 * What the browser remembers of the cart, so a cart whose reservation ran out does not vanish
 * without a word (issue 19 point 6, decision 0034). Spec section 4: at zero the cart is reloaded
 * and, if the server no longer has it, it is gone; the customer is then told so and shown what
 * was in it. Only the items' names and ids are kept (never the holders' names or addresses), in
 * local storage, so a customer coming back in a new tab or days later is told too.
 */
const SNAPSHOT_KEY = 'shop.cartItems';
const LOST_KEY = 'shop.lostCart';
/** A lost cart is reported for a day at most (or until dismissed). */
export const LOST_CART_KEEP_MS = 24 * 60 * 60_000;

export interface RememberedItem {
  shop: 'tickets' | 'merchandise';
  /** The shop item's id (tickets); merchandise lines carry only a name. */
  id: number | null;
  name: string;
}

interface Snapshot {
  code: string;
  /** When the reservation ends, on the browser's clock (the server's corrected by the offset). */
  until: number;
  items: RememberedItem[];
}

export interface LostCart {
  items: RememberedItem[];
  at: number;
}

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** Every cart answer: what the cart holds now and until when. */
export function rememberCart({ cart, offsetMs }: LoadedCart): void {
  const items: RememberedItem[] = [
    ...cart.products.map((line) => ({ shop: 'tickets' as const, id: line.product.id, name: line.product.name })),
    ...cart.merchandise.map((line) => ({ shop: 'merchandise' as const, id: null, name: line.merchandise.name })),
  ];
  writeStoredJson(SNAPSHOT_KEY, items.length > 0 ? ({ code: cart.code, until: Date.parse(cart.expires_at) - offsetMs, items } satisfies Snapshot) : null);
}

/**
 * The server no longer has the cart of `code`. If its reservation time is up, it expired: it is
 * reported. Otherwise it ended another way (a checkout, a logout, another session's cart) and
 * nothing is said.
 */
export function cartGone(code: string, now: number = Date.now()): void {
  const snapshot = readStoredJson<Snapshot>(SNAPSHOT_KEY);
  if (!snapshot || snapshot.code !== code) return;
  writeStoredJson(SNAPSHOT_KEY, null);
  if (snapshot.until > now || !Array.isArray(snapshot.items)) return;
  writeStoredJson(LOST_KEY, { items: snapshot.items, at: now } satisfies LostCart);
  notify();
}

/** Forgets the cart (a logout on a shared device, a dismissed notice). */
export function forgetCart(): void {
  writeStoredJson(SNAPSHOT_KEY, null);
  dismissLostCart();
}

export function dismissLostCart(): void {
  writeStoredJson(LOST_KEY, null);
  notify();
}

let cached: { raw: string | null; value: LostCart | null } = { raw: null, value: null };

/** The expired cart still to report, if any (the same object while storage holds the same text). */
export function lostCart(now: number = Date.now()): LostCart | null {
  const raw = readStored(LOST_KEY);
  if (raw !== cached.raw) cached = { raw, value: readStoredJson<LostCart>(LOST_KEY) };
  const value = cached.value;
  return value && Array.isArray(value.items) && typeof value.at === 'number' && now - value.at < LOST_CART_KEEP_MS ? value : null;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's report shows here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === LOST_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useLostCart(): LostCart | null {
  return useSyncExternalStore(subscribe, () => lostCart(), () => null);
}
