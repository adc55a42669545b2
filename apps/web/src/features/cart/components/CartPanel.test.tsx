// @vitest-environment happy-dom
import { english, messages, type Cart, type UserData } from '@festival/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/ui/Toasts';
import { installTestConfig } from '../../../../test/test-config';
import { clearCartCode, clearToken, getCartCode, setCartCode, setToken } from '../../../lib/storage';
import { cartKey } from '../../../lib/cart-query';
import { loadedCart } from '../../../lib/loaded-cart';
import { testCart, testCartProduct } from '../../../../test/test-cart';
import { CartPanel } from './CartPanel';

beforeAll(installTestConfig);

const CODE = 'cart-code';

function userData(overrides: Partial<UserData> = {}): UserData {
  return {
    customer: null,
    config: { shopActive: true, merchandiseActive: true },
    country: null,
    orders: [],
    refunds: [],
    products: [],
    merchandise: [],
    existing_tickets: [],
    ...overrides,
  };
}

/** A cart the server answers with its own clock equal to the browser's, expiring after `seconds`. */
function serverCart(seconds: number, overrides: Partial<Cart> = {}): Cart {
  const now = Date.now();
  return testCart({ code: CODE, now: new Date(now).toISOString(), expires_at: new Date(now + seconds * 1000).toISOString(), ...overrides });
}

type Answer = { status: number; body: unknown };
let answers: Record<string, Answer[]>;
const calls: { path: string; body: Record<string, unknown> }[] = [];

/** The api client's fetch: each path answers from its queue (the last answer repeats). */
function answerWith(queues: Record<string, Answer[]>) {
  answers = queues;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = url.replace('/api/', '');
      calls.push({ path, body: JSON.parse(String(init.body)) as Record<string, unknown> });
      const queue = answers[path] ?? [{ status: 404, body: { message: 'Not found.' } }];
      const answer = queue.length > 1 ? queue.shift()! : queue[0]!;
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
}

function renderPanel(cart: Cart, token: string | null = null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  setCartCode(CODE);
  queryClient.setQueryData(cartKey(token, CODE), loadedCart(cart));
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <MemoryRouter>
          <CartPanel onClose={onClose} />
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { onClose, queryClient };
}

beforeEach(() => {
  calls.length = 0;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCartCode();
  clearToken();
});

const shuttle = testCartProduct({
  id: 1,
  full_name: 'Jane Doe',
  email: 'jane@example.com',
  transport_time_id: 4,
  travel_time: '2027-06-18T14:00:00+02:00',
  price: 1750,
  fee: 100,
  product: { id: 20, name: 'Shuttle bus', type: 'transport', travel_time_type: 'selectable' },
});
const locker = testCartProduct({ id: 2, full_name: 'Kim Loe', email: 'kim@example.com', price: 1500, fee: 0, product: { id: 30, name: 'Locker', type: 'locker' } });
const tote = { id: 5, merchandise: { name: 'Tote bag', external_code: 'NWF27-TOTE' }, price: 1200, fee: 0 };

