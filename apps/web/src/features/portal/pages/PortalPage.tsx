import { FormError } from '../../../components/ui/FormError';
import { Loading } from '../../../components/ui/Loading';
import { Page } from '../../../components/ui/Page';
import { errorText } from '../../../lib/api-client';
import { say } from '../../../lib/say';
import { usePageTitle } from '../../../lib/route-handle';
import { useUserData } from '../../../lib/user-data';
import { OrdersTable } from '../components/OrdersTable';
import { RefundsTable } from '../components/RefundsTable';
import '../../../components/order/order.css';
import { portalTexts } from '../portal.messages';

/** /portal (spec section 2): the customer's orders and refunds, from get-data. */
export default function PortalPage() {
  const title = usePageTitle();
  const { data, isPending, error } = useUserData();
  const texts = portalTexts.portalPage;

  let content;
  if (isPending) content = <Loading />;
  else if (!data) content = <FormError id="portal-error" message={errorText(error)} />;
  else {
    content = (
      <>
        <section className="portal-section" id="portal-orders" aria-labelledby="portal-orders-title">
          <h2 id="portal-orders-title" className="portal-section__title">
            {say(texts.orders)}
          </h2>
          {data.orders.length > 0 ? <OrdersTable orders={data.orders} /> : <p id="portal-orders-empty">{say(texts.noOrders)}</p>}
        </section>
        <section className="portal-section" id="portal-refunds" aria-labelledby="portal-refunds-title">
          <h2 id="portal-refunds-title" className="portal-section__title">
            {say(texts.refunds)}
          </h2>
          {data.refunds.length > 0 ? <RefundsTable refunds={data.refunds} /> : <p id="portal-refunds-empty">{say(texts.noRefunds)}</p>}
        </section>
      </>
    );
  }

  return (
    <Page title={title} lead={say(texts.lead)}>
      {content}
    </Page>
  );
}
