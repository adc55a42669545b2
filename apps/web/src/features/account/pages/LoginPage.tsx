import { useLocation, useNavigate } from 'react-router';
import { Page } from '../../../components/ui/Page';
import { usePageTitle } from '../../../lib/route-handle';
import { AccountLinks } from '../components/AccountLinks';
import { LoginForm } from '../components/LoginForm';
import { forgetReturnTo } from '../../../lib/return-to';
import { fromParam } from '../../../lib/safe-redirect';
import { postLoginTarget } from '../post-login';
import { say } from '../../../lib/say';
import { accountTexts } from '../account.messages';

/** /login (guest only): after login, on to the `from` path, a remembered detour's destination or home (post-login.ts). */
export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Page title={usePageTitle()} lead={say(accountTexts.loginPage.lead)} className="page--narrow">
      <div className="card">
        <LoginForm
          idPrefix="login"
          onLoggedIn={() => {
            const target = postLoginTarget('page', location) ?? '/';
            // The detour is over: a later login does not go there again.
            forgetReturnTo();
            void navigate(target, { replace: true });
          }}
        />
        <AccountLinks idPrefix="login" from={fromParam(location.search)} />
      </div>
    </Page>
  );
}
