import { Page } from '../../../components/ui/Page';
import { usePageTitle } from '../../../lib/route-handle';

/** /account. Filled by the accounts issue. */
export default function AccountPage() {
  return <Page title={usePageTitle()} lead="Change your name, e-mail address, password and address." />;
}
