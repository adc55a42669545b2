import { Popover } from '../../components/ui/Popover';
import { useCartSummary } from '../../features/cart/api/cart-summary';
import { CartPanel } from '../../features/cart/components/CartPanel';
import { CartIcon } from './icons';

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
      {() => <CartPanel />}
    </Popover>
  );
}
