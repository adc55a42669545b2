import { messages, shopFrontMessages, type ApiAnswer, type Cart, type UserData } from '@festival/contract';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError, callApi, refusalText } from '../../../lib/api-client';
import { clearCartCode, getCartCode, getToken, setCartCode } from '../../../lib/storage';
import { userDataKey } from '../../../lib/user-data';
import type { HolderFields } from '../personalise';
import { CART_KEY, cartKey } from '../../../lib/cart-query';
import { loadedCart } from '../../../lib/loaded-cart';
import { rememberCart } from '../../../lib/cart-memory';
import { withAdmission } from '../../../lib/waiting-room';
import { say } from '../../../lib/say';

/**
 * The calls that change the cart (spec section 7). Each answer is the whole cart: it goes into
 * the get-cart cache and its code into local storage (the first add creates the cart); answers
 * that carry user data update the get-data cache of the session too. Every payload names the
 * session token. Loaded with the cart panel and the personalise modal, never by the first route.
 */

/** Stores a cart answer: the cache entry first, then the code, so the header switches in one render. */
export function storeCartAnswer(queryClient: QueryClient, answer: { cart: Cart | null; data?: UserData }): void {
  const token = getToken();
  if (answer.data) queryClient.setQueryData(userDataKey(token), answer.data);
  if (answer.cart) {
    const loaded = loadedCart(answer.cart);
    queryClient.setQueryData(cartKey(token, answer.cart.code), loaded);
    // What the cart holds, to tell the customer if it expires (lib/cart-memory.ts).
    rememberCart(loaded);
    setCartCode(answer.cart.code);
  } else {
    clearCartCode();
  }
}

/** After a refused change the cart may have ended or changed: ask for it again. */
export function reloadCart(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [CART_KEY] });
}

/** The cart code a change of an existing line is sent with. */
function currentCode(): string {
  const code = getCartCode();
  if (!code) throw new ApiError(410, { message: say(messages.cart.expired) }, say(messages.cart.expired));
  return code;
}

export async function addProductToCart(queryClient: QueryClient, externalCode: string, holder: HolderFields): Promise<ApiAnswer<'add-product-to-cart'>> {
  const answer = await withAdmission((admission) => callApi('add-product-to-cart', { token: getToken(), cart: getCartCode(), external_code: externalCode, ...holder, ...admission }));
  storeCartAnswer(queryClient, answer);
  return answer;
}

export async function updateProductInCart(queryClient: QueryClient, lineId: number, holder: HolderFields): Promise<ApiAnswer<'update-product-in-cart'>> {
  const answer = await callApi('update-product-in-cart', { token: getToken(), cart: currentCode(), cart_product_id: lineId, ...holder });
  storeCartAnswer(queryClient, answer);
  return answer;
}

export async function removeProductFromCart(queryClient: QueryClient, lineId: number): Promise<ApiAnswer<'remove-product-from-cart'>> {
  const answer = await callApi('remove-product-from-cart', { token: getToken(), cart: currentCode(), cart_product_id: lineId });
  storeCartAnswer(queryClient, answer);
  return answer;
}

export async function addMerchandiseToCart(queryClient: QueryClient, externalCode: string): Promise<ApiAnswer<'add-merchandise-to-cart'>> {
  const answer = await withAdmission((admission) => callApi('add-merchandise-to-cart', { token: getToken(), cart: getCartCode(), external_code: externalCode, ...admission }));
  storeCartAnswer(queryClient, answer);
  return answer;
}

export async function removeMerchandiseFromCart(queryClient: QueryClient, lineId: number): Promise<ApiAnswer<'remove-merchandise-from-cart'>> {
  const answer = await callApi('remove-merchandise-from-cart', { token: getToken(), cart: currentCode(), cart_merchandise_id: lineId });
  storeCartAnswer(queryClient, answer);
  return answer;
}

/**
 * The toast of a failed add (spec section 8): the server's message, or 'Could not add item to
 * cart.' when it gave none (no answer at all, or an error page without a message).
 */
export function addFailedText(error: unknown): string {
  return refusalText(error) ?? say(shopFrontMessages.addToCartFailed);
}
