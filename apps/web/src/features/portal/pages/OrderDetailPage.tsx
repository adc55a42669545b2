import { Page } from '../../../components/ui/Page';
import { usePageTitle } from '../../../lib/route-handle';

/** /portal/orders/:order and its /confirmation (same view plus a tracking event). Filled by the portal issue. */
export default function OrderDetailPage() {
  return <Page title={usePageTitle()} lead="The details, tickets and payments of this order." />;
}
