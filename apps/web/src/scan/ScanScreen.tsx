import type { Shown, StaffApiAnswer, Text } from '@festival/contract';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { say } from '../lib/say';
import { isSignedOut, NetworkError, staffCall } from './api';
import { createRepeatFilter, useQrCamera } from './camera';
import { signal } from './feedback';
import { dataAge } from './offline/age';
import { useOfflineGate } from './offline/use-offline';
import { ResultScreen, resultKind } from './ResultScreen';
import { scanTexts } from './scan.messages';
import type { ScanChoice } from './storage';
import LanguageSwitcher from '../components/ui/LanguageSwitcher';
import { offeredLanguages } from '../lib/language';

type ScanAnswer = StaffApiAnswer<'scan'>;

/** An online scan waits this long for the shop before the device judges it offline. */
export const ONLINE_SCAN_MS = 1_500;

/**
 * The gate: the camera and a field for a typed code, the entry/exit toggle of an alternating
 * list, the list's figures and how fresh the device's data is. Each scan asks the shop; without
 * an answer in ONLINE_SCAN_MS the device judges it with its synced data and queues it.
 */
export function ScanScreen(props: {
  scanner: string | null;
  choice: ScanChoice;
  onChoiceChange: (choice: ScanChoice) => void;
  onChange: () => Promise<boolean>;
  onSignedOut: () => void;
  onSignOut: () => void;
}) {
  const { choice, onSignedOut } = props;
  const { list, gate } = choice;
  const direction = list.entry === 'alternating' ? choice.direction : 'in';
  const offline = useOfflineGate(list.code, { admitted: list.admitted, inside: list.inside }, onSignedOut);
  const [result, setResult] = useState<{ answer: ScanAnswer; offline: boolean; manual: boolean } | null>(null);
  const [notice, setNotice] = useState<Shown | null>(null);
  const [code, setCode] = useState('');
  const [cameraOn, setCameraOn] = useState(true);
  const [now, setNow] = useState(() => Date.now());
  const busy = useRef(false);
  const showing = useRef(false);
  const repeat = useRef(createRepeatFilter());
  const video = useRef<HTMLVideoElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  // The gate's latest functions, for a judgement started before a re-render.
  const latest = useRef(offline);
  useEffect(() => {
    latest.current = offline;
  });

  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(tick);
  }, []);

  const judge = useCallback(
    async (text: string, manual: boolean) => {
      if (busy.current || showing.current) return;
      busy.current = true;
      try {
        let answer: ScanAnswer;
        let judgedOffline = false;
        try {
          answer = await staffCall('scan', { list: list.code, gate, text, direction }, { timeoutMs: ONLINE_SCAN_MS });
          latest.current.setOnline(true);
          void latest.current.refreshCounts();
        } catch (error) {
          if (isSignedOut(error)) return onSignedOut();
          if (!(error instanceof NetworkError)) return setNotice(error instanceof Error ? error.message : scanTexts.errors.server);
          const verdict = await latest.current.judge(text, direction, gate);
          if ('message' in verdict) return setNotice(verdict.message);
          answer = verdict.answer;
          judgedOffline = true;
        }
        setNotice(null);
        if (manual) setCode('');
        showing.current = true;
        setResult({ answer, offline: judgedOffline, manual });
        signal(resultKind(answer.result));
      } finally {
        busy.current = false;
      }
    },
    [direction, gate, list.code, onSignedOut],
  );

  const onCameraText = useCallback(
    (text: string) => {
      if (!repeat.current(text, Date.now())) return;
      void judge(text, false);
    },
    [judge],
  );
  const camera = useQrCamera(video, cameraOn, onCameraText);

  const dismiss = useCallback(() => {
    showing.current = false;
    setResult(null);
  }, []);
  // After a typed code, the field is ready for the next one (after a camera scan, no keyboard pops up).
  const lastManual = useRef(false);
  useEffect(() => {
    if (result) lastManual.current = result.manual;
    else if (lastManual.current) input.current?.focus();
  }, [result]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setNotice(scanTexts.scan.manualHint);
    void judge(code, true);
  };

  const age = offline.dataFrom ? dataAge(offline.dataFrom.cursor, new Date(now), offline.dataFrom.timeZone) : null;
  const cameraText: Text | null = camera === 'unavailable' ? scanTexts.scan.cameraDenied : camera === 'on' ? scanTexts.scan.cameraHint : camera === 'off' ? scanTexts.scan.cameraOff : null;

  return (
    <>
      <header className="scan-bar">
        <span className="scan-bar-title">{say(scanTexts.appName)}</span>
        {props.scanner && <span className="scan-bar-who">{say(scanTexts.scan.signedInAs({ name: props.scanner }))}</span>}
        {offeredLanguages().length > 1 && <LanguageSwitcher />}
      </header>
      <main className="scan-main" inert={result ? true : undefined}>
        <h1 className="scan-where">
          {list.name} <span className="scan-where-gate">· {gate}</span>
        </h1>
        <p className={`scan-status ${offline.online ? 'scan-status-online' : 'scan-status-offline'}`} data-testid="scan-status">
          <strong>{say(offline.online ? scanTexts.status.online : scanTexts.status.offline)}</strong>
          <span>{say(age ? scanTexts.status.dataFrom({ time: age.time, minutes: age.minutes }) : scanTexts.status.noData)}</span>
          {offline.queued > 0 && <span data-testid="scan-queued">{say(scanTexts.status.queued({ count: offline.queued }))}</span>}
        </p>
        <dl className="scan-counts">
          <div>
            <dt>{say(scanTexts.scan.admitted)}</dt>
            <dd data-testid="count-admitted">{offline.counts.admitted}</dd>
          </div>
          <div>
            <dt>{say(scanTexts.scan.inside)}</dt>
            <dd data-testid="count-inside">{offline.counts.inside}</dd>
          </div>
        </dl>
        {list.entry === 'alternating' && (
          <div className="scan-toggle" role="group" aria-label={say(scanTexts.scan.direction)}>
            {(['in', 'out'] as const).map((way) => (
              <button key={way} type="button" className="scan-button" aria-pressed={direction === way} onClick={() => props.onChoiceChange({ ...choice, direction: way })}>
                {say(way === 'in' ? scanTexts.scan.entry : scanTexts.scan.exit)}
              </button>
            ))}
          </div>
        )}
        <section className="scan-camera" aria-labelledby={`${id}-camera`}>
          <h2 id={`${id}-camera`} className="scan-visually-hidden">
            {say(scanTexts.scan.camera)}
          </h2>
          <div className="scan-viewfinder" hidden={camera !== 'on' && camera !== 'starting'}>
            <video ref={video} muted playsInline aria-hidden="true" />
            <div className="scan-frame" aria-hidden="true" />
          </div>
          {cameraText && <p className="scan-camera-text">{say(cameraText)}</p>}
          <button type="button" className="scan-button scan-secondary" onClick={() => setCameraOn((on) => !on)}>
            {say(cameraOn && camera !== 'unavailable' ? scanTexts.scan.cameraStop : scanTexts.scan.cameraStart)}
          </button>
        </section>
        <form className="scan-manual" onSubmit={submit} noValidate>
          <label htmlFor={`${id}-code`} className="scan-label">
            {say(scanTexts.scan.manual)}
          </label>
          <p id={`${id}-hint`} className="scan-hint">
            {say(scanTexts.scan.manualHint)}
          </p>
          <input
            ref={input}
            id={`${id}-code`}
            name="ticket"
            className="scan-input"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-describedby={notice ? `${id}-hint ${id}-notice` : `${id}-hint`}
          />
          <button type="submit" className="scan-button scan-primary">
            {say(scanTexts.scan.check)}
          </button>
          {notice && (
            <p id={`${id}-notice`} className="scan-error" role="alert">
              {say(notice)}
            </p>
          )}
        </form>
        <div className="scan-actions">
          <button
            type="button"
            className="scan-button scan-secondary"
            onClick={() =>
              void props.onChange().then((changed) => {
                if (!changed) setNotice(scanTexts.errors.network);
              })
            }
          >
            {say(scanTexts.scan.change)}
          </button>
          <button type="button" className="scan-button scan-secondary" onClick={props.onSignOut}>
            {say(scanTexts.scan.signOut)}
          </button>
        </div>
      </main>
      {result && <ResultScreen answer={result.answer} offline={result.offline} onDone={dismiss} />}
    </>
  );
}
