import type { ShopItem } from '@festival/contract';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { dismissLostCart, type LostCart, type RememberedItem } from '../../../lib/cart-memory';
import { useUserData } from '../../../lib/user-data';
import { say } from '../../../lib/say';
import { cartTexts } from '../cart.messages';
import './expired-cart.css';

const texts = cartTexts.expiredCartNotice;

type Availability = { kind: 'available'; item: ShopItem } | { kind: 'soldOut'; item: ShopItem } | { kind: 'gone' } | { kind: 'unknown' };

function availabilityOf(remembered: RememberedItem, products: ShopItem[] | undefined, merchandise: ShopItem[] | undefined): Availability {
  const list = remembered.shop === 'tickets' ? products : merchandise;
  if (!list) return { kind: 'unknown' };
  const item = remembered.id !== null ? list.find((candidate) => candidate.id === remembered.id) : list.find((candidate) => candidate.name === remembered.name);
  if (!item) return { kind: 'gone' };
  return item.in_stock ? { kind: 'available', item } : { kind: 'soldOut', item };
}

const productPath = (item: ShopItem) => `/${item.shop_item_type}/${encodeURIComponent(item.external_code)}`;

/**
 * Decision 0034 (issue 19 point 6): a cart whose reservation ran out is not gone without a word.
 * Shown above the page at the moment the cart expires and on the next visit: what happened, and
 * each item that was in it with whether it is still on sale and a way back to it. Loaded on its
 * own, only when there is such a cart to report; dismissed by the customer.
 */
export default function ExpiredCartNotice({ lost }: { lost: LostCart }) {
  const userData = useUserData().data;
  const heading = useRef<HTMLHeadingElement>(null);
  // Lines of one item (two Weekend tickets) are listed once, with their count.
  const lines = new Map<string, { item: RememberedItem; count: number }>();
  for (const item of lost.items) {
    const key = `${item.shop}:${item.id ?? item.name}`;
    const line = lines.get(key);
    if (line) line.count += 1;
    else lines.set(key, { item, count: 1 });
  }
  useEffect(() => {
    heading.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);

  return (
    <section className="expired-cart alert alert--warning" id="expired-cart" role="alert" aria-labelledby="expired-cart-title">
      <h2 id="expired-cart-title" className="expired-cart__title" ref={heading}>
        {say(texts.title)}
      </h2>
      <p id="expired-cart-text">{say(texts.text)}</p>
      <ul className="expired-cart__items" id="expired-cart-items">
        {[...lines.values()].map(({ item, count }, index) => {
          const availability = availabilityOf(item, userData?.products, userData?.merchandise);
          return (
            <li key={`${item.shop}-${item.id ?? item.name}`} className="expired-cart__item" id={`expired-cart-item-${index}`}>
              <span className="expired-cart__name">
                {count > 1 ? `${count} × ` : ''}
                {item.name}
              </span>{' '}
              {availability.kind === 'available' && (
                <span className="expired-cart__state">
                  {say(texts.stillAvailable)}{' '}
                  <Link to={productPath(availability.item)}>
                    {say(texts.addAgain)}
                    <span className="visually-hidden"> ({item.name})</span>
                  </Link>
                </span>
              )}
              {availability.kind === 'soldOut' && (
                <span className="expired-cart__state">
                  {say(texts.soldOutNow)}{' '}
                  <Link to={productPath(availability.item)}>
                    {say(texts.viewItem)}
                    <span className="visually-hidden"> ({item.name})</span>
                  </Link>
                </span>
              )}
              {availability.kind === 'gone' && <span className="expired-cart__state">{say(texts.gone)}</span>}
            </li>
          );
        })}
      </ul>
      <div className="button-row">
        <Button id="expired-cart-dismiss" variant="secondary" size="sm" onClick={dismissLostCart}>
          {say(texts.dismiss)}
        </Button>
      </div>
    </section>
  );
}
