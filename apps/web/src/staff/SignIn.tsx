import type { StaffApiAnswer } from '@festival/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../components/ui/Button';
import { EmailField, TextField } from '../components/ui/TextField';
import { StaffApiError, staffCall } from './api';
import type { Member } from './member';
import { staffTexts } from './texts';
import { say } from '../lib/say';
import LanguageSwitcher from '../components/ui/LanguageSwitcher';
import { offeredLanguages } from '../lib/language';

export type Stage = { step: 'password' } | { step: 'second-factor' } | { step: 'set-up'; secret: string; qr: string };
type Errors = Record<string, string[]>;

const texts = staffTexts.signIn;

/** The message and field errors of a refusal; anything else is the network's or the shop's failure. */
function refusal(error: unknown): { message: string; errors: Errors } {
  if (error instanceof StaffApiError) return { message: error.message, errors: error.errors };
  return { message: error instanceof Error ? error.message : say(staffTexts.errors.server), errors: {} };
}

/** The step a sign-in answer (or a used link's) leads to, before signed in. */
export const stageOf = (answer: Exclude<StaffApiAnswer<'staff-sign-in'>, { next: 'signed-in' }>): Stage =>
  answer.next === 'set-up' ? { step: 'set-up', secret: answer.secret, qr: answer.qr } : { step: 'second-factor' };

/**
 * The staff's sign-in (decision 0041): e-mail and password, then the authenticator app's code;
 * at the first sign-in the app is set up from a QR code first. Recovery codes are answered once.
 */
export function SignIn({ onSignedIn, initialStage }: { onSignedIn: (member: Member, recoveryCodes: string[] | null) => void; /** Where a one-time link left the sign-in (decision 0062). */ initialStage?: Stage }) {
  const [stage, setStage] = useState<Stage>(initialStage ?? { step: 'password' });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const heading = useRef<HTMLHeadingElement>(null);

  // Each step's heading takes the focus, so a screen reader hears where the sign-in stands.
  useEffect(() => {
    if (stage.step !== 'password') heading.current?.focus();
  }, [stage.step]);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setMessage(null);
    setErrors({});
    try {
      await action();
    } catch (error) {
      const refused = refusal(error);
      setMessage(refused.message);
      setErrors(refused.errors);
      // A half-done sign-in that ended (too slow, too many wrong codes) starts again with the password.
      if (error instanceof StaffApiError && error.status === 401 && stage.step !== 'password') {
        setStage({ step: 'password' });
        setPassword('');
        setCode('');
      }
    } finally {
      setBusy(false);
    }
  }

  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const answer: StaffApiAnswer<'staff-sign-in'> = await staffCall('staff-sign-in', { email, password });
      setPassword('');
      if (answer.next === 'signed-in') onSignedIn(answer.member, null);
      else setStage(stageOf(answer));
    });
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const answer = await staffCall('staff-second-factor', { code });
      onSignedIn(answer.member, answer.recovery_codes);
    });
  };

  const fieldError = (field: string) => errors[field]?.join(' ');
  const alert = message && (
    <div className="alert alert--danger" role="alert">
      {message}
    </div>
  );

  return (
    <main className="staff-standalone staff-sign-in">
      <div className="staff-sign-in__top">
        <p className="staff-sign-in__brand">{say(staffTexts.appName)}</p>
        {offeredLanguages().length > 1 && <LanguageSwitcher />}
      </div>
      {stage.step === 'password' ? (
        <form key="password" className="card form-stack" onSubmit={submitPassword} noValidate aria-labelledby="sign-in-title">
          <h1 id="sign-in-title">{say(texts.title)}</h1>
          <p className="text-muted">{say(texts.lead)}</p>
          {alert}
          <EmailField label={say(texts.email)} value={email} onChange={setEmail} autoComplete="username" aria-invalid={!!fieldError('email') || undefined} hint={fieldError('email')} />
          <TextField label={say(texts.password)} type="password" value={password} onChange={setPassword} autoComplete="current-password" required aria-invalid={!!fieldError('password') || undefined} hint={fieldError('password')} />
          <Button type="submit" loading={busy} block>
            {say(texts.submit)}
          </Button>
        </form>
      ) : (
        <form key="code" className="card form-stack" onSubmit={submitCode} noValidate aria-labelledby="sign-in-title">
          <h1 id="sign-in-title" ref={heading} tabIndex={-1}>
            {say(stage.step === 'set-up' ? texts.setUpTitle : texts.codeTitle)}
          </h1>
          {stage.step === 'set-up' ? (
            <>
              <p>{say(texts.setUpLead)}</p>
              <p>{say(texts.setUpScan)}</p>
              <img className="staff-qr" src={stage.qr} alt={say(texts.setUpQrAlt)} width={208} height={208} />
              <p>
                {say(texts.setUpManual)} <code className="staff-secret">{stage.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
              </p>
              <p>{say(texts.setUpCode)}</p>
            </>
          ) : (
            <p>{say(texts.codeLead)}</p>
          )}
          {alert}
          <TextField
            label={say(texts.code)}
            value={code}
            onChange={setCode}
            autoComplete="one-time-code"
            inputMode={stage.step === 'set-up' ? 'numeric' : 'text'}
            spellCheck={false}
            autoCapitalize="characters"
            required
            aria-invalid={!!fieldError('code') || undefined}
            hint={fieldError('code')}
          />
          <Button type="submit" loading={busy} block>
            {say(stage.step === 'set-up' ? texts.setUpSubmit : texts.codeSubmit)}
          </Button>
          <Button
            variant="link"
            onClick={() => {
              setStage({ step: 'password' });
              setCode('');
              setMessage(null);
              setErrors({});
            }}
          >
            {say(texts.startOver)}
          </Button>
        </form>
      )}
    </main>
  );
}
