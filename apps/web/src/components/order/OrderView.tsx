import { type Order, paymentMessages } from '@festival/contract';
import { BankTransferDetails } from './BankTransferDetails';
import { CardPayment } from './CardPayment';
import { OrderFacts } from './OrderFacts';
import { OrderItems } from './OrderItems';
import { OrderTickets } from './OrderTickets';
import { PaymentSchedule } from './PaymentSchedule';
import { TermsWarning } from './TermsWarning';
import { isFailedReturn, orderItemsHidden, type PaymentReturn } from './order-status';
import './order.css';

export interface OrderViewProps {
  order: Order;
  /** What the payment provider said when it sent the payer back (?payment=…). */
  paymentReturn?: PaymentReturn;
  /** The page waits for the provider's confirmation of a card payment. */
  waiting?: boolean;
}

/**
 * One order as the customer sees it (spec section 4): its facts and status, the terms when not
 * yet accepted, how to pay what is still open (bank details, another card attempt, the
 * instalments of a payment plan), its items (hidden when cancelled or abandoned) and, once paid,
 * its tickets. Shared by the order page after checkout and the portal's order detail and
 * confirmation.
 */
export function OrderView({ order, paymentReturn = null, waiting = false }: OrderViewProps) {
  const paid = order.payment_status === 'paid';
  return (
    <div className="order-view">
      <OrderFacts order={order} />
      {waiting && (
        <p className="alert alert--info" id="order-awaiting" role="status">
          {paymentMessages.awaitingConfirmation}
        </p>
      )}
      {paid && (
        <p className="alert alert--success" id="order-paid" role="status">
          {paymentMessages.paid}
        </p>
      )}
      <TermsWarning order={order} />
      <BankTransferDetails order={order} />
      {/* Unaccepted terms are accepted first; the acceptance itself then starts the payment. */}
      {order.accepted_ts_and_cs && <CardPayment order={order} failed={isFailedReturn(paymentReturn)} waiting={waiting} />}
      {!orderItemsHidden(order) && <PaymentSchedule order={order} offerPayment={!waiting} />}
      {!orderItemsHidden(order) && <OrderItems order={order} />}
      {paid && <OrderTickets order={order} />}
    </div>
  );
}
