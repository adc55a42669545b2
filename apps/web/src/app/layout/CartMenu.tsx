import { Popover } from '../../components/ui/Popover';
import { cartCount, useCart } from '../../lib/cart-query';
import { preloadable } from '../../lib/preload';
import { CartIcon } from './icons';
import { PanelLoadFailed } from './PanelLoadFailed';
import { appTexts } from '../app.messages';
import { say } from '../../lib/say';

// The panel's content is its own chunk, loaded when the cart button is pointed at or focused:
// the first render of a page only needs the button and its count.
const cartPanel = preloadable(() => import('../../features/cart/cart-ui').then((module) => module.CartPanel));

/** The cart entry of the header: icon, item count, and the cart panel. */
export function CartMenu() {
  const count = cartCount(useCart().data);
  return (
    <Popover
      id="cart-panel"
      triggerId="cart-button"
      triggerClassName="header-action"
      triggerLabel={say(appTexts.cartMenu.button({ count }))}
      panelLabel={say(appTexts.cartMenu.cart)}
      prepare={cartPanel.load}
      trigger={
        <>
          <CartIcon />
          <span className="header-action__text">{say(appTexts.cartMenu.cart)}</span>
          <span className="header-action__count" id="cart-count">
            {count}
          </span>
        </>
      }
    >
      {(close) => {
        const CartPanel = cartPanel.current();
        return CartPanel ? <CartPanel onClose={close} /> : <PanelLoadFailed />;
      }}
    </Popover>
  );
}
