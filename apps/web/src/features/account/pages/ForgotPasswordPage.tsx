import { useState } from 'react';
import { useLocation } from 'react-router';
import { ButtonLink } from '../../../components/ui/ButtonLink';
import { Page } from '../../../components/ui/Page';
import { rememberReturnTo, withFrom } from '../../../lib/return-to';
import { usePageTitle } from '../../../lib/route-handle';
import { fromParam } from '../../../lib/safe-redirect';
import { say } from '../../../lib/say';
import { accountTexts } from '../account.messages';
import { DoneMessage } from '../components/DoneMessage';
import { EmailRequestForm } from '../components/EmailRequestForm';

/**
 * /forgot-password (guest only). The answer is the same for every address (decision 0013), so
 * the request-successful message shows whether or not the address has an account. Where the
 * customer was going (`from`) is remembered in the browser for the reset link, which the e-mail
 * opens, often in another tab (issue 19, lib/return-to.ts); Back to login carries it.
 */
export default function ForgotPasswordPage() {
  const [sent, setSent] = useState<string | null>(null);
  const from = fromParam(useLocation().search);
  return (
    <Page
      title={usePageTitle()}
      lead={say(accountTexts.forgotPasswordPage.lead)}
      className="page--narrow"
    >
      <div className="card">
        {sent ? (
          <DoneMessage
            id="forgot-password-done"
            actions={
              <ButtonLink id="forgot-password-login" to={withFrom('/login', from)} variant="secondary">
                {say(accountTexts.forgotPasswordPage.backToLogin)}
              </ButtonLink>
            }
          >
            {sent}
          </DoneMessage>
        ) : (
          <EmailRequestForm
            idPrefix="forgot-password"
            path="request-password-reset"
            submitLabel={say(accountTexts.forgotPasswordPage.submit)}
            onSent={(message) => {
              rememberReturnTo(from);
              setSent(message);
            }}
          />
        )}
      </div>
    </Page>
  );
}
