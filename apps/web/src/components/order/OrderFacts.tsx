import type { Order } from '@festival/contract';
import { useConfig } from '../../lib/config';
import { useFormat } from '../../lib/use-format';
import { orderStatusText } from './order-status';
import { paymentMethodLabel } from '../../lib/payment-method-label';
import { say } from '../../lib/say';
import { orderTexts } from './order.messages';

/** The order's code, date, channel, payment method, status, total and what has been paid. */
export function OrderFacts({ order }: { order: Order }) {
  const config = useConfig();
  const format = useFormat();
  return (
    <dl className="order-facts" id="order-facts">
      <div>
        <dt>{say(orderTexts.orderFacts.code)}</dt>
        <dd id="order-code">{order.code}</dd>
      </div>
      <div>
        <dt>{say(orderTexts.orderFacts.date)}</dt>
        <dd id="order-date">{format.date(order.created_at)}</dd>
      </div>
      {order.staff && (
        <div>
          <dt>{say(orderTexts.orderFacts.via)}</dt>
          <dd>{order.staff}</dd>
        </div>
      )}
      <div>
        <dt>{say(orderTexts.orderFacts.method)}</dt>
        <dd id="order-method">{paymentMethodLabel(order.payment_method, config.paymentMethods)}</dd>
      </div>
      <div>
        <dt>{say(orderTexts.orderFacts.status)}</dt>
        <dd id="order-status">{orderStatusText(order, config)}</dd>
      </div>
      <div>
        <dt>{say(orderTexts.orderFacts.total)}</dt>
        <dd id="order-total">{format.money(order.total_price)}</dd>
      </div>
      <div>
        <dt>{say(orderTexts.orderFacts.paid)}</dt>
        <dd id="order-paid-amount">{format.money(order.total_paid)}</dd>
      </div>
    </dl>
  );
}
