import { messages, PASSWORD_MIN_LENGTH } from '@festival/contract';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { ButtonLink } from '../../../components/ui/ButtonLink';
import { FormError } from '../../../components/ui/FormError';
import { formErrorStore } from '../../../components/ui/form-error-store';
import { Page } from '../../../components/ui/Page';
import { TextField } from '../../../components/ui/TextField';
import { ApiError } from '../../../lib/api-client';
import { rememberedReturnTo, withFrom } from '../../../lib/return-to';
import { usePageTitle } from '../../../lib/route-handle';
import { showFormError, useMessageCall } from '../api/account-calls';
import { DoneMessage } from '../components/DoneMessage';
import { useFocusOnMount } from '../use-focus-on-mount';
import { resetPasswordProblem } from '../validation';
import { say } from '../../../lib/say';
import { accountTexts } from '../account.messages';

/**
 * How a refused reset is shown. The password's own refusal (422 on `password`: too short) stays
 * on the form; a call that got no answer at all (offline) too, since the link was not judged and
 * may still work. Every other failure means the link cannot be used: the 'Incorrect code' screen
 * (spec sections 2, 4 and 8).
 */
export function isIncorrectCode(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.status === 0) return false;
  return !(error.status === 422 && error.body?.errors?.password?.length);
}

type Outcome = { kind: 'form' } | { kind: 'done'; message: string } | { kind: 'incorrect' };

/**
 * /reset-password/:email/:token (guest only): the link of the password reset e-mail. Its Login
 * leads on to where the customer was going when they asked for the link, as this browser
 * remembered it (issue 19, lib/return-to.ts): the e-mailed link itself cannot carry it.
 */
export default function ResetPasswordPage() {
  const { email = '', token = '' } = useParams();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'form' });
  return (
    <Page
      title={usePageTitle()}
      lead={outcome.kind === 'form' ? say(accountTexts.resetPasswordPage.lead({ count: PASSWORD_MIN_LENGTH })) : undefined}
      className="page--narrow"
    >
      <div className="card">
        {outcome.kind === 'form' && (
          <ResetPasswordForm
            email={email}
            token={token}
            onDone={(message) => setOutcome({ kind: 'done', message })}
            onIncorrectCode={() => setOutcome({ kind: 'incorrect' })}
          />
        )}
        {outcome.kind === 'done' && (
          <DoneMessage
            id="reset-password-done"
            actions={
              <ButtonLink id="reset-password-login" to={withFrom('/login', rememberedReturnTo())} variant="primary">
                {say(accountTexts.resetPasswordPage.login)}
              </ButtonLink>
            }
          >
            {outcome.message}
          </DoneMessage>
        )}
        {outcome.kind === 'incorrect' && <IncorrectCode />}
      </div>
    </Page>
  );
}

function ResetPasswordForm({
  email,
  token,
  onDone,
  onIncorrectCode,
}: {
  email: string;
  token: string;
  onDone: (message: string) => void;
  onIncorrectCode: () => void;
}) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const reset = useMessageCall('reset-password', {
    onError: (error) => (isIncorrectCode(error) ? onIncorrectCode() : showFormError(error)),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = resetPasswordProblem({ password, confirmation });
    if (problem) {
      formErrorStore.set(problem);
      return;
    }
    reset.mutate({ token, email, password }, { onSuccess: (answer) => onDone(answer.message) });
  };

  return (
    <form id="reset-password-form" className="form-stack" onSubmit={submit} noValidate aria-label={say(accountTexts.resetPasswordPage.formName)}>
      <FormError id="reset-password-error" />
      {/* The account's address, for password managers to file the new password under. */}
      <TextField id="reset-password-email" label={say(accountTexts.resetPasswordPage.email)} type="email" autoComplete="username" value={email} onChange={() => undefined} readOnly />
      <TextField
        id="reset-password-password"
        label={say(accountTexts.resetPasswordPage.newPassword)}
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        hint={say(accountTexts.resetPasswordPage.newPasswordHint({ count: PASSWORD_MIN_LENGTH }))}
        value={password}
        onChange={setPassword}
      />
      <TextField
        id="reset-password-confirmation"
        label={say(accountTexts.resetPasswordPage.confirmPassword)}
        type="password"
        autoComplete="new-password"
        required
        value={confirmation}
        onChange={setConfirmation}
      />
      <Button id="reset-password-submit" type="submit" loading={reset.isPending} block>
        {say(accountTexts.resetPasswordPage.submit)}
      </Button>
    </form>
  );
}

/** Spec section 2: the code may have timed out or been used; Restart goes to forgot-password. */
function IncorrectCode() {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <div id="reset-password-incorrect" className="form-stack">
      <h2 ref={heading} id="reset-password-incorrect-title" className="screen-title" tabIndex={-1}>
        {say(messages.resetPasswordScreen.incorrectCode)}
      </h2>
      <p>{say(accountTexts.resetPasswordPage.incorrectCode)}</p>
      <div className="button-row">
        <ButtonLink id="reset-password-restart" to={withFrom('/forgot-password', rememberedReturnTo())} variant="primary">
          {say(messages.resetPasswordScreen.restart)}
        </ButtonLink>
      </div>
    </div>
  );
}
