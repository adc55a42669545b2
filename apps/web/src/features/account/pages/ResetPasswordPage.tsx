import { PASSWORD_MIN_LENGTH } from '@festival/contract';
import { Page } from '../../../components/ui/Page';
import { usePageTitle } from '../../../lib/route-handle';

/** /reset-password/:email/:token (guest only). Filled by the accounts issue. */
export default function ResetPasswordPage() {
  return <Page title={usePageTitle()} lead={`Choose a new password of at least ${PASSWORD_MIN_LENGTH} characters.`} />;
}
