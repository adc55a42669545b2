import { messages, type CartMerchandise, type CartProduct } from '@festival/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { ButtonLink } from '../../../components/ui/ButtonLink';
import { ConfirmModal } from '../../../components/ui/ConfirmModal';
import { useToast } from '../../../components/ui/Toasts';
import { ApiError, refusalText } from '../../../lib/api-client';
import { useConfig } from '../../../lib/config';
import { useFormat } from '../../../lib/use-format';
import { useToken, useUserData } from '../../../lib/user-data';
import { addOnsWithoutEntry } from '../add-on-warning';
import { reloadCart, removeMerchandiseFromCart, removeProductFromCart, updateProductInCart } from '../api/cart-calls';
import { useCart } from '../../../lib/cart-query';
import { ageOptionsFor, defaultsOfLine, otherHoldersOf, type HolderFields } from '../personalise';
import { Countdown } from './Countdown';
import { PersonaliseModal } from './PersonaliseModal';
import './cart.css';
import { say } from '../../../lib/say';
import { cartTexts } from '../cart.messages';

const texts = cartTexts.cartPanel;

type Removal = { kind: 'product'; line: CartProduct } | { kind: 'merchandise'; line: CartMerchandise };

const removalName = (removal: Removal) => (removal.kind === 'product' ? removal.line.product.name : removal.line.merchandise.name);

/** After the panel closes itself, keyboard focus goes back to the cart button it belongs to. */
function focusCartButton(): void {
  requestAnimationFrame(() => document.getElementById('cart-button')?.focus());
}

/**
 * The content of the header's cart panel (spec section 2): the lines with Personalise and
 * Remove, the add-on warning, the total, the notes, Checkout and the reservation countdown.
 * Loaded as its own chunk when the cart button is reached for; the cart is asked for again
 * whenever the panel appears (spec section 7).
 */
