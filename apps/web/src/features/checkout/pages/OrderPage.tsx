import { paymentMessages } from '@festival/contract';
import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { isCardPaymentPending, paymentReturnOf } from '../../../components/order/order-status';
import { OrderView } from '../../../components/order/OrderView';
import { paymentOutcomeOf } from '../../../components/order/payment-outcome';
import { outcomeHeading } from '../../../components/order/PaymentOutcome';
import { useCustomerOrder } from '../../../components/order/use-payment-wait';
import { Loading } from '../../../components/ui/Loading';
import { Page } from '../../../components/ui/Page';
import { useConfig } from '../../../lib/config';
import { trackPurchase } from '../../../lib/purchase-tracking';
import { NotFoundNotice } from '../../../components/ui/NotFoundNotice';
import { say } from '../../../lib/say';
import { checkoutTexts } from '../checkout.messages';

/**
 * /order/:order (logged in only), shown after checkout and when the payment provider sends the
 * payer back with a declined or cancelled payment (decision 0017). The order comes from the
 * customer's data. Back from the provider with ?payment=returned, the page waits for the
 * provider's confirmation of a card payment. Its heading is the payment's outcome (decision 0034):
 * only a paid order is thanked; a declined, cancelled or unpaid one says so and offers Pay now,
 * a bank transfer asks for the transfer with the bank details.
 */
export default function OrderPage() {
  const code = useParams().order ?? '';
  const [search] = useSearchParams();
  const paymentReturn = paymentReturnOf(search);
  const { currency } = useConfig();
  const { order, isPending, isWaiting } = useCustomerOrder(code, paymentReturn === 'returned' ? isCardPaymentPending : null);

  const paid = order?.payment_status === 'paid';
  useEffect(() => {
    if (order && paid) trackPurchase(order, currency);
  }, [order, paid, currency]);

  if (isPending) {
    return (
      <Page title={say(checkoutTexts.orderPage.title)}>
        <Loading />
      </Page>
    );
  }
  if (!order) {
    return (
      <Page title={say(checkoutTexts.orderPage.title)}>
        <NotFoundNotice id="order-not-found" message={say(paymentMessages.orderNotFound)} />
      </Page>
    );
  }
  const outcome = paymentOutcomeOf(order, paymentReturn, isWaiting);
  return (
    <Page title={outcome ? outcomeHeading(outcome) : say(checkoutTexts.orderPage.title)}>
      <OrderView order={order} paymentReturn={paymentReturn} waiting={isWaiting} outcomeHeading={false} />
    </Page>
  );
}
