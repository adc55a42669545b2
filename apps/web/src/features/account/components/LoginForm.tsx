import type { UserData } from '@festival/contract';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/Button';
import { FormError } from '../../../components/ui/FormError';
import { formErrorStore } from '../../../components/ui/form-error-store';
import { EmailField, TextField } from '../../../components/ui/TextField';
import { say } from '../../../lib/say';
import { accountTexts } from '../account.messages';
import { useLogin } from '../api/login';
import { loginProblem } from '../validation';

export interface LoginFormProps {
  /** Prefix of the element ids: `${idPrefix}-email`, `-password`, `-submit`, `-error`. */
  idPrefix: string;
  /** 'shared' shows errors in the page's shared form error; 'local' keeps them in this form. */
  errors?: 'shared' | 'local';
  onLoggedIn?: (data: UserData) => void;
}

/** E-mail and password; both required (spec section 5). */
export function LoginForm({ idPrefix, errors = 'shared', onLoggedIn }: LoginFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const showError = errors === 'local' ? setLocalError : formErrorStore.set;
  const login = useLogin({ onError: showError, onSuccess: onLoggedIn });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = loginProblem({ email, password });
    if (problem) {
      showError(problem);
      return;
    }
    showError(null);
    login.mutate({ email: email.trim(), password });
  };

  return (
    <form id={`${idPrefix}-form`} className="form-stack" onSubmit={submit} noValidate aria-label={say(accountTexts.loginForm.formName)}>
      <FormError id={`${idPrefix}-error`} message={errors === 'local' ? localError : undefined} />
      <EmailField id={`${idPrefix}-email`} autoComplete="username" value={email} onChange={setEmail} />
      <TextField
        id={`${idPrefix}-password`}
        label={say(accountTexts.loginForm.password)}
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={setPassword}
      />
      <Button id={`${idPrefix}-submit`} type="submit" loading={login.isPending} block>
        {say(accountTexts.loginForm.submit)}
      </Button>
    </form>
  );
}
