import { shopFrontMessages, type ShopItem } from '@festival/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useToast } from '../../components/ui/Toasts';
import { SHOP_ITEM_KEY } from '../../features/shop/api/shop-item';
import { CartActionsContext, type CartActions } from '../../lib/cart-actions';
import { preloadable } from '../../lib/preload';
import { say } from '../../lib/say';

// The personalise modal and the cart calls are in the cart's own chunk (with the cart panel),
// fetched when a visitor points at or focuses an Add to cart button: the first route carries
// only this provider.
const addToCart = preloadable(() => import('../../features/cart/cart-ui'));

interface Adding {
  item: ShopItem;
  openedAt: number;
}

/** Composes the shop's Add to cart button with the cart feature (features do not import each other). */
export function CartActionsProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [adding, setAdding] = useState<Adding | null>(null);

  // Stock and seats changed: product pages ask again.
  const refreshItems = useCallback(() => void queryClient.invalidateQueries({ queryKey: [SHOP_ITEM_KEY] }), [queryClient]);

  const actions = useMemo<CartActions>(() => {
    return {
      prepareAddToCart: () => void addToCart.load().catch(() => undefined),
      async addToCart(item) {
        let module;
        try {
          module = await addToCart.load();
        } catch {
          toast.danger(say(shopFrontMessages.addToCartFailed));
          return;
        }
        if (item.shop_item_type === 'merchandise') {
          if (await module.addMerchandise(queryClient, toast, item)) refreshItems();
          return;
        }
        setAdding({ item, openedAt: Date.now() });
      },
    };
  }, [queryClient, toast, refreshItems]);

  const AddTicketModal = addToCart.current()?.AddTicketModal;
  return (
    <CartActionsContext.Provider value={actions}>
      {children}
      {adding && AddTicketModal && (
        <AddTicketModal
          item={adding.item}
          openedAt={adding.openedAt}
          onClose={() => setAdding(null)}
          onAdded={refreshItems}
        />
      )}
    </CartActionsContext.Provider>
  );
}
