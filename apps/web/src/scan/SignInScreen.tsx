import type { Shown } from '@festival/contract';
import { useId, useState, type FormEvent } from 'react';
import { say } from '../lib/say';
import { staffCall, StaffApiError } from './api';
import { unlockSound } from './feedback';
import { scanTexts } from './scan.messages';
import LanguageSwitcher from '../components/ui/LanguageSwitcher';
import { offeredLanguages } from '../lib/language';

/** Staff type the scanner code the organiser gave them; the shop's refusal is shown as it says it. */
export function SignInScreen(props: { notice: Shown | null; onSignedIn: () => Promise<void> }) {
  // A scanner opened over plain http would sign in and then know nothing of it (issue 34).
  const insecure = typeof window !== 'undefined' && window.isSecureContext === false;
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Shown | null>(null);
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    unlockSound();
    setBusy(true);
    setError(null);
    try {
      await staffCall('scanner-login', { code }, { timeoutMs: 10_000 });
      // Answered when the shop was asked what it knows of this device; if it is back at this screen, it may try again.
      await props.onSignedIn();
      setBusy(false);
    } catch (failure) {
      const fieldError = failure instanceof StaffApiError ? failure.errors.code?.[0] : undefined;
      setError(fieldError ?? (failure instanceof Error ? failure.message : scanTexts.errors.server));
      setBusy(false);
    }
  };

  const message = insecure ? scanTexts.signIn.insecure : (error ?? props.notice);
  return (
    <>
      <header className="scan-bar">
        <span className="scan-bar-title">{say(scanTexts.appName)}</span>
        {offeredLanguages().length > 1 && <LanguageSwitcher />}
      </header>
      <main className="scan-main scan-narrow">
        <h1>{say(scanTexts.signIn.title)}</h1>
        <p>{say(scanTexts.signIn.lead)}</p>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <label htmlFor={`${id}-code`} className="scan-label">
            {say(scanTexts.signIn.code)}
          </label>
          <input
            id={`${id}-code`}
            name="code"
            className="scan-input scan-code-input"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={message ? `${id}-error` : undefined}
          />
          {message && (
            <p id={`${id}-error`} className="scan-error" role="alert">
              {say(message)}
            </p>
          )}
          <button type="submit" className="scan-button scan-primary" disabled={busy || insecure}>
            {say(busy ? scanTexts.signIn.busy : scanTexts.signIn.submit)}
          </button>
        </form>
      </main>
    </>
  );
}
