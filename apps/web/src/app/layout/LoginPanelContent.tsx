import { useLocation, useNavigate } from 'react-router';
import { AccountLinks } from '../../features/account/components/AccountLinks';
import { LoginForm } from '../../features/account/components/LoginForm';
import { detourOrigin, postLoginTarget } from '../../features/account/post-login';
import { forgetReturnTo } from '../../lib/return-to';
import { appTexts } from '../app.messages';
import { say } from '../../lib/say';

/** Once the account button has replaced the login button, keyboard focus continues there. */
function focusAccountButton(framesLeft = 60): void {
  const button = document.getElementById('account-button');
  if (button instanceof HTMLButtonElement && !button.disabled) button.focus();
  else if (framesLeft > 0) requestAnimationFrame(() => focusAccountButton(framesLeft - 1));
}

/**
 * The body of the header's login panel; its own chunk, loaded when the panel is about to open.
 * After login a /login path continues to the portal, a detour page with `from` to that path;
 * elsewhere the page stays and its guard, which follows the session, decides again, so a guest-only page sends the customer
 * home (post-login.ts). Its account links carry the page the customer is on as `from`.
 */
export function LoginPanelContent({ onLoggedIn }: { onLoggedIn: () => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <>
      <h2 className="panel-title">{say(appTexts.accountMenu.login)}</h2>
      <LoginForm
        idPrefix="login-panel"
        errors="local"
        onLoggedIn={() => {
          onLoggedIn();
          const target = postLoginTarget('panel', location);
          forgetReturnTo();
          if (target) {
            void navigate(target);
            return;
          }
          focusAccountButton();
        }}
      />
      <AccountLinks idPrefix="login-panel" from={detourOrigin(location)} />
    </>
  );
}
