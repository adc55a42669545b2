import { type PaymentPlanEntry, paymentMessages } from '@festival/contract';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/ui/DataTable';
import { paymentPlanSchedule, type ScheduledPayment } from '../../../lib/payment-plan';
import { useFormat } from '../../../lib/use-format';

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
  const columns: DataTableColumn<ScheduledPayment>[] = [
    { key: 'payment', header: 'Payment', cell: (payment) => (payment.number === 1 ? 'Initial payment' : `Instalment ${payment.number}`) },
    { key: 'due', header: 'Due', cell: (payment) => (payment.number === 1 ? 'Now' : format.date(payment.dueAt, null, 'date')) },
    { key: 'amount', header: 'Amount', cell: (payment) => format.money(payment.amount), align: 'end' },
  ];
  return (
    <section className="checkout-section" aria-labelledby="checkout-plan-title" id="checkout-plan">
      <h2 id="checkout-plan-title" className="checkout-section__title">
        Payment plan
      </h2>
      <p>
        You pay <strong id="checkout-plan-now">{format.money(schedule[0]?.amount ?? 0)}</strong> now and the rest in {schedule.length - 1}{' '}
        {schedule.length === 2 ? 'instalment' : 'instalments'}.
      </p>
      <DataTable
        caption={`Payment plan in ${schedule.length} parts`}
        captionHidden
        columns={columns}
        rows={schedule}
        rowKey={(payment) => payment.number}
        totalRow={{ label: 'Total', value: format.money(total) }}
      />
      <p className="text-muted" id="checkout-plan-no-voucher">
        {paymentMessages.paymentPlanNoVoucher}
      </p>
    </section>
  );
}
