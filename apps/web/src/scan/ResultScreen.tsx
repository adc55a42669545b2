import type { ScanResult, StaffApiAnswer } from '@festival/contract';
import { useEffect, useRef } from 'react';
import { say } from '../lib/say';
import type { Feedback } from './feedback';
import { scanTexts } from './scan.messages';

/** How long a result stays before the next scan (a tap dismisses it sooner). */
export const RESULT_MS = 2_500;
/** How long a result with answers to read stays (decision 0106: the organiser's questions for the gate). */
export const RESULT_WITH_ANSWERS_MS = 6_000;

/** Which way a result goes: let through (blue, ✓), stopped (orange, ✕), or look again (orange and black, !). Never colour alone: the symbol and the word say it too. */
export function resultKind(result: ScanResult): Feedback {
  if (result === 'admit' || result === 'exit') return 'pass';
  if (result === 'already-in' || result === 'not-inside') return 'warn';
  return 'refuse';
}
const SYMBOL: Record<Feedback, string> = { pass: '✓', refuse: '✕', warn: '!' };

/** The full-screen answer to one scan: symbol, the scannerMessages text, the holder, the ticket's answers for the gate. */
export function ResultScreen(props: { answer: StaffApiAnswer<'scan'>; offline: boolean; onDone: () => void }) {
  const { answer, onDone } = props;
  const kind = resultKind(answer.result);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // The screen behind neither scrolls nor shows: the result is all there is.
    document.documentElement.classList.add('scan-locked');
    return () => document.documentElement.classList.remove('scan-locked');
  }, []);
  const answers = answer.ticket?.answers ?? [];
  useEffect(() => {
    button.current?.focus();
    const timer = setTimeout(onDone, answer.ticket?.answers?.length ? RESULT_WITH_ANSWERS_MS : RESULT_MS);
    return () => clearTimeout(timer);
  }, [answer, onDone]);
  return (
    <div className={`scan-result scan-result-${kind}${answers.length ? ' scan-result-with-answers' : ''}`} role="alert" data-testid="scan-result" data-result={answer.result}>
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
        {answers.length > 0 && (
          // The answers to the organiser's questions for the gate, as the shop worded them: the question, then the answer.
          <dl className="scan-result-answers" data-testid="scan-result-answers">
            {answers.map((entry, index) => (
              <div key={index}>
                <dt>{entry.question}</dt>
                <dd>{entry.answer}</dd>
              </div>
            ))}
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
