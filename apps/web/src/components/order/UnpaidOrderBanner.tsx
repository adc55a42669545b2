import { type Order, paymentMessages } from '@festival/contract';
import { Link, useLocation } from 'react-router';
import { ButtonLink } from '../ui/ButtonLink';
import { useConfig } from '../../lib/config';
import { useNow } from '../../lib/use-now';
import { useFormat } from '../../lib/use-format';
import { showsOrderPayment, unpaidOrders } from './unpaid-orders';
import { say } from '../../lib/say';
import './unpaid-banner.css';

/**
 * Decision 0066 (issue 34 point 6): while an order of the customer's waits for its payment, every
 * page of the shop says so above its content, with the time left to pay and the way to its page
 * (Pay now for a card order, the bank details for a transfer). Back from the provider's page on an
 * empty checkout, the customer finds the order just made instead of buying twice. It disappears
 * by itself when the order is paid or its time is over (checked every half minute), and on the
 * order's own page, which shows the payment.
 */
export default function UnpaidOrderBanner({ orders }: { orders: readonly Order[] }) {
  const { timezone } = useConfig();
  const format = useFormat();
  const { pathname } = useLocation();
  const now = useNow(30_000);
  const unpaid = unpaidOrders(orders, now);
  const [order] = unpaid;
  if (!order || showsOrderPayment(pathname, order.code)) return null;
  const card = order.payment_method === 'credit_card';
  const until = order.pay_by ? format.date(order.pay_by, timezone, card ? 'time' : 'date') : null;
  const text = card
    ? until
      ? paymentMessages.unpaidBanner.card(order.code, until)
      : paymentMessages.unpaidBanner.cardNoDeadline(order.code)
    : paymentMessages.unpaidBanner.transfer(order.code);
  return (
    <section className="unpaid-banner alert alert--warning" id="unpaid-order" aria-labelledby="unpaid-order-text">
      <p id="unpaid-order-text" className="unpaid-banner__text">
        {say(text)}
      </p>
      <div className="unpaid-banner__actions">
        <ButtonLink id="unpaid-order-pay" variant="primary" size="sm" to={`/order/${encodeURIComponent(order.code)}`}>
          {say(card ? paymentMessages.unpaidBanner.pay : paymentMessages.unpaidBanner.details)}
        </ButtonLink>
        {unpaid.length > 1 && (
          <Link id="unpaid-order-more" to="/portal">
            {say(paymentMessages.unpaidBanner.more(unpaid.length - 1))}
          </Link>
        )}
      </div>
    </section>
  );
}
