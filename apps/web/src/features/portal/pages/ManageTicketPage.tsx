import { Page } from '../../../components/ui/Page';
import { usePageTitle } from '../../../lib/route-handle';

/** /portal/orders/:order/manage-ticket/:ticket. Filled by the portal issue. */
export default function ManageTicketPage() {
  return <Page title={usePageTitle()} lead="Change the holder details of this ticket." />;
}
