import { messages, type Order, paymentMessages } from '@festival/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useAcceptTerms } from '../../../components/order/accept-terms';
import { AttemptsNotice } from '../../../components/order/AttemptsNotice';
import { BankTransferDetails } from '../../../components/order/BankTransferDetails';
import { asksForTerms, attemptsState, awaitsCardPayment, isAwaitingBankTransfer, isCardPaymentPending, orderItemsHidden, orderStatusNote, orderStatusText, paymentReturnOf } from '../../../components/order/order-status';
import { paymentOutcomeOf } from '../../../components/order/payment-outcome';
import { PaymentOutcome } from '../../../components/order/PaymentOutcome';
import { useQueryWaitingForPayment } from '../../../components/order/use-payment-wait';
import { Button } from '../../../components/ui/Button';
import { DataTable, type DataTableColumn, type DataTableSummaryRow } from '../../../components/ui/DataTable';
import { FormError } from '../../../components/ui/FormError';
import { Loading } from '../../../components/ui/Loading';
import { Page } from '../../../components/ui/Page';
import { TermsCheckbox } from '../../../components/ui/TermsCheckbox';
import { useConfig } from '../../../lib/config';
import { usePageTitle } from '../../../lib/route-handle';
import { useFormat } from '../../../lib/use-format';
import { termsOrderQuery, TERMS_ORDER_KEY } from '../api/terms-order';
import '../../../components/order/order.css';
import { paymentMethodLabel } from '../../../lib/payment-method-label';
import { say } from '../../../lib/say';
import { checkoutTexts } from '../checkout.messages';

const texts = checkoutTexts.acceptTermsPage;

/**
 * /accept-tcs/:order/:checksum (public; spec section 2, "Accept terms page"): the order a
 * customer is asked to accept the terms of (a box-office order; decision 0018), opened from the
 * e-mailed link without a session. A failed lookup goes home. The payment provider sends a payer
 * back here with ?payment=paid|declined|cancelled: the payment's outcome then heads the order
 * (decision 0034), as it does for a paid or ended order and for a bank transfer once accepted.
 */
export default function AcceptTermsPage() {
  const title = usePageTitle();
  const { order: code = '', checksum = '' } = useParams();
  const [search] = useSearchParams();
  const paymentReturn = paymentReturnOf(search);
  const navigate = useNavigate();
  const { query, isWaiting } = useQueryWaitingForPayment(termsOrderQuery(code, checksum), paymentReturn === 'paid' ? isCardPaymentPending : null);
  const failed = query.isError && query.data === undefined;

  useEffect(() => {
    // Spec section 8: a failed terms-order lookup goes home.
    if (failed) void navigate('/', { replace: true });
  }, [failed, navigate]);

  return (
    <Page title={title} lead={say(texts.lead)}>
      {query.data ? <TermsOrder order={query.data} checksum={checksum} waiting={isWaiting} paymentReturn={paymentReturn} /> : <Loading />}
    </Page>
  );
}

interface TermsOrderProps {
  order: Order;
  checksum: string;
  waiting: boolean;
  paymentReturn: ReturnType<typeof paymentReturnOf>;
}

function TermsOrder({ order, checksum, waiting, paymentReturn }: TermsOrderProps) {
  const config = useConfig();
  const queryClient = useQueryClient();
  // The order may have changed meanwhile (paid, attempts counted).
  const { ticked, setTicked, step, error, accept: acceptOrder } = useAcceptTerms(() => void queryClient.invalidateQueries({ queryKey: [TERMS_ORDER_KEY] }));

  const closed = orderItemsHidden(order);
  const payable = awaitsCardPayment(order);
  // Accepted terms leave only the payment to make; at the attempts' maximum there is none.
  const proceedToPayment = order.accepted_ts_and_cs && payable;
  const maxReached = proceedToPayment && attemptsState(order.payment_attempts, config.maxCreditCardAttempts).maxReached;
  const canAct = !closed && !waiting && (asksForTerms(order) || proceedToPayment) && !maxReached;
  // Decision 0034: back from the provider, or once paid, ended or waiting for a bank transfer
  // after acceptance, the page says what happened to the payment and what comes next.
  const awaitingTransfer = order.accepted_ts_and_cs && isAwaitingBankTransfer(order);
  const outcome =
    paymentReturn !== null || waiting || closed || order.payment_status === 'paid' || awaitingTransfer ? paymentOutcomeOf(order, paymentReturn, waiting) : null;

  // The link's own signature: the answered order carries none (decision 0027).
  const accept = () => acceptOrder({ code: order.code, checksum });

  let action;
  if (step === 'thanked') {
    action = (
      <p className="alert alert--success" id="terms-thank-you" role="status">
        {say(messages.terms.thankYou)}
      </p>
    );
  } else if (step === 'redirecting') {
    action = (
      <p className="alert alert--info" id="terms-redirecting" role="status">
        {say(paymentMessages.redirecting)}
      </p>
    );
  } else if (canAct) {
    action = (
      <>
        <TermsCheckbox
          id="terms-checkbox"
          readId="terms-read"
          modalId="terms-modal"
          modalAcceptId="terms-modal-accept"
          accepted={ticked}
          onChange={setTicked}
          termsHtml={config.texts.termsAndConditions}
          describedBy="terms-hint"
        />
        <p id="terms-hint" className="field__hint">
          {say(proceedToPayment ? texts.hintToPay : texts.hint)}
        </p>
        <FormError id="terms-error" message={error} />
        <div className="button-row">
          <Button id="terms-accept" size="lg" loading={step === 'sending'} disabled={!ticked} onClick={() => void accept()}>
            {proceedToPayment ? say(messages.terms.proceedToPayment) : say(messages.terms.accept)}
          </Button>
        </div>
      </>
    );
  } else if (closed) {
    action = (
      <p className="alert alert--warning" id="terms-not-payable">
        {say(paymentMessages.notPayable)}
      </p>
    );
  } else if (order.accepted_ts_and_cs && !waiting && !maxReached) {
    action = <p id="terms-accepted">{say(texts.accepted)}</p>;
  }

  return (
    <div className="order-view">
      {outcome && <PaymentOutcome kind={outcome} idPrefix="terms" attemptsUsedUp={maxReached} />}
      {awaitingTransfer && (
        <>
          <p className="order-status-note" id="terms-status-note">
            {orderStatusNote(order, config)}
          </p>
          <BankTransferDetails order={order} />
        </>
      )}
      <TermsOrderFacts order={order} />
      {!closed && <TermsOrderItems order={order} />}
      {(action || (proceedToPayment && step === 'ask')) && (
        <section className="order-section" aria-labelledby="terms-action-title">
          <h2 id="terms-action-title" className="order-section__title">
            {say(proceedToPayment ? texts.paymentTitle : texts.termsTitle)}
          </h2>
          {proceedToPayment && step === 'ask' && <AttemptsNotice attempts={order.payment_attempts} idPrefix="terms" />}
          {action}
        </section>
      )}
    </div>
  );
}

