import { Page } from '../../../components/ui/Page';
import { usePageTitle } from '../../../lib/route-handle';

/** /register (guest only). Filled by the accounts issue. */
export default function RegisterPage() {
  return <Page title={usePageTitle()} lead="Create an account to check out and manage your orders." />;
}
