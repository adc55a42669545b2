import { messages, type ApiAnswer, type ApiPayload, type Cart, type Invoice, type ProviderMethod, type Voucher } from '@festival/contract';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { ApiError, callApi } from '../../../lib/api-client';
import { CART_KEY } from '../../../lib/cart-query';
import { clearCartCode, getToken } from '../../../lib/storage';
import { useToken, storeUserData } from '../../../lib/user-data';
import { withAdmission } from '../../../lib/waiting-room';
import { say } from '../../../lib/say';

/**
 * The checkout's calls (spec section 7): calculate-invoice as a query of the cart and the
 * country, validate-voucher and checkout-cart. Every payload names the session token.
 */
export const INVOICE_KEY = 'invoice';

/** What the invoice depends on besides the country: the lines and their prices. */
function cartSignature(cart: Cart): string {
  return [...cart.products.map((line) => `p${line.id}:${line.price + line.fee}`), ...cart.merchandise.map((line) => `m${line.id}:${line.price + line.fee}`)].join(',');
}

/**
 * The invoice of the cart for a country, asked again when the country or the cart changes. A
 * failure (no country for merchandise, no shipping rate) leaves no invoice: the page shows the
 * error's text instead (spec section 8).
 */
export function useInvoice(cart: Cart, country: string, enabled = true) {
  const token = useToken();
  return useQuery<Invoice, ApiError>({
    // Not asked when it cannot be answered (merchandise without a country): the page previews the cart instead.
    enabled,
    queryKey: [INVOICE_KEY, token, cart.code, cartSignature(cart), country || null],
    queryFn: ({ signal }) => callApi('calculate-invoice', { token, cart: cart.code, country: country || null }, { signal }).then((answer) => answer.invoice),
    staleTime: 60_000,
  });
}

/**
 * The payment provider's methods for the cart and the billing country (decision 0067), asked when
 * a card payment is possible and a country is chosen. A failure or an empty list leaves the plain
 * card choice: the provider's page then offers its own methods.
 */
export function useProviderMethods(cart: Cart, country: string, enabled: boolean) {
  const token = useToken();
  return useQuery<ProviderMethod[], ApiError>({
    queryKey: ['payment-methods', token, cart.code, cartSignature(cart), country],
    queryFn: ({ signal }) => callApi('payment-methods', { token, cart: cart.code, country }, { signal }).then((answer) => answer.methods),
    enabled: enabled && country !== '',
    staleTime: 60_000,
    retry: false,
  });
}

/** Spec section 5: the invoice failed because nothing ships to the country. */
export function isShippingUnavailable(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 409 || error.formError === say(messages.checkout.shippingUnavailable));
}

export async function validateVoucher(cartCode: string, code: string): Promise<Voucher> {
  const answer = await callApi('validate-voucher', { token: getToken(), cart: cartCode, code });
  return answer.voucher;
}

export type CheckoutPayload = Omit<ApiPayload<'checkout-cart'>, 'token' | 'admission'>;

/** Checkout, with the waiting room's admission while an on-sale's room guards a product in the cart (decision 0048). */
export function checkoutCart(payload: CheckoutPayload): Promise<ApiAnswer<'checkout-cart'>> {
  return withAdmission((admission) => callApi('checkout-cart', { token: getToken(), ...payload, ...admission }), Date.now, { endsPlace: true });
}

/**
 * Spec section 4: checkout success clears the cart. The code goes, so the header counts no
 * items; the customer's data is the answer's (the new order is in it).
 */
export function storeCheckoutAnswer(queryClient: QueryClient, answer: ApiAnswer<'checkout-cart'>): void {
  storeUserData(queryClient, getToken(), answer.data);
  clearCartCode();
  queryClient.removeQueries({ queryKey: [CART_KEY] });
  queryClient.removeQueries({ queryKey: [INVOICE_KEY] });
}

/** After a refused checkout the cart may have ended (410): ask for it again. */
export function reloadCart(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [CART_KEY] });
}
