import { messages, type ShopItem } from '@festival/contract';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast, type ToastApi } from '../../components/ui/Toasts';
import { useConfig } from '../../lib/config';
import { useToken, useUserData } from '../../lib/user-data';
import { addFailedText, addMerchandiseToCart, addProductToCart } from './api/cart-calls';
import { useCart } from '../../lib/cart-query';
import { waitingRoomOf } from '../../lib/waiting-room';
import { PersonaliseModal } from './components/PersonaliseModal';
import { ageOptionsFor, defaultsForAdding, otherHoldersOf, type HolderFields } from './personalise';
import { say } from '../../lib/say';

/**
 * Adding from a product page (spec sections 2 and 7), loaded when the visitor first reaches for
 * the Add to cart button: tickets through the personalise modal (add-product-to-cart),
 * merchandise straight in (add-merchandise-to-cart). Toasts as spec section 8.
 */

export async function addMerchandise(queryClient: QueryClient, toast: ToastApi, item: ShopItem): Promise<boolean> {
  try {
    await addMerchandiseToCart(queryClient, item.external_code);
  } catch (error) {
    // An on-sale's room: the app goes to its waiting page, which says why (decision 0048).
    if (!waitingRoomOf(error)) toast.danger(addFailedText(error));
    return false;
  }
  toast.success(say(messages.toast.itemAdded));
  return true;
}

export interface AddTicketModalProps {
  item: ShopItem;
  openedAt: number;
  onClose: () => void;
  /** After a successful add (the page may show fresh stock). */
  onAdded: () => void;
}

export function AddTicketModal({ item, openedAt, onClose, onAdded }: AddTicketModalProps) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const config = useConfig();
  const token = useToken();
  const userData = useUserData().data;
  const lines = useCart().data?.cart.products ?? [];
  // Fixed when the modal opens: a cart or session arriving later does not overwrite typing.
  const [defaults] = useState(() => defaultsForAdding(item.id, lines, token ? (userData?.customer ?? null) : null));

  const submit = async (holder: HolderFields) => {
    try {
      await addProductToCart(queryClient, item.external_code, holder);
    } catch (error) {
      // An on-sale's room: the modal closes and the app goes to its waiting page, which says why (decision 0048).
      if (waitingRoomOf(error)) return onClose();
      toast.danger(addFailedText(error));
      throw error;
    }
    toast.success(say(messages.toast.itemAdded));
    onAdded();
    onClose();
  };

  return (
    <PersonaliseModal
      product={item}
      defaults={defaults}
      ageOptions={ageOptionsFor(item, config)}
      otherHolders={otherHoldersOf(item.id, lines)}
      openedAt={openedAt}
      onSubmit={submit}
      onCancel={onClose}
    />
  );
}
