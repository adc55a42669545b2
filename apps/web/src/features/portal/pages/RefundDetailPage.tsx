import { Page } from '../../../components/ui/Page';
import { usePageTitle } from '../../../lib/route-handle';

/** /portal/refunds/:refund. Filled by the refunds issue. */
export default function RefundDetailPage() {
  return <Page title={usePageTitle()} lead="The status and items of this refund request." />;
}
