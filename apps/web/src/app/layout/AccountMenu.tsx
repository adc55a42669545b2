import { lazy, Suspense } from 'react';
import { Popover } from '../../components/ui/Popover';
import { useSession } from '../../features/account/api/session';
import { preloadable } from '../../lib/preload';
import { say, withTexts } from '../../lib/say';
import { UserIcon } from './icons';
import { PanelLoadFailed } from './PanelLoadFailed';
import { appTexts } from '../app.messages';

// Both panels are their own chunks, so a visitor's first page loads neither the login form
// nor the account panel and its logout confirmation (the first-route speed budget).
const AccountPanel = lazy(() => withTexts(import('./AccountPanel')));
const loginPanelContent = preloadable(() => import('./LoginPanelContent').then((module) => module.LoginPanelContent));

/** The login panel for visitors, the account panel for customers (spec section 2). */
export function AccountMenu() {
  const { isResolving, customer } = useSession();
  if (isResolving) return <AccountButtonPlaceholder />;
  // get-data answers a customer only for the session's own token: logged in.
  if (customer) {
    return (
      <Suspense fallback={<AccountButtonPlaceholder />}>
        <AccountPanel customer={customer} />
      </Suspense>
    );
  }
  return <LoginPanel />;
}

/** The account button while the session or the panel's code is on its way. */
function AccountButtonPlaceholder() {
  return (
    <button type="button" className="header-action" disabled aria-busy="true" id="account-button">
      <UserIcon />
      <span className="header-action__text">{say(appTexts.accountMenu.account)}</span>
    </button>
  );
}

function LoginPanel() {
  return (
    <Popover
      id="login-panel"
      triggerId="login-button"
      triggerClassName="header-action"
      panelLabel={say(appTexts.accountMenu.login)}
      prepare={loginPanelContent.load}
      trigger={
        <>
          <UserIcon />
          <span className="header-action__text">{say(appTexts.accountMenu.login)}</span>
        </>
      }
    >
      {(close) => {
        // The panel's heading, form and where the customer continues after login are in its own chunk.
        const Content = loginPanelContent.current();
        return Content ? <Content onLoggedIn={close} /> : <PanelLoadFailed />;
      }}
    </Popover>
  );
}
