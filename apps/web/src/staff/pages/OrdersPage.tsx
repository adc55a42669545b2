import { isWalkInAddress, ORDER_SEARCH_LIMIT, staffOrderMessages } from '@festival/contract';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/Button';
import { DataTable } from '../../components/ui/DataTable';
import { Page } from '../../components/ui/Page';
import { TextField } from '../../components/ui/TextField';
import { StaffApiError, staffCall } from '../api';
import { StaffTime } from '../StaffTime';
import { Loading } from '../../components/ui/Loading';
import { LoadFailed } from '../LoadStates';
import { formatAmount } from '../money';
import { OrderStatusBadge } from '../OrderStatusBadge';
import { staffTexts } from '../texts';
import { say } from '../../lib/say';

const texts = staffTexts.orders;

/**
 * Order search (issue 22 point 3): one box for an order or ticket code, a name or an e-mail
 * address. The query lives in the address (?q=), so back, forward and reload keep the search.
 */
export default function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const query = (params.get('q') ?? '').trim();
  const [typed, setTyped] = useState(query);
  const [tooShort, setTooShort] = useState(false);
  // Back and forward change the address: the box follows it.
  const [shown, setShown] = useState(query);
  if (shown !== query) {
    setShown(query);
    setTyped(query);
    setTooShort(false);
  }

  const search = useQuery({
    queryKey: ['order-search', query],
    queryFn: () => staffCall('order-search', { query }),
    enabled: query.length >= 2,
    retry: (count, error) => !(error instanceof StaffApiError && error.status < 500) && count < 2,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = typed.trim();
    if (next.length < 2) {
      setTooShort(true);
      return;
    }
    setTooShort(false);
    if (next === query) void search.refetch();
    else setParams({ q: next });
  };

  // The shop's refusal of the text itself belongs on the field; other failures below it.
  const fieldRefusal = search.error instanceof StaffApiError ? search.error.errors.query?.join(' ') : undefined;
  const fieldError = tooShort ? say(staffOrderMessages.queryTooShort) : fieldRefusal;

  return (
    <Page title={say(texts.title)} lead={say(texts.lead)}>
      <form className="staff-filter staff-orders-search" onSubmit={submit} role="search" noValidate>
        <TextField
          id="staff-orders-query"
          type="search"
          label={say(texts.search)}
          hint={fieldError ?? say(texts.searchHint)}
          aria-invalid={fieldError ? true : undefined}
          className={fieldError ? 'staff-orders-invalid' : undefined}
          value={typed}
          onChange={(value) => {
            setTyped(value);
            if (tooShort && value.trim().length >= 2) setTooShort(false);
          }}
          spellCheck={false}
          autoComplete="off"
          enterKeyHint="search"
        />
        <div className="button-row">
          <Button type="submit" loading={search.isFetching}>
            {say(texts.submit)}
          </Button>
        </div>
      </form>

      {query.length < 2 ? (
        <p className="text-muted">{say(texts.start)}</p>
      ) : search.isPending ? (
        <Loading />
      ) : search.isError ? (
        fieldRefusal ? null : <LoadFailed error={search.error} onRetry={() => void search.refetch()} />
      ) : search.data.orders.length === 0 ? (
        <p className="staff-orders-none" role="status">
          {texts.none(query)}
        </p>
      ) : (
        <>
          <p className="staff-orders-count" role="status">
            {texts.count(search.data.orders.length, ORDER_SEARCH_LIMIT)}
          </p>
          <DataTable
            caption={texts.caption(query)}
            captionHidden
            stackOnNarrow
            className="staff-orders-table"
            rows={search.data.orders}
            rowKey={(row) => row.code}
            columns={[
              {
                key: 'code',
                header: say(texts.code),
                cell: (row) => (
                  <Link to={`/orders/${encodeURIComponent(row.code)}`} state={{ q: query }} className="staff-orders-code">
                    {row.code}
                  </Link>
                ),
              },
              { key: 'buyer', header: say(texts.buyer), cell: (row) => row.buyer_name },
              { key: 'email', header: say(texts.email), cell: (row) => <span className="staff-orders-email">{isWalkInAddress(row.buyer_email) ? say(staffTexts.order.noBuyerEmail) : row.buyer_email}</span> },
              { key: 'date', header: say(texts.date), cell: (row) => <StaffTime at={row.created_at} /> },
              { key: 'status', header: say(texts.status), cell: (row) => <OrderStatusBadge status={row.payment_status} /> },
              { key: 'total', header: say(texts.total), align: 'end', cell: (row) => formatAmount(row.total_price, search.data.currency) },
              { key: 'paid', header: say(texts.paid), align: 'end', cell: (row) => formatAmount(row.total_paid, search.data.currency) },
              { key: 'items', header: say(texts.items), align: 'end', cell: (row) => row.item_count },
            ]}
          />
        </>
      )}
    </Page>
  );
}
