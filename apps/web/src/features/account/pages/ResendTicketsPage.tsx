import { useState } from 'react';
import { useLocation } from 'react-router';
import { ButtonLink } from '../../../components/ui/ButtonLink';
import { Page } from '../../../components/ui/Page';
import { usePageTitle } from '../../../lib/route-handle';
import { fromParam } from '../../../lib/safe-redirect';
import { say } from '../../../lib/say';
import { accountTexts } from '../account.messages';
import { DoneMessage } from '../components/DoneMessage';
import { EmailRequestForm } from '../components/EmailRequestForm';

/**
 * /resend-tickets (guest only): e-mails the tickets held in an address's name. The answer does
 * not tell whether there are any (decision 0013). Done, it leads back to where the customer was
 * going (`from`; a logged-in page's guard asks for the login on the way), else to the shop.
 */
export default function ResendTicketsPage() {
  const [sent, setSent] = useState<string | null>(null);
  const from = fromParam(useLocation().search);
  return (
    <Page
      title={usePageTitle()}
      lead={say(accountTexts.resendTicketsPage.lead)}
      className="page--narrow"
    >
      <div className="card">
        {sent ? (
          <DoneMessage
            id="resend-tickets-done"
            actions={
              <ButtonLink id="resend-tickets-home" to={from ?? '/'} variant="secondary">
                {say(from && from !== '/' ? accountTexts.resendTicketsPage.continue : accountTexts.resendTicketsPage.backToShop)}
              </ButtonLink>
            }
          >
            {sent}
          </DoneMessage>
        ) : (
          <EmailRequestForm idPrefix="resend-tickets" path="email-tickets" submitLabel={say(accountTexts.resendTicketsPage.submit)} onSent={setSent} />
        )}
      </div>
    </Page>
  );
}