describe('the cart panel', () => {
  it('lists each line with holder, e-mail, travel time and price with fee, the total, the warning, the notes and the countdown', async () => {
    const cart = serverCart(15 * 60, { products: [shuttle, locker], merchandise: [tote], total_price: 4550 });
    answerWith({ 'get-cart': [{ status: 200, body: { cart } }], 'get-data': [{ status: 200, body: { data: userData() } }] });
    renderPanel(cart);

    const lines = screen.getAllByTestId('cart-line');
    expect(lines).toHaveLength(3);
    const first = within(lines[0]!);
    expect(first.getByText('Shuttle bus')).toBeTruthy();
    expect(first.getByTestId('cart-line-holder').textContent).toBe('Jane Doe');
    expect(first.getByTestId('cart-line-email').textContent).toBe('jane@example.com');
    expect(first.getByTestId('cart-line-travel-time').textContent).toBe('Travel time: Fri, 18 Jun 2027, 14:00');
    expect(first.getByTestId('cart-line-price').textContent).toBe('€18.50');
    expect(first.getByRole('button', { name: 'Personalise Shuttle bus for Jane Doe' })).toBeTruthy();
    // Merchandise has no holder: Remove only.
    expect(within(lines[2]!).queryByRole('button', { name: /^Personalise/ })).toBeNull();
    expect(within(lines[2]!).getByRole('button', { name: 'Remove Tote bag' })).toBeTruthy();

    expect(screen.getByText('€45.50')).toBeTruthy();
    expect(document.getElementById('cart-warning')?.textContent).toBe(english(messages.cart.addOnWithoutEntry('Locker', 'Kim Loe', 'Northwind Festival 2027')));
    const notes = document.getElementById('cart-notes')?.textContent ?? '';
    expect(notes).toContain(english(messages.cart.shippingAndTaxes));
    expect(notes).toContain(english(messages.cart.logInToCheckOut));
    expect(notes).toContain(english(messages.cart.moreItems));
    expect(screen.getByRole('timer').textContent).toMatch(new RegExp(`^${english(messages.cart.reservedFor)} 1[45]:\\d\\d$`));
    expect(screen.getByRole('link', { name: 'Checkout' }).getAttribute('href')).toBe('/checkout');
    // The panel asks for the cart when it appears, with the session token and the code.
    await waitFor(() => expect(calls.some((call) => call.path === 'get-cart')).toBe(true));
    expect(calls.find((call) => call.path === 'get-cart')?.body).toEqual({ token: null, cart: CODE });
  });

  it('leaves out the log-in note for a logged-in customer', async () => {
    setToken('session-token');
    const cart = serverCart(15 * 60, { products: [shuttle], total_price: 1850 });
    const customer = { full_name: 'Jane Doe', email: 'jane@example.com', country: 'NL', address: {} };
    answerWith({ 'get-cart': [{ status: 200, body: { cart } }], 'get-data': [{ status: 200, body: { data: userData({ customer }) } }] });
    renderPanel(cart, 'session-token');
    await waitFor(() => expect(calls.some((call) => call.path === 'get-data')).toBe(true));
    await waitFor(() => expect(document.getElementById('cart-login-note')).toBeNull());
    expect(calls.find((call) => call.path === 'get-cart')?.body).toEqual({ token: 'session-token', cart: CODE });
  });

  it('clears the cart and its stored code when loading it fails, and closes', async () => {
    const cart = serverCart(15 * 60, { products: [shuttle], total_price: 1850 });
    answerWith({ 'get-cart': [{ status: 500, body: { message: 'Something went wrong on our side.' } }], 'get-data': [{ status: 200, body: { data: userData() } }] });
    const { onClose } = renderPanel(cart);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(getCartCode()).toBeNull();
    expect(await screen.findByText(english(messages.cart.empty))).toBeTruthy();
  });

  it('asks for the cart again when the countdown reaches zero, and closes when the server no longer has it', async () => {
    const cart = serverCart(1.5, { products: [shuttle], total_price: 1850 });
    // The panel's own load still finds the cart; the one at zero does not.
    answerWith({ 'get-cart': [{ status: 200, body: { cart } }, { status: 200, body: { cart: null } }], 'get-data': [{ status: 200, body: { data: userData() } }] });
    const { onClose } = renderPanel(cart);
    expect(screen.getByRole('timer').textContent).toMatch(/0:02$/);
    // Before zero: only the load of the panel itself, and the cart stays.
    await act(() => new Promise((resolve) => setTimeout(resolve, 700)));
    expect(calls.filter((call) => call.path === 'get-cart')).toHaveLength(1);
    expect(screen.getByRole('timer').textContent).not.toMatch(/0:00$/);
    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(calls.filter((call) => call.path === 'get-cart').length).toBeGreaterThanOrEqual(2);
    expect(getCartCode()).toBeNull();
    expect(screen.getByText(english(messages.cart.empty))).toBeTruthy();
  });

  it("tells a refused change once, by the server's reason in the modal; only a real failure toasts 'Could not update item details.'", async () => {
    const cart = serverCart(15 * 60, { products: [locker], total_price: 1500 });
    const reason = english(messages.personalise.duplicateHolder('Locker', 'Kim Loe'));
    answerWith({
      'get-cart': [{ status: 200, body: { cart } }],
      'get-data': [{ status: 200, body: { data: userData() } }],
      'update-product-in-cart': [
        { status: 422, body: { message: reason, errors: { full_name: [reason] } } },
        { status: 500, body: { message: english(messages.server.internal) } },
      ],
    });
    renderPanel(cart);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Personalise Locker for Kim Loe' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(document.getElementById('personalise-error')?.textContent).toBe(reason));
    expect(screen.queryByText(english(messages.toast.cartItemUpdateFailed))).toBeNull();
    expect(screen.getAllByText(reason)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(english(messages.toast.cartItemUpdateFailed))).toBeTruthy();
    expect(document.getElementById('personalise-error')?.textContent ?? '').toBe('');
    expect(screen.queryByText(english(messages.server.internal))).toBeNull();
  });

  it("says 'Your Cart is empty.' when the cart has no lines", () => {
    const cart = serverCart(15 * 60);
    answerWith({ 'get-cart': [{ status: 200, body: { cart } }], 'get-data': [{ status: 200, body: { data: userData() } }] });
    renderPanel(cart);
    expect(screen.getByText(english(messages.cart.empty))).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Checkout' })).toBeNull();
  });
});
