import { paymentMessages, type Shown } from '@festival/contract';
import type { ReactNode } from 'react';
import { useConfig } from '../../lib/config';
import { outcomeOffersContact, outcomeTone, type PaymentOutcomeKind } from './payment-outcome';
import { say } from '../../lib/say';

export interface PaymentOutcomeProps {
  kind: PaymentOutcomeKind;
  /** Prefix of the ids: `${idPrefix}-outcome`, its title, and its text (`-paid`, `-awaiting`, `-payment-failed`, `-outcome-text`). */
  idPrefix: string;
  /** The outcome's own heading (h2); false where the page's h1 already says it. */
  showHeading?: boolean;
  /** Another heading and text for the same kind (an instalment rather than the order). */
  copy?: { heading: Shown; text: Shown };
  /** The next step: a link or a note (the payment button and the bank details follow the outcome on the page). */
  next?: ReactNode;
  /** The card attempts are used up (decision 0066): a declined payment then offers no "try again". */
  attemptsUsedUp?: boolean;
}

/** The heading of an outcome, for a page whose h1 is the outcome. */
export function outcomeHeading(kind: PaymentOutcomeKind): string {
  return say(paymentMessages.outcome[kind].heading);
}

function textId(kind: PaymentOutcomeKind, idPrefix: string): string {
  if (kind === 'paid') return `${idPrefix}-paid`;
  if (kind === 'processing') return `${idPrefix}-awaiting`;
  if (kind === 'declined' || kind === 'cancelled') return `${idPrefix}-payment-failed`;
  return `${idPrefix}-outcome-text`;
}

/**
 * What happened to the payment and what comes next (decision 0034): a heading of its own per
 * outcome, the text, the next step, and for a failed or ended payment a way to contact the shop.
 * The text is a live region, so a page waiting for the provider announces the change.
 */
export function PaymentOutcome({ kind, idPrefix, showHeading = true, copy, next, attemptsUsedUp = false }: PaymentOutcomeProps) {
  const config = useConfig();
  const { heading, text } = copy ?? (kind === 'declined' && attemptsUsedUp ? paymentMessages.outcome.declinedLast : paymentMessages.outcome[kind]);
  const titleId = `${idPrefix}-outcome-title`;
  return (
    <section
      className={`payment-outcome alert alert--${outcomeTone(kind)}`}
      id={`${idPrefix}-outcome`}
      data-outcome={kind}
      aria-labelledby={showHeading ? titleId : undefined}
    >
      {showHeading && (
        <h2 id={titleId} className="payment-outcome__title">
          {say(heading)}
        </h2>
      )}
      <p id={textId(kind, idPrefix)} role="status">
        {say(text)}
      </p>
      {next && <div className="payment-outcome__next">{next}</div>}
      {outcomeOffersContact(kind) && (
        <p className="payment-outcome__contact">
          {say(paymentMessages.outcome.questions)}{' '}
          <a id={`${idPrefix}-outcome-contact`} href={`mailto:${config.contact.email}`}>
            {say(paymentMessages.contactUs)}
          </a>
        </p>
      )}
    </section>
  );
}
