import { Page } from '../../../components/ui/Page';
import { usePageTitle } from '../../../lib/route-handle';

/** /order/:order, shown after a successful checkout. Filled by the checkout issue. */
export default function OrderPage() {
  return <Page title={usePageTitle()} lead="Thank you for your order." />;
}
