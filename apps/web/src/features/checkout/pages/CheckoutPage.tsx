import { Page } from '../../../components/ui/Page';
import { usePageTitle } from '../../../lib/route-handle';

/** /checkout. Filled by the checkout issue. */
export default function CheckoutPage() {
  return <Page title={usePageTitle()} lead="Review your cart, choose how to pay and place your order." />;
}
