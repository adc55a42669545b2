import { scannerTexts, type StaffApiAnswer } from '@festival/contract';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { isSignedOut, NetworkError, staffCall } from './api';
import { createRepeatFilter, useQrCamera } from './camera';
import { signal } from './feedback';
import { dataAge } from './offline/age';
import { useOfflineGate } from './offline/use-offline';
import { ResultScreen, resultKind } from './ResultScreen';
import type { ScanChoice } from './storage';

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
  const [notice, setNotice] = useState<string | null>(null);
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
          if (!(error instanceof NetworkError)) return setNotice(error instanceof Error ? error.message : scannerTexts.errors.server);
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
    if (!code.trim()) return setNotice(scannerTexts.scan.manualHint);
    void judge(code, true);
  };

  const age = offline.dataFrom ? dataAge(offline.dataFrom.cursor, new Date(now), offline.dataFrom.timeZone) : null;
  const cameraText = camera === 'unavailable' ? scannerTexts.scan.cameraDenied : camera === 'on' ? scannerTexts.scan.cameraHint : camera === 'off' ? scannerTexts.scan.cameraOff : '';

  return (
    <>
      <header className="scan-bar">
        <span className="scan-bar-title">{scannerTexts.appName}</span>
        {props.scanner && <span className="scan-bar-who">{scannerTexts.scan.signedInAs(props.scanner)}</span>}
      </header>
      <main className="scan-main" inert={result ? true : undefined}>
        <h1 className="scan-where">
          {list.name} <span className="scan-where-gate">· {gate}</span>
        </h1>
        <p className={`scan-status ${offline.online ? 'scan-status-online' : 'scan-status-offline'}`} data-testid="scan-status">
          <strong>{offline.online ? scannerTexts.status.online : scannerTexts.status.offline}</strong>
          <span>{age ? scannerTexts.status.dataFrom(age.time, age.minutes) : scannerTexts.status.noData}</span>
          {offline.queued > 0 && <span data-testid="scan-queued">{scannerTexts.status.queued(offline.queued)}</span>}
        </p>
        <dl className="scan-counts">
          <div>
            <dt>{scannerTexts.scan.admitted}</dt>
            <dd data-testid="count-admitted">{offline.counts.admitted}</dd>
          </div>
          <div>
            <dt>{scannerTexts.scan.inside}</dt>
            <dd data-testid="count-inside">{offline.counts.inside}</dd>
          </div>
        </dl>
        {list.entry === 'alternating' && (
          <div className="scan-toggle" role="group" aria-label={scannerTexts.scan.direction}>
            {(['in', 'out'] as const).map((way) => (
              <button key={way} type="button" className="scan-button" aria-pressed={direction === way} onClick={() => props.onChoiceChange({ ...choice, direction: way })}>
                {way === 'in' ? scannerTexts.scan.entry : scannerTexts.scan.exit}
              </button>
            ))}
          </div>
        )}
        <section className="scan-camera" aria-labelledby={`${id}-camera`}>
          <h2 id={`${id}-camera`} className="scan-visually-hidden">
            {scannerTexts.scan.camera}
          </h2>
          <div className="scan-viewfinder" hidden={camera !== 'on' && camera !== 'starting'}>
            <video ref={video} muted playsInline aria-hidden="true" />
            <div className="scan-frame" aria-hidden="true" />
          </div>
          {cameraText && <p className="scan-camera-text">{cameraText}</p>}
          <button type="button" className="scan-button scan-secondary" onClick={() => setCameraOn((on) => !on)}>
            {cameraOn && camera !== 'unavailable' ? scannerTexts.scan.cameraStop : scannerTexts.scan.cameraStart}
          </button>
        </section>
        <form className="scan-manual" onSubmit={submit} noValidate>
          <label htmlFor={`${id}-code`} className="scan-label">
            {scannerTexts.scan.manual}
          </label>
          <p id={`${id}-hint`} className="scan-hint">
            {scannerTexts.scan.manualHint}
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
            {scannerTexts.scan.check}
          </button>
          {notice && (
            <p id={`${id}-notice`} className="scan-error" role="alert">
              {notice}
            </p>
          )}
        </form>
        <div className="scan-actions">
          <button
            type="button"
            className="scan-button scan-secondary"
            onClick={() =>
              void props.onChange().then((changed) => {
                if (!changed) setNotice(scannerTexts.errors.network);
              })
            }
          >
            {scannerTexts.scan.change}
          </button>
          <button type="button" className="scan-button scan-secondary" onClick={props.onSignOut}>
            {scannerTexts.scan.signOut}
          </button>
        </div>
      </main>
      {result && <ResultScreen answer={result.answer} offline={result.offline} onDone={dismiss} />}
    </>
  );
}
