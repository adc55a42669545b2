import type { PaymentPlanEntry } from '@festival/contract';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/ui/DataTable';
import { paymentPlanSchedule, type ScheduledPayment } from '../../../lib/payment-plan';
import { useFormat } from '../../../lib/use-format';
import { say } from '../../../lib/say';
import { productTexts } from '../product.messages';

/**
 * The instalments of a payment-plan item with amounts and due dates. The dates count from the
 * moment the page was opened (spec section 4), in the visitor's own zone.
 */
export function PaymentPlanSchedule({ plan }: { plan: readonly PaymentPlanEntry[] }) {
  const format = useFormat();
  // One "now" for the life of the page, so the dates do not shift while it re-renders.
  const [now] = useState(() => new Date());
  const schedule = paymentPlanSchedule(plan, now);
  const total = schedule.reduce((sum, payment) => sum + payment.amount, 0);

  const columns: DataTableColumn<ScheduledPayment>[] = [
    { key: 'payment', header: say(productTexts.paymentPlanSchedule.payment), cell: (payment) => say(payment.number === 1 ? productTexts.paymentPlanSchedule.initialPayment : productTexts.paymentPlanSchedule.instalment({ number: payment.number })) },
    { key: 'due', header: say(productTexts.paymentPlanSchedule.due), cell: (payment) => format.date(payment.dueAt, null, 'date') },
    { key: 'amount', header: say(productTexts.paymentPlanSchedule.amount), cell: (payment) => format.money(payment.amount), align: 'end' },
  ];

  return (
    <DataTable
      className="payment-plan"
      caption={say(productTexts.paymentPlanSchedule.caption({ count: schedule.length }))}
      captionHidden
      columns={columns}
      rows={schedule}
      rowKey={(payment) => payment.number}
      totalRow={{ label: say(productTexts.paymentPlanSchedule.total), value: format.money(total) }}
    />
  );
}
