import type { Order, PaymentPlanPayment } from '@festival/contract';
import { Badge } from '../ui/Badge';
import { ButtonLink } from '../ui/ButtonLink';
import { DataTable, type DataTableColumn } from '../ui/DataTable';
import { useConfig } from '../../lib/config';
import { instalmentLabel, instalmentLabelText, instalmentTone, isInstalmentPayable, type InstalmentLabel } from '../../lib/instalment-label';
import { useFormat } from '../../lib/use-format';
import { say } from '../../lib/say';
import { orderTexts } from './order.messages';

interface InstalmentRow {
  number: number;
  payment: PaymentPlanPayment;
  label: InstalmentLabel;
}

/** The page that pays one instalment (spec section 2), which works without a session; each instalment's link has its own signature (decision 0027). */
export function instalmentPath(order: Pick<Order, 'code'>, payment: Pick<PaymentPlanPayment, 'reference' | 'checksum'>): string {
  return `/payment-plan-payment/${encodeURIComponent(order.code)}/${encodeURIComponent(payment.checksum)}/${encodeURIComponent(payment.reference)}`;
}

/** No instalment of an order that is settled or closed can be paid. */
const CLOSED = new Set(['paid', 'cancelled', 'abandoned']);

export interface PaymentScheduleProps {
  order: Order;
  /** Offer Pay now on open instalments (not while the page waits for the provider's confirmation). */
  offerPayment?: boolean;
}

/**
 * The instalments of a payment-plan order: number, due date, amount, what is paid and the
 * instalment label of spec section 4, with Pay now on an open instalment (pending, due or
 * overdue) leading to its instalment page.
 */
export function PaymentSchedule({ order, offerPayment = true }: PaymentScheduleProps) {
  const config = useConfig();
  const format = useFormat();
  if (!order.has_payment_plan || order.payments.length === 0) return null;
  const count = order.payments.length;
  const rows: InstalmentRow[] = order.payments.map((payment, index) => ({ number: index + 1, payment, label: instalmentLabel(payment, order) }));
  const payable = (row: InstalmentRow) => offerPayment && !CLOSED.has(order.payment_status) && isInstalmentPayable(row.label);

  const columns: DataTableColumn<InstalmentRow>[] = [
    { key: 'number', header: '#', cell: (row) => row.number },
    // Dates without a zone of their own show in the browser's zone (spec section 9).
    { key: 'due', header: say(orderTexts.paymentSchedule.dueDate), cell: (row) => format.date(row.payment.due_at, null, 'date') },
    { key: 'amount', header: say(orderTexts.paymentSchedule.amount), cell: (row) => format.money(row.payment.amount), align: 'end' },
    { key: 'paid', header: say(orderTexts.paymentSchedule.paid), cell: (row) => format.money(row.payment.paid_amount), align: 'end' },
    {
      key: 'status',
      header: say(orderTexts.paymentSchedule.status),
      cell: (row) => (
        <Badge tone={instalmentTone(row.label)} id={`order-schedule-status-${row.number}`}>
          {instalmentLabelText(row.label, config)}
        </Badge>
      ),
    },
  ];

  return (
    <section className="order-section" id="order-schedule" aria-labelledby="order-schedule-title">
      <h2 id="order-schedule-title" className="order-section__title">
        {say(orderTexts.paymentSchedule.title)}
      </h2>
      <DataTable
        className="order-schedule"
        caption={say(orderTexts.paymentSchedule.caption)}
        captionHidden
        columns={columns}
        rows={rows}
        rowKey={(row) => row.payment.reference}
        actionsHeader={say(orderTexts.paymentSchedule.payment)}
        actions={
          rows.some(payable)
            ? (row) =>
                payable(row) ? (
                  <ButtonLink to={instalmentPath(order, row.payment)} size="sm" variant={row.label === 'pending' ? 'secondary' : 'primary'} id={`order-schedule-pay-${row.number}`}>
                    {say(orderTexts.paymentSchedule.payNow)}
                    <span className="visually-hidden">
                      {' '}
                      {say(orderTexts.paymentSchedule.whichInstalment({ number: row.number, count }))}
                    </span>
                  </ButtonLink>
                ) : null
            : undefined
        }
      />
    </section>
  );
}
