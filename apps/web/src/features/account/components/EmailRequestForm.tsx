import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/Button';
import { FormError } from '../../../components/ui/FormError';
import { formErrorStore } from '../../../components/ui/form-error-store';
import { EmailField } from '../../../components/ui/TextField';
import { useMessageCall } from '../api/account-calls';
import { emailProblem } from '../validation';

export interface EmailRequestFormProps {
  /** Prefix of the element ids: `${idPrefix}-form`, `-email`, `-submit`, `-error`. */
  idPrefix: string;
  path: 'request-password-reset' | 'email-tickets';
  submitLabel: string;
  /** The server's answer: always the same message, whether or not the address is known. */
  onSent: (message: string) => void;
}

/** One e-mail field (spec section 5, "E-mail fields"): forgot password and resend tickets. */
export function EmailRequestForm({ idPrefix, path, submitLabel, onSent }: EmailRequestFormProps) {
  const [email, setEmail] = useState('');
  const call = useMessageCall(path);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = emailProblem(email);
    if (problem) {
      formErrorStore.set(problem);
      return;
    }
    call.mutate({ email: email.trim() }, { onSuccess: (answer) => onSent(answer.message) });
  };

  return (
    <form id={`${idPrefix}-form`} className="form-stack" onSubmit={submit} noValidate aria-label={submitLabel}>
      <FormError id={`${idPrefix}-error`} />
      <EmailField id={`${idPrefix}-email`} value={email} onChange={setEmail} />
      <Button id={`${idPrefix}-submit`} type="submit" loading={call.isPending} block>
        {submitLabel}
      </Button>
    </form>
  );
}
