/**
 * The two values the shop keeps in the browser (spec section 3, local storage): the session
 * token and the cart code. Browsers may refuse storage (private windows, disabled site data,
 * a full quota); the values then live in memory for the life of the page, so the shop still
 * works until the tab closes.
 */
export const TOKEN_KEY = 'shop.token';
export const CART_KEY = 'shop.cart';

type Listener = () => void;

export interface KeyValueStore {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
  /** Called after a value changes in this page or, with real storage, in another tab. */
  subscribe(listener: Listener): () => void;
  /** Tells subscribers that another tab changed the shared storage. */
  notifyExternalChange(): void;
}

/** Returns the browser storage when it can actually be written, otherwise null. */
function probe(resolve: () => Storage | undefined): Storage | null {
  try {
    const storage = resolve();
    if (!storage) return null;
    const key = '__shop_probe__';
    storage.setItem(key, key);
    storage.removeItem(key);
    return storage;
  } catch {
    return null;
  }
}

export function createKeyValueStore(resolve: () => Storage | undefined): KeyValueStore {
  const memory = new Map<string, string>();
  const listeners = new Set<Listener>();
  let storage: Storage | null | undefined;
  const backing = (): Storage | null => (storage === undefined ? (storage = probe(resolve)) : storage);
  const notify = () => listeners.forEach((listener) => listener());

  return {
    get(key) {
      const store = backing();
      if (store) {
        try {
          return store.getItem(key);
        } catch {
          // fall through to memory
        }
      }
      return memory.get(key) ?? null;
    },
    set(key, value) {
      memory.set(key, value);
      try {
        backing()?.setItem(key, value);
      } catch {
        // quota exceeded or storage revoked: memory keeps the value for this page
        storage = null;
      }
      notify();
    },
    remove(key) {
      memory.delete(key);
      try {
        backing()?.removeItem(key);
      } catch {
        storage = null;
      }
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    notifyExternalChange: notify,
  };
}

const browserStore = createKeyValueStore(() => globalThis.localStorage);

/**
 * What a customer is typing into the checkout, kept for this tab only (session storage; the
 * checkout's checkout-draft.ts reads and writes it): a reload keeps it, closing the tab forgets
 * it, and so do a logout (here or in another tab) and a placed order (decision 0070). A shared
 * computer thus keeps nobody's address for the next person. Only the forgetting is here, where
 * every logout passes; the rest loads with the checkout.
 */
export const CHECKOUT_DRAFT_KEY = 'shop.draft.checkout';

/**
 * The waiting rooms' places and admissions (lib/waiting-room.ts) belong to the account that took
 * them: a logout forgets them, so the next person on this browser neither sees that account's
 * shopping time nor sends its passes.
 */
export const QUEUE_PLACES_KEY = 'shop.queuePlaces';
export const ADMISSIONS_KEY = 'shop.admissions';

/** Forgets the tab's checkout draft. */
export function forgetDrafts(): void {
  try {
    globalThis.sessionStorage?.removeItem(CHECKOUT_DRAFT_KEY);
  } catch {
    // Storage refused: the draft lived in the checkout's memory only, and went with the page.
  }
}

// A login or logout in another tab changes the token here too; a logout there forgets this tab's drafts.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if ((event.key === null || event.key === TOKEN_KEY) && !browserStore.get(TOKEN_KEY)) forgetDrafts();
    if (event.key === null || event.key === TOKEN_KEY || event.key === CART_KEY) browserStore.notifyExternalChange();
  });
}

export const getToken = (): string | null => browserStore.get(TOKEN_KEY) || null;
export const setToken = (token: string): void => browserStore.set(TOKEN_KEY, token);
export const clearToken = (): void => {
  forgetDrafts();
  browserStore.remove(QUEUE_PLACES_KEY);
  browserStore.remove(ADMISSIONS_KEY);
  browserStore.remove(TOKEN_KEY);
};

export const getCartCode = (): string | null => browserStore.get(CART_KEY) || null;
export const setCartCode = (code: string): void => browserStore.set(CART_KEY, code);
export const clearCartCode = (): void => browserStore.remove(CART_KEY);

/** Another value the shop keeps in the browser as it stored it (null when absent). */
export const readStored = (key: string): string | null => browserStore.get(key);

/** Another value kept as JSON (the detour's destination, the cart's items); a malformed one reads as null. */
export function readStoredJson<T>(key: string): T | null {
  const raw = browserStore.get(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

/** Keeps a value as JSON, or forgets it (null). */
export function writeStoredJson(key: string, value: unknown): void {
  if (value === null) browserStore.remove(key);
  else browserStore.set(key, JSON.stringify(value));
}

/** Subscribes to changes of the stored values (for useSyncExternalStore). */
export const subscribeStorage = (listener: Listener): (() => void) => browserStore.subscribe(listener);
