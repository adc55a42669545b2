import type { Shown } from '@festival/contract';
import { useCallback, useEffect, useState } from 'react';
import { useLanguage } from '../lib/language';
import { say } from '../lib/say';
import { isSignedOut, NetworkError, staffCall } from './api';
import { ChooseScreen } from './ChooseScreen';
import { scanTexts } from './scan.messages';
import { ScanScreen } from './ScanScreen';
import { SignInScreen } from './SignInScreen';
import { KEYS, readJson, writeJson, type ListSummary, type ScanChoice } from './storage';

type Phase = { name: 'loading' } | { name: 'signin'; notice: Shown | null } | { name: 'choose' } | { name: 'scan'; choice: ScanChoice };

/**
 * The gate scanner (issue 21): sign in with a scanner code, choose list and gate, scan. A device
 * that was set up opens on its scan screen even with no network (it judges offline).
 */
export function ScanApp() {
  // A switch of language draws the screens again in it (their texts are said as they are drawn),
  // keeping where the gate is: the chosen list, the camera, the scan on screen.
  useLanguage();
  const [phase, setPhase] = useState<Phase>({ name: 'loading' });
  const [scanner, setScanner] = useState<string | null>(() => readJson<string>(KEYS.scanner));
  const [lists, setLists] = useState<ListSummary[]>([]);

  const signedOut = useCallback((notice: Shown | null = null) => {
    writeJson(KEYS.scanner, null);
    setScanner(null);
    setPhase({ name: 'signin', notice });
  }, []);

  const load = useCallback(async (afterSignIn = false) => {
    try {
      const answer = await staffCall('checkin-lists', {}, { timeoutMs: 5_000 });
      writeJson(KEYS.scanner, answer.scanner.name);
      setScanner(answer.scanner.name);
      setLists(answer.lists);
      const choice = readJson<ScanChoice>(KEYS.choice);
      const list = choice ? answer.lists.find((entry) => entry.code === choice.list.code) : undefined;
      if (choice && list && (!list.gates.length || list.gates.includes(choice.gate))) setPhase({ name: 'scan', choice: { ...choice, list } });
      else setPhase({ name: 'choose' });
    } catch (error) {
      // Just signed in and already signed out: the browser kept no session cookie.
      if (isSignedOut(error)) return signedOut(afterSignIn ? scanTexts.signIn.notKept : null);
      const choice = readJson<ScanChoice>(KEYS.choice);
      // No network: a device already set up scans on with what it knows.
      if (error instanceof NetworkError && choice && readJson<string>(KEYS.scanner)) return setPhase({ name: 'scan', choice });
      setPhase({ name: 'signin', notice: error instanceof Error ? error.message : scanTexts.errors.server });
    }
  }, [signedOut]);

  useEffect(() => {
    const first = setTimeout(() => void load(), 0);
    return () => clearTimeout(first);
  }, [load]);

  // Each screen starts at its top (the list of lists may have been scrolled to its button).
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [phase.name]);

  /** Back to choosing list and gate, with the lists as the shop has them now; false when it cannot be reached (the gate keeps scanning). */
  const change = useCallback(async (): Promise<boolean> => {
    try {
      const answer = await staffCall('checkin-lists', {}, { timeoutMs: 5_000 });
      setLists(answer.lists);
      setPhase({ name: 'choose' });
      return true;
    } catch (error) {
      if (isSignedOut(error)) signedOut();
      return false;
    }
  }, [signedOut]);

  const signOut = useCallback(async () => {
    try {
      await staffCall('scanner-logout', {}, { timeoutMs: 5_000 });
    } catch {
      // Offline: the cookie is dropped on the next sign-in; the device forgets its choice now.
    }
    writeJson(KEYS.choice, null);
    signedOut();
  }, [signedOut]);

  switch (phase.name) {
    case 'loading':
      return (
        <main className="scan-main scan-centre" aria-busy="true">
          <h1>{say(scanTexts.appName)}</h1>
        </main>
      );
    case 'signin':
      return <SignInScreen notice={phase.notice} onSignedIn={() => load(true)} />;
    case 'choose':
      return (
        <ChooseScreen
          scanner={scanner}
          lists={lists}
          initial={readJson<ScanChoice>(KEYS.choice)}
          onChoose={(choice) => {
            writeJson(KEYS.choice, choice);
            setPhase({ name: 'scan', choice });
          }}
          onSignOut={() => void signOut()}
        />
      );
    case 'scan':
      return (
        <ScanScreen
          scanner={scanner}
          choice={phase.choice}
          onChoiceChange={(choice) => {
            writeJson(KEYS.choice, choice);
            setPhase({ name: 'scan', choice });
          }}
          onChange={change}
          onSignedOut={() => signedOut(null)}
          onSignOut={() => void signOut()}
        />
      );
  }
}
