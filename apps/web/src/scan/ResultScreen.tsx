import type { ScanResult, StaffApiAnswer } from '@festival/contract';
import { useEffect, useRef } from 'react';
import { say } from '../lib/say';
import type { Feedback } from './feedback';
import { scanTexts } from './scan.messages';

/** How long a result stays before the next scan (a tap dismisses it sooner). */
export const RESULT_MS = 2_500;

/** Which way a result goes: let through (blue, ✓), stopped (orange, ✕), or look again (orange and black, !). Never colour alone: the symbol and the word say it too. */
export function resultKind(result: ScanResult): Feedback {
  if (result === 'admit' || result === 'exit') return 'pass';
  if (result === 'already-in' || result === 'not-inside') return 'warn';
  return 'refuse';
}
const SYMBOL: Record<Feedback, string> = { pass: '✓', refuse: '✕', warn: '!' };

/** The full-screen answer to one scan: symbol, the scannerMessages text, the holder. */
export function ResultScreen(props: { answer: StaffApiAnswer<'scan'>; offline: boolean; onDone: () => void }) {
  const { answer, onDone } = props;
  const kind = resultKind(answer.result);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // The screen behind neither scrolls nor shows: the result is all there is.
    document.documentElement.classList.add('scan-locked');
    return () => document.documentElement.classList.remove('scan-locked');
  }, []);
  useEffect(() => {
    button.current?.focus();
    const timer = setTimeout(onDone, RESULT_MS);
    return () => clearTimeout(timer);
  }, [answer, onDone]);
  return (
    <div className={`scan-result scan-result-${kind}`} role="alert" data-testid="scan-result" data-result={answer.result}>
      <div className="scan-result-body">
        <span className="scan-result-symbol" aria-hidden="true">
          {SYMBOL[kind]}
        </span>
        <p className="scan-result-message" data-testid="scan-result-message">
          {answer.message}
        </p>
        {answer.ticket && (
          <dl className="scan-result-ticket">
            {answer.ticket.holder && (
              <div>
                <dt>{say(scanTexts.result.holder)}</dt>
                <dd>{answer.ticket.holder}</dd>
              </div>
            )}
            {answer.ticket.age && (
              <div>
                <dt>{say(scanTexts.result.age)}</dt>
                <dd>{answer.ticket.age}</dd>
              </div>
            )}
            {answer.ticket.product && (
              <div>
                <dt>{say(scanTexts.result.product)}</dt>
                <dd>{answer.ticket.product}</dd>
              </div>
            )}
          </dl>
        )}
        {props.offline && <p className="scan-result-note">{say(scanTexts.result.offline)}</p>}
      </div>
      <button ref={button} type="button" className="scan-result-dismiss" onClick={onDone}>
        <span>{say(scanTexts.result.tapToContinue)}</span>
      </button>
    </div>
  );
}
