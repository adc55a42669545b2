import type { Order } from '@festival/contract';
import { orderItemsHidden, orderStatusText } from '../../../components/order/order-status';
import { unpaidOrders } from '../../../components/order/unpaid-orders';
import { ButtonLink } from '../../../components/ui/ButtonLink';
import { DataTable, type DataTableColumn } from '../../../components/ui/DataTable';
import { useConfig } from '../../../lib/config';
import { useNow } from '../../../lib/use-now';
import { useFormat } from '../../../lib/use-format';
import './refund.css';
import { paymentMethodLabel } from '../../../lib/payment-method-label';
import { say } from '../../../lib/say';
import { portalTexts } from '../portal.messages';

/** The names of an order's items, one entry per name with its count ("2 × Weekend ticket"). */
export function orderItemNames(order: Pick<Order, 'tickets' | 'merchandisePurchases'>): string[] {
  const counts = new Map<string, number>();
  for (const name of [...order.tickets.map((ticket) => ticket.product), ...order.merchandisePurchases.map((purchase) => purchase.merchandise)]) {
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts].map(([name, count]) => (count > 1 ? `${count} × ${name}` : name));
}

/**
 * The portal's order list (spec section 2): code, date, via, method, status and items, with
 * Manage and, while the order can be refunded, Refund; while it waits for a payment that can still
 * be made, Pay now (decision 0066), to the order's page.
 */
export function OrdersTable({ orders }: { orders: readonly Order[] }) {
  const config = useConfig();
  const format = useFormat();
  const now = useNow(30_000);
  const payable = new Set(unpaidOrders(orders, now).map((order) => order.code));
  const texts = portalTexts.ordersTable;

  const columns: DataTableColumn<Order>[] = [
    { key: 'code', header: say(texts.code), cell: (order) => <span className="order-facts__code" id={`portal-order-${order.code}`}>{order.code}</span> },
    { key: 'date', header: say(texts.date), cell: (order) => format.date(order.created_at, null, 'date') },
    { key: 'via', header: say(texts.via), cell: (order) => order.staff ?? '' },
    { key: 'method', header: say(texts.method), cell: (order) => paymentMethodLabel(order.payment_method, config.paymentMethods) },
    { key: 'status', header: say(texts.status), cell: (order) => <span id={`portal-order-status-${order.code}`}>{orderStatusText(order, config)}</span> },
    {
      key: 'items',
      header: say(texts.items),
      // Spec section 4: the items of a cancelled or abandoned order are not shown.
      cell: (order) =>
        orderItemsHidden(order) ? null : (
          <ul className="portal-items">
            {orderItemNames(order).map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        ),
    },
  ];

  return (
    <DataTable
      className="portal-orders"
      stackOnNarrow
      caption={say(texts.caption)}
      captionHidden
      columns={columns}
      rows={orders}
      rowKey={(order) => order.code}
      actions={(order) => (
        // Each action's visible word, then its hidden rest for screen readers: two messages, as the rest is an element of its own.
        <span className="portal-actions">
          {payable.has(order.code) && (
            <ButtonLink id={`portal-order-pay-${order.code}`} to={`/order/${encodeURIComponent(order.code)}`} size="sm" variant="primary">
              {say(texts.payNow)}
              <span className="visually-hidden">{` ${say(texts.payNowOrder({ code: order.code }))}`}</span>
            </ButtonLink>
          )}
          <ButtonLink id={`portal-order-manage-${order.code}`} to={`/portal/orders/${encodeURIComponent(order.code)}`} size="sm">
            {say(texts.manage)}
            <span className="visually-hidden">{` ${say(texts.manageOrder({ code: order.code }))}`}</span>
          </ButtonLink>
          {order.can_refund && (
            <ButtonLink id={`portal-order-refund-${order.code}`} to={`/portal/orders/${encodeURIComponent(order.code)}/request-refund`} size="sm">
              {say(texts.refund)}
              <span className="visually-hidden">{` ${say(texts.refundOrder({ code: order.code }))}`}</span>
            </ButtonLink>
          )}
        </span>
      )}
    />
  );
}
