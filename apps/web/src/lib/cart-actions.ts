import type { ShopItem } from '@festival/contract';
import { createContext, useContext } from 'react';

/**
 * What a page may do with the cart without importing the cart feature (features do not import
 * each other): the app provides it (app/layout/CartActionsProvider.tsx), the shop's product page
 * uses it for its Add to cart button.
 */
export interface CartActions {
  /**
   * Tickets open the personalise modal (it resolves once the modal shows); merchandise goes
   * straight into the cart (it resolves when the call has answered and its toast shows).
   */
  addToCart(item: ShopItem): Promise<void>;
  /** Starts loading the code behind addToCart, on the first sign it will be needed. */
  prepareAddToCart(): void;
}

export const CartActionsContext = createContext<CartActions | null>(null);

export function useCartActions(): CartActions {
  const actions = useContext(CartActionsContext);
  if (!actions) throw new Error('useCartActions needs a <CartActionsProvider> above it.');
  return actions;
}
