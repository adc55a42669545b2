import { Popover } from '../../components/ui/Popover';
import { useCartSummary } from '../../features/cart/api/cart-summary';
import { preloadable } from '../../lib/preload';
import { CartIcon } from './icons';
import { PanelLoadFailed } from './PanelLoadFailed';

// The panel's content is its own chunk, loaded when the cart button is pointed at or focused:
// the first render of a page only needs the button and its count.
const cartPanel = preloadable(() => import('../../features/cart/components/CartPanel').then((module) => module.CartPanel));

/** The cart entry of the header: icon, item count, and the cart panel. */
export function CartMenu() {
  const { count } = useCartSummary();
  return (
    <Popover
      id="cart-panel"
      triggerId="cart-button"
      triggerClassName="header-action"
      triggerLabel={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
      panelLabel="Cart"
      prepare={cartPanel.load}
      trigger={
        <>
          <CartIcon />
          <span className="header-action__text">Cart</span>
          <span className="header-action__count" id="cart-count">
            {count}
          </span>
        </>
      }
    >
      {() => {
        const CartPanel = cartPanel.current();
        return CartPanel ? <CartPanel /> : <PanelLoadFailed />;
      }}
    </Popover>
  );
}
