import { refundStatusLabel, type Refund } from '@festival/contract';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/ui/DataTable';
import { useConfig } from '../../../lib/config';
import { APART, say, sayAround } from '../../../lib/say';
import { useFormat } from '../../../lib/use-format';
import { portalTexts } from '../portal.messages';
import './refund.css';

/** The portal's refund list: id (leading to the refund), order, date requested, status and total. */
export function RefundsTable({ refunds }: { refunds: readonly Refund[] }) {
  const { statusLabels } = useConfig();
  const format = useFormat();
  const texts = portalTexts.refundsTable;
  // The link shows the refund's id; the words around it are for screen readers.
  const [beforeId, afterId] = sayAround(texts.refundLink({ id: APART }));

  const columns: DataTableColumn<Refund>[] = [
    {
      key: 'id',
      header: say(texts.refund),
      cell: (refund) => (
        <Link id={`portal-refund-${refund.id}`} to={`/portal/refunds/${refund.id}`}>
          {beforeId && <span className="visually-hidden">{beforeId}</span>}
          {refund.id}
          {afterId && <span className="visually-hidden">{afterId}</span>}
        </Link>
      ),
    },
    {
      key: 'order',
      header: say(texts.order),
      cell: (refund) => <Link to={`/portal/orders/${encodeURIComponent(refund.order.code)}`}>{refund.order.code}</Link>,
    },
    { key: 'date', header: say(texts.requested), cell: (refund) => format.date(refund.created_at, null, 'date') },
    { key: 'status', header: say(texts.status), cell: (refund) => <span id={`portal-refund-status-${refund.id}`}>{say(refundStatusLabel(refund.status, statusLabels.refund))}</span> },
    { key: 'total', header: say(texts.total), cell: (refund) => format.money(refund.total), align: 'end' },
  ];

  return <DataTable className="portal-refunds" stackOnNarrow caption={say(texts.caption)} captionHidden columns={columns} rows={refunds} rowKey={(refund) => refund.id} />;
}
