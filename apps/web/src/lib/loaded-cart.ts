import type { Cart } from '@festival/contract';
import { clockOffsetMs } from './cart-clock';

/**
 * A cart answer with the server's clock offset measured when it arrived (the countdown needs it).
 * Its own module below both the cart query and the cart memory, which each work with it.
 */
export interface LoadedCart {
  cart: Cart;
  /** Server time minus browser time (milliseconds). */
  offsetMs: number;
}

export function loadedCart(cart: Cart, receivedAt: number = Date.now()): LoadedCart {
  return { cart, offsetMs: clockOffsetMs(cart.now, receivedAt) };
}
