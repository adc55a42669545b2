import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { callApi } from './api-client';
import { clearCartCode, getCartCode, subscribeStorage } from './storage';
import { useToken } from './user-data';
import { remainingMs } from './cart-clock';
import { cartGone, rememberCart } from './cart-memory';
import { loadedCart, type LoadedCart } from './loaded-cart';

/**
 * The get-cart query: the cart of the code kept in local storage, as the header's count, the
 * cart panel and the checkout page show it. It lives in lib because the cart and checkout
 * features both read it (features do not import each other): one cache entry, so a line removed
 * in the panel leaves the checkout page too. Part of the first route (the header needs the
 * count), so it holds nothing else: the calls that change the cart are in the cart feature's
 * cart-calls.ts, loaded with the panel or the modal.
 */
export const CART_KEY = 'cart';
/** Asked per session and code: a login, logout or new cart switches to another entry. */
export const cartKey = (token: string | null, code: string | null) => [CART_KEY, token, code] as const;

/** Spec section 4: the cart is absent until the first add; a failed load or a cart the server no longer has clears it and the code. */
async function fetchCart(token: string | null, code: string | null, signal: AbortSignal): Promise<LoadedCart | null> {
  if (!code) return null;
  try {
    const answer = await callApi('get-cart', { token, cart: code }, { signal });
    if (answer.cart) {
      const loaded = loadedCart(answer.cart);
      rememberCart(loaded);
      return loaded;
    }
    // The server answered: it no longer has the cart. If its time is up, the customer is told (cart-memory.ts).
    cartGone(code);
  } catch (error) {
    // A call given up by the query (a newer one replaced it) says nothing about the cart.
    if (signal.aborted) throw error;
  }
  // Only the code that was asked about: an add in the meantime may have stored a new cart.
  if (getCartCode() === code) clearCartCode();
  return null;
}

/** The stored cart code; re-renders when it changes (here or in another tab). */
export function useCartCode(): string | null {
  return useSyncExternalStore(subscribeStorage, getCartCode, () => null);
}

export function useCart({ reload = false }: { reload?: boolean } = {}) {
  const token = useToken();
  const code = useCartCode();
  return useQuery({
    queryKey: cartKey(token, code),
    queryFn: ({ signal }) => fetchCart(token, code, signal),
    // Without a code there is no cart to ask for: known at once, so nothing shows as loading.
    initialData: code ? undefined : null,
    staleTime: 30_000,
    // The cart panel loads the cart when it appears (spec section 7).
    refetchOnMount: reload ? 'always' : true,
    // When the reservation ends the cart is asked for again, panel open or not, so the count
    // never shows items the server has released. Every answer sets the next time.
    refetchInterval: (query) => {
      const loaded = query.state.data;
      return loaded ? Math.max(1000, remainingMs(loaded.cart.expires_at, loaded.offsetMs, Date.now()) + 250) : false;
    },
    refetchIntervalInBackground: true,
  });
}

/** Items in the cart, for the header's icon. */
export function cartCount(loaded: LoadedCart | null | undefined): number {
  return loaded ? loaded.cart.products.length + loaded.cart.merchandise.length : 0;
}
