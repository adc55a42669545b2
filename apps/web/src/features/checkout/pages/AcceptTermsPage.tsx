import { Page } from '../../../components/ui/Page';
import { usePageTitle } from '../../../lib/route-handle';

/** /accept-tcs/:order/:checksum. Filled by the checkout issue. */
export default function AcceptTermsPage() {
  return <Page title={usePageTitle()} lead="Read and accept the terms and conditions of your order." />;
}
