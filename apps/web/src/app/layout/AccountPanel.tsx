import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { Button } from '../../components/ui/Button';
import { ButtonLink } from '../../components/ui/ButtonLink';
import { ConfirmModal } from '../../components/ui/ConfirmModal';
import { Popover } from '../../components/ui/Popover';
import { useLogout } from '../../features/account/api/login';
import { UserIcon } from './icons';

/**
 * The account panel of a logged-in customer: name, e-mail, Account Settings and Logout with
 * confirmation (spec section 2). Its own chunk: a visitor's first page never needs it.
 */
export default function AccountPanel({ name, email }: { name: string; email: string }) {
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