export function CartPanel({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const config = useConfig();
  const format = useFormat();
  const token = useToken();
  const userData = useUserData().data;
  const query = useCart({ reload: true });
  const loaded = query.data ?? null;
  const cart = loaded?.cart ?? null;
  const [editing, setEditing] = useState<{ line: CartProduct; openedAt: number } | null>(null);
  const [removal, setRemoval] = useState<Removal | null>(null);
  const [removing, setRemoving] = useState(false);

  // Spec section 4: the cart ending (its time up, or the server no longer having it) closes the panel.
  const hadCart = useRef(cart !== null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    if (cart) hadCart.current = true;
    else if (hadCart.current) {
      hadCart.current = false;
      close.current();
      focusCartButton();
    }
  }, [cart]);

  if (!cart && query.isPending) {
    return (
      <div className="cart-panel">
        <h2 className="panel-title">{say(texts.title)}</h2>
        <p className="cart-panel__loading" aria-busy="true">
          {say(texts.loading)}
        </p>
      </div>
    );
  }

  const products = cart?.products ?? [];
  const merchandise = cart?.merchandise ?? [];
  if (!cart || products.length + merchandise.length === 0) {
    return (
      <div className="cart-panel">
        <h2 className="panel-title">{say(texts.title)}</h2>
        <p className="cart-panel__empty" id="cart-empty">
          {say(messages.cart.empty)}
        </p>
      </div>
    );
  }

  const isLoggedIn = Boolean(token && userData?.customer);
  const warnings = addOnsWithoutEntry(products, userData?.existing_tickets ?? []);

  const update = async (line: CartProduct, holder: HolderFields) => {
    try {
      await updateProductInCart(queryClient, line.id, holder);
    } catch (error) {
      // A refusal's reason shows in the modal; only a real failure gets the spec's generic toast.
      if (refusalText(error) === null) toast.danger(say(messages.toast.cartItemUpdateFailed));
      // The cart has ended (410) or lost the line (404) meanwhile: show it as it is now.
      if (error instanceof ApiError && (error.status === 404 || error.status === 410)) void reloadCart(queryClient);
      throw error;
    }
    toast.success(say(messages.toast.itemUpdated));
    setEditing(null);
  };

  const remove = async (target: Removal) => {
    setRemoving(true);
    try {
      if (target.kind === 'product') await removeProductFromCart(queryClient, target.line.id);
      else await removeMerchandiseFromCart(queryClient, target.line.id);
    } catch (error) {
      toast.danger(refusalText(error) ?? say(messages.cart.removeFailed));
      void reloadCart(queryClient);
      setRemoving(false);
      setRemoval(null);
      return;
    }
    toast.success(say(messages.toast.itemRemoved));
    setRemoving(false);
    setRemoval(null);
    // Spec section 4: removing items closes the panel.
    onClose();
    focusCartButton();
  };

  return (
    <div className="cart-panel">
      <h2 className="panel-title">{say(texts.title)}</h2>
      <ul className="cart-lines" id="cart-lines">
        {products.map((line) => {
          const item = line.product.name;
          const holder = line.full_name;
          return (
            <li key={`product-${line.id}`} className="cart-line" data-testid="cart-line" data-line-id={line.id} id={`cart-line-${line.id}`}>
              <div className="cart-line__head">
                <p className="cart-line__name">{line.product.name}</p>
                <p className="cart-line__price" data-testid="cart-line-price">
                  {format.money(line.price + line.fee)}
                </p>
              </div>
              {line.full_name && (
                <p className="cart-line__holder" data-testid="cart-line-holder">
                  {line.full_name}
                </p>
              )}
              {line.email && (
                <p className="cart-line__email" data-testid="cart-line-email">
                  {line.email}
                </p>
              )}
              {line.travel_time && (
                <p className="cart-line__travel" data-testid="cart-line-travel-time">
                  {say(texts.travelTime({ date: format.date(line.travel_time, line.product.timezone, 'dayDateTime') }))}
                </p>
              )}
              <div className="cart-line__actions">
                <Button
                  size="sm"
                  variant="secondary"
                  id={`cart-personalise-${line.id}`}
                  aria-label={say(holder ? texts.personaliseItemFor({ item, holder }) : texts.personaliseItem({ item }))}
                  onClick={() => setEditing({ line, openedAt: Date.now() })}
                >
                  {say(texts.personalise)}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  id={`cart-remove-${line.id}`}
                  aria-label={say(holder ? texts.removeItemFor({ item, holder }) : texts.removeItem({ item }))}
                  onClick={() => setRemoval({ kind: 'product', line })}
                >
                  {say(texts.remove)}
                </Button>
              </div>
            </li>
          );
        })}
        {merchandise.map((line) => (
          <li key={`merchandise-${line.id}`} className="cart-line" data-testid="cart-line" data-merchandise-id={line.id} id={`cart-merchandise-${line.id}`}>
            <div className="cart-line__head">
              <p className="cart-line__name">{line.merchandise.name}</p>
              <p className="cart-line__price" data-testid="cart-line-price">
                {format.money(line.price + line.fee)}
              </p>
            </div>
            <div className="cart-line__actions">
              <Button
                size="sm"
                variant="ghost"
                id={`cart-remove-merchandise-${line.id}`}
                aria-label={say(texts.removeItem({ item: line.merchandise.name }))}
                onClick={() => setRemoval({ kind: 'merchandise', line })}
              >
                {say(texts.remove)}
              </Button>
            </div>
          </li>
        ))}
      </ul>

      {warnings.length > 0 && (
        <div className="alert alert--warning cart-panel__warning" id="cart-warning">
          {warnings.map((warning) => (
            <p key={warning.lineId}>{say(messages.cart.addOnWithoutEntry(warning.addOn, warning.holder, warning.event))}</p>
          ))}
        </div>
      )}

      <p className="cart-panel__total" id="cart-total">
        <span>{say(texts.total)}</span> <strong>{format.money(cart.total_price)}</strong>
      </p>

      {loaded && <Countdown loaded={loaded} onZero={() => void reloadCart(queryClient)} />}

      <ul className="cart-panel__notes" id="cart-notes">
        <li>{say(messages.cart.shippingAndTaxes)}</li>
        {!isLoggedIn && <li id="cart-login-note">{say(messages.cart.logInToCheckOut)}</li>}
        <li>{say(messages.cart.moreItems)}</li>
      </ul>

      <ButtonLink to="/checkout" id="cart-checkout" variant="primary" block>
        {say(texts.checkout)}
      </ButtonLink>

      {editing && (
        <PersonaliseModal
          // The line's product does not carry its questions (decision 0106): the shop's listing does.
          product={{ ...editing.line.product, questions: userData?.products.find((item) => item.id === editing.line.product.id)?.questions }}
          defaults={defaultsOfLine(editing.line)}
          defaultAnswers={editing.line.answers}
          ageOptions={ageOptionsFor(editing.line.product, config)}
          otherHolders={otherHoldersOf(editing.line.product.id, products, editing.line.id)}
          openedAt={editing.openedAt}
          heldTravelTimeId={editing.line.transport_time_id}
          onSubmit={(holder) => update(editing.line, holder)}
          onCancel={() => setEditing(null)}
        />
      )}

      <ConfirmModal
        open={removal !== null}
        title={say(texts.removeTitle)}
        confirmVariant="danger"
        busy={removing}
        onCancel={() => setRemoval(null)}
        onConfirm={() => removal && void remove(removal)}
      >
        {removal && <p id="cart-remove-question">{say(texts.removeQuestion({ item: removalName(removal) }))}</p>}
      </ConfirmModal>
    </div>
  );
}
