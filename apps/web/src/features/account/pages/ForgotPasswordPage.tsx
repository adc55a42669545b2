import { Page } from '../../../components/ui/Page';
import { usePageTitle } from '../../../lib/route-handle';

/** /forgot-password (guest only). Filled by the accounts issue. */
export default function ForgotPasswordPage() {
  return <Page title={usePageTitle()} lead="Request a link to choose a new password." />;
}
