import { answerTexts, type Order, paymentMessages } from '@festival/contract';
import { BankTransferDetails } from './BankTransferDetails';
import { CardPayment } from './CardPayment';
import { OrderFacts } from './OrderFacts';
import { OrderItems } from './OrderItems';
import { OrderDownloads } from './OrderDownloads';
import { OrderMerchandise, OrderTickets, type RenderTicketActions } from './OrderTickets';
import { PaymentSchedule } from './PaymentSchedule';
import { TermsWarning } from './TermsWarning';
import { cardPaymentState, orderItemsHidden, orderStatusNote, type PaymentReturn } from './order-status';
import { paymentOutcomeOf } from './payment-outcome';
import { PaymentOutcome } from './PaymentOutcome';
import { ButtonLink } from '../ui/ButtonLink';
import { useConfig } from '../../lib/config';
import { useFormat } from '../../lib/use-format';
import { say } from '../../lib/say';
import './order.css';

export interface OrderViewProps {
  order: Order;
  /** What the payment provider said when it sent the payer back (?payment=…). */
  paymentReturn?: PaymentReturn;
  /** The page waits for the provider's confirmation of a card payment. */
  waiting?: boolean;
  /** The portal's order detail: tickets offer Manage and the page's own actions. */
  portal?: boolean;
  /** More actions per ticket (portal only), such as the travel-time change of features/portal. */
  renderTicketActions?: RenderTicketActions;
  /** The outcome's own heading; false where the page's h1 is the outcome's heading (the order page). */
  outcomeHeading?: boolean;
}

/**
 * One order as the customer sees it (spec section 4): its facts and status, the terms when not
 * yet accepted, how to pay what is still open (bank details, another card attempt, the
 * instalments of a payment plan), its items (hidden when cancelled or abandoned) with each
 * ticket's and purchase's status (a pending order's tickets too), the downloads its flags allow,
 * and in the portal the ticket actions. Shared by the order page after checkout and the portal's
 * order detail and confirmation. First comes the payment's outcome with its next step (decision
 * 0034): the terms, bank details or another card attempt follow it directly.
 */
export function OrderView({ order, paymentReturn = null, waiting = false, portal = false, renderTicketActions, outcomeHeading = true }: OrderViewProps) {
  const itemsShown = !orderItemsHidden(order);
  const format = useFormat();
  const config = useConfig();
  const { bankTransfer, maxCreditCardAttempts } = config;
  const statusNote = orderStatusNote(order, config);
  const outcome = paymentOutcomeOf(order, paymentReturn, waiting);
  let next = null;
  if (outcome === 'paid' && !portal) {
    next = (
      <ButtonLink id="order-outcome-next" to={`/portal/orders/${encodeURIComponent(order.code)}`} variant="primary">
        {say(order.tickets.length > 0 ? paymentMessages.outcome.viewTickets : paymentMessages.outcome.viewOrder)}
      </ButtonLink>
    );
  } else if (outcome === 'abandoned' || outcome === 'orderCancelled') {
    next = (
      <ButtonLink id="order-outcome-next" to="/" variant="secondary">
        {say(paymentMessages.outcome.backToShop)}
      </ButtonLink>
    );
  } else if (outcome === 'awaitingTransfer' && !bankTransfer) {
    next = <p id="order-outcome-next">{say(paymentMessages.outcome.awaitingTransferNoDetails)}</p>;
  }
  return (
    <div className="order-view">
      {outcome && <PaymentOutcome kind={outcome} idPrefix="order" showHeading={outcomeHeading} next={next} attemptsUsedUp={cardPaymentState(order, maxCreditCardAttempts)?.maxReached ?? false} />}
      {/* Card money the order no longer owed went back by itself (decision 0026). */}
      {order.returned_amount > 0 && (
        <p className="alert alert--info" id="order-returned" role="status">
          {say(paymentMessages.paymentReturned(format.money(order.returned_amount)))}
        </p>
      )}
      <TermsWarning order={order} />
      {statusNote && (
        <p className="order-status-note" id="order-status-note">
          {statusNote}
        </p>
      )}
      <BankTransferDetails order={order} />
      {/* Unaccepted terms are accepted first; the acceptance itself then starts the payment. */}
      {order.accepted_ts_and_cs && <CardPayment order={order} waiting={waiting} />}
      <OrderFacts order={order} />
      {itemsShown && <PaymentSchedule order={order} offerPayment={!waiting} />}
      {itemsShown && <OrderItems order={order} />}
      {itemsShown && <OrderTickets order={order} portal={portal} renderTicketActions={renderTicketActions} />}
      {itemsShown && order.answers && (
        <section className="order-answers" aria-labelledby="order-answers-title">
          <h2 id="order-answers-title">{say(answerTexts.orderAnswers)}</h2>
          <dl className="order-ticket__details">
            {order.answers.map((answer) => (
              <div key={answer.code}>
                <dt>{answer.question}</dt>
                <dd>{answer.answer}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      {itemsShown && <OrderMerchandise order={order} />}
      <OrderDownloads order={order} />
    </div>
  );
}
