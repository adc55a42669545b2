import { Page } from '../../../components/ui/Page';
import { usePageTitle } from '../../../lib/route-handle';

/** /resend-tickets (guest only). Filled by the accounts issue. */
export default function ResendTicketsPage() {
  return <Page title={usePageTitle()} lead="Have your tickets sent to your e-mail address again." />;
}
