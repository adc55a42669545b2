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
import { payByTransfer, payOrder } from './pay-order';
import { say } from '../../lib/say';
import { orderTexts } from './order.messages';

export interface CardPaymentProps {
  order: Order;
  /** The page waits for the provider to confirm a payment (the view says so): no new attempt meanwhile. */
  waiting: boolean;
}

/**
 * A card order still waiting for its payment (spec sections 4 and 9, decision 0017; what happened
 * to the last attempt is the order view's outcome, decision 0034): Pay now starts another attempt
 * (pay-order) and takes the payer to the provider; from attempt 3 a warning with a contact link; at
 * the maximum no more card attempts. Where the shop takes transfers for the order (decision 0066)
 * the customer may pay by bank transfer instead, at any time and as the way out at the maximum;
 * otherwise the maximum offers the contact link. Every line says only what the page offers.
 */
export function CardPayment({ order, waiting }: CardPaymentProps) {
  const config = useConfig();
  const queryClient = useQueryClient();
  const token = useToken();
  const [sending, setSending] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [turning, setTurning] = useState(false);
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

  const turnToTransfer = async () => {
    if (sendingRef.current) return;
    sendingRef.current = true;
    setTurning(true);
    setError(null);
    try {
      // The answer's data shows the order awaiting the transfer: this section gives way to the bank details.
      await payByTransfer(queryClient, order.code);
    } catch (failure) {
      setError(errorText(failure));
      void queryClient.invalidateQueries({ queryKey: userDataKey(token) });
    } finally {
      sendingRef.current = false;
      setTurning(false);
    }
  };
  const transfer = order.can_pay_by_transfer && !waiting && !redirecting;

  return (
    <section className="order-section" id="order-payment" aria-labelledby="order-payment-title">
      <h2 id="order-payment-title" className="order-section__title">
        {say(orderTexts.cardPayment.title)}
      </h2>
      <AttemptsNotice attempts={order.payment_attempts} idPrefix="order" />
      {state.maxReached && (
        <p id="order-max-attempts-next">
          {order.can_pay_by_transfer ? (
            say(paymentMessages.maxAttemptsTransfer)
          ) : (
            <>
              {say(paymentMessages.maxAttemptsNoWayOut)} <a href={`mailto:${config.contact.email}`}>{say(paymentMessages.contactUs)}</a>
            </>
          )}
        </p>
      )}
      <FormError id="order-pay-error" message={error} />
      {redirecting ? (
        <p className="alert alert--info" id="order-redirecting" role="status">
          {say(paymentMessages.redirecting)}
        </p>
      ) : (
        ((state.canPay && !waiting) || transfer) && (
          <div className="button-row">
            {state.canPay && !waiting && (
              <Button id="order-pay" size="lg" loading={sending} disabled={turning} onClick={() => void pay()}>
                {say(paymentMessages.payNow)}
              </Button>
            )}
            {transfer && (
              <Button
                id="order-pay-by-transfer"
                variant={state.canPay ? 'secondary' : 'primary'}
                size="lg"
                loading={turning}
                disabled={sending}
                aria-describedby="order-pay-by-transfer-hint"
                onClick={() => void turnToTransfer()}
              >
                {say(paymentMessages.payByTransfer)}
              </Button>
            )}
          </div>
        )
      )}
      {transfer && !redirecting && (
        <p id="order-pay-by-transfer-hint" className="field__hint">
          {say(paymentMessages.payByTransferHint)}
        </p>
      )}
    </section>
  );
}
