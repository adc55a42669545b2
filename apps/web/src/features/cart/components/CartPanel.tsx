import { messages } from '@festival/contract';
import { useCartSummary } from '../api/cart-summary';

/** The content of the header's cart panel. The cart issue lists items, totals and the countdown here. */
export function CartPanel() {
  const { count } = useCartSummary();
  return (
    <div className="cart-panel">
      <h2 className="panel-title">Your Cart</h2>
      {count === 0 && (
        <p className="cart-panel__empty" id="cart-empty">
          {messages.cart.empty}
        </p>
      )}
    </div>
  );
}
