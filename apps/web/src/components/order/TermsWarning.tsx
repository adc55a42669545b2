import { messages, type Order, paymentMessages } from '@festival/contract';
import { Button } from '../ui/Button';
import { FormError } from '../ui/FormError';
import { TermsCheckbox } from '../ui/TermsCheckbox';
import { useConfig } from '../../lib/config';
import { useAcceptTerms } from './accept-terms';
import { asksForTerms } from './order-status';
import { say } from '../../lib/say';
import { orderTexts } from './order.messages';

/**
 * Spec section 4, "Terms": an order whose terms are not accepted (a box-office order) shows a
 * warning with the terms checkbox; accepting goes to the payment when the order still waits for
 * a card payment, or says thank you. It stays mounted after the acceptance, so the thank-you
 * outlives the order's accepted flag that the answer's data brings.
 */
export function TermsWarning({ order }: { order: Order }) {
  const { texts } = useConfig();
  const { ticked, setTicked, step, error, accept: acceptOrder } = useAcceptTerms();

  if ((step === 'ask' || step === 'sending') && !asksForTerms(order)) return null;

  // The accept-terms link's own signature (decision 0027); the order's `checksum` is its invoice link's.
  const accept = () => acceptOrder({ code: order.code, checksum: order.terms_checksum });

  return (
    <section className="order-section order-terms" id="order-terms-warning" aria-labelledby="order-terms-title">
      <h2 id="order-terms-title" className="order-section__title">
        {say(orderTexts.termsWarning.title)}
      </h2>
      {step === 'thanked' ? (
        <p className="alert alert--success" id="order-terms-thank-you" role="status">
          {say(messages.terms.thankYou)}
        </p>
      ) : step === 'redirecting' ? (
        <p className="alert alert--info" id="order-terms-redirecting" role="status">
          {say(paymentMessages.redirecting)}
        </p>
      ) : (
        <>
          <p className="alert alert--warning">{say(orderTexts.termsWarning.notAccepted)}</p>
          <TermsCheckbox
            id="order-terms-checkbox"
            readId="order-terms-read"
            modalId="order-terms-modal"
            modalAcceptId="order-terms-modal-accept"
            accepted={ticked}
            onChange={setTicked}
            termsHtml={texts.termsAndConditions}
          />
          <FormError id="order-terms-error" message={error} />
          <div className="button-row">
            <Button id="order-terms-accept" loading={step === 'sending'} disabled={!ticked} onClick={() => void accept()}>
              {say(messages.terms.accept)}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
