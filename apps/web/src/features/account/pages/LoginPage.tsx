import { useLocation, useNavigate } from 'react-router';
import { Page } from '../../../components/ui/Page';
import { fromParam } from '../../../lib/safe-redirect';
import { usePageTitle } from '../../../lib/route-handle';
import { AccountLinks } from '../components/AccountLinks';
import { LoginForm } from '../components/LoginForm';

/** /login (guest only): after login, back to the `from` path or home. */
export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Page title={usePageTitle()} lead="Log in to check out and to manage your orders and tickets." className="page--narrow">
      <div className="card">
        <LoginForm
          idPrefix="login"
          onLoggedIn={() => {
            void navigate(fromParam(location.search) ?? '/', { replace: true });
          }}
        />
        <AccountLinks idPrefix="login" />
      </div>
    </Page>
  );
}
