import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/Button';
import { Page } from '../../components/ui/Page';
import { TextField } from '../../components/ui/TextField';
import { staffCall } from '../api';
import { staffTexts } from '../texts';
import { useMember } from '../use-member';
import { useStaffAction } from '../use-staff-action';
import { say } from '../../lib/say';

const texts = staffTexts.account;

/** Each member's own password (issue 34 point 4, decision 0062): the current one, then the new one twice. */
export default function AccountPage() {
  const me = useMember();
  const [form, setForm] = useState({ current: '', next: '', repeat: '' });
  const [differ, setDiffer] = useState(false);
  const change = useStaffAction({
    run: () => staffCall('staff-change-password', { current_password: form.current, new_password: form.next }),
    done: (answer) => {
      setForm({ current: '', next: '', repeat: '' });
      return answer.message;
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const mismatch = form.next !== form.repeat;
    setDiffer(mismatch);
    if (!mismatch) change.mutate(undefined);
  };
  return (
    <Page title={say(texts.title)} lead={say(texts.lead)}>
      <form className="card form-stack staff-section staff-narrow-form" onSubmit={submit} noValidate aria-label={say(texts.title)}>
        {change.message && (
          <div className="alert alert--danger" role="alert">
            {change.message}
          </div>
        )}
        <input type="email" name="username" autoComplete="username" value={me.email} readOnly hidden />
        <TextField label={say(texts.current)} type="password" value={form.current} onChange={(current) => setForm({ ...form, current })} autoComplete="current-password" required aria-invalid={!!change.fieldError('current_password') || undefined} hint={change.fieldError('current_password')} />
        <TextField label={say(texts.next)} type="password" value={form.next} onChange={(next) => setForm({ ...form, next })} autoComplete="new-password" required aria-invalid={!!change.fieldError('new_password') || undefined} hint={change.fieldError('new_password') ?? say(texts.nextHint)} />
        <TextField label={say(texts.repeat)} type="password" value={form.repeat} onChange={(repeat) => setForm({ ...form, repeat })} autoComplete="new-password" required aria-invalid={differ || undefined} hint={differ ? say(texts.differ) : undefined} />
        <div className="button-row">
          <Button type="submit" loading={change.isPending}>
            {say(texts.submit)}
          </Button>
        </div>
      </form>
    </Page>
  );
}
