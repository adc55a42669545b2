import { ButtonLink } from '../../../components/ui/ButtonLink';
import { withFrom } from '../../../lib/return-to';
import { say } from '../../../lib/say';
import { accountTexts } from '../account.messages';

/**
 * The other ways in for a visitor: Register, Re-send tickets, Forgot your password. Each carries
 * `from`, the page the customer was going to, so the detour can bring them back (issue 19).
 */
export function AccountLinks({ idPrefix, from }: { idPrefix: string; from: string | null }) {
  return (
    <div className="account-links">
      <ButtonLink id={`${idPrefix}-register`} to={withFrom('/register', from)} variant="secondary" block>
        {say(accountTexts.accountLinks.register)}
      </ButtonLink>
      <ButtonLink id={`${idPrefix}-resend-tickets`} to={withFrom('/resend-tickets', from)} variant="ghost" block>
        {say(accountTexts.accountLinks.resendTickets)}
      </ButtonLink>
      <ButtonLink id={`${idPrefix}-forgot-password`} to={withFrom('/forgot-password', from)} variant="ghost" block>
        {say(accountTexts.accountLinks.forgotPassword)}
      </ButtonLink>
    </div>
  );
}
