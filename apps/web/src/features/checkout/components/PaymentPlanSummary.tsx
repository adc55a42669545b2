import { type PaymentPlanEntry, paymentMessages } from '@festival/contract';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/ui/DataTable';
import { paymentPlanSchedule, type ScheduledPayment } from '../../../lib/payment-plan';
import { APART, say, sayAround } from '../../../lib/say';
import { useFormat } from '../../../lib/use-format';
import { checkoutTexts } from '../checkout.messages';

/**
 * The payment plan of the cart's payment-plan item (spec section 2): the initial payment due now,
 * then each instalment with its date, counted from now (spec section 4). A voucher does not
 * apply (spec section 5), which the summary says since the voucher field is hidden.
 */
export function PaymentPlanSummary({ plan }: { plan: readonly PaymentPlanEntry[] }) {
  const format = useFormat();
  // One "now" for the life of the page, so the dates do not shift while it re-renders.
  const [now] = useState(() => new Date());
  const schedule = paymentPlanSchedule(plan, now);
  const total = schedule.reduce((sum, payment) => sum + payment.amount, 0);
  const texts = checkoutTexts.paymentPlanSummary;
  const columns: DataTableColumn<ScheduledPayment>[] = [
    { key: 'payment', header: say(texts.payment), cell: (payment) => say(payment.number === 1 ? texts.initialPayment : texts.instalment({ number: payment.number })) },
    { key: 'due', header: say(texts.due), cell: (payment) => (payment.number === 1 ? say(texts.now) : format.date(payment.dueAt, null, 'date')) },
    { key: 'amount', header: say(texts.amount), cell: (payment) => format.money(payment.amount), align: 'end' },
  ];
  // The sentence is said whole, the amount due now set apart in it.
  const [introBefore, introAfter] = sayAround(texts.intro({ amount: APART, count: schedule.length - 1 }));
  return (
    <section className="checkout-section" aria-labelledby="checkout-plan-title" id="checkout-plan">
      <h2 id="checkout-plan-title" className="checkout-section__title">
        {say(texts.title)}
      </h2>
      <p>
        {introBefore}
        <strong id="checkout-plan-now">{format.money(schedule[0]?.amount ?? 0)}</strong>
        {introAfter}
      </p>
      <DataTable
        caption={say(texts.caption({ count: schedule.length }))}
        captionHidden
        columns={columns}
        rows={schedule}
        rowKey={(payment) => payment.number}
        totalRow={{ label: say(texts.total), value: format.money(total) }}
      />
      <p className="text-muted" id="checkout-plan-no-voucher">
        {say(paymentMessages.paymentPlanNoVoucher)}
      </p>
    </section>
  );
}
