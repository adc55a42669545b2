import { Page } from '../../../components/ui/Page';
import { usePageTitle } from '../../../lib/route-handle';

/** /portal/orders/:order/request-refund. Filled by the refunds issue. */
export default function RequestRefundPage() {
  return <Page title={usePageTitle()} lead="Choose the items to refund and where to send the money." />;
}
