import { FormError } from '../../../components/ui/FormError';
import { Loading } from '../../../components/ui/Loading';
import { Page } from '../../../components/ui/Page';
import { errorText } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/route-handle';
import { useUserData } from '../../../lib/user-data';
import { OrdersTable } from '../components/OrdersTable';
import { RefundsTable } from '../components/RefundsTable';
import '../../../components/order/order.css';

/** /portal (spec section 2): the customer's orders and refunds, from get-data. */
export default function PortalPage() {
  const title = usePageTitle();
  const { data, isPending, error } = useUserData();

  let content;
  if (isPending) content = <Loading />;
  else if (!data) content = <FormError id="portal-error" message={errorText(error)} />;
  else {
    content = (
      <>
        <section className="portal-section" id="portal-orders" aria-labelledby="portal-orders-title">
          <h2 id="portal-orders-title" className="portal-section__title">
            Orders
          </h2>
          {data.orders.length > 0 ? <OrdersTable orders={data.orders} /> : <p id="portal-orders-empty">You have no orders yet.</p>}
        </section>
        <section className="portal-section" id="portal-refunds" aria-labelledby="portal-refunds-title">
          <h2 id="portal-refunds-title" className="portal-section__title">
            Refunds
          </h2>
          {data.refunds.length > 0 ? <RefundsTable refunds={data.refunds} /> : <p id="portal-refunds-empty">You have not requested any refunds.</p>}
        </section>
      </>
    );
  }

  return (
    <Page title={title} lead="Your orders and refunds.">
      {content}
    </Page>
  );
}
