import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventually } from '../../test/waits';

/** Two tabs of one origin: a module instance each, on the same BroadcastChannel name (Node has BroadcastChannel). */
async function loadTab() {
  vi.resetModules();
  return import('./tab-sync');
}

afterEach(() => {
  vi.resetModules();
});

describe('tabs in step (decision 0070)', () => {
  it("tells the other tabs of a call that changed the cart or the customer's data, and of nothing else", async () => {
    const first = await loadTab();
    const second = await loadTab();
    const heard = vi.fn();
    const own = vi.fn();
    second.onOtherTabChange(heard);
    first.onOtherTabChange(own);
    first.announceChange('get-cart');
    first.announceChange('calculate-invoice');
    first.announceChange('queue-status');
    first.announceChange('add-product-to-cart');
    await eventually(() => expect(heard).toHaveBeenCalledTimes(1));
    first.announceChange('cancel-refund');
    await eventually(() => expect(heard).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heard).toHaveBeenCalledTimes(2);
    // A tab does not hear itself.
    expect(own).not.toHaveBeenCalled();
  });

  it('lists the calls that change what a tab shows, and no call that only reads', async () => {
    const { changesWhatTabsShow } = await loadTab();
    for (const call of ['add-product-to-cart', 'remove-merchandise-from-cart', 'update-product-in-cart', 'checkout-cart', 'update-settings', 'change-ticket', 'set-travel-time', 'request-refund', 'cancel-refund', 'pay-order', 'accept-terms-and-conditions'])
      expect(changesWhatTabsShow(call), call).toBe(true);
    for (const call of ['get-data', 'get-cart', 'get-user', 'calculate-invoice', 'get-shop-item', 'validate-voucher', 'get-terms-and-conditions-order', 'get-payment-plan-order-payment', 'queue-status', 'queue-join'])
      expect(changesWhatTabsShow(call), call).toBe(false);
  });
});
