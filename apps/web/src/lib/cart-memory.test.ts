// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cartGone, dismissLostCart, forgetCart, LOST_CART_KEEP_MS, lostCart, rememberCart } from './cart-memory';
import { loadedCart } from './loaded-cart';
import { testCart, testCartProduct } from '../../test/test-cart';

afterEach(() => localStorage.clear());

const EXPIRES = Date.parse('2027-06-01T12:15:00.000Z');
// The server's clock and the browser's agree: the answer arrived at the server's `now`.
const cart = testCart({
  products: [testCartProduct({ id: 1, product: { id: 7, name: 'Weekend ticket' } }), testCartProduct({ id: 2, product: { id: 7, name: 'Weekend ticket' } })],
  merchandise: [{ id: 3, merchandise: { name: 'Canvas tote bag', external_code: 'NWF27-TOTE' }, price: 1500, fee: 0 }],
});
const remember = () => rememberCart(loadedCart(cart, Date.parse(cart.now)));

describe('the cart the browser remembers', () => {
  it('reports a cart the server no longer has once its time is up, with its items and no holder details', () => {
    remember();
    cartGone('cart-code', EXPIRES + 1);
    const lost = lostCart(EXPIRES + 2);
    expect(lost?.items).toEqual([
      { shop: 'tickets', id: 7, name: 'Weekend ticket' },
      { shop: 'tickets', id: 7, name: 'Weekend ticket' },
      { shop: 'merchandise', id: null, name: 'Canvas tote bag' },
    ]);
    expect(JSON.stringify(localStorage)).not.toContain('Jane Doe');
  });

  it('says nothing of a cart that ended before its time (a checkout, a logout, another session) or of another code', () => {
    remember();
    cartGone('cart-code', EXPIRES - 60_000);
    expect(lostCart()).toBeNull();
    remember();
    cartGone('other-code', EXPIRES + 1);
    expect(lostCart()).toBeNull();
  });

  it('corrects the end of the reservation by the server clock', () => {
    // The browser is 5 minutes behind the server: the cart ends 5 minutes earlier on its clock.
    rememberCart(loadedCart(cart, Date.parse(cart.now) - 5 * 60_000));
    cartGone('cart-code', EXPIRES - 5 * 60_000 + 1);
    expect(lostCart(EXPIRES)).not.toBeNull();
  });

  it('keeps the report until dismissed, for a day at most; an empty cart or a logout leaves nothing', () => {
    remember();
    cartGone('cart-code', EXPIRES + 1);
    expect(lostCart(EXPIRES + LOST_CART_KEEP_MS)).not.toBeNull();
    expect(lostCart(EXPIRES + 1 + LOST_CART_KEEP_MS)).toBeNull();
    dismissLostCart();
    expect(lostCart(EXPIRES + 2)).toBeNull();

    rememberCart(loadedCart(testCart(), Date.parse(cart.now)));
    cartGone('cart-code', EXPIRES + 1);
    expect(lostCart(EXPIRES + 2)).toBeNull();

    remember();
    forgetCart();
    cartGone('cart-code', EXPIRES + 1);
    expect(lostCart(EXPIRES + 2)).toBeNull();
  });
});
