import { paymentMessages } from '@festival/contract';
import { useConfig } from '../../lib/config';
import { attemptsState } from './order-status';
import { say } from '../../lib/say';

export interface AttemptsNoticeProps {
  /** Card attempts declined so far (an order's payment_attempts, an instalment's attempt; decision 0066). */
  attempts: number;
  /** Ids of the two notices: `${idPrefix}-attempts-warning`, `${idPrefix}-max-attempts`. */
  idPrefix: string;
}

/**
 * Spec sections 4 and 9 (decision 0017): from the third attempt a warning with a contact link; at
 * the maximum, contact the card provider first (the page then offers no payment).
 */
export function AttemptsNotice({ attempts, idPrefix }: AttemptsNoticeProps) {
  const config = useConfig();
  const { warnAttempts, maxReached, nextAttempt } = attemptsState(attempts, config.maxCreditCardAttempts);
  if (maxReached) {
    return (
      <p className="alert alert--warning" id={`${idPrefix}-max-attempts`}>
        {say(paymentMessages.maxAttemptsReached)}
      </p>
    );
  }
  if (!warnAttempts) return null;
  return (
    <p className="alert alert--warning" id={`${idPrefix}-attempts-warning`}>
      {say(paymentMessages.attemptsWarning(nextAttempt, config.maxCreditCardAttempts))} <a href={`mailto:${config.contact.email}`}>{say(paymentMessages.contactUs)}</a>
    </p>
  );
}
