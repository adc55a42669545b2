import { paymentMessages } from '@festival/contract';
import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { isCardPaymentPending, paymentReturnOf } from '../../../components/order/order-status';
import { OrderView } from '../../../components/order/OrderView';
import { useCustomerOrder } from '../../../components/order/use-payment-wait';
import { ButtonLink } from '../../../components/ui/ButtonLink';
import { Loading } from '../../../components/ui/Loading';
import { Page } from '../../../components/ui/Page';
import { useConfig } from '../../../lib/config';
import { trackPurchase } from '../../../lib/purchase-tracking';
import { usePageTitle, useRouteHandle } from '../../../lib/route-handle';

/**
 * /portal/orders/:order and its /confirmation (spec section 2: the same view plus a purchase
 * tracking event). The payment provider sends a paying customer to the confirmation, possibly
 * before its notification has reached the shop: there the page waits for a card payment to be
 * confirmed. The portal issue adds downloads and ticket actions.
 */
export default function OrderDetailPage() {
  const title = usePageTitle();
  const confirmation = useRouteHandle()?.confirmation === true;
  const code = useParams().order ?? '';
  const [search] = useSearchParams();
  const { currency } = useConfig();
  const { order, isPending, isWaiting } = useCustomerOrder(code, confirmation ? isCardPaymentPending : null);

  const paid = order?.payment_status === 'paid';
  useEffect(() => {
    if (confirmation && order && paid) trackPurchase(order, currency);
  }, [confirmation, order, paid, currency]);

  let content;
  if (isPending) content = <Loading />;
  else if (!order) {
    content = (
      <div className="form-stack">
        <p id="order-not-found">{paymentMessages.orderNotFound}</p>
        <div className="button-row">
          <ButtonLink to="/portal" variant="primary">
            Go to your orders
          </ButtonLink>
        </div>
      </div>
    );
  } else content = <OrderView order={order} paymentReturn={paymentReturnOf(search)} waiting={isWaiting} />;

  return <Page title={title}>{content}</Page>;
}
