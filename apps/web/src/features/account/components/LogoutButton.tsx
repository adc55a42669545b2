import { useState } from 'react';
import { Button, type ButtonVariant } from '../../../components/ui/Button';
import { ConfirmModal } from '../../../components/ui/ConfirmModal';
import { say } from '../../../lib/say';
import { accountTexts } from '../account.messages';
import { useLogout } from '../api/login';

export interface LogoutButtonProps {
  id: string;
  variant?: ButtonVariant;
  block?: boolean;
  /** After the session has ended (focus can move to what replaced the button). */
  onLoggedOut?: () => void;
}

/** Logout with confirmation (spec section 2): the account panel's and the account page's button. */
export function LogoutButton({ id, variant = 'ghost', block, onLoggedOut }: LogoutButtonProps) {
  const [confirming, setConfirming] = useState(false);
  const { logout, pending } = useLogout({ onLoggedOut });
  return (
    <>
      <Button id={id} variant={variant} block={block} onClick={() => setConfirming(true)}>
        {say(accountTexts.logoutButton.logout)}
      </Button>
      <ConfirmModal
        open={confirming}
        title={say(accountTexts.logoutButton.title)}
        busy={pending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          void logout().finally(() => setConfirming(false));
        }}
      >
        <p>{say(accountTexts.logoutButton.question)}</p>
      </ConfirmModal>
    </>
  );
}
