import type { Order } from '@festival/contract';
import { currencyFractionDigits } from './format';
import { createKeyValueStore, type KeyValueStore } from './storage';

/**
 * The purchase tracking event of spec section 2 (the order confirmation): a GA4-style
 * `purchase` event pushed into `window.dataLayer`, where a tag manager the organiser adds to the
 * page picks it up. Each order is pushed once per browser: a reload of the confirmation, or
 * coming back to it later, must not count the sale again.
 */
export const TRACKED_ORDERS_KEY = 'shop.tracked-orders';
/** Enough to cover any customer's recent orders without letting the list grow for ever. */
const REMEMBERED_ORDERS = 100;

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export interface PurchaseItem {
  item_id: string;
  item_name: string;
  price: number;
  quantity: number;
}

export interface PurchaseEvent {
  event: 'purchase';
  ecommerce: {
    transaction_id: string;
    value: number;
    currency: string;
    shipping: number;
    items: PurchaseItem[];
  };
}

/** Analytics take amounts in major units (45.5 for €45.50), unlike the rest of the shop. */
function toMajorUnits(minorUnits: number, currency: string): number {
  return minorUnits / 10 ** currencyFractionDigits({ currency, locale: 'en' });
}

export function purchaseEvent(order: Order, currency: string): PurchaseEvent {
  const major = (amount: number) => toMajorUnits(amount, currency);
  return {
    event: 'purchase',
    ecommerce: {
      transaction_id: order.code,
      value: major(order.total_price),
      currency,
      shipping: major(order.shipping_amount),
      items: [
        ...order.tickets.map((ticket) => ({ item_id: ticket.code, item_name: ticket.product, price: major(ticket.price + ticket.fee), quantity: 1 })),
        ...order.merchandisePurchases.map((purchase) => ({ item_id: purchase.code, item_name: purchase.merchandise, price: major(purchase.price + purchase.fee), quantity: 1 })),
      ],
    },
  };
}

// Falls back to memory when the browser refuses storage: then at least once per page.
const store: KeyValueStore = createKeyValueStore(() => globalThis.localStorage);

function trackedCodes(): string[] {
  try {
    const parsed: unknown = JSON.parse(store.get(TRACKED_ORDERS_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((code): code is string => typeof code === 'string') : [];
  } catch {
    return [];
  }
}

/** Pushes the purchase event of a paid order unless this browser pushed it before; true when it did. */
export function trackPurchase(order: Order, currency: string): boolean {
  const codes = trackedCodes();
  if (codes.includes(order.code)) return false;
  store.set(TRACKED_ORDERS_KEY, JSON.stringify([...codes, order.code].slice(-REMEMBERED_ORDERS)));
  window.dataLayer ??= [];
  window.dataLayer.push(purchaseEvent(order, currency));
  return true;
}
