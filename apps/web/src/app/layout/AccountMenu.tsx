import { useState } from 'react';
import { useLocation, useNavigate, useRevalidator } from 'react-router';
import { Button } from '../../components/ui/Button';
import { ButtonLink } from '../../components/ui/ButtonLink';
import { ConfirmModal } from '../../components/ui/ConfirmModal';
import { Popover } from '../../components/ui/Popover';
import { useLogout, useSession } from '../../features/account/api/session';
import { AccountLinks } from '../../features/account/components/AccountLinks';
import { LoginForm } from '../../features/account/components/LoginForm';
import { useRouteHandle } from '../../lib/route-handle';
import { UserIcon } from './icons';

/** The login panel for visitors, the account panel for customers (spec section 2). */
export function AccountMenu() {
  const session = useSession();
  if (session.isResolving) {
    return (
      <button type="button" className="header-action" disabled aria-busy="true" id="account-button">
        <UserIcon />
        <span className="header-action__text">Account</span>
      </button>
    );
  }
  if (session.isLoggedIn && session.customer) {
    return <AccountPanel name={session.customer.full_name} email={session.customer.email} />;
  }
  return <LoginPanel />;
}

function LoginPanel() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const handle = useRouteHandle();
  return (
    <Popover
      id="login-panel"
      triggerId="login-button"
      triggerClassName="header-action"
      panelLabel="Login"
      trigger={
        <>
          <UserIcon />
          <span className="header-action__text">Login</span>
        </>
      }
    >
      {(close) => (
        <>
          <h2 className="panel-title">Login</h2>
          <LoginForm
            idPrefix="login-panel"
            errors="local"
            onLoggedIn={() => {
              close();
              // On a /login path (or another guest-only page) the customer continues to the portal.
              if (pathname.startsWith('/login') || handle?.access === 'guest') void navigate('/portal');
            }}
          />
          <AccountLinks idPrefix="login-panel" />
        </>
      )}
    </Popover>
  );
}

function AccountPanel({ name, email }: { name: string; email: string }) {
  const [confirming, setConfirming] = useState(false);
  const revalidator = useRevalidator();
  // After logout the current route is checked again: a logged-in-only page goes to login.
  const logout = useLogout(() => {
    void revalidator.revalidate();
    // The account panel is gone; keyboard focus continues on the login button that replaced it.
    requestAnimationFrame(() => document.getElementById('login-button')?.focus());
  });

  return (
    <>
      <Popover
        id="account-panel"
        triggerId="account-button"
        triggerClassName="header-action"
        panelLabel="Account"
        trigger={
          <>
            <UserIcon />
            <span className="header-action__text">Account</span>
          </>
        }
      >
        {() => (
          <>
            <h2 className="panel-title">Account</h2>
            <p className="account-panel__name" id="account-name">
              {name}
            </p>
            <p className="account-panel__email" id="account-email">
              {email}
            </p>
            <div className="account-links">
              <ButtonLink id="account-settings-link" to="/account" variant="secondary" block>
                Account Settings
              </ButtonLink>
              <Button id="logout-button" variant="ghost" block onClick={() => setConfirming(true)}>
                Logout
              </Button>
            </div>
          </>
        )}
      </Popover>
      <ConfirmModal
        open={confirming}
        title="Logout"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          logout();
        }}
      >
        <p>Are you sure you want to log out?</p>
      </ConfirmModal>
    </>
  );
}
