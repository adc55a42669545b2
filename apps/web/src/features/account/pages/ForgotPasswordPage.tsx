import { useState } from 'react';
import { ButtonLink } from '../../../components/ui/ButtonLink';
import { Page } from '../../../components/ui/Page';
import { usePageTitle } from '../../../lib/route-handle';
import { DoneMessage } from '../components/DoneMessage';
import { EmailRequestForm } from '../components/EmailRequestForm';

/**
 * /forgot-password (guest only). The answer is the same for every address (decision 0013), so
 * the request-successful message shows whether or not the address has an account.
 */
export default function ForgotPasswordPage() {
  const [sent, setSent] = useState<string | null>(null);
  return (
    <Page
      title={usePageTitle()}
      lead="Enter the e-mail address of your account and we will send you a link to choose a new password."
      className="page--narrow"
    >
      <div className="card">
        {sent ? (
          <DoneMessage
            id="forgot-password-done"
            actions={
              <ButtonLink id="forgot-password-login" to="/login" variant="secondary">
                Back to login
              </ButtonLink>
            }
          >
            {sent}
          </DoneMessage>
        ) : (
          <EmailRequestForm idPrefix="forgot-password" path="request-password-reset" submitLabel="Send reset link" onSent={setSent} />
        )}
      </div>
    </Page>
  );
}
