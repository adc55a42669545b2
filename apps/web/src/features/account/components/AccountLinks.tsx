import { ButtonLink } from '../../../components/ui/ButtonLink';

/** The other ways in for a visitor: Register, Re-send tickets, Forgot your password. */
export function AccountLinks({ idPrefix }: { idPrefix: string }) {
  return (
    <div className="account-links">
      <ButtonLink id={`${idPrefix}-register`} to="/register" variant="secondary" block>
        Register
      </ButtonLink>
      <ButtonLink id={`${idPrefix}-resend-tickets`} to="/resend-tickets" variant="ghost" block>
        Re-send tickets
      </ButtonLink>
      <ButtonLink id={`${idPrefix}-forgot-password`} to="/forgot-password" variant="ghost" block>
        Forgot your password
      </ButtonLink>
    </div>
  );
}
