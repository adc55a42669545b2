import { messages, paymentMessages } from '@festival/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { AttemptsNotice } from '../../../components/order/AttemptsNotice';
import { attemptsState, paymentReturnOf, type PaymentReturn } from '../../../components/order/order-status';
import type { PaymentOutcomeKind } from '../../../components/order/payment-outcome';
import { PaymentOutcome } from '../../../components/order/PaymentOutcome';
import { useQueryWaitingForPayment } from '../../../components/order/use-payment-wait';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { ButtonLink } from '../../../components/ui/ButtonLink';
import { FormError } from '../../../components/ui/FormError';
import { Loading } from '../../../components/ui/Loading';
import { Page } from '../../../components/ui/Page';
import { TermsCheckbox } from '../../../components/ui/TermsCheckbox';
import { errorText } from '../../../lib/api-client';
import { useConfig } from '../../../lib/config';
import { instalmentLabel, instalmentLabelText, instalmentTone, isInstalmentPayable } from '../../../lib/instalment-label';
import { followPaymentInstruction } from '../../../lib/payment-instruction';
import { usePageTitle } from '../../../lib/route-handle';
import { useFormat } from '../../../lib/use-format';
import { instalmentQuery, INSTALMENT_KEY, payInstalment, type InstalmentData } from '../api/instalment';
import '../../../components/order/order.css';
import { say } from '../../../lib/say';
import { checkoutTexts } from '../checkout.messages';

const texts = checkoutTexts.instalmentPage;

/** Back from the provider with a payment: wait while the instalment is still open. */
const instalmentOpen = (data: InstalmentData) => data.payment.payment_status !== 'paid' && data.payment.payment_status !== 'cancelled';

const orderPath = (code: string) => `/portal/orders/${encodeURIComponent(code)}`;

/**
 * /payment-plan-payment/:order/:checksum/:reference (public; spec section 2, "Instalment payment
 * page"): one instalment of a payment plan, paid by card through the gateway after ticking the
 * terms. Opened from the order's schedule or a reminder, with or without a session; the provider
 * sends the payer back here with ?payment=paid|declined|cancelled. A failed load goes to the order.
 */
export default function InstalmentPage() {
  const title = usePageTitle();
  const { order: code = '', checksum = '', reference = '' } = useParams();
  const [search] = useSearchParams();
  const paymentReturn = paymentReturnOf(search);
  const navigate = useNavigate();
  const { query, isWaiting } = useQueryWaitingForPayment(instalmentQuery(code, checksum, reference), paymentReturn === 'paid' ? instalmentOpen : null);
  const failed = query.isError && query.data === undefined;

  useEffect(() => {
    // Spec section 8: a failed instalment load goes to the order.
    if (failed) void navigate(orderPath(code), { replace: true });
  }, [failed, navigate, code]);

  return (
    <Page title={title} lead={say(texts.lead)}>
      {query.data ? <Instalment data={query.data} checksum={checksum} waiting={isWaiting} paymentReturn={paymentReturn} /> : <Loading />}
    </Page>
  );
}

interface InstalmentProps {
  data: InstalmentData;
  checksum: string;
  waiting: boolean;
  paymentReturn: PaymentReturn;
}

