import type { Ref } from 'react';
import { say } from '../../../lib/say';
import { portalTexts } from '../portal.messages';
import { REFUND_STEP_TITLES, type RefundStep } from './refund-form';
import './refund.css';

export interface RefundProgressProps {
  steps: readonly RefundStep[];
  current: RefundStep;
  /** The id of the step's heading (the current step's form is named by it). */
  titleId: string;
  /** The heading takes the focus when the step changes, so screen readers announce it. */
  titleRef: Ref<HTMLHeadingElement>;
}

/** The steps of the request as a list (the current one marked) and the current step's heading, "Step 2 of 3: …". */
export function RefundProgress({ steps, current, titleId, titleRef }: RefundProgressProps) {
  const index = steps.indexOf(current);
  return (
    <div className="refund-progress">
      <ol className="refund-progress__steps" aria-label={say(portalTexts.refundProgress.steps)}>
        {steps.map((step, at) => (
          <li
            key={step}
            className={['refund-progress__step', at === index ? 'refund-progress__step--current' : '', at < index ? 'refund-progress__step--done' : ''].filter(Boolean).join(' ')}
            aria-current={at === index ? 'step' : undefined}
          >
            <span className="refund-progress__number" aria-hidden="true">
              {at + 1}
            </span>
            {say(REFUND_STEP_TITLES[step])}
          </li>
        ))}
      </ol>
      <h2 id={titleId} className="screen-title" tabIndex={-1} ref={titleRef}>
        <span id="refund-step-count" className="refund-progress__count">
          {say(portalTexts.refundProgress.stepCount({ step: index + 1, count: steps.length }))}
        </span>{' '}
        {say(REFUND_STEP_TITLES[current])}
      </h2>
    </div>
  );
}
