import type { Order } from '@festival/contract';
import { DataTable, type DataTableColumn, type DataTableSummaryRow } from '../ui/DataTable';
import { useFormat } from '../../lib/use-format';
import { say } from '../../lib/say';
import { orderTexts } from './order.messages';

interface ItemRow {
  key: string;
  name: string;
  details: string[];
  amount: number;
}

/** The order's tickets and merchandise at price plus fee, the discount, shipping and the total. */
export function OrderItems({ order }: { order: Order }) {
  const format = useFormat();
  const rows: ItemRow[] = [
    ...order.tickets.map((ticket) => ({
      key: `ticket-${ticket.code}`,
      name: ticket.product,
      details: [
        ticket.full_name,
        ticket.email,
        ticket.travel_time ? say(orderTexts.orderItems.travelTime({ date: format.date(ticket.travel_time, ticket.timezone, 'dayDateTime') })) : null,
      ].filter((detail): detail is string => Boolean(detail)),
      amount: ticket.price + ticket.fee,
    })),
    ...order.merchandisePurchases.map((purchase) => ({ key: `merchandise-${purchase.code}`, name: purchase.merchandise, details: [], amount: purchase.price + purchase.fee })),
  ];
  const columns: DataTableColumn<ItemRow>[] = [
    {
      key: 'item',
      header: say(orderTexts.orderItems.item),
      cell: (row) => (
        <div className="order-item">
          <span className="order-item__name">{row.name}</span>
          {row.details.map((detail) => (
            <span key={detail} className="order-item__detail">
              {detail}
            </span>
          ))}
        </div>
      ),
    },
    { key: 'price', header: say(orderTexts.orderItems.price), cell: (row) => format.money(row.amount), align: 'end' },
  ];
  const extraRows: DataTableSummaryRow[] = [];
  if (order.discount_amount > 0) extraRows.push({ key: 'discount', label: say(order.discount_name ? orderTexts.orderItems.voucher({ voucher: order.discount_name }) : orderTexts.orderItems.discount), value: `−${format.money(order.discount_amount)}` });
  if (order.shipping_amount > 0 || order.merchandisePurchases.length > 0) extraRows.push({ key: 'shipping', label: say(orderTexts.orderItems.shipping), value: format.money(order.shipping_amount) });

  return (
    <section className="order-section" aria-labelledby="order-items-title">
      <h2 id="order-items-title" className="order-section__title">
        {say(orderTexts.orderItems.title)}
      </h2>
      <DataTable
        className="order-items"
        caption={say(orderTexts.orderItems.caption)}
        captionHidden
        columns={columns}
        rows={rows}
        rowKey={(row) => row.key}
        extraRows={extraRows}
        totalRow={{ label: say(orderTexts.orderItems.total), value: format.money(order.total_price) }}
      />
    </section>
  );
}