function Instalment({ data: { order, payment }, checksum, waiting, paymentReturn }: InstalmentProps) {
  const config = useConfig();
  const format = useFormat();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [ticked, setTicked] = useState(false);
  const [sending, setSending] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sendingRef = useRef(false);

  const label = instalmentLabel(payment, order);
  const index = order.payments.findIndex((candidate) => candidate.reference === payment.reference);
  const paid = payment.payment_status === 'paid';
  const orderClosed = order.payment_status === 'cancelled' || order.payment_status === 'abandoned' || order.payment_status === 'paid';
  const { maxReached } = attemptsState(payment.attempt, config.maxCreditCardAttempts);
  const payable = !paid && !orderClosed && isInstalmentPayable(label);
  const termsMissing = error === say(messages.checkout.acceptTerms);
  // Decision 0034: the instalment's own outcome (the order's is the order page's).
  let outcome: PaymentOutcomeKind | null = null;
  if (waiting) outcome = 'processing';
  else if (paid) outcome = 'paid';
  else if (paymentReturn === 'declined' || paymentReturn === 'cancelled') outcome = paymentReturn;
  else if (paymentReturn === 'paid') outcome = 'processing';

  // A paid, ended or unpayable instalment leaves nothing to do here: the way on is the order (issue 34 point 12).
  const backToOrder = (
    <ButtonLink id="instalment-order-link" to={orderPath(order.code)} variant={paid ? 'primary' : 'secondary'}>
      {say(paymentMessages.outcome.viewOrder)}
    </ButtonLink>
  );

  const pay = async () => {
    if (sendingRef.current) return;
    // Spec section 2: the checkbox must be ticked.
    if (!ticked) {
      setError(say(messages.checkout.acceptTerms));
      return;
    }
    sendingRef.current = true;
    setSending(true);
    setError(null);
    try {
      const instruction = await payInstalment(order.code, checksum, payment.reference);
      if (instruction) {
        flushSync(() => setRedirecting(true));
        followPaymentInstruction(instruction);
      } else {
        // Spec section 7: without a payment to make, the payer returns to the order.
        void navigate(orderPath(order.code));
      }
    } catch (failure) {
      sendingRef.current = false;
      setSending(false);
      setError(errorText(failure));
      // The attempts or the instalment's status may have changed meanwhile.
      void queryClient.invalidateQueries({ queryKey: [INSTALMENT_KEY] });
    }
  };

  return (
    <div className="order-view">
      <dl className="order-facts" id="instalment-facts">
        <div>
          <dt>{say(texts.orderCode)}</dt>
          <dd id="instalment-order-code">{order.code}</dd>
        </div>
        <div>
          <dt>{say(texts.instalment)}</dt>
          <dd id="instalment-number">{index >= 0 ? say(texts.position({ number: index + 1, count: order.payments.length })) : payment.reference}</dd>
        </div>
        <div>
          <dt>{say(texts.dueDate)}</dt>
          <dd id="instalment-due">{format.date(payment.due_at, null, 'date')}</dd>
        </div>
        <div>
          <dt>{say(paid ? texts.amountPaid : texts.amountToPay)}</dt>
          <dd id="instalment-amount">{format.money(paid ? payment.paid_amount : Math.max(0, payment.amount - payment.paid_amount))}</dd>
        </div>
        <div>
          <dt>{say(texts.status)}</dt>
          <dd>
            <Badge id="instalment-status" tone={instalmentTone(label)}>
              {instalmentLabelText(label, config)}
            </Badge>
          </dd>
        </div>
      </dl>
      {outcome && (
        <PaymentOutcome kind={outcome} idPrefix="instalment" copy={outcome === 'paid' ? paymentMessages.outcome.instalmentPaid : undefined} next={outcome === 'paid' ? backToOrder : undefined} />
      )}
      {!paid && !payable && !waiting && (
        <>
          <p className="alert alert--warning" id="instalment-not-payable">
            {say(paymentMessages.notPayable)}
          </p>
          <div className="button-row">{backToOrder}</div>
        </>
      )}
      {payable && !waiting && (
        <section className="order-section" aria-labelledby="instalment-pay-title">
          <h2 id="instalment-pay-title" className="order-section__title">
            {say(texts.paymentTitle)}
          </h2>
          {!redirecting && <AttemptsNotice attempts={payment.attempt} idPrefix="instalment" />}
          {redirecting ? (
            <p className="alert alert--info" id="instalment-redirecting" role="status">
              {say(paymentMessages.redirecting)}
            </p>
          ) : (
            !maxReached && (
              <>
                <TermsCheckbox
                  id="instalment-terms"
                  readId="instalment-terms-read"
                  modalId="instalment-terms-modal"
                  modalAcceptId="instalment-terms-modal-accept"
                  accepted={ticked}
                  onChange={(accepted) => {
                    setTicked(accepted);
                    if (accepted && termsMissing) setError(null);
                  }}
                  termsHtml={config.texts.termsAndConditions}
                  describedBy={termsMissing ? 'instalment-error' : undefined}
                />
                <FormError id="instalment-error" message={error} />
                <div className="button-row">
                  <Button id="instalment-pay" size="lg" loading={sending} onClick={() => void pay()}>
                    {say(messages.instalment.makePayment)}
                  </Button>
                </div>
              </>
            )
          )}
        </section>
      )}
    </div>
  );
}
