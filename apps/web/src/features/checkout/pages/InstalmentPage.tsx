import { Page } from '../../../components/ui/Page';
import { usePageTitle } from '../../../lib/route-handle';

/** /payment-plan-payment/:order/:checksum/:reference. Filled by the payments issue. */
export default function InstalmentPage() {
  return <Page title={usePageTitle()} lead="Pay one instalment of your payment plan." />;
}
