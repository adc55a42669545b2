import { type Order, paymentMessages } from '@festival/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Button } from '../ui/Button';
import { FormError } from '../ui/FormError';
import { errorText } from '../../lib/api-client';
import { useConfig } from '../../lib/config';
import { followPaymentInstruction } from '../../lib/payment-instruction';
import { userDataKey, useToken } from '../../lib/user-data';
import { AttemptsNotice } from './AttemptsNotice';
import { cardPaymentState } from './order-status';
import { payOrder } from './pay-order';

export interface CardPaymentProps {
  order: Order;
  /** The page waits for the provider to confirm a payment (the view says so): no new attempt meanwhile. */
  waiting: boolean;
}

/**
 * A card order still waiting for its payment (spec sections 4 and 9, decision 0017; what happened
 * to the last attempt is the order view's outcome, decision 0034): Pay now starts another attempt (pay-order) and takes the payer to the provider; from attempt 3 a
 * warning with a contact link; at the maximum no more attempts.
 */
export function CardPayment({ order, waiting }: CardPaymentProps) {
  const config = useConfig();
  const queryClient = useQueryClient();
  const token = useToken();
  const [sending, setSending] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sendingRef = useRef(false);
  const state = cardPaymentState(order, config.maxCreditCardAttempts);
  if (!state) return null;

  const pay = async () => {
    if (sendingRef.current) return;
    sendingRef.current = true;
    setSending(true);
    setError(null);
    try {
      const answer = await payOrder(queryClient, order.code);
      flushSync(() => setRedirecting(true));
      followPaymentInstruction(answer.payment);
    } catch (failure) {
      sendingRef.current = false;
      setSending(false);
      setError(errorText(failure));
      // The attempts or the order's status may have changed meanwhile.
      void queryClient.invalidateQueries({ queryKey: userDataKey(token) });
    }
  };

  return (
    <section className="order-section" id="order-payment" aria-labelledby="order-payment-title">
      <h2 id="order-payment-title" className="order-section__title">
        Payment
      </h2>
      <AttemptsNotice attempts={order.payment_attempts} idPrefix="order" />
      <FormError id="order-pay-error" message={error} />
      {redirecting ? (
        <p className="alert alert--info" id="order-redirecting" role="status">
          {paymentMessages.redirecting}
        </p>
      ) : (
        state.canPay &&
        !waiting && (
          <div className="button-row">
            <Button id="order-pay" size="lg" loading={sending} onClick={() => void pay()}>
              {paymentMessages.payNow}
            </Button>
          </div>
        )
      )}
    </section>
  );
}
