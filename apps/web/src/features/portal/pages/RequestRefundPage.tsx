import { bankDetailsError, paymentMessages, refundSelectionError, refundTotal, type Order } from '@festival/contract';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useCustomerOrder } from '../../../components/order/use-payment-wait';
import { Button } from '../../../components/ui/Button';
import { ButtonLink } from '../../../components/ui/ButtonLink';
import { Loading } from '../../../components/ui/Loading';
import { Page } from '../../../components/ui/Page';
import { useConfig } from '../../../lib/config';
import { usePageTitle } from '../../../lib/route-handle';
import { useUserData } from '../../../lib/user-data';
import { useRequestRefund } from '../api/refunds';
import { RefundConfirmStep } from '../components/RefundConfirmStep';
import { RefundDetailsStep } from '../components/RefundDetailsStep';
import { RefundProgress } from '../components/RefundProgress';
import { RefundSelectStep } from '../components/RefundSelectStep';
import { allRefundable, initialBankDetails, isSelected, refundLines, refundRequest, refundSteps, refundWaysOf, toggleLine, type RefundSelection, type RefundStep } from '../components/refund-form';
import '../../../components/order/order.css';
import { NotFoundNotice } from '../../../components/ui/NotFoundNotice';
import { APART, say, sayAround } from '../../../lib/say';
import { portalTexts } from '../portal.messages';

/**
 * /portal/orders/:order/request-refund (spec sections 4 and 5): select-products, enter-details,
 * confirm. The order comes from get-data; an order that cannot be refunded now says so.
 */
export default function RequestRefundPage() {
  const title = usePageTitle();
  const code = useParams().order ?? '';
  const { order, isPending } = useCustomerOrder(code, null);

  let content;
  if (isPending) content = <Loading />;
  else if (!order) {
    content =  <NotFoundNotice id="refund-order-not-found" message={say(paymentMessages.orderNotFound)} />;
  } else if (!order.can_refund) {
    content = (
      <div className="form-stack">
        <p id="refund-not-possible" className="alert alert--info">
          {say(portalTexts.requestRefundPage.notPossible({ code: order.code }))}
        </p>
        <div className="button-row">
          <ButtonLink to={`/portal/orders/${encodeURIComponent(order.code)}`} variant="primary">
            {say(portalTexts.requestRefundPage.backToOrderCode({ code: order.code }))}
          </ButtonLink>
        </div>
      </div>
    );
  } else content = <RefundRequestFlow key={order.code} order={order} />;

  return (
    <Page title={title} lead={say(portalTexts.requestRefundPage.lead)}>
      {content}
    </Page>
  );
}

function RefundRequestFlow({ order }: { order: Order }) {
  const config = useConfig();
  const customer = useUserData().data?.customer ?? null;
  const [step, setStep] = useState<RefundStep>(order.has_payment_plan ? (refundWaysOf(order, refundTotal(order, allRefundable(order).tickets, allRefundable(order).merchandise))?.bank === 0 ? 'confirm' : 'details') : 'select');
  // A payment-plan order skips the selection: all its refundable items are requested.
  const [selection, setSelection] = useState<RefundSelection>(() => (order.has_payment_plan ? allRefundable(order) : { tickets: [], merchandise: [] }));
  const [values, setValues] = useState(() => initialBankDetails(customer, config));
  const [error, setError] = useState<string | null>(null);
  const request = useRequestRefund({
    onFailure: (message) => {
      // Spec section 8: a refused request returns to the details step with the server's text.
      setError(message);
      setStep('details');
    },
  });

  // The new step's heading takes the focus (not on arrival: the page's own heading leads then).
  const titleRef = useRef<HTMLHeadingElement>(null);
  const firstStep = useRef(true);
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    titleRef.current?.focus();
  }, [step]);

  // Bank details only where some of the money goes by bank (decision 0060).
  const total = refundTotal(order, selection.tickets, selection.merchandise);
  const ways = refundWaysOf(order, total);
  const bankNeeded = ways === null || ways.bank > 0;
  const steps = refundSteps(order, bankNeeded);
  const lines = refundLines(order);
  const selected = lines.filter((line) => line.refundable && isSelected(line, selection));
  const index = steps.indexOf(step);

  const goTo = (next: RefundStep) => {
    setError(null);
    setStep(next);
  };
  const back = () => goTo(steps[index - 1]!);

  const nextFromSelection = () => {
    const problem = refundSelectionError(selection.tickets, selection.merchandise);
    if (problem) setError(say(problem));
    else goTo(bankNeeded ? 'details' : 'confirm');
  };
  const nextFromDetails = () => {
    const problem = refundSelectionError(selection.tickets, selection.merchandise) ?? bankDetailsError(values, { addressLines: config.addressLines, ibanCountries: config.ibanCountries });
    if (problem) setError(say(problem));
    else goTo('confirm');
  };
  const submit = () => {
    setError(null);
    void request.submit(refundRequest(order, selection, values, config, bankNeeded));
  };

  const orderPath = `/portal/orders/${encodeURIComponent(order.code)}`;
  let body;
  if (step === 'select') {
    body = <RefundSelectStep lines={lines} selection={selection} onToggle={(line, ticked) => setSelection((current) => toggleLine(current, line, ticked))} onNext={nextFromSelection} error={error} labelledBy="refund-step-title" />;
  } else if (step === 'details') {
    const backControl =
      index > 0 ? (
        <Button id="refund-back" variant="secondary" onClick={back}>
          {say(portalTexts.requestRefundPage.back)}
        </Button>
      ) : (
        <ButtonLink id="refund-back" to={orderPath}>
          {say(portalTexts.requestRefundPage.backToOrder)}
        </ButtonLink>
      );
    body = <RefundDetailsStep values={values} onChange={setValues} onNext={nextFromDetails} back={backControl} error={error} labelledBy="refund-step-title" />;
  } else {
    body = (
      <RefundConfirmStep
        lines={selected}
        total={total}
        wholeOrder={order.has_payment_plan}
        values={values}
        ways={ways}
        bankNeeded={bankNeeded}
        onNote={(note) => setValues((current) => ({ ...current, note }))}
        onBack={back}
        onSubmit={submit}
        sending={request.isPending}
        labelledBy="refund-step-title"
      />
    );
  }

  // One sentence, the order's code in it a link.
  const [beforeCode, afterCode] = sayAround(portalTexts.requestRefundPage.order({ code: APART }));
  return (
    <div className="refund-flow" id="refund-request">
      <p className="refund-flow__order">
        {beforeCode}
        <Link to={orderPath}>{order.code}</Link>
        {afterCode}
      </p>
      <RefundProgress steps={steps} current={step} titleId="refund-step-title" titleRef={titleRef} />
      {body}
    </div>
  );
}
