import type { Order } from '@festival/contract';

/**
 * Decision 0066: the customer's orders that still wait for their payment and can still be paid,
 * newest first: a card order inside its time to pay (pay_by), or a bank transfer not yet received
 * (until its deadline, when it has one). Orders whose terms are not accepted yet are paid through
 * their accept-terms link; a payment plan's instalments have their own pages and reminders.
 * Pure and small: the layout reads it on every page, the banner itself is loaded only when needed.
 */
export function unpaidOrders(orders: readonly Order[] | undefined, now: number): Order[] {
  return (orders ?? [])
    .filter(
      (order) =>
        order.payment_status === 'pending' &&
        order.accepted_ts_and_cs &&
        !order.has_payment_plan &&
        order.total_paid < order.total_price &&
        // An order with a ticket passed on to this customer is the buyer's to pay (its checksum is empty).
        order.checksum !== '' &&
        (order.payment_method === 'credit_card' ? order.pay_by !== null && Date.parse(order.pay_by) > now : order.payment_method === 'bank_transfer' && (order.pay_by === null || Date.parse(order.pay_by) > now)),
    )
    .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
}

/** The pages that show this order's payment themselves: the banner leaves them to it. */
export function showsOrderPayment(pathname: string, code: string): boolean {
  const encoded = encodeURIComponent(code);
  return pathname === `/order/${encoded}` || pathname.startsWith(`/portal/orders/${encoded}`);
}
