import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { ButtonLink } from '../../../components/ui/ButtonLink';
import { FormError } from '../../../components/ui/FormError';
import { formErrorStore } from '../../../components/ui/form-error-store';
import { Page } from '../../../components/ui/Page';
import { EmailField, TextField } from '../../../components/ui/TextField';
import { rememberReturnTo, withFrom } from '../../../lib/return-to';
import { usePageTitle } from '../../../lib/route-handle';
import { fromParam } from '../../../lib/safe-redirect';
import { say } from '../../../lib/say';
import { accountTexts } from '../account.messages';
import { useMessageCall } from '../api/account-calls';
import { DoneMessage } from '../components/DoneMessage';
import { registerProblem } from '../validation';

/**
 * /register (guest only): full name and e-mail; the server e-mails a password. The success
 * screen asks the customer to check their e-mail (spec section 2); it is the same for an address
 * that already has an account, whose owner is told by e-mail instead (decision 0013). The page
 * keeps `from`, where the customer was going: its Login links carry it, and it is remembered in
 * the browser for a login from the e-mail in another tab (issue 19, lib/return-to.ts).
 */
export default function RegisterPage() {
  const [registered, setRegistered] = useState<string | null>(null);
  const from = fromParam(useLocation().search);
  return (
    <Page
      title={usePageTitle()}
      lead={say(accountTexts.registerPage.lead)}
      className="page--narrow"
    >
      <div className="card">
        {registered ? (
          <DoneMessage
            id="register-done"
            actions={
              <ButtonLink id="register-login" to={withFrom('/login', from)} variant="primary">
                {say(accountTexts.registerPage.login)}
              </ButtonLink>
            }
          >
            {registered}
          </DoneMessage>
        ) : (
          <RegisterForm from={from} onRegistered={setRegistered} />
        )}
      </div>
    </Page>
  );
}

function RegisterForm({ from, onRegistered }: { from: string | null; onRegistered: (message: string) => void }) {
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const register = useMessageCall('register');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = registerProblem({ fullName, email });
    if (problem) {
      formErrorStore.set(problem);
      return;
    }
    register.mutate(
      { full_name: fullName.trim(), email: email.trim() },
      {
        onSuccess: (answer) => {
          rememberReturnTo(from);
          onRegistered(answer.message);
        },
      },
    );
  };

  return (
    <form id="register-form" className="form-stack" onSubmit={submit} noValidate aria-label={say(accountTexts.registerPage.formName)}>
      <FormError id="register-error" />
      <TextField id="register-full-name" label={say(accountTexts.registerPage.fullName)} autoComplete="name" required value={fullName} onChange={setFullName} />
      <EmailField id="register-email" value={email} onChange={setEmail} />
      <Button id="register-submit" type="submit" loading={register.isPending} block>
        {say(accountTexts.registerPage.submit)}
      </Button>
      <p className="text-muted">
        {say(accountTexts.registerPage.haveAccount)}{' '}
        <Link id="register-to-login" to={withFrom('/login', from)}>
          {say(accountTexts.registerPage.logIn)}
        </Link>
      </p>
    </form>
  );
}
