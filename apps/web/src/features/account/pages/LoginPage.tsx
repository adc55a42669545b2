import { useLocation, useNavigate } from 'react-router';
import { Page } from '../../../components/ui/Page';
import { usePageTitle } from '../../../lib/route-handle';
import { AccountLinks } from '../components/AccountLinks';
import { LoginForm } from '../components/LoginForm';
import { postLoginTarget } from '../post-login';

/** /login (guest only): after login, on to the `from` path or home (post-login.ts). */
export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Page title={usePageTitle()} lead="Log in to check out and to manage your orders and tickets." className="page--narrow">
      <div className="card">
        <LoginForm
          idPrefix="login"
          onLoggedIn={() => {
            void navigate(postLoginTarget('page', location) ?? '/', { replace: true });
          }}
        />
        <AccountLinks idPrefix="login" />
      </div>
    </Page>
  );
}
