import { AccountLinks } from '../../features/account/components/AccountLinks';
import { LoginForm } from '../../features/account/components/LoginForm';

/** The body of the header's login panel; its own chunk, loaded when the panel is about to open. */
export function LoginPanelContent({ onLoggedIn }: { onLoggedIn: () => void }) {
  return (
    <>
      <LoginForm idPrefix="login-panel" errors="local" onLoggedIn={onLoggedIn} />
      <AccountLinks idPrefix="login-panel" />
    </>
  );
}
