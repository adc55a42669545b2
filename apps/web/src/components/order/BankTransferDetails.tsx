import { type Order, paymentMessages } from '@festival/contract';
import { useConfig } from '../../lib/config';
import { useFormat } from '../../lib/use-format';
import { amountDue, isAwaitingBankTransfer } from './order-status';
import { say } from '../../lib/say';
import { orderTexts } from './order.messages';

/** For a bank transfer not (fully) received: where to send how much, with which reference, and by when. */
export function BankTransferDetails({ order }: { order: Order }) {
  const { bankTransfer, timezone } = useConfig();
  const format = useFormat();
  const due = amountDue(order);
  if (!bankTransfer || !isAwaitingBankTransfer(order) || due <= 0) return null;
  return (
    <section className="order-section" id="order-bank-details" aria-labelledby="order-bank-title">
      <h2 id="order-bank-title" className="order-section__title">
        {say(orderTexts.bankTransferDetails.title)}
      </h2>
      <p>{say(paymentMessages.bankTransferIntro)}</p>
      <dl className="order-facts order-facts--bank">
        <div>
          <dt>{say(orderTexts.bankTransferDetails.holder)}</dt>
          <dd id="order-bank-holder">{bankTransfer.accountHolder}</dd>
        </div>
        <div>
          <dt>IBAN</dt>
          <dd id="order-bank-iban" className="order-facts__code">
            {bankTransfer.iban}
          </dd>
        </div>
        <div>
          <dt>BIC</dt>
          <dd id="order-bank-bic" className="order-facts__code">
            {bankTransfer.bic}
          </dd>
        </div>
        <div>
          <dt>{say(orderTexts.bankTransferDetails.amount)}</dt>
          <dd id="order-bank-amount">{format.money(due)}</dd>
        </div>
        <div>
          <dt>{say(orderTexts.bankTransferDetails.reference)}</dt>
          <dd id="order-bank-reference" className="order-facts__code">
            {order.payment_reference ?? order.code}
          </dd>
        </div>
      </dl>
      {order.pay_by && (
        <p id="order-bank-deadline">{say(paymentMessages.payBy(format.date(order.pay_by, timezone, 'date')))}</p>
      )}
    </section>
  );
}
