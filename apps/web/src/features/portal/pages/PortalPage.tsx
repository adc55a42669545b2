import { Page } from '../../../components/ui/Page';
import { usePageTitle } from '../../../lib/route-handle';

/** /portal: orders and refunds. Filled by the portal issue. */
export default function PortalPage() {
  return <Page title={usePageTitle()} lead="Your orders and refunds." />;
}
