// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testMerchandisePurchase, testOrder, testTicket } from '../../test/test-order';

const order = testOrder({
  code: 'NWF-TRACK1',
  total_price: 23445,
  shipping_amount: 495,
  tickets: [testTicket({ code: 'TCK-1', product: 'Weekend ticket', price: 18950, fee: 350 })],
  merchandisePurchases: [testMerchandisePurchase({ code: 'MER-1', merchandise: 'Festival T-shirt', price: 3650, fee: 0 })],
});

/** The module as a fresh page load finds it: same browser storage, new memory. */
async function loadPage() {
  vi.resetModules();
  window.dataLayer = undefined;
  return import('./purchase-tracking');
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  window.dataLayer = undefined;
  localStorage.clear();
});

describe('purchase tracking', () => {
  it('pushes a GA4 purchase event with amounts in major units, creating the data layer', async () => {
    const { trackPurchase } = await loadPage();
    expect(trackPurchase(order, 'EUR')).toBe(true);
    expect(window.dataLayer).toEqual([
      {
        event: 'purchase',
        ecommerce: {
          transaction_id: 'NWF-TRACK1',
          value: 234.45,
          currency: 'EUR',
          shipping: 4.95,
          items: [
            { item_id: 'TCK-1', item_name: 'Weekend ticket', price: 193, quantity: 1 },
            { item_id: 'MER-1', item_name: 'Festival T-shirt', price: 36.5, quantity: 1 },
          ],
        },
      },
    ]);
  });

  it('adds to a data layer a tag manager already set up', async () => {
    const { trackPurchase } = await loadPage();
    window.dataLayer = [{ event: 'gtm.js' }];
    trackPurchase(order, 'EUR');
    expect(window.dataLayer).toHaveLength(2);
  });

  it('pushes an order once: not on a second call, nor after a reload', async () => {
    const first = await loadPage();
    expect(first.trackPurchase(order, 'EUR')).toBe(true);
    expect(first.trackPurchase(order, 'EUR')).toBe(false);
    expect(window.dataLayer).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem(first.TRACKED_ORDERS_KEY)!)).toEqual(['NWF-TRACK1']);

    const reloaded = await loadPage();
    expect(reloaded.trackPurchase(order, 'EUR')).toBe(false);
    expect(window.dataLayer).toBeUndefined();
    // Another order is still counted.
    expect(reloaded.trackPurchase(testOrder({ code: 'NWF-OTHER' }), 'EUR')).toBe(true);
    expect(window.dataLayer).toHaveLength(1);
  });

  it('uses the currency of the shop for major units (no cents in yen)', async () => {
    const { purchaseEvent } = await loadPage();
    expect(purchaseEvent(testOrder({ total_price: 5000, tickets: [] }), 'JPY').ecommerce.value).toBe(5000);
  });

  it('survives a damaged list in storage', async () => {
    localStorage.setItem('shop.tracked-orders', '{not json');
    const { trackPurchase } = await loadPage();
    expect(trackPurchase(order, 'EUR')).toBe(true);
  });
});
