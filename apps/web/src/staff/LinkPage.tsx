import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../components/ui/Button';
import { Loading } from '../components/ui/Loading';
import { TextField } from '../components/ui/TextField';
import { StaffApiError, staffCall } from './api';
import type { Member } from './member';
import { SignIn, stageOf, type Stage } from './SignIn';
import { staffTexts } from './texts';
import { say } from '../lib/say';

const texts = staffTexts.link;

/**
 * A one-time link e-mailed to a member (decision 0062), at /staff/link#TOKEN: the token stays
 * after the `#`, never sent with the page. An invitation or a new password: choose the password;
 * a new second factor: the current password. Then the sign-in goes on (set up the app, or its code).
 */
export function LinkPage({ onSignedIn }: { onSignedIn: (member: Member, recoveryCodes: string[] | null) => void }) {
  const [token] = useState(() => decodeURIComponent(window.location.hash.replace(/^#/, '')));
  const link = useQuery({ queryKey: ['staff-link', token], queryFn: () => staffCall('staff-link', { token }), retry: false, enabled: token.length > 0 });
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [stage, setStage] = useState<Stage | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [link.status]);

  if (stage) return <SignIn onSignedIn={onSignedIn} initialStage={stage} />;

  const broken = !token || link.isError;
  if (!broken && link.isPending) {
    return (
      <main className="staff-standalone staff-sign-in">
        <Loading label={say(texts.checking)} />
      </main>
    );
  }
  if (broken || !link.data) {
    return (
      <main className="staff-standalone staff-sign-in">
        <p className="staff-sign-in__brand">{say(staffTexts.appName)}</p>
        <div className="card form-stack">
          <h1 ref={heading} tabIndex={-1}>
            {say(texts.brokenTitle)}
          </h1>
          <p>{link.error instanceof Error ? link.error.message : say(staffTexts.errors.server)}</p>
          <p>
            <a href="/staff/">{say(texts.toSignIn)}</a>
          </p>
        </div>
      </main>
    );
  }

  const { purpose, name, email } = link.data;
  const choosing = purpose !== 'second-factor';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    setErrors({});
    if (choosing && password !== repeat) {
      setErrors({ repeat: [say(texts.differ)] });
      return;
    }
    setBusy(true);
    staffCall('staff-use-link', { token, password })
      .then((answer) => {
        // The link is used: the address no longer holds a working token.
        window.history.replaceState(null, '', '/staff/');
        if (answer.next === 'signed-in') onSignedIn(answer.member, null);
        else setStage(stageOf(answer));
      })
      .catch((error: unknown) => {
        setMessage(error instanceof Error ? error.message : say(staffTexts.errors.server));
        setErrors(error instanceof StaffApiError ? error.errors : {});
      })
      .finally(() => setBusy(false));
  };
  const fieldError = (field: string) => errors[field]?.join(' ');

  return (
    <main className="staff-standalone staff-sign-in">
      <p className="staff-sign-in__brand">{say(staffTexts.appName)}</p>
      <form className="card form-stack" onSubmit={submit} noValidate aria-labelledby="link-title">
        <h1 id="link-title" ref={heading} tabIndex={-1}>
          {say(purpose === 'invitation' ? texts.invitationTitle : purpose === 'password-reset' ? texts.resetTitle : texts.secondFactorTitle)}
        </h1>
        <p>{purpose === 'invitation' ? texts.invitationLead(name, email) : purpose === 'password-reset' ? texts.resetLead(name, email) : texts.secondFactorLead(name, email)}</p>
        {message && (
          <div className="alert alert--danger" role="alert">
            {message}
          </div>
        )}
        {/* The address for the browser's password manager, which files the new password under it. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        {choosing ? (
          <>
            <TextField label={say(texts.newPassword)} type="password" value={password} onChange={setPassword} autoComplete="new-password" required aria-invalid={!!fieldError('password') || undefined} hint={fieldError('password') ?? say(texts.newPasswordHint)} />
            <TextField label={say(texts.repeat)} type="password" value={repeat} onChange={setRepeat} autoComplete="new-password" required aria-invalid={!!fieldError('repeat') || undefined} hint={fieldError('repeat')} />
          </>
        ) : (
          <TextField label={say(texts.currentPassword)} type="password" value={password} onChange={setPassword} autoComplete="current-password" required aria-invalid={!!fieldError('password') || undefined} hint={fieldError('password')} />
        )}
        <Button type="submit" loading={busy} block>
          {say(choosing ? texts.save : texts.continue)}
        </Button>
      </form>
    </main>
  );
}
