import { refundStatusLabel, type Refund } from '@festival/contract';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/ui/DataTable';
import { useConfig } from '../../../lib/config';
import { useFormat } from '../../../lib/use-format';
import './refund.css';

/** The portal's refund list: id (leading to the refund), order, date requested, status and total. */
export function RefundsTable({ refunds }: { refunds: readonly Refund[] }) {
  const { statusLabels } = useConfig();
  const format = useFormat();

  const columns: DataTableColumn<Refund>[] = [
    {
      key: 'id',
      header: 'Refund',
      cell: (refund) => (
        <Link id={`portal-refund-${refund.id}`} to={`/portal/refunds/${refund.id}`}>
          <span className="visually-hidden">Refund </span>
          {refund.id}
        </Link>
      ),
    },
    {
      key: 'order',
      header: 'Order',
      cell: (refund) => <Link to={`/portal/orders/${encodeURIComponent(refund.order.code)}`}>{refund.order.code}</Link>,
    },
    { key: 'date', header: 'Requested', cell: (refund) => format.date(refund.created_at, null, 'date') },
    { key: 'status', header: 'Status', cell: (refund) => <span id={`portal-refund-status-${refund.id}`}>{refundStatusLabel(refund.status, statusLabels.refund)}</span> },
    { key: 'total', header: 'Total', cell: (refund) => format.money(refund.total), align: 'end' },
  ];

  return <DataTable className="portal-refunds" stackOnNarrow caption="Your refunds" captionHidden columns={columns} rows={refunds} rowKey={(refund) => refund.id} />;
}
