/**
 * Tabs of the shop in one browser stay in step (issue 34 point 10, decision 0070). A call that
 * changes the customer's cart or data is announced to the other tabs of the same origin, which
 * then ask for their cart and get-data again: the header's count in a second tab follows an add
 * in the first. Only that something changed crosses, never what; a tab that hears it only reads,
 * so two tabs never echo each other. A login or logout already reaches every tab through the
 * stored token's storage event (storage.ts). Part of the first load, so it stays this small.
 */

/** Calls that only read (get-…, calculate-invoice, validate-voucher) or wait in the queue (queue-…) change nothing a tab shows. */
export const changesWhatTabsShow = (call: string): boolean => !/^(get-|queue-|calculate-|validate-)/.test(call);

let channel: BroadcastChannel | null | undefined;

/** The channel, or null where the browser has none (the tabs then catch up when next asked). */
function openChannel(): BroadcastChannel | null {
  try {
    return (channel ??= typeof BroadcastChannel === 'function' ? new BroadcastChannel('shop.changes') : null);
  } catch {
    return (channel = null);
  }
}

/** Tells the other tabs that a call may have changed the customer's cart or data. */
export function announceChange(call: string): void {
  if (!changesWhatTabsShow(call)) return;
  try {
    openChannel()?.postMessage(1);
  } catch {
    // A closed channel (the page is going away) has nobody to tell.
  }
}

/** Runs `listener` when another tab announces a change. */
export function onOtherTabChange(listener: () => void): void {
  openChannel()?.addEventListener('message', () => listener());
}
