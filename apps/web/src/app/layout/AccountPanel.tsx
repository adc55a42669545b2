import type { User } from '@festival/contract';
import { ButtonLink } from '../../components/ui/ButtonLink';
import { Popover } from '../../components/ui/Popover';
import { LogoutButton } from '../../features/account/components/LogoutButton';
import { UserIcon } from './icons';
import { appTexts } from '../app.messages';
import { say } from '../../lib/say';

/** The account panel has gone with the session; keyboard focus continues on the login button that replaced it. */
const focusLoginButton = () => requestAnimationFrame(() => document.getElementById('login-button')?.focus());

/**
 * The account panel of a logged-in customer: name, e-mail, Account Settings and Logout with
 * confirmation (spec section 2). Its own chunk: a visitor's first page never needs it.
 */
export default function AccountPanel({ customer }: { customer: User }) {
  return (
    <Popover
      id="account-panel"
      triggerId="account-button"
      triggerClassName="header-action"
      panelLabel={say(appTexts.accountMenu.account)}
      trigger={
        <>
          <UserIcon />
          <span className="header-action__text">{say(appTexts.accountMenu.account)}</span>
        </>
      }
    >
      {() => (
        <>
          <h2 className="panel-title">{say(appTexts.accountMenu.account)}</h2>
          <p className="account-panel__name" id="account-name">
            {customer.full_name}
          </p>
          <p className="account-panel__email" id="account-email">
            {customer.email}
          </p>
          <div className="account-links">
            <ButtonLink id="account-settings-link" to="/account" variant="secondary" block>
              {say(appTexts.accountPanel.settings)}
            </ButtonLink>
            <LogoutButton id="logout-button" block onLoggedOut={focusLoginButton} />
          </div>
        </>
      )}
    </Popover>
  );
}