/** Spec section 2: order code, received at, channel, total price, item counts and payment method. */
function TermsOrderFacts({ order }: { order: Order }) {
  const config = useConfig();
  const format = useFormat();
  return (
    <dl className="order-facts" id="terms-facts">
      <div>
        <dt>{say(texts.orderCode)}</dt>
        <dd id="terms-order-code">{order.code}</dd>
      </div>
      <div>
        <dt>{say(texts.receivedAt)}</dt>
        <dd id="terms-received-at">{format.date(order.created_at)}</dd>
      </div>
      <div>
        <dt>{say(texts.channel)}</dt>
        <dd id="terms-channel">{order.staff ?? say(texts.online)}</dd>
      </div>
      <div>
        <dt>{say(texts.totalPrice)}</dt>
        <dd id="terms-total">{format.money(order.total_price)}</dd>
      </div>
      <div>
        <dt>{say(texts.tickets)}</dt>
        <dd id="terms-ticket-count">{format.number(order.tickets.length)}</dd>
      </div>
      <div>
        <dt>{say(texts.merchandise)}</dt>
        <dd id="terms-merchandise-count">{format.number(order.merchandisePurchases.length)}</dd>
      </div>
      <div>
        <dt>{say(texts.paymentMethod)}</dt>
        <dd id="terms-method">{paymentMethodLabel(order.payment_method, config.paymentMethods)}</dd>
      </div>
      <div>
        <dt>{say(texts.status)}</dt>
        <dd id="terms-status">{orderStatusText(order, config)}</dd>
      </div>
    </dl>
  );
}

interface TermsItemRow {
  key: string;
  name: string;
  holder: string | null;
  price: number;
  fee: number;
}

/**
 * Spec section 2: the items at their price excluding the booking fee, and the shipping. The fee
 * stands beside each price and the total under them, so the rows add up to what the customer pays
 * (decision 0071); shipping shows only for an order that ships something. The link's answer
 * carries no ticket or merchandise codes (decision 0027: they are download and refund keys the
 * page does not show), so rows are keyed by their place.
 */
function TermsOrderItems({ order }: { order: Order }) {
  const format = useFormat();
  const rows: TermsItemRow[] = [
    ...order.tickets.map((ticket, index) => ({ key: `ticket-${index}`, name: ticket.product, holder: ticket.full_name, price: ticket.price, fee: ticket.fee })),
    ...order.merchandisePurchases.map((purchase, index) => ({ key: `merchandise-${index}`, name: purchase.merchandise, holder: null, price: purchase.price, fee: purchase.fee })),
  ];
  const extraRows: DataTableSummaryRow[] = [];
  if (order.merchandisePurchases.length > 0 || order.shipping_amount > 0) {
    extraRows.push({ key: 'shipping', label: say(texts.shipping), value: <span id="terms-shipping">{format.money(order.shipping_amount)}</span> });
  }
  if (order.discount_amount > 0) {
    extraRows.push({ key: 'discount', label: say(order.discount_name ? texts.voucher({ name: order.discount_name }) : texts.discount), value: <span id="terms-discount">−{format.money(order.discount_amount)}</span> });
  }
  const columns: DataTableColumn<TermsItemRow>[] = [
    {
      key: 'item',
      header: say(texts.item),
      cell: (row) => (
        <div className="order-item">
          <span className="order-item__name">{row.name}</span>
          {row.holder && <span className="order-item__detail">{row.holder}</span>}
        </div>
      ),
    },
    { key: 'price', header: say(texts.priceExcludingFee), cell: (row) => format.money(row.price), align: 'end' },
    { key: 'fee', header: say(texts.bookingFee), cell: (row) => format.money(row.fee), align: 'end' },
    { key: 'amount', header: say(texts.amount), cell: (row) => format.money(row.price + row.fee), align: 'end' },
  ];
  return (
    <section className="order-section" id="terms-items" aria-labelledby="terms-items-title">
      <h2 id="terms-items-title" className="order-section__title">
        {say(texts.itemsTitle)}
      </h2>
      <DataTable
        className="order-items"
        caption={say(texts.itemsCaption)}
        captionHidden
        columns={columns}
        rows={rows}
        rowKey={(row) => row.key}
        extraRows={extraRows}
        totalRow={{ label: say(texts.total), value: <span id="terms-items-total">{format.money(order.total_price)}</span> }}
      />
    </section>
  );
}
